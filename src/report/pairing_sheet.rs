//! 对阵表 — the round pairing sheet for the wall: A4, a header with event, section, round and
//! time, then one row a board: red (number, name, unit, points before the round), a blank result
//! column, black. A bye is the last row, without a board number. Boards whose moves must be recorded (录谱, seed 000:
//! 自第二轮起前12台) carry a star before the board number, explained under the table.

use super::ReportError;
use super::layout::{Align, Column, Document, Font, Paper, PaperSize, Pdf};
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
    /// Landscape, 18 pt on A4 (25 pt on A3), tall rows: for the wall, readable from a few
    /// metres.
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
        SheetStyle::Wall => (size.landscape(), 18.0, 12.0),
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
    let (cols, rows) = table(sheet, lang, scale);
    cursor = doc.table(cursor, &cols, &rows, row * grow, text * grow);
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
            // A bye has no board, on paper as in the window.
            let board = match (&r.black, r.record_moves) {
                (None, _) => String::new(),
                (Some(_), true) => format!("{RECORD_MARK}{}", r.board),
                (Some(_), false) => r.board.to_string(),
            };
            let mut row = vec![board];
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
