//! 排名表 — the standings of a section after a round: place, number, name, unit, points, then
//! one column for each tiebreak of the section's list under the name the regulations give it
//! (对手分, 胜局, 犯规 …). A place decided by drawing lots carries a star, explained under the
//! table. The result book prints the same table for the final standings.

use super::ReportError;
use super::layout::{Align, Column, Cursor, Document, Font, PaperSize, Pdf, titled_sheet};
use crate::i18n::{Lang, T, fill};

/// One line of the standings as printed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsLine {
    pub rank: u32,
    /// The last place of a range the line shares with others placed alike (a knockout's
    /// quarter-final losers hold 5–8: rank 5, last 8); equal to `rank` (or 0) otherwise.
    pub last: u32,
    pub by_lot: bool,
    pub number: String,
    pub name: String,
    pub unit: String,
    /// Empty on every line of a section placed by its bracket (a knockout): the table then
    /// has no points column.
    pub points: String,
    /// One value per tiebreak column.
    pub tiebreaks: Vec<String>,
}

/// Everything the standings sheet prints; built by the app services from the rule book.
#[derive(Clone, Debug, Default)]
pub struct StandingsSheet {
    pub event: String,
    pub section: String,
    /// "第9轮后排名" or "最终名次".
    pub title: String,
    /// The tiebreak column titles, in the order of the section's list.
    pub tiebreaks: Vec<String>,
    pub rows: Vec<StandingsLine>,
    /// The time line of the header.
    pub when: String,
}

/// The mark after a place decided by lot.
const LOT_MARK: &str = "*";

/// Renders the sheet (portrait) to PDF. `stamp` is the creation time (Unix seconds).
pub fn render(
    sheet: &StandingsSheet,
    size: PaperSize,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let title = format!("{} {}", sheet.section, sheet.title);
    titled_sheet(
        font,
        size.portrait(),
        [&sheet.event, &title, &sheet.when],
        T::PageOf.get(lang),
        stamp,
        |doc, cursor| {
            draw(doc, cursor, sheet, lang);
        },
    )
}

/// Draws the table (and the note on places by lot) at `cursor`; returns the cursor below.
pub fn draw(doc: &mut Document, cursor: Cursor, sheet: &StandingsSheet, lang: Lang) -> Cursor {
    let points = sheet.rows.iter().any(|l| !l.points.is_empty());
    let cols = columns(&sheet.tiebreaks, points, doc.content_width(), lang);
    let rows: Vec<Vec<String>> = sheet
        .rows
        .iter()
        .map(|l| {
            let rank = if l.last > l.rank {
                place_range(l.rank, l.last)
            } else if l.by_lot {
                format!("{}{LOT_MARK}", l.rank)
            } else {
                l.rank.to_string()
            };
            let mut row = vec![rank, l.number.clone(), l.name.clone(), l.unit.clone()];
            if points {
                row.push(l.points.clone());
            }
            row.extend(l.tiebreaks.iter().cloned());
            row.resize(cols.len(), String::new());
            row
        })
        .collect();
    let mut cursor = doc.table(cursor, &cols, &rows, 6.5, 9.5);
    if sheet.rows.iter().any(|l| l.by_lot) {
        let note = fill(T::ByLotNote.get(lang), &[&LOT_MARK]);
        doc.paragraph(&mut cursor, &note, 9.0);
    }
    cursor
}

/// A range of places shared by the players of one stage of a bracket: "5–8".
pub fn place_range(first: u32, last: u32) -> String {
    if last > first {
        format!("{first}–{last}")
    } else {
        first.to_string()
    }
}

/// The columns for a page `width` mm wide: the fixed ones (points only when there are any)
/// grow with the page, the tiebreak columns share what is left.
fn columns(tiebreaks: &[String], points: bool, width: f32, lang: Lang) -> Vec<Column> {
    let t = |k: T| k.get(lang);
    let k = width / 180.0;
    let mut fixed = vec![
        (t(T::Rank), 11.0, Align::Center),
        (t(T::Number), 10.0, Align::Center),
        (t(T::Name), 24.0, Align::Left),
        (t(T::Unit), 36.0, Align::Left),
    ];
    if points {
        fixed.push((t(T::Points), 12.0, Align::Center));
    }
    let used: f32 = fixed.iter().map(|c| c.1 * k).sum();
    let mut cols: Vec<Column> = fixed
        .iter()
        .map(|&(title, w, align)| Column::new(title, w * k, align))
        .collect();
    if tiebreaks.is_empty() {
        cols[3].width += width - used;
    } else {
        let each = (width - used) / tiebreaks.len() as f32;
        cols.extend(
            tiebreaks
                .iter()
                .map(|tb| Column::new(tb, each, Align::Center)),
        );
    }
    cols
}
