//! 封面 — the cover the order book and the result book share: the event's name, the book's
//! title, and the event's details (主办单位, 比赛地点, 比赛日期, 裁判长), each line left out when
//! the event does not give it. The cover carries no page number.

use super::layout::{Align, Document};
use crate::i18n::{Lang, T};

/// The event's details a book prints on its cover (and its signature line, the chief arbiter).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventHeader {
    pub event: String,
    pub organiser: String,
    pub venue: String,
    /// The dates as the reader writes them (2026年8月29日—30日).
    pub dates: String,
    pub chief_arbiter: String,
}

/// Opens the book with its cover page: the event, `title`, and the details given.
pub fn cover(doc: &mut Document, header: &EventHeader, title: &str, lang: Lang) {
    let mut c = doc.new_page();
    // A cover carries no page number; it still counts as page 1.
    doc.unnumbered_page();
    c.y = 70.0;
    doc.paragraph_aligned(&mut c, &header.event, 26.0, Align::Center);
    c.y += 8.0;
    doc.paragraph_aligned(&mut c, title, 30.0, Align::Center);
    c.y = 180.0;
    for (k, v) in [
        (T::Organiser, &header.organiser),
        (T::Venue, &header.venue),
        (T::Dates, &header.dates),
        (T::ChiefArbiter, &header.chief_arbiter),
    ] {
        if !v.is_empty() {
            doc.paragraph_aligned(
                &mut c,
                &format!("{}{}{v}", k.get(lang), T::ListColon.get(lang)),
                14.0,
                Align::Center,
            );
            c.y += 2.0;
        }
    }
}
