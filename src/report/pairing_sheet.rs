//! 对阵表 — the round pairing sheet for the wall: A4, a header with event, section, round and
//! time, the lateness limit (迟到时限) under it when the section sets one, then one row a
//! board: red (number, name, unit, points before the round), a blank result column, black. A
//! bye is the last row, without a board number. Boards whose moves must be recorded (录谱, seed
//! 000: 自第二轮起前12台) carry a star before the board number, explained under the table.

use super::ReportError;
use super::layout::{Align, Column, Cursor, Document, Font, Paper, PaperSize, Pdf};
use super::qr::{self, QrCode};
use crate::i18n::{Lang, T, fill};

/// One side of a board as printed.
#[derive(Clone, Debug, Default)]
pub struct SheetPlayer {
    pub number: String,
    pub name: String,
    pub unit: String,
    /// Points before this round.
    pub points: String,
}

#[derive(Clone, Debug)]
pub struct SheetRow {
    pub board: u32,
    /// 慢棋, 快棋 … for a game of a knockout or playoff match; empty for a regular game.
    pub phase: String,
    /// The moves of this board must be recorded (须录谱).
    pub record_moves: bool,
    pub red: SheetPlayer,
    /// `None` for a bye.
    pub black: Option<SheetPlayer>,
}

/// Everything the sheet prints; built by the app services from the rule book.
#[derive(Clone, Debug)]
pub struct PairingSheet {
    pub event: String,
    pub section: String,
    pub round: u32,
    /// "Red"/"Black" (xiangqi) or "White"/"Black" (chess).
    pub chess: bool,
    /// The time line of the header (event dates, venue, printing time).
    pub when: String,
    /// 迟到时限 as the regulation writes it, one line under the title; `None` when the section
    /// sets none.
    pub lateness: Option<String>,
    /// This round's lateness limit in minutes, printed on each result slip; `None`: no limit.
    pub late_limit: Option<u32>,
    /// The lot seed, printed so that the draw can be checked.
    pub lot_seed: Option<u64>,
    pub rows: Vec<SheetRow>,
    /// The venue page's address and its QR code, printed in the top-right corner while the
    /// page is served.
    pub venue: Option<SheetVenue>,
}

/// The venue page on a sheet: the QR code of its address, and a line under the table.
#[derive(Clone, Debug)]
pub struct SheetVenue {
    pub code: QrCode,
    /// "扫码查看对阵与成绩：http://…".
    pub hint: String,
}

/// How the sheet is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetStyle {
    /// Portrait, 11 pt on A4: for the arbiters' table and the order book.
    Normal,
    /// Landscape, 16 pt on A4 (larger on A3 in proportion), for the wall, readable from two
    /// metres: a CJK character at 16 pt is 5.6 mm tall and at 2 m subtends 9.7′ of arc, about
    /// twice the 5′ of a letter read with 20/20 vision, the reserve a name of dense strokes
    /// (镕, 喆) needs for a reader with 20/40 vision; 14 pt (8.5′) is at the edge, 18 pt
    /// wastes a third of the page. Rows of 8.5 mm: 16 boards a column on A4 landscape (the
    /// header of 12.8, 20 and 9.6 pt leaves 145 mm, 17 rows with the header row), one column
    /// with points and whole units while the round fits it, else two columns of 16 boards
    /// (32 a page) without the points and the blank result column, which the arbiters' sheet
    /// keeps.
    Wall,
}

/// The mark before the number of a board whose moves must be recorded.
pub const RECORD_MARK: &str = "★";

/// Renders the sheet to PDF bytes. `stamp` is the creation time (Unix seconds).
pub fn render(
    sheet: &PairingSheet,
    style: SheetStyle,
    size: PaperSize,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    // “男子组 第1轮对阵表”, “Men Round 1 pairings”.
    let title = format!(
        "{} {}",
        sheet.section,
        fill(t(T::RoundPairingsTitle), &[&sheet.round])
    );
    let header = vec![sheet.event.clone(), title.clone(), sheet.when.clone()];
    let footer = match sheet.lot_seed {
        Some(seed) => format!("{} {seed}", t(T::LotSeed)),
        None => String::new(),
    };
    let (paper, text, row) = match style {
        SheetStyle::Normal => (size.portrait(), 11.0, 8.0),
        SheetStyle::Wall => (size.landscape(), WALL_TEXT, WALL_ROW),
    };
    let mut doc = Document::new(font, &title, paper, header, &footer, t(T::PageOf));
    // Column widths are given for A4 portrait (178 mm); the wall and A3 scale them, and the
    // print grows with the sheet.
    let scale = doc.content_width() / 178.0;
    let a4_width = match style {
        SheetStyle::Normal => Paper::A4Portrait.size().0,
        SheetStyle::Wall => Paper::A4Landscape.size().0,
    } - 2.0 * doc.margin;
    let grow = doc.content_width() / a4_width;
    if style == SheetStyle::Wall {
        // On the wall the section and round are read first, from further away than the table.
        let table_text = text * grow;
        doc.set_header_sizes(&[table_text * 0.8, table_text * 1.25, table_text * 0.6]);
    }
    // The QR code of the venue page sits in the top-right corner of the first page, the
    // header lines kept clear of it.
    let qr_size = match style {
        SheetStyle::Normal => 26.0,
        SheetStyle::Wall => 40.0 * grow,
    };
    if sheet.venue.is_some() {
        doc.set_header_inset(qr_size + 2.0);
    }
    let mut cursor = doc.new_page();
    if let Some(venue) = &sheet.venue {
        let (x, y) = (doc.margin + doc.content_width() - qr_size, doc.margin - 4.0);
        qr::draw(&mut doc, &venue.code, x, y, qr_size);
        cursor.y = cursor.y.max(doc.margin + qr_size - 2.0);
    }
    if let Some(lateness) = &sheet.lateness {
        doc.paragraph_aligned(&mut cursor, lateness, 10.0 * grow, Align::Center);
        cursor.y += 1.0;
    }
    let (cols, rows) = table(sheet, lang, scale);
    let (row, text) = (row * grow, text * grow);
    // The notes under the table (录谱, the venue page) stay on a page with the last boards.
    let notes = [
        sheet.rows.iter().any(|r| r.record_moves),
        sheet.venue.is_some(),
    ]
    .iter()
    .filter(|&&n| n)
    .count() as f32
        * NOTE_LINE
        * grow;
    // Boards a column holds below the header (one row is the table's header).
    let per_column = ((doc.room_below(cursor.y) / row).floor() as usize).saturating_sub(1);
    if style == SheetStyle::Wall && rows.len() > per_column && per_column >= 2 {
        cursor = wall_columns(&mut doc, cursor, sheet, lang, (row, text), notes);
    } else {
        doc.set_table_tail(notes);
        cursor = doc.table(cursor, &cols, &rows, row, text);
    }
    if sheet.rows.iter().any(|r| r.record_moves) {
        doc.paragraph(
            &mut cursor,
            &fill(t(T::RecordMovesNote), &[&RECORD_MARK]),
            10.0 * grow,
        );
    }
    if let Some(venue) = &sheet.venue {
        doc.paragraph(&mut cursor, &venue.hint, 10.0 * grow);
    }
    doc.finish(stamp)
}

/// The print of the wall sheet on A4 (points) and its row height (mm); see [`SheetStyle::Wall`].
pub const WALL_TEXT: f32 = 16.0;
pub const WALL_ROW: f32 = 8.5;
/// The gap between two columns of boards on the wall sheet (mm).
const WALL_GAP: f32 = 8.0;
/// The room a note under the table takes (mm on A4): a line of 10 pt and a little.
const NOTE_LINE: f32 = 6.5;

/// The wall sheet's boards in two columns a page, the first column filled first: each column
/// a table of its own (board, numbers, names, units), as many rows as the page holds. The last
/// page keeps `notes` mm below its boards for the notes; where they would not fit, two boards
/// go over with them (never the notes alone, nor a lone board). Returns the cursor below the
/// last page's taller column.
fn wall_columns(
    doc: &mut Document,
    mut cursor: Cursor,
    sheet: &PairingSheet,
    lang: Lang,
    (row, text): (f32, f32),
    notes: f32,
) -> Cursor {
    let margin = doc.margin;
    let half = (doc.content_width() - WALL_GAP) / 2.0;
    let (cols, rows) = narrow_table(sheet, lang, half);
    let mut rest: &[Vec<String>] = &rows;
    let per = |room: f32| ((room / row).floor() as usize).saturating_sub(1).max(1);
    while !rest.is_empty() {
        let room = doc.room_below(cursor.y);
        let (full, last) = (per(room), per(room - notes));
        let mut page = if rest.len() <= 2 * last {
            rest.len()
        } else if rest.len() <= 2 * full {
            rest.len() - 2
        } else {
            2 * full
        };
        // On the last page the columns stop short of the notes.
        let height = if page == rest.len() { last } else { full };
        let top = cursor.y;
        let mut bottom = top;
        for _column in 0..2 {
            if page == 0 {
                break;
            }
            let take = height.min(page);
            page -= take;
            let x = if bottom > top {
                margin + half + WALL_GAP
            } else {
                margin
            };
            let c = doc.table_at(Cursor { y: top }, x, &cols, &rest[..take], row, text);
            bottom = bottom.max(c.y);
            rest = &rest[take..];
        }
        cursor = Cursor { y: bottom };
        if !rest.is_empty() {
            cursor = doc.new_page();
        }
    }
    cursor
}

/// The wall's narrow table for a column `width` mm wide: board (and game kind in a match),
/// numbers, names and units; no points and no result column, which a sheet on the wall is not
/// written on (the arbiters' sheet and the slips keep both). Widths in proportion to those
/// given, so that 台次 and 序号 fit their cells at 70 % of the print.
fn narrow_table(sheet: &PairingSheet, lang: Lang, width: f32) -> (Vec<Column>, Vec<Vec<String>>) {
    let t = |k: T| k.get(lang);
    let first = if sheet.chess { t(T::White) } else { t(T::Red) };
    let phases = sheet.rows.iter().any(|r| !r.phase.is_empty());
    let mut spec = vec![(t(T::Board), 13.0, Align::Center)];
    if phases {
        spec.push((t(T::GameKind), 13.0, Align::Center));
    }
    spec.extend([
        (t(T::Number), 12.0, Align::Center),
        (first, 24.0, Align::Left),
        (t(T::Unit), 23.0, Align::Left),
        (t(T::Black), 24.0, Align::Left),
        (t(T::Unit), 23.0, Align::Left),
        (t(T::Number), 12.0, Align::Center),
    ]);
    let total: f32 = spec.iter().map(|c| c.1).sum();
    let cols = spec
        .iter()
        .map(|&(title, w, align)| Column::new(title, w * width / total, align))
        .collect();
    let rows = sheet
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![board_cell(r)];
            if phases {
                row.push(r.phase.clone());
            }
            row.extend([r.red.number.clone(), r.red.name.clone(), r.red.unit.clone()]);
            match &r.black {
                Some(b) => row.extend([b.name.clone(), b.unit.clone(), b.number.clone()]),
                None => row.extend([t(T::Bye).to_string(), String::new(), String::new()]),
            }
            row
        })
        .collect();
    (cols, rows)
}

/// A row's board: none for a bye (on paper as in the window), the mark before a board whose
/// moves are recorded.
fn board_cell(r: &SheetRow) -> String {
    match (&r.black, r.record_moves) {
        (None, _) => String::new(),
        (Some(_), true) => format!("{RECORD_MARK}{}", r.board),
        (Some(_), false) => r.board.to_string(),
    }
}

/// The sheet's table: its columns (widths for A4 portrait times `scale`) and its rows.
pub fn table(sheet: &PairingSheet, lang: Lang, scale: f32) -> (Vec<Column>, Vec<Vec<String>>) {
    let t = |k: T| k.get(lang);
    let first = if sheet.chess { t(T::White) } else { t(T::Red) };
    let col = |title: &str, width: f32, align| Column::new(title, width * scale, align);
    // A round with match games (knockout, playoff) names each game's phase in a column of its
    // own, taken from the two unit columns.
    let phases = sheet.rows.iter().any(|r| !r.phase.is_empty());
    let unit_width = if phases { 22.0 } else { 28.0 };
    let mut cols = vec![
        col(t(T::Board), 12.0, Align::Center),
        col(t(T::Number), 10.0, Align::Center),
        col(first, 26.0, Align::Left),
        col(t(T::Unit), unit_width, Align::Left),
        col(t(T::Points), 11.0, Align::Center),
        col(t(T::Result), 16.0, Align::Center),
        col(t(T::Points), 11.0, Align::Center),
        col(t(T::Black), 26.0, Align::Left),
        col(t(T::Unit), unit_width, Align::Left),
        col(t(T::Number), 10.0, Align::Center),
    ];
    if phases {
        cols.insert(1, col(t(T::GameKind), 12.0, Align::Center));
    }
    let rows = sheet
        .rows
        .iter()
        .map(|r| {
            let red = &r.red;
            let mut row = vec![board_cell(r)];
            if phases {
                row.push(r.phase.clone());
            }
            row.extend([
                red.number.clone(),
                red.name.clone(),
                red.unit.clone(),
                red.points.clone(),
                String::new(),
            ]);
            match &r.black {
                Some(b) => row.extend([
                    b.points.clone(),
                    b.name.clone(),
                    b.unit.clone(),
                    b.number.clone(),
                ]),
                None => row.extend([
                    String::new(),
                    t(T::Bye).to_string(),
                    String::new(),
                    String::new(),
                ]),
            }
            row
        })
        .collect();
    (cols, rows)
}
