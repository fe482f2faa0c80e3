//! 秩序册 — the order book printed before the event, in the parts a Chinese 秩序册 carries: a
//! cover (event, organiser, venue, dates, chief arbiter; no page number), 目录 with the page of
//! each part, 组织机构 (主办, 承办, 协办, 组委会), 裁判员名单, 竞赛规程, 赛场须知, then for each
//! section its rules in brief (system, rounds, point system, round-1 pattern, lot seed,
//! tiebreaks, places and prizes, boards that record moves), its schedule, its entrants grouped
//! by unit, and its round-1 pairings. A part the event leaves empty is left out, and out of the
//! 目录. Page numbers are the pages' places in the file (the cover is page 1, unnumbered), so
//! the 目录 and a PDF viewer agree.

use super::ReportError;
use super::cover::{EventHeader, cover};
use super::layout::{Align, Column, Cursor, Document, Font, Paper, Pdf};
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

/// A list of one part of the front matter: a label and its entries (“承办单位”: one a line).
pub type Listing = Vec<(String, Vec<String>)>;

/// Everything the order book prints; built by the app services.
#[derive(Clone, Debug, Default)]
pub struct OrderBook {
    pub header: EventHeader,
    /// 组织机构: 主办单位, 承办单位, 协办单位, 组委会 — those given.
    pub organisation: Listing,
    /// 裁判员名单: 裁判长, 副裁判长, 裁判员 — those given.
    pub officials: Listing,
    /// 竞赛规程, a paragraph a line.
    pub regulations: Vec<String>,
    /// 赛场须知, an item a line.
    pub venue_rules: Vec<String>,
    pub sections: Vec<OrderBookSection>,
}

pub fn render(book: &OrderBook, font: &Font, lang: Lang, stamp: i64) -> Result<Pdf, ReportError> {
    // Twice: the first pass finds the page each part begins on, the second prints the 目录
    // with them. The 目录 has as many lines in both, so no part moves between the passes.
    let (_, pages) = draw(book, font, lang, None);
    let (doc, _) = draw(book, font, lang, Some(&pages));
    doc.finish(stamp)
}

/// The lines of the 目录: each part's title, in order.
fn contents(book: &OrderBook, lang: Lang) -> Vec<String> {
    let t = |k: T| k.get(lang);
    let mut out = Vec::new();
    if !book.organisation.is_empty() {
        out.push(t(T::Organisation).to_string());
    }
    if !book.officials.is_empty() {
        out.push(t(T::OfficialsList).to_string());
    }
    if !book.regulations.is_empty() {
        out.push(t(T::Regulations).to_string());
    }
    if !book.venue_rules.is_empty() {
        out.push(t(T::VenueRules).to_string());
    }
    out.extend(book.sections.iter().map(|s| s.name.clone()));
    out
}

/// Lays the book out; `pages` gives the 目录's page numbers (none on the first pass). Returns
/// the document and the page each part of [`contents`] begins on.
fn draw<'f>(
    book: &OrderBook,
    font: &'f Font,
    lang: Lang,
    pages: Option<&[usize]>,
) -> (Document<'f>, Vec<usize>) {
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
    let titles = contents(book, lang);
    let mut starts = Vec::new();
    // 目录.
    let mut c = doc.new_page();
    c.y += 4.0;
    doc.paragraph_aligned(&mut c, t(T::Contents), 18.0, Align::Center);
    c.y += 6.0;
    let width = doc.content_width();
    let x = doc.margin;
    for (i, title) in titles.iter().enumerate() {
        doc.ensure_room(&mut c, 9.0);
        c.y += 9.0;
        let page = pages
            .and_then(|p| p.get(i))
            .map(|p| p.to_string())
            .unwrap_or_default();
        let title_w = font.width_mm(title, 13.0).min(width - 20.0);
        doc.text_fit(title, x + 10.0, c.y, width - 40.0, 13.0, Align::Left);
        doc.dashed_line(x + 12.0 + title_w, c.y, x + width - 22.0, c.y);
        doc.text_fit(&page, x + width - 20.0, c.y, 10.0, 13.0, Align::Right);
    }
    // 组织机构 and 裁判员名单 share a page: both are short.
    let front = [
        (T::Organisation, &book.organisation),
        (T::OfficialsList, &book.officials),
    ];
    let mut c = None::<Cursor>;
    for (title, listing) in front {
        if listing.is_empty() {
            continue;
        }
        let mut cur = match c.take() {
            None => doc.new_page(),
            Some(mut cur) => {
                cur.y += 8.0;
                doc.ensure_room(&mut cur, 40.0);
                cur
            }
        };
        starts.push(doc.page_number());
        part_heading(&mut doc, &mut cur, t(title));
        for (label, entries) in listing {
            cur.y += 1.5;
            let head = format!("{label}{}", t(T::ListColon));
            let width = font.width_mm(&head, 12.0);
            // The first entry beside the label, the others under it.
            let Some((first, rest)) = entries.split_first() else {
                continue;
            };
            doc.paragraph(&mut cur, &format!("{head}{first}"), 12.0);
            let margin = doc.margin;
            doc.margin += width.min(40.0);
            for entry in rest {
                doc.paragraph(&mut cur, entry, 12.0);
            }
            doc.margin = margin;
        }
        c = Some(cur);
    }
    // 竞赛规程 and 赛场须知, each from a new page: paragraphs indented two characters.
    for (title, paragraphs) in [
        (T::Regulations, &book.regulations),
        (T::VenueRules, &book.venue_rules),
    ] {
        if paragraphs.is_empty() {
            continue;
        }
        let mut cur = doc.new_page();
        starts.push(doc.page_number());
        part_heading(&mut doc, &mut cur, t(title));
        for p in paragraphs {
            cur.y += 1.0;
            let text = match lang {
                Lang::Zh => format!("　　{p}"),
                Lang::En => p.clone(),
            };
            doc.paragraph(&mut cur, &text, 11.5);
        }
    }
    for s in &book.sections {
        let mut c = doc.new_page();
        starts.push(doc.page_number());
        doc.paragraph(
            &mut c,
            &fill(t(T::SectionEntrantsHeading), &[&s.name, &s.entrants]),
            18.0,
        );
        c.y += 3.0;
        doc.paragraph(&mut c, t(T::RulesInBrief), 13.0);
        for line in &s.rules {
            // Long lines (the prize bands) break only between their items.
            let sep = t(T::ListSeparator);
            let items: Vec<String> = line.split(sep).map(str::to_string).collect();
            let indent = t(T::FieldGap);
            doc.list_paragraph(&mut c, indent, indent, &items, sep, 11.0);
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
            let head = fill(t(T::UnitEntrantsHead), &[unit, &names.len()]);
            doc.list_paragraph(&mut c, &head, "", names, t(T::ListSeparator), 10.5);
        }
        if let Some(sheet) = &s.round_one {
            c.y += 6.0;
            doc.paragraph(&mut c, &fill(t(T::RoundPairingsTitle), &[&1]), 13.0);
            c.y += 2.0;
            let (cols, rows) = pairing_sheet::table(sheet, lang, 1.0);
            doc.table(c, &cols, &rows, 7.5, 10.5);
        }
    }
    (doc, starts)
}

/// A part's title, centred and larger.
fn part_heading(doc: &mut Document, c: &mut Cursor, title: &str) {
    c.y += 2.0;
    doc.paragraph_aligned(c, title, 18.0, Align::Center);
    c.y += 4.0;
}
