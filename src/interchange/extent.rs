//! 表格有多大 — how much a workbook holds, measured before it is read into memory. An entry
//! list is a few hundred rows; a damaged or hostile file of a few kilobytes may declare, or
//! hold, billions of cells: a zip entry that inflates a thousandfold, a sheet whose one far
//! cell (XFD99999) makes the reader lay out a grid from A1 to it, an ODS row repeated a
//! million times, a count of texts the reader reserves room for, a compound file whose sector
//! chain loops. The workbook reader (calamine) lays out each sheet as a dense grid and trusts
//! what a file declares, so every workbook is measured here first — by what it declares and
//! by what it really holds, counting while reading and stopping at the limit, in memory no
//! larger than the file's own parts — and refused past the limits of
//! [`Limit`](super::limits::Limit):
//!
//! - a zip (XLSX, XLSB, ODS, [`check_zip`]): the entries' declared sizes, then every entry
//!   inflated here and counted (a size that lies is caught); the declared and the real count
//!   of shared texts; an ODS's tables with their repeated rows and columns; an XLSB's records,
//!   none longer than what follows it;
//! - an XLS (a compound file, [`check_xls`]): its sector chains (one that loops is refused),
//!   its texts, and each sheet's declared dimensions and cells;
//! - an XLSX or XLSB sheet, once the workbook is open and before the sheet is laid out: its
//!   declared dimension and its cells, through the reader's own stream of cells
//!   ([`check_xlsx_sheet`], [`check_xlsb_sheet`]).
//!
//! What the reader keeps of a sheet is the rectangle its cells fill (its first to its last
//! row and column that hold anything), so a sheet is measured by that rectangle: its rows,
//! its columns and its cells (rows × columns).

use super::limits::{Limit, MAX_CELLS, MAX_COLUMNS, MAX_INFLATED_BYTES, MAX_ROWS};
use quick_xml::events::{BytesStart, Event};
use std::io::{BufRead, BufReader, Cursor, Read};

/// Why a workbook is refused unread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// It declares or holds more than a limit allows.
    TooBig(Limit),
    /// It is damaged in a way the reader would not survive (why, in the reader's words).
    Damaged(String),
}

/// A workbook refused as damaged.
fn damaged(why: &str) -> Refusal {
    Refusal::Damaged(why.to_string())
}

/// Refuses a sheet of `rows` × `columns` cells past the limits.
fn check_area(rows: u64, columns: u64) -> Result<(), Refusal> {
    if rows > MAX_ROWS as u64 {
        Err(Refusal::TooBig(Limit::Rows))
    } else if columns > MAX_COLUMNS as u64 {
        Err(Refusal::TooBig(Limit::Columns))
    } else if rows.saturating_mul(columns) > MAX_CELLS as u64 {
        Err(Refusal::TooBig(Limit::Cells))
    } else {
        Ok(())
    }
}

/// Refuses a count (texts, cells kept, rows) past [`MAX_CELLS`].
fn check_count(n: u64) -> Result<(), Refusal> {
    if n > MAX_CELLS as u64 {
        Err(Refusal::TooBig(Limit::Cells))
    } else {
        Ok(())
    }
}

/// The rectangle a sheet's cells fill so far (0-based, inclusive), refused as soon as it
/// passes a limit.
#[derive(Clone, Copy, Debug, Default)]
struct Extent {
    /// First row, last row, first column, last column.
    bounds: Option<(u64, u64, u64, u64)>,
}

impl Extent {
    /// Takes in the cells of rows `rows` × columns `cols` (first and last of each).
    fn add(&mut self, rows: (u64, u64), cols: (u64, u64)) -> Result<(), Refusal> {
        let b = match self.bounds {
            None => (rows.0, rows.1, cols.0, cols.1),
            Some((r0, r1, c0, c1)) => (
                r0.min(rows.0),
                r1.max(rows.1),
                c0.min(cols.0),
                c1.max(cols.1),
            ),
        };
        self.bounds = Some(b);
        check_area((b.1 - b.0).saturating_add(1), (b.3 - b.2).saturating_add(1))
    }

    fn cell(&mut self, row: u64, col: u64) -> Result<(), Refusal> {
        self.add((row, row), (col, col))
    }

    /// The cells of the rectangle.
    fn area(&self) -> u64 {
        self.bounds.map_or(0, |(r0, r1, c0, c1)| {
            (r1 - r0)
                .saturating_add(1)
                .saturating_mul((c1 - c0).saturating_add(1))
        })
    }
}

/// Measures a workbook by its kind (told apart by content, as the reader tells them apart):
/// a compound file (XLS) or a zip (XLSX, XLSB, ODS). Anything else the reader refuses itself.
pub(crate) fn check_workbook(bytes: &[u8]) -> Result<(), Refusal> {
    if bytes.starts_with(CFB_MAGIC) {
        return check_xls(bytes);
    }
    match zip::ZipArchive::new(Cursor::new(bytes)) {
        Ok(zip) => check_zip(zip),
        // Not a zip: no reader of a zip will open it either.
        Err(_) => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------------
// Zip: XLSX, XLSB, ODS

/// Inflated bytes left to the whole workbook; reading past them fails.
struct Budget {
    left: u64,
    spent: bool,
}

/// A part as it inflates, counted against the workbook's [`Budget`].
struct Counted<'b, R> {
    inner: R,
    budget: &'b mut Budget,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.budget.spent {
            return Err(std::io::Error::other("inflates past the limit"));
        }
        // One byte past what is left is read, so that reaching the limit exactly is allowed.
        let most = buf
            .len()
            .min(usize::try_from(self.budget.left + 1).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..most])?;
        if n as u64 > self.budget.left {
            self.budget.spent = true;
            return Err(std::io::Error::other("inflates past the limit"));
        }
        self.budget.left -= n as u64;
        Ok(n)
    }
}

/// The parts of a workbook whose content is measured, beyond their size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// An XLSX's shared texts (`xl/sharedStrings.xml`).
    SharedStrings,
    /// An ODS's tables (`content.xml`).
    OdsContent,
    /// A part of an XLSB made of records (workbook, sheets, styles, shared texts).
    XlsbRecords {
        shared_strings: bool,
    },
    Other,
}

impl Part {
    fn of(name: &str) -> Part {
        let name = name.replace('\\', "/").to_ascii_lowercase();
        let name = name.trim_start_matches('/');
        if name.ends_with("sharedstrings.xml") {
            Part::SharedStrings
        } else if name == "content.xml" {
            Part::OdsContent
        } else if name.starts_with("xl/")
            && name.ends_with(".bin")
            && (name.starts_with("xl/worksheets/")
                || name == "xl/workbook.bin"
                || name == "xl/styles.bin"
                || name == "xl/sharedstrings.bin")
        {
            Part::XlsbRecords {
                shared_strings: name == "xl/sharedstrings.bin",
            }
        } else {
            Part::Other
        }
    }
}

/// Measures a zip workbook: the sizes its directory declares, then every part inflated and
/// counted (the decompressor is this module's, not the zip reader's, so that a declared size
/// that lies is no limit on it), and the parts whose content the reader trusts.
pub(crate) fn check_zip<R: Read + std::io::Seek>(
    mut zip: zip::ZipArchive<R>,
) -> Result<(), Refusal> {
    let err = |e: zip::result::ZipError| Refusal::Damaged(e.to_string());
    let mut declared: u64 = 0;
    for i in 0..zip.len() {
        declared = declared.saturating_add(zip.by_index_raw(i).map_err(err)?.size());
        if declared > MAX_INFLATED_BYTES {
            return Err(Refusal::TooBig(Limit::Inflated));
        }
    }
    let mut budget = Budget {
        left: MAX_INFLATED_BYTES,
        spent: false,
    };
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(err)?;
        let part = Part::of(&entry.name().unwrap_or_default());
        let raw: Box<dyn Read + '_> = match entry.compression() {
            zip::CompressionMethod::Stored => Box::new(entry),
            zip::CompressionMethod::Deflated => Box::new(flate2::read::DeflateDecoder::new(entry)),
            // A part the reader cannot inflate either: it fails if it needs it.
            _ => continue,
        };
        let mut counted = BufReader::new(Counted {
            inner: raw,
            budget: &mut budget,
        });
        let measured = match part {
            Part::SharedStrings => scan_shared_strings(&mut counted),
            Part::OdsContent => scan_ods_content(&mut counted),
            Part::XlsbRecords { shared_strings } => scan_xlsb_records(&mut counted, shared_strings),
            Part::Other => Ok(()),
        };
        // The rest of the part is inflated and counted too (a damaged part stops there: the
        // reader fails on it as well).
        if measured.is_ok() {
            let _ = std::io::copy(&mut counted, &mut std::io::sink());
        }
        drop(counted);
        if budget.spent {
            return Err(Refusal::TooBig(Limit::Inflated));
        }
        measured?;
    }
    Ok(())
}

/// An XLSX's shared texts: the count the file declares (`<sst uniqueCount>`, which the reader
/// reserves room for) and the texts it holds (`<si>`), each at most [`MAX_CELLS`].
fn scan_shared_strings<R: BufRead>(xml: R) -> Result<(), Refusal> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    reader.config_mut().check_end_names = false;
    let mut buf = Vec::new();
    let mut texts: u64 = 0;
    loop {
        buf.clear();
        match reader.read_event_into(&mut buf) {
            Ok(Event::Start(e) | Event::Empty(e)) => match e.local_name().as_ref() {
                "sst" => {
                    if let Some(n) = attribute(&e, "uniqueCount")?.and_then(|v| number(&v)) {
                        check_count(n)?;
                    }
                }
                "si" => {
                    texts += 1;
                    check_count(texts)?;
                }
                _ => {}
            },
            Ok(Event::Eof) => return Ok(()),
            // Damaged XML: the reader fails on it too.
            Err(_) => return Ok(()),
            Ok(_) => {}
        }
    }
}

/// The first attribute of `e` named `name`, as written; a tag whose attributes cannot be read
/// is refused (the reader might read them otherwise).
fn attribute(e: &BytesStart<'_>, name: &str) -> Result<Option<String>, Refusal> {
    for a in e.attributes().with_checks(false) {
        let a = a.map_err(|_| damaged("an XML tag's attributes cannot be read"))?;
        if a.key.as_ref() == name {
            return Ok(Some(a.value.into_owned()));
        }
    }
    Ok(None)
}

/// A whole number written in decimal digits (none too big for a u64), else `None`.
fn number(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// An ODS's tables, every one of which the reader lays out as it opens the file: each table's
/// rectangle (a row repeated N times is N rows, a cell repeated N times N columns), the cells
/// the reader keeps before laying a table out (every row up to its last cell that holds
/// anything, once per row written), the rows written, and the rectangles of all tables
/// together.
fn scan_ods_content<R: BufRead>(xml: R) -> Result<(), Refusal> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    reader.config_mut().check_end_names = false;
    let mut buf = Vec::new();
    let mut table: Option<Extent> = None;
    let mut next_row: u64 = 0;
    // The row being read: its first row, how many times it repeats, the next column, and the
    // column after its last cell that holds anything.
    let mut row: Option<(u64, u64, u64, u64)> = None;
    let (mut kept, mut rows_written, mut laid_out): (u64, u64, u64) = (0, 0, 0);
    loop {
        buf.clear();
        let (e, closed) = match reader.read_event_into(&mut buf) {
            Ok(Event::Eof) | Err(_) => return Ok(()),
            Ok(Event::Start(e)) => (e, false),
            Ok(Event::Empty(e)) => (e, true),
            Ok(Event::End(e)) => {
                match e.name().as_ref() {
                    "table:table-row" => {
                        if let Some((_, _, _, used)) = row.take() {
                            kept = kept.saturating_add(used);
                            check_count(kept)?;
                        }
                    }
                    "table:table" => {
                        if let Some(t) = table.take() {
                            laid_out = laid_out.saturating_add(t.area());
                            check_count(laid_out)?;
                        }
                        row = None;
                    }
                    _ => {}
                }
                continue;
            }
            Ok(_) => continue,
        };
        match e.name().as_ref() {
            "table:table" if !closed => {
                table = Some(Extent::default());
                next_row = 0;
            }
            "table:table-row" if table.is_some() => {
                let repeats = repeat(&e, "table:number-rows-repeated")?;
                rows_written += 1;
                check_count(rows_written)?;
                row = (!closed).then_some((next_row, repeats, 0, 0));
                next_row = next_row.saturating_add(repeats);
            }
            "table:table-cell" | "table:covered-table-cell" => {
                if let (Some(t), Some((first, repeats, col, used))) = (&mut table, &mut row) {
                    let n = repeat(&e, "table:number-columns-repeated")?;
                    // A cell holds something when it has a value, a formula or content.
                    if !closed || has_value(&e)? {
                        t.add(
                            (*first, first.saturating_add(*repeats - 1)),
                            (*col, col.saturating_add(n - 1)),
                        )?;
                        *used = col.saturating_add(n);
                    }
                    *col = col.saturating_add(n);
                }
            }
            _ => {}
        }
    }
}

/// A repeat count (`table:number-rows-repeated`, `…-columns-repeated`): 1 without one; a
/// count that is no number is refused (the reader fails on it).
fn repeat(e: &BytesStart<'_>, name: &str) -> Result<u64, Refusal> {
    match attribute(e, name)? {
        None => Ok(1),
        Some(v) => number(&v)
            .map(|n| n.max(1))
            .ok_or_else(|| damaged("a repeat count is no number")),
    }
}

/// Does an ODS cell carry a value or a formula?
fn has_value(e: &BytesStart<'_>) -> Result<bool, Refusal> {
    for a in e.attributes().with_checks(false) {
        let a = a.map_err(|_| damaged("an XML tag's attributes cannot be read"))?;
        let key = a.key.as_ref();
        if key.starts_with("office:") && (key.ends_with("value") || key.ends_with("value-type"))
            || key == "table:formula"
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// One byte of `part`, or `None` at its end.
fn byte<R: Read>(part: &mut R) -> Option<u8> {
    let mut b = [0u8];
    part.read_exact(&mut b).ok().map(|()| b[0])
}

/// An XLSB part made of records (a type, a length, the data): every record's length must fit
/// in what follows it (the reader sets aside the room a record declares before reading it).
/// Of the shared texts (`shared_strings`), the count the file declares (record BrtBeginSst)
/// and the texts it holds (records BrtSSTItem), each at most [`MAX_CELLS`].
fn scan_xlsb_records<R: Read>(mut part: R, shared_strings: bool) -> Result<(), Refusal> {
    let mut texts: u64 = 0;
    loop {
        let Some(b) = byte(&mut part) else {
            return Ok(());
        };
        let typ = if b & 0x80 != 0 {
            let Some(b2) = byte(&mut part) else {
                return Ok(());
            };
            u16::from(b & 0x7F) + (u16::from(b2 & 0x7F) << 7)
        } else {
            u16::from(b)
        };
        let mut len: u64 = 0;
        for i in 0..4 {
            let Some(b) = byte(&mut part) else {
                return Ok(());
            };
            len += u64::from(b & 0x7F) << (7 * i);
            if b & 0x80 == 0 {
                break;
            }
        }
        let mut data = Vec::new();
        let got = if shared_strings && typ == 0x009F {
            (&mut part).take(len).read_to_end(&mut data).unwrap_or(0) as u64
        } else {
            std::io::copy(&mut (&mut part).take(len), &mut std::io::sink()).unwrap_or(0)
        };
        if got < len {
            return Err(damaged("a record runs past the end of its part"));
        }
        if let Some(count) = data.get(4..8) {
            check_count(u64::from(u32::from_le_bytes([
                count[0], count[1], count[2], count[3],
            ])))?;
        }
        if shared_strings && typ == 0x0013 {
            texts += 1;
            check_count(texts)?;
        }
    }
}

/// An XLSX sheet, once the workbook is open: its declared dimension, then its cells read one
/// at a time and none kept, before the reader lays the sheet out.
pub(crate) fn check_xlsx_sheet<RS: Read + std::io::Seek>(
    book: &mut calamine::Xlsx<RS>,
) -> Result<(), Refusal> {
    use calamine::Reader;
    let err = |e: calamine::XlsxError| Refusal::Damaged(e.to_string());
    let Some(name) = book.sheet_names().first().cloned() else {
        return Ok(());
    };
    let mut cells = match book.worksheet_cells_reader(&name) {
        Ok(c) => c,
        // Not a worksheet (a chart sheet): the reader lays out nothing for it.
        Err(calamine::XlsxError::NotAWorksheet(_)) => return Ok(()),
        Err(e) => return Err(err(e)),
    };
    check_declared(cells.dimensions())?;
    check_cells(|| {
        let cell = cells.next_cell().map_err(err)?;
        Ok(cell.map(|c| {
            (
                c.get_position(),
                matches!(c.get_value(), calamine::DataRef::Empty),
            )
        }))
    })
}

/// An XLSB sheet, as [`check_xlsx_sheet`].
pub(crate) fn check_xlsb_sheet<RS: Read + std::io::Seek>(
    book: &mut calamine::Xlsb<RS>,
) -> Result<(), Refusal> {
    use calamine::Reader;
    let err = |e: calamine::XlsbError| Refusal::Damaged(e.to_string());
    let Some(name) = book.sheet_names().first().cloned() else {
        return Ok(());
    };
    let mut cells = book.worksheet_cells_reader(&name).map_err(err)?;
    check_declared(cells.dimensions())?;
    check_cells(|| {
        let cell = cells.next_cell().map_err(err)?;
        Ok(cell.map(|c| {
            (
                c.get_position(),
                matches!(c.get_value(), calamine::DataRef::Empty),
            )
        }))
    })
}

/// A sheet's cells, read one at a time by `next` (its position, and whether it is empty) and
/// none kept: the rectangle the cells that hold something fill, against the limits.
fn check_cells(
    mut next: impl FnMut() -> Result<Option<((u32, u32), bool)>, Refusal>,
) -> Result<(), Refusal> {
    let mut extent = Extent::default();
    while let Some(((r, c), empty)) = next()? {
        if !empty {
            extent.cell(u64::from(r), u64::from(c))?;
        }
    }
    Ok(())
}

/// A sheet's declared dimension (its first and last cell as the file states them).
fn check_declared(d: calamine::Dimensions) -> Result<(), Refusal> {
    let span = |a: u32, b: u32| u64::from(b.max(a) - b.min(a)) + 1;
    check_area(span(d.start.0, d.end.0), span(d.start.1, d.end.1))
}

// ---------------------------------------------------------------------------------------------
// XLS: a compound file (CFB) holding a BIFF workbook stream

const CFB_MAGIC: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
const ENDOFCHAIN: u32 = 0xFFFF_FFFE;
const DIFSECT: u32 = 0xFFFF_FFFC;
const RESERVED_SECTORS: u32 = 0xFFFF_FFFA;

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

fn u32s(b: &[u8]) -> impl Iterator<Item = u32> + '_ {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
}

/// A compound file's sectors as the reader finds them: sector `id` of `size` bytes, at most
/// `max_id`; one past the end of the data is cut short (or empty).
struct Sectors<'a> {
    data: &'a [u8],
    size: usize,
    max_id: usize,
    /// Is a sector past the end of the data refused (the mini stream's: the reader would read
    /// it from elsewhere in the file)?
    strict: bool,
}

impl Sectors<'_> {
    fn get(&self, id: u32) -> Result<&[u8], Refusal> {
        let id = id as usize;
        let past = || damaged("a sector lies past the end of the file");
        if id > self.max_id || self.strict && (id + 1) * self.size > self.data.len() {
            return Err(past());
        }
        let start = (id * self.size).min(self.data.len());
        let end = (start + self.size).min(self.data.len());
        Ok(&self.data[start..end])
    }

    /// The chain of sectors from `start` by `fat`, up to `len` bytes: a chain longer than
    /// there are sectors loops, and is refused (the reader would follow it without end).
    fn chain(&self, mut id: u32, fat: &[u32], len: usize) -> Result<Vec<u8>, Refusal> {
        let mut out = Vec::new();
        let mut steps = 0usize;
        while id != ENDOFCHAIN {
            steps += 1;
            if steps > self.max_id + 1 {
                return Err(damaged("a sector chain loops"));
            }
            let sector = self.get(id)?;
            let take = sector.len().min(len - out.len());
            out.extend_from_slice(&sector[..take]);
            if out.len() >= len {
                break;
            }
            id = *fat
                .get(id as usize)
                .ok_or_else(|| damaged("a sector chain leaves the sector table"))?;
        }
        Ok(out)
    }
}

/// Measures an XLS: the compound file's tables and chains as the reader follows them, then the
/// workbook stream.
pub(crate) fn check_xls(bytes: &[u8]) -> Result<(), Refusal> {
    let header = |at| u16_at(bytes, at).ok_or_else(|| damaged("the file is too short"));
    let sector_size: usize = match header(30)? {
        9 => 512,
        12 => 4096,
        _ => return Err(damaged("unknown sector size")),
    };
    if bytes.len() < sector_size || header(32)? != 6 {
        return Err(damaged("not a compound file"));
    }
    let version = header(26)?;
    let head32 = |at| u32_at(bytes, at).unwrap_or(0);
    let sectors = Sectors {
        data: &bytes[sector_size..],
        size: sector_size,
        max_id: bytes.len() / sector_size,
        strict: false,
    };
    // The table of sectors (FAT), from the header's list and the chain of further lists.
    let mut difat: Vec<u32> = u32s(&bytes[76..512]).collect();
    let mut id = head32(68);
    let mut lists = 0usize;
    while id < RESERVED_SECTORS {
        lists += 1;
        if lists > sectors.max_id + 1 {
            return Err(damaged("the sector lists loop"));
        }
        difat.extend(u32s(sectors.get(id)?));
        id = difat.pop().unwrap_or(ENDOFCHAIN);
    }
    // Each sector of the table is one of the file's: more of them than there are sectors
    // name some twice (and the table would grow without bound).
    let fat_sectors: Vec<u32> = difat.into_iter().filter(|id| *id < DIFSECT).collect();
    if fat_sectors.len() > sectors.max_id + 1 {
        return Err(damaged("the sector table names a sector twice"));
    }
    let mut fat = Vec::new();
    for id in fat_sectors {
        fat.extend(u32s(sectors.get(id)?));
    }
    // The directory: 128-byte entries, the root first.
    let dirs = sectors.chain(head32(48), &fat, usize::MAX)?;
    let dirs: Vec<(String, u32, usize)> = dirs
        .chunks_exact(128)
        .map(|d| {
            let mut name = encoding_rs::UTF_16LE.decode(&d[..64]).0.into_owned();
            if let Some(l) = name.as_bytes().iter().position(|b| *b == 0) {
                name.truncate(l);
            }
            let start = u32_at(d, 116).unwrap_or(ENDOFCHAIN);
            let len = if sector_size == 512 {
                u32_at(d, 120).unwrap_or(0) as usize
            } else {
                usize::try_from(u64_at(d, 120).unwrap_or(0)).unwrap_or(usize::MAX)
            };
            (name, start, len)
        })
        .collect();
    let Some(root) = dirs.first() else {
        return Err(damaged("the directory is empty"));
    };
    if version != 3 && root.1 == ENDOFCHAIN {
        return Err(damaged("the directory is empty"));
    }
    let mini_fat_len = head32(64) as usize;
    let (mini_fat, mini_stream) = if mini_fat_len > 0 {
        let stream = sectors.chain(root.1, &fat, root.2)?;
        let table = sectors.chain(head32(60), &fat, mini_fat_len.saturating_mul(sector_size))?;
        (u32s(&table).collect::<Vec<_>>(), stream)
    } else {
        (Vec::new(), Vec::new())
    };
    // The workbook stream, by the names the reader looks for.
    let named = |n: &str| dirs.iter().find(|d| d.0.eq_ignore_ascii_case(n));
    let Some((_, start, len)) = named("Workbook").or_else(|| named("Book")) else {
        return Err(damaged("no workbook stream"));
    };
    let stream = if *len < 4096 {
        // A short stream lies in the mini stream, in sectors of 64 bytes.
        let mini = Sectors {
            data: &mini_stream,
            size: 64,
            max_id: sectors.max_id * 8,
            strict: true,
        };
        mini.chain(*start, &mini_fat, *len)?
    } else {
        sectors.chain(*start, &fat, *len)?
    };
    check_biff(&stream)
}

/// A BIFF record: its type, data and the data of the CONTINUE records after it.
struct Record<'a> {
    typ: u16,
    data: &'a [u8],
    cont: Vec<&'a [u8]>,
}

/// The records of a BIFF stream from its start, as the reader splits them; `None` at the end,
/// an error where a record runs past it.
fn next_record<'a>(stream: &mut &'a [u8]) -> Option<Result<Record<'a>, Refusal>> {
    let short = || {
        Some(Err(damaged(
            "a record runs past the end of the workbook stream",
        )))
    };
    if stream.len() < 4 {
        return if stream.is_empty() { None } else { short() };
    }
    let typ = u16_at(stream, 0)?;
    let len = usize::from(u16_at(stream, 2)?);
    if stream.len() < len + 4 {
        return short();
    }
    let data = &stream[4..4 + len];
    *stream = &stream[4 + len..];
    let mut cont = Vec::new();
    if stream.len() > 4 && u16_at(stream, 0) == Some(0x003C) {
        while stream.len() > 4 && u16_at(stream, 0) == Some(0x003C) {
            let len = usize::from(u16_at(stream, 2)?);
            if stream.len() < len + 4 {
                return short();
            }
            cont.push(&stream[4..4 + len]);
            *stream = &stream[4 + len..];
        }
    }
    Some(Ok(Record { typ, data, cont }))
}

/// The workbook stream of an XLS: the texts of its shared-text table (SST), then every sheet
/// the workbook names, from where it says the sheet begins to its end, as the reader reads
/// them all when it opens the file: each sheet's declared dimensions, the rectangle its cells
/// and its formulas fill, all of them together at most [`MAX_CELLS`]. Sheets that overlap (the
/// reader would read the same bytes again for each) are refused.
fn check_biff(stream: &[u8]) -> Result<(), Refusal> {
    let mut rest = stream;
    let mut sheets = Vec::new();
    let mut texts: u64 = 0;
    while let Some(r) = next_record(&mut rest) {
        let r = r?;
        match r.typ {
            0x0085 => {
                let pos = u32_at(r.data, 0).ok_or_else(|| damaged("a sheet record is short"))?;
                sheets.push(pos as usize);
            }
            0x00FC => {
                texts += count_sst(&r)?;
                check_count(texts)?;
            }
            0x000A => break,
            _ => {}
        }
    }
    let (mut laid_out, mut read): (u64, usize) = (0, 0);
    for pos in sheets {
        let mut rest = stream
            .get(pos..)
            .ok_or_else(|| damaged("a sheet begins past the end of the workbook stream"))?;
        let before = rest.len();
        let (mut cells, mut formulas) = (Extent::default(), Extent::default());
        let (mut depth, mut seen_bof) = (0usize, false);
        while let Some(r) = next_record(&mut rest) {
            let r = r?;
            if depth > 0 {
                match r.typ {
                    0x0809 => depth += 1,
                    0x000A => depth -= 1,
                    _ => {}
                }
                continue;
            }
            let at = |d: &[u8]| -> Option<(u64, u64)> {
                Some((u64::from(u16_at(d, 0)?), u64::from(u16_at(d, 2)?)))
            };
            match r.typ {
                0x0809 if seen_bof => depth += 1,
                0x0809 => seen_bof = true,
                0x0200 => check_dimensions(r.data)?,
                // Number, Label, RString, BoolErr, RK, LabelSst: one cell each.
                0x0203 | 0x0204 | 0x00D6 | 0x0205 | 0x027E | 0x00FD => {
                    if let Some((row, col)) = at(r.data) {
                        cells.cell(row, col)?;
                    }
                }
                // MulRk: a run of cells in one row.
                0x00BD if r.data.len() >= 12 => {
                    if let Some((row, col)) = at(r.data) {
                        let n = (r.data.len() as u64 - 6) / 6;
                        cells.add((row, row), (col, col + n - 1))?;
                    }
                }
                // Formula: its value and its text, in two grids.
                0x0006 => {
                    if let Some((row, col)) = at(r.data) {
                        cells.cell(row, col)?;
                        formulas.cell(row, col)?;
                    }
                }
                0x000A => break,
                _ => {}
            }
        }
        read += before - rest.len();
        if read > stream.len() {
            return Err(damaged("the workbook's sheets overlap"));
        }
        laid_out = laid_out
            .saturating_add(cells.area())
            .saturating_add(formulas.area());
        check_count(laid_out)?;
    }
    Ok(())
}

/// An XLS sheet's DIMENSIONS record, read as the reader reads it (which reserves room for
/// every cell it declares before reading any).
fn check_dimensions(d: &[u8]) -> Result<(), Refusal> {
    let (rf, rl, mut cf, cl) = match d.len() {
        10 => (
            u32::from(u16_at(d, 0).unwrap_or(0)),
            u32::from(u16_at(d, 2).unwrap_or(0)),
            u32::from(u16_at(d, 4).unwrap_or(0)),
            u32::from(u16_at(d, 6).unwrap_or(0)),
        ),
        14 | 16 => (
            u32_at(d, 0).unwrap_or(0),
            u32_at(d, 4).unwrap_or(0),
            u32::from(u16_at(d, 8).unwrap_or(0)),
            u32::from(u16_at(d, 10).unwrap_or(0)),
        ),
        // The reader refuses the file.
        _ => return Err(damaged("a DIMENSIONS record of a wrong length")),
    };
    if 0xFF < cf || cl < cf {
        cf = 0;
    }
    if rl >= 1 && cl >= 1 {
        // As the reader counts them (in 32 bits, so that a first row past the last is a
        // count of some four billion rows).
        let rows = (rl - 1).wrapping_sub(rf).wrapping_add(1);
        let cols = (cl - 1).wrapping_sub(cf).wrapping_add(1);
        check_area(u64::from(rows), u64::from(cols))?;
    }
    Ok(())
}

/// The texts of an SST record and its CONTINUE records, counted as the reader reads them (a
/// text's characters may go on in the next CONTINUE record, which then begins with a flag
/// byte). Stops with the first [`MAX_CELLS`] + 1.
fn count_sst<'a>(r: &Record<'a>) -> Result<u64, Refusal> {
    let bad = || damaged("the shared-text table is damaged");
    let mut data: &'a [u8] = r.data.get(8..).ok_or_else(bad)?;
    let mut cont = r.cont.iter();
    let mut next = |data: &mut &'a [u8]| -> bool {
        match cont.next() {
            Some(c) => {
                *data = c;
                true
            }
            None => false,
        }
    };
    let mut count: u64 = 0;
    while !data.is_empty() || next(&mut data) {
        count += 1;
        if count > MAX_CELLS as u64 {
            return Ok(count);
        }
        if data.is_empty() {
            continue;
        }
        let cch = usize::from(u16_at(data, 0).ok_or_else(bad)?);
        let flags = *data.get(2).ok_or_else(bad)?;
        data = &data[3..];
        let mut high = flags & 1 != 0;
        let mut runs = 0usize;
        let mut ext = 0usize;
        if flags & 0x8 != 0 {
            runs = usize::from(u16_at(data, 0).ok_or_else(bad)?);
            data = &data[2..];
        }
        if flags & 0x4 != 0 {
            ext = u32_at(data, 0).ok_or_else(bad)? as i32 as usize;
            data = &data[4..];
        }
        let mut left = cch;
        while left > 0 {
            let (chars, bytes) = if high {
                let l = (data.len() / 2).min(left);
                (l, 2 * l)
            } else {
                let l = data.len().min(left);
                (l, l)
            };
            data = &data[bytes..];
            left -= chars;
            if left > 0 {
                if !next(&mut data) {
                    return Err(bad());
                }
                high = *data.first().ok_or_else(bad)? & 1 != 0;
                data = &data[1..];
            }
        }
        let mut skip = runs.saturating_mul(4).saturating_add(ext);
        while skip > 0 {
            if data.is_empty() && !next(&mut data) {
                return Err(bad());
            }
            let l = skip.min(data.len());
            data = &data[l..];
            skip -= l;
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rectangle_is_refused_by_its_rows_columns_and_cells() {
        assert!(check_area(100_000, 10).is_ok());
        assert_eq!(check_area(100_001, 1), Err(Refusal::TooBig(Limit::Rows)));
        assert_eq!(check_area(1, 201), Err(Refusal::TooBig(Limit::Columns)));
        // 10,000 rows × 101 columns = 1,010,000 cells.
        assert_eq!(check_area(10_000, 101), Err(Refusal::TooBig(Limit::Cells)));
        let mut e = Extent::default();
        e.cell(5, 5).unwrap();
        e.cell(5, 204).unwrap();
        assert_eq!(e.area(), 200);
        assert_eq!(e.cell(5, 205), Err(Refusal::TooBig(Limit::Columns)));
    }

    #[test]
    fn repeats_past_any_count_are_refused_not_wrapped() {
        // A row repeated 2^64 - 1 times from row 0: a rectangle of "all the rows".
        let mut e = Extent::default();
        assert_eq!(
            e.add((0, u64::MAX), (0, 0)),
            Err(Refusal::TooBig(Limit::Rows))
        );
        let content = format!(
            r#"<table:table><table:table-row table:number-rows-repeated="{}"><table:table-cell office:value-type="float" office:value="1"/></table:table-row></table:table>"#,
            u64::MAX
        );
        assert_eq!(
            scan_ods_content(content.as_bytes()),
            Err(Refusal::TooBig(Limit::Rows))
        );
        // Each row written once, its one cell far to the right: the reader keeps every cell
        // up to it (16,000 a row), though the rectangle is one column wide.
        let row = r#"<table:table-row><table:table-cell table:number-columns-repeated="16000"/><table:table-cell office:value-type="float" office:value="1"/></table:table-row>"#;
        let content = format!("<table:table>{}</table:table>", row.repeat(63));
        assert_eq!(
            scan_ods_content(content.as_bytes()),
            Err(Refusal::TooBig(Limit::Cells))
        );
        let content = format!("<table:table>{}</table:table>", row.repeat(62));
        assert_eq!(scan_ods_content(content.as_bytes()), Ok(()));
    }

    #[test]
    fn a_sector_chain_that_loops_is_refused() {
        // Four sectors of 512 bytes; sector 1 leads back to 0.
        let data = vec![0u8; 4 * 512];
        let sectors = Sectors {
            data: &data,
            size: 512,
            max_id: 4,
            strict: false,
        };
        let fat = [1, 0, ENDOFCHAIN, ENDOFCHAIN];
        assert!(
            sectors
                .chain(2, &fat, usize::MAX)
                .is_ok_and(|c| c.len() == 512)
        );
        assert_eq!(
            sectors.chain(0, &fat, usize::MAX),
            Err(damaged("a sector chain loops"))
        );
    }
}
