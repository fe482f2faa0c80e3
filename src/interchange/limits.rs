//! 读入文件的上限 — what a file read in may not have more of. The limits are far beyond any
//! real entry list (ten thousand entrants in a dozen columns are 120,000 cells, a sheet of under
//! 1 MB) and well within what the laptop can hold: a spreadsheet reader lays a sheet out as a
//! grid of rows × columns, so a sheet whose one far cell is XFD99999 would be a grid of 1.6
//! billion cells. Every reader of a file a person names stops at its limit, whatever it is
//! given (a pipe, a device, a file whose header lies): see
//! [`read_bytes`](super::entrants::read_bytes) and [`extent`](super::extent). Their words are
//! [`limit_text`](crate::i18n::limit_text)'s.

/// The largest file read (an entry list, a TRF, a results or settings file): 50 MB, far beyond
/// any real one (a 10,000-player sheet is under 1 MB).
pub const MAX_FILE_BYTES: u64 = 50 * MB;
/// The most rows a sheet may have.
pub const MAX_ROWS: usize = 100_000;
/// The most columns a sheet may have (up to its last cell that holds anything).
pub const MAX_COLUMNS: usize = 200;
/// The most cells a sheet may have: rows × columns of the rectangle its cells fill (a CSV: its
/// fields); and the most texts a workbook may hold.
pub const MAX_CELLS: usize = 1_000_000;
/// The most the parts of a workbook (a zip file) may inflate to, all together: 100 MB.
pub const MAX_INFLATED_BYTES: u64 = 100 * MB;
/// A megabyte, as the limits are stated.
pub const MB: u64 = 1024 * 1024;

/// A limit a file passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// More than [`MAX_FILE_BYTES`] bytes.
    Bytes,
    /// More than [`MAX_ROWS`] rows.
    Rows,
    /// More than [`MAX_COLUMNS`] columns.
    Columns,
    /// More than [`MAX_CELLS`] cells (a sheet's rows × columns, a CSV's fields, a workbook's
    /// texts).
    Cells,
    /// Parts (a zip's entries) that inflate past [`MAX_INFLATED_BYTES`].
    Inflated,
}
