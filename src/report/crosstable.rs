//! 成绩交叉表（大表）— the wall crosstable of a Swiss in its usual form: one line a player in
//! the order of the standings, and for every round the opponent's number, the colour and the
//! result (“23红胜”), then the points. A knockout has a column for each round's match instead
//! (“8胜 2:0”: the opponent, who won, the score) and no points. Landscape; A3 for long events.
//! A legend under the table explains the signs.

use super::ReportError;
use super::layout::{Align, Column, Cursor, Document, Font, PaperSize, Pdf, titled_sheet};
use crate::i18n::{Lang, T, fill};

/// One player's line as printed.
#[derive(Clone, Debug, Default)]
pub struct CrossLine {
    pub rank: String,
    pub number: String,
    pub name: String,
    pub unit: String,
    /// One cell per round (“23红胜”, “轮空”, empty when absent; for a knockout the match of
    /// the round, “8胜 2:0”).
    pub rounds: Vec<String>,
    /// Empty on every line of a knockout, placed by its bracket: the table then has no
    /// points column.
    pub points: String,
}

/// Everything the crosstable prints; built by the app services from the rule book.
#[derive(Clone, Debug, Default)]
pub struct CrosstableSheet {
    pub event: String,
    pub section: String,
    /// "第9轮后成绩交叉表".
    pub title: String,
    pub rounds: u32,
    pub rows: Vec<CrossLine>,
    /// What the signs in the cells mean.
    pub legend: String,
    pub when: String,
}

/// Renders the crosstable (landscape) to PDF. `stamp` is the creation time (Unix seconds).
pub fn render(
    sheet: &CrosstableSheet,
    size: PaperSize,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let title = format!("{} {}", sheet.section, sheet.title);
    titled_sheet(
        font,
        size.landscape(),
        [&sheet.event, &title, &sheet.when],
        T::PageOf.get(lang),
        stamp,
        |doc, cursor| {
            draw(doc, cursor, sheet, lang);
        },
    )
}

/// Draws the crosstable and its legend at `cursor`; returns the cursor below.
pub fn draw(doc: &mut Document, cursor: Cursor, sheet: &CrosstableSheet, lang: Lang) -> Cursor {
    let t = |k: T| k.get(lang);
    let width = doc.content_width();
    // Widths for A4 landscape (267 mm); the rounds share what the fixed columns leave.
    let k = width / 267.0;
    let mut cols = vec![
        Column::new(t(T::Rank), 11.0 * k, Align::Center),
        Column::new(t(T::Number), 11.0 * k, Align::Center),
        Column::new(t(T::Name), 24.0 * k, Align::Left),
        Column::new(t(T::Unit), 34.0 * k, Align::Left),
    ];
    let with_points = sheet.rows.iter().any(|l| !l.points.is_empty());
    let points = Column::new(t(T::Points), 13.0 * k, Align::Center);
    let used: f32 =
        cols.iter().map(|c| c.width).sum::<f32>() + if with_points { points.width } else { 0.0 };
    let rounds = sheet.rounds.max(1);
    let each = (width - used) / rounds as f32;
    for r in 1..=rounds {
        cols.push(Column::new(&fill(t(T::RoundN), &[&r]), each, Align::Center));
    }
    if with_points {
        cols.push(points);
    }
    let rows: Vec<Vec<String>> = sheet
        .rows
        .iter()
        .map(|l| {
            let mut row = vec![
                l.rank.clone(),
                l.number.clone(),
                l.name.clone(),
                l.unit.clone(),
            ];
            let mut cells = l.rounds.clone();
            cells.resize(rounds as usize, String::new());
            row.extend(cells);
            if with_points {
                row.push(l.points.clone());
            }
            row
        })
        .collect();
    let mut cursor = doc.table(cursor, &cols, &rows, 6.5, 9.0);
    cursor.y += 1.0;
    doc.paragraph(&mut cursor, &sheet.legend, 8.5);
    cursor
}
