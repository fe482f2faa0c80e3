//! Printed documents. [`layout`] is the small layout layer (pages, header and footer, tables
//! whose header row repeats, CJK text that never leaves its cell) over the PDF writer (`pdf`);
//! each document is one file that turns rule-book values into pages.

pub mod certificate_office;
pub mod certificates;
pub mod cover;
pub mod crosstable;
pub mod entry_cards;
pub mod fee_list;
pub mod layout;
pub mod order_book;
pub mod pairing_sheet;
mod pdf;
pub mod pinyin_list;
pub mod prize_receipts;
pub mod qr;
pub mod result_book;
pub mod sign_in_sheet;
pub mod slips;
pub mod standings_sheet;
pub mod team_board_prizes;
pub mod team_book;
pub mod team_crosstable;
pub mod team_pairing_sheet;
pub mod team_paper;
pub mod team_slips;
pub mod team_standings;

/// Why a document could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("the font lacks these characters: {0}")]
    MissingGlyphs(String),
    #[error("the font could not be read")]
    Font,
}
