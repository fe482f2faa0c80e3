//! 奖金签收表 — the prize desk's receipt list: section by section each prize paid (place, name,
//! unit, what it is for, the amount before or after tax as the regulation states it), with a
//! column to sign and one for the date, each section's total, and the total of the whole event
//! when every section is printed.

use super::ReportError;
use super::layout::{Align, Column, Document, Font, Paper, Pdf};
use crate::i18n::{Lang, T, fill};

/// One prize to be signed for.
#[derive(Clone, Debug, Default)]
pub struct ReceiptRow {
    pub place: u32,
    /// 序号 (empty for a team).
    pub number: String,
    /// The player, or the team.
    pub name: String,
    pub unit: String,
    /// 名次奖, 团体名次奖 or the special prize's name.
    pub kind: String,
    /// Whole yuan.
    pub amount: i64,
}

/// One section's prizes.
#[derive(Clone, Debug, Default)]
pub struct ReceiptSection {
    pub name: String,
    /// 税前 / 税后, as the section's prize table says.
    pub tax: String,
    pub rows: Vec<ReceiptRow>,
    /// Not every result is in: printed 非最终成绩.
    pub provisional: bool,
}

impl ReceiptSection {
    pub fn total(&self) -> i64 {
        self.rows.iter().map(|r| r.amount).sum()
    }
}

/// Everything the list prints; built by the app services.
#[derive(Clone, Debug, Default)]
pub struct PrizeReceipts {
    pub event: String,
    pub when: String,
    pub sections: Vec<ReceiptSection>,
}

impl PrizeReceipts {
    pub fn total(&self) -> i64 {
        self.sections.iter().map(ReceiptSection::total).sum()
    }
}

pub fn render(
    list: &PrizeReceipts,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let title = t(T::DocPrizeReceipts);
    let mut doc = Document::new(
        font,
        title,
        Paper::A4Portrait,
        vec![list.event.clone(), title.to_string(), list.when.clone()],
        "",
        t(T::PageOf),
    );
    let mut cursor = doc.new_page();
    // Never a blank sheet: say why there is nothing to sign.
    if list.sections.is_empty() {
        doc.paragraph(&mut cursor, t(T::PrizeReceiptsNone), 11.0);
    }
    for s in &list.sections {
        doc.ensure_room(&mut cursor, 30.0);
        let mut heading = fill(t(T::PrizeReceiptsSection), &[&s.name, &s.tax, &s.total()]);
        if s.provisional {
            heading += &fill(t(T::InParens), &[&t(T::NotFinal)]);
        }
        doc.paragraph(&mut cursor, &heading, 11.0);
        cursor.y += 1.5;
        let cols = [
            Column::new(t(T::Rank), 12.0, Align::Center),
            Column::new(t(T::Number), 12.0, Align::Center),
            Column::new(t(T::Name), 22.0, Align::Left),
            Column::new(t(T::Unit), 32.0, Align::Left),
            Column::new(t(T::Prize), 20.0, Align::Center),
            Column::new(&fill(t(T::AmountTax), &[&s.tax]), 28.0, Align::Right),
            Column::new(t(T::SignHere), 30.0, Align::Left),
            Column::new(t(T::ReceivedOn), 24.0, Align::Left),
        ];
        let cells: Vec<Vec<String>> = s
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.place.to_string(),
                    r.number.clone(),
                    r.name.clone(),
                    r.unit.clone(),
                    r.kind.clone(),
                    r.amount.to_string(),
                    String::new(),
                    String::new(),
                ]
            })
            .collect();
        if cells.is_empty() {
            doc.paragraph(&mut cursor, t(T::NoPrizeMoney), 10.0);
        } else {
            cursor = doc.table(cursor, &cols, &cells, 9.0, 10.0);
        }
        cursor.y += 4.0;
    }
    if list.sections.len() > 1 {
        doc.ensure_room(&mut cursor, 12.0);
        doc.paragraph(
            &mut cursor,
            &fill(t(T::PrizeReceiptsTotal), &[&list.total()]),
            11.0,
        );
    }
    doc.finish(stamp)
}
