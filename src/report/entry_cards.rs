//! 参赛证 — the entry cards the registration desk hands out (seed 004: "报名缴费成功后务必打印
//! 参赛证", kept for the certificate office after a promotion): eight to an A4 sheet, two
//! columns of four, with cutting marks in the margins and at the inner corners, so a guillotine
//! or scissors part them along the marks. Each card carries the event, the section, the number
//! (the 序号 once the lots are drawn, else the 报名号), the name in large print, the unit, and
//! the QR code of the card's code, printed under it too, which the check-in desk reads from a
//! scanner or from the keyboard.

use super::ReportError;
use super::layout::{Align, Document, Font, Paper, Pdf};
use super::qr::{self, QrCode};
use crate::i18n::{Lang, T, fill};

/// One card.
#[derive(Clone, Debug, Default)]
pub struct EntryCard {
    pub section: String,
    /// "序号 12" after the draw, "报名号 123" before it.
    pub number: String,
    pub name: String,
    pub unit: String,
    /// The card's code ("BP000123"), printed and as a QR code.
    pub code: String,
}

/// Everything the cards print; built by the app services.
#[derive(Clone, Debug, Default)]
pub struct EntryCards {
    pub event: String,
    pub cards: Vec<EntryCard>,
}

/// Cards a sheet holds: two columns of four.
pub const PER_SHEET: usize = 8;
const COLUMNS: usize = 2;
const ROWS: usize = 4;
/// A card's size (mm): 2 × 90 by 4 × 65 on A4, with room around for the marks.
const CARD_W: f32 = 90.0;
const CARD_H: f32 = 65.0;
/// A cutting mark's length, and its gap from the cards' edge (mm).
const MARK: f32 = 6.0;
const MARK_GAP: f32 = 2.0;

pub fn render(cards: &EntryCards, font: &Font, lang: Lang, stamp: i64) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let paper = Paper::A4Portrait;
    let mut doc = Document::new(font, t(T::DocEntryCards), paper, vec![], "", t(T::PageOf));
    doc.without_footers();
    let (pw, ph) = paper.size();
    let x0 = (pw - COLUMNS as f32 * CARD_W) / 2.0;
    let y0 = (ph - ROWS as f32 * CARD_H) / 2.0;
    for sheet in cards.cards.chunks(PER_SHEET) {
        doc.new_page();
        cutting_marks(&mut doc, x0, y0);
        for (i, card) in sheet.iter().enumerate() {
            let x = x0 + (i % COLUMNS) as f32 * CARD_W;
            let y = y0 + (i / COLUMNS) as f32 * CARD_H;
            draw_card(&mut doc, card, &cards.event, x, y, lang);
        }
    }
    if cards.cards.is_empty() {
        doc.new_page();
    }
    doc.finish(stamp)
}

/// Marks in the margins on every line along which the sheet is cut, and a small cross at each
/// inner corner, none of them on a card.
fn cutting_marks(doc: &mut Document, x0: f32, y0: f32) {
    let (x1, y1) = (x0 + COLUMNS as f32 * CARD_W, y0 + ROWS as f32 * CARD_H);
    for c in 0..=COLUMNS {
        let x = x0 + c as f32 * CARD_W;
        doc.line(x, y0 - MARK_GAP - MARK, x, y0 - MARK_GAP, 0.4);
        doc.line(x, y1 + MARK_GAP, x, y1 + MARK_GAP + MARK, 0.4);
    }
    for r in 0..=ROWS {
        let y = y0 + r as f32 * CARD_H;
        doc.line(x0 - MARK_GAP - MARK, y, x0 - MARK_GAP, y, 0.4);
        doc.line(x1 + MARK_GAP, y, x1 + MARK_GAP + MARK, y, 0.4);
    }
    for c in 1..COLUMNS {
        for r in 1..ROWS {
            let (x, y) = (x0 + c as f32 * CARD_W, y0 + r as f32 * CARD_H);
            doc.line(x - 2.0, y, x + 2.0, y, 0.3);
            doc.line(x, y - 2.0, x, y + 2.0, 0.3);
        }
    }
}

/// One card with its top-left corner at (`x`, `y`): a thin frame inside the cut, the title and
/// event across the top, the player on the left, the code on the right.
fn draw_card(doc: &mut Document, card: &EntryCard, event: &str, x: f32, y: f32, lang: Lang) {
    let t = |k: T| k.get(lang);
    let pad = 4.0;
    doc.rect(x + 2.5, y + 2.5, CARD_W - 5.0, CARD_H - 5.0, 0.6);
    let inner = CARD_W - 2.0 * pad - 2.0;
    let left = x + pad + 1.0;
    doc.text_fit(event, left, y + 10.0, inner, 9.0, Align::Center);
    doc.text_fit(
        t(T::EntryCardTitle),
        left,
        y + 18.5,
        inner,
        15.0,
        Align::Center,
    );
    let qr_size = 30.0;
    let qr_x = x + CARD_W - pad - 1.0 - qr_size;
    let qr_y = y + 22.0;
    let text_w = qr_x - left - 1.0;
    let field = |k: T, v: &str| fill(t(T::EntryCardField), &[&t(k), &v]);
    doc.text_fit(
        &field(T::Section, &card.section),
        left,
        y + 28.0,
        text_w,
        10.0,
        Align::Left,
    );
    doc.text_fit(&card.number, left, y + 35.0, text_w, 10.0, Align::Left);
    doc.text_fit(&card.name, left, y + 46.0, text_w, 20.0, Align::Left);
    doc.text_fit(
        &field(T::Unit, &card.unit),
        left,
        y + 55.0,
        text_w,
        10.0,
        Align::Left,
    );
    if let Some(code) = QrCode::of(&card.code) {
        qr::draw(doc, &code, qr_x, qr_y, qr_size);
    }
    doc.text_fit(
        &card.code,
        qr_x,
        qr_y + qr_size + 1.5,
        qr_size,
        8.0,
        Align::Center,
    );
}
