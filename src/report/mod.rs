//! Printed documents. [`layout`] is the small layout layer over printpdf (pages, header and
//! footer, tables whose header row repeats, CJK text that never leaves its cell); each document
//! is one file that turns rule-book values into pages.

pub mod layout;
pub mod order_book;
pub mod pairing_sheet;
pub mod pinyin_list;
pub mod slips;

/// Why a document could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("the font lacks these characters: {0}")]
    MissingGlyphs(String),
    #[error("the font could not be read")]
    Font,
}
