//! 秩序册 — the order book printed before the event: a cover (event, organiser, venue, dates,
//! chief arbiter), then for each section its rules in brief (system, rounds, point system,
//! round-1 pattern, lot seed, tiebreaks, places and prizes, boards that record moves), its
//! schedule, its entrants grouped by unit, and its round-1 pairings.

use super::ReportError;
use super::cover::{EventHeader, cover};
use super::layout::{Align, Column, Document, Font, Paper, Pdf};
use super::pairing_sheet::{self, PairingSheet};
use crate::i18n::{Lang, T, fill};

/// One section of the order book.
#[derive(Clone, Debug)]
pub struct OrderBookSection {
    pub name: String,
    /// The rules in brief, one line each (from the section's settings).
    pub rules: Vec<String>,
    /// 赛程: (round, start time) for the rounds the schedule gives.
    pub schedule: Vec<(u32, String)>,
    /// Units with their entrants ("序号 姓名"), in the order the units are listed.
    pub units: Vec<(String, Vec<String>)>,
    pub entrants: usize,
    /// Round 1, when it is paired.
    pub round_one: Option<PairingSheet>,
}

/// Everything the order book prints; built by the app services.
#[derive(Clone, Debug)]
pub struct OrderBook {
    pub header: EventHeader,
    pub sections: Vec<OrderBookSection>,
}

pub fn render(book: &OrderBook, font: &Font, lang: Lang, stamp: i64) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let mut doc = Document::new(
        font,
        &book.header.event,
        Paper::A4Portrait,
        vec![],
        "",
        t(T::PageOf),
    );
    cover(&mut doc, &book.header, t(T::OrderBookTitle), lang);
    doc.set_header(vec![book.header.event.clone()]);
    for s in &book.sections {
        let mut c = doc.new_page();
        doc.paragraph(
            &mut c,
            &format!("{}（{} {}）", s.name, s.entrants, t(T::EntrantCount)),
            18.0,
        );
        c.y += 3.0;
        doc.paragraph(&mut c, t(T::RulesInBrief), 13.0);
        for line in &s.rules {
            // Long lines (the prize bands) break only between their items.
            let items: Vec<String> = line.split('、').map(str::to_string).collect();
            doc.list_paragraph(&mut c, "　", "　", &items, "、", 11.0);
        }
        if !s.schedule.is_empty() {
            c.y += 4.0;
            doc.paragraph(&mut c, t(T::Schedule), 13.0);
            c.y += 1.0;
            let k = doc.content_width() / 180.0;
            let cols = [
                Column::new(t(T::Round), 30.0 * k, Align::Center),
                Column::new(t(T::Time), 80.0 * k, Align::Left),
            ];
            let rows: Vec<Vec<String>> = s
                .schedule
                .iter()
                .map(|(r, when)| vec![fill(t(T::RoundN), &[r]), when.clone()])
                .collect();
            c = doc.table(c, &cols, &rows, 6.5, 10.0);
        }
        c.y += 4.0;
        doc.paragraph(&mut c, t(T::EntrantsByUnit), 13.0);
        // A unit may have many entrants: a wrapped paragraph each, never a squeezed cell.
        for (unit, names) in &s.units {
            c.y += 1.0;
            let head = format!("{unit}（{}）：", names.len());
            doc.list_paragraph(&mut c, &head, "", names, "、", 10.5);
        }
        if let Some(sheet) = &s.round_one {
            c.y += 6.0;
            doc.paragraph(
                &mut c,
                &format!("{}{}", fill(t(T::RoundN), &[&1]), t(T::PairingSheetTitle)),
                13.0,
            );
            c.y += 2.0;
            let (cols, rows) = pairing_sheet::table(sheet, lang, 1.0);
            doc.table(c, &cols, &rows, 7.5, 10.5);
        }
    }
    doc.finish(stamp)
}
