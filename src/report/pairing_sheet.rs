//! 对阵表 — the round pairing sheet for the wall: A4, a header with event, section, round and
//! time, then one row a board: red (number, name, unit, points before the round), a blank result
//! column, black. A bye is the last row.

use super::ReportError;
use super::layout::{Align, Column, Document, Font, Paper};
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
}

/// How the sheet is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetStyle {
    /// A4 portrait, 11 pt: for the arbiters' table and the order book.
    Normal,
    /// A4 landscape, 18 pt, tall rows: for the wall, readable from a few metres.
    Wall,
}

/// Renders the sheet to PDF bytes. `stamp` is the creation time (Unix seconds).
pub fn render(
    sheet: &PairingSheet,
    style: SheetStyle,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Vec<u8>, ReportError> {
    let t = |k: T| k.get(lang);
    let title = format!(
        "{} {}{}",
        sheet.section,
        fill(t(T::RoundN), &[&sheet.round]),
        t(T::PairingSheetTitle)
    );
    let header = vec![sheet.event.clone(), title.clone(), sheet.when.clone()];
    let footer = match sheet.lot_seed {
        Some(seed) => format!("{} {seed}", t(T::LotSeed)),
        None => String::new(),
    };
    let (paper, scale, size, row_height) = match style {
        SheetStyle::Normal => (Paper::A4Portrait, 1.0, 11.0, 8.0),
        SheetStyle::Wall => (Paper::A4Landscape, 267.0 / 178.0, 18.0, 12.0),
    };
    let mut doc = Document::new(font, &title, paper, header, &footer, t(T::PageOf));
    let (cols, rows) = table(sheet, lang, scale);
    let cursor = doc.new_page();
    doc.table(cursor, &cols, &rows, row_height, size);
    doc.finish(stamp)
}

/// The sheet's table: its columns (widths for A4 portrait times `scale`) and its rows.
pub fn table(sheet: &PairingSheet, lang: Lang, scale: f32) -> (Vec<Column>, Vec<Vec<String>>) {
    let t = |k: T| k.get(lang);
    let first = if sheet.chess { t(T::White) } else { t(T::Red) };
    let col = |title: &str, width: f32, align| Column::new(title, width * scale, align);
    let cols = vec![
        col(t(T::Board), 12.0, Align::Center),
        col(t(T::Number), 10.0, Align::Center),
        col(first, 26.0, Align::Left),
        col(t(T::Unit), 28.0, Align::Left),
        col(t(T::Points), 11.0, Align::Center),
        col(t(T::Result), 16.0, Align::Center),
        col(t(T::Points), 11.0, Align::Center),
        col(t(T::Black), 26.0, Align::Left),
        col(t(T::Unit), 28.0, Align::Left),
        col(t(T::Number), 10.0, Align::Center),
    ];
    let rows = sheet
        .rows
        .iter()
        .map(|r| {
            let red = &r.red;
            let mut row = vec![
                r.board.to_string(),
                red.number.clone(),
                red.name.clone(),
                red.unit.clone(),
                red.points.clone(),
                String::new(),
            ];
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
