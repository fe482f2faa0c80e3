//! Documents: the PDFs (order book, pairing sheets, every document of a generated event), the
//! fonts they and the window need, the exported lists and the blank entry form, field lengths a
//! document must survive, and exports that never replace an event file.
//!
//! One test binary of the suite (`cargo test --test documents`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod export_files;
mod export_safety;
mod export_template;
mod field_limits;
mod fonts;
mod pdf_certificate_office;
mod pdf_documents;
mod pdf_lateness;
mod pdf_order_book;
mod pdf_pairing_sheet;
mod pdf_paper;
mod pdf_prize_receipts;
mod pdf_team;
