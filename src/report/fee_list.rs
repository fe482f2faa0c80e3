//! 缴费名单 — the treasurer's list of the fees: a section at a time, its players by unit (units
//! in pinyin order, players in number order), each with the rate he owes, the amounts due,
//! paid, refunded and outstanding, how and when he paid and the receipt number; a subtotal
//! under each unit and the section's total under the last. For the whole event a last page
//! adds the totals per section and per unit and the event's total, and a line for the
//! treasurer and the checker to sign. A4 landscape: the columns are many.

use super::ReportError;
use super::layout::{Align, Column, Document, Font, Paper, Pdf};
use crate::i18n::{Lang, T, fill};
use crate::model::FeeFigures;

/// One player's line.
#[derive(Clone, Debug, Default)]
pub struct FeeRow {
    pub number: String,
    /// 报名号.
    pub registration: String,
    pub name: String,
    /// Why he owes what he does (会员价, his unit); empty at the standard rate.
    pub rate: String,
    /// 未缴 / 已缴 / 已退.
    pub state: String,
    pub method: String,
    pub receipt: String,
    /// When he paid (or was refunded).
    pub at: String,
    pub figures: FeeFigures,
}

/// One unit's players and their subtotal.
#[derive(Clone, Debug, Default)]
pub struct FeeUnit {
    pub name: String,
    pub rows: Vec<FeeRow>,
    pub total: FeeFigures,
}

/// One section's players by unit.
#[derive(Clone, Debug, Default)]
pub struct FeeSection {
    pub name: String,
    /// The fee as the regulation states it ("赛事服务费 150 元；会员 100 元").
    pub fee: String,
    pub units: Vec<FeeUnit>,
    pub total: FeeFigures,
}

/// Everything the list prints; built by the app services.
#[derive(Clone, Debug, Default)]
pub struct FeeList {
    pub event: String,
    /// Dates, venue and the printing time.
    pub when: String,
    pub sections: Vec<FeeSection>,
    /// The list of the whole event (every section): the summary page is printed.
    pub whole_event: bool,
    /// Each unit's total over the sections listed, in pinyin order.
    pub units: Vec<(String, FeeFigures)>,
    pub total: FeeFigures,
}

/// The four figures as the list prints them.
fn figures(f: &FeeFigures) -> [String; 4] {
    [f.due, f.paid, f.refunded, f.outstanding].map(|v| v.to_string())
}

pub fn render(list: &FeeList, font: &Font, lang: Lang, stamp: i64) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let title = |s: &str| format!("{s} {}", t(T::DocFeeList));
    let first = list
        .sections
        .first()
        .map(|s| title(&s.name))
        .unwrap_or_else(|| t(T::DocFeeList).to_string());
    let mut doc = Document::new(
        font,
        &first,
        Paper::A4Landscape,
        vec![list.event.clone(), first.clone(), list.when.clone()],
        "",
        t(T::PageOf),
    );
    let [due, paid, refunded, outstanding] =
        [T::FeeDue, T::FeePaid, T::FeeRefunded, T::FeeOutstanding]
            .map(|k| Column::new(t(k), 18.0, Align::Right));
    let cols = [
        Column::new(t(T::Number), 12.0, Align::Center),
        Column::new(t(T::RegistrationNo), 16.0, Align::Center),
        Column::new(t(T::Name), 32.0, Align::Left),
        Column::new(t(T::FeeRate), 28.0, Align::Left),
        due.clone(),
        paid.clone(),
        refunded.clone(),
        outstanding.clone(),
        Column::new(t(T::FeeState), 16.0, Align::Center),
        Column::new(t(T::PaymentMethodLabel), 18.0, Align::Center),
        Column::new(t(T::Receipt), 34.0, Align::Left),
        Column::new(t(T::Time), 26.0, Align::Center),
    ];
    // A total's line: its label across the four columns before the money.
    let total_line = |label: String, f: &FeeFigures| -> Vec<String> {
        let mut row = vec![String::new(), String::new(), label, String::new()];
        row.extend(figures(f));
        row.extend([String::new(), String::new(), String::new(), String::new()]);
        row
    };
    for s in &list.sections {
        doc.set_header(vec![list.event.clone(), title(&s.name), list.when.clone()]);
        let mut cursor = doc.new_page();
        doc.paragraph(&mut cursor, &s.fee, 10.0);
        for u in &s.units {
            // A unit's heading stays with its first rows.
            doc.ensure_room(&mut cursor, 28.0);
            let unit = if u.name.is_empty() {
                t(T::NoUnit)
            } else {
                &u.name
            };
            let heading = format!(
                "{}{}{}",
                t(T::Unit),
                t(T::ListLead),
                fill(t(T::UnitHeadCount), &[&unit, &u.rows.len()])
            );
            doc.paragraph(&mut cursor, &heading, 11.0);
            cursor.y += 1.0;
            let mut cells: Vec<Vec<String>> = u
                .rows
                .iter()
                .map(|r| {
                    let mut row = vec![
                        r.number.clone(),
                        r.registration.clone(),
                        r.name.clone(),
                        r.rate.clone(),
                    ];
                    row.extend(figures(&r.figures));
                    row.extend([
                        r.state.clone(),
                        r.method.clone(),
                        r.receipt.clone(),
                        r.at.clone(),
                    ]);
                    row
                })
                .collect();
            cells.push(total_line(fill(t(T::FeeSubtotal), &[&unit]), &u.total));
            cursor = doc.table(cursor, &cols, &cells, 6.5, 9.0);
            cursor.y += 3.0;
        }
        doc.ensure_room(&mut cursor, 12.0);
        let total = fill(t(T::FeeSectionTotal), &[&s.name]);
        cursor = doc.table(cursor, &cols, &[total_line(total, &s.total)], 6.5, 9.0);
        cursor.y += 4.0;
        doc.ensure_room(&mut cursor, 10.0);
        doc.paragraph(&mut cursor, t(T::FeeSignLine), 10.0);
    }
    if list.whole_event {
        doc.set_header(vec![
            list.event.clone(),
            format!("{} {}", t(T::DocFeeList), t(T::FeeEventTotal)),
            list.when.clone(),
        ]);
        let mut cursor = doc.new_page();
        let summary = |first: &str| {
            vec![
                Column::new(first, 80.0, Align::Left),
                due.clone(),
                paid.clone(),
                refunded.clone(),
                outstanding.clone(),
            ]
        };
        let line = |label: &str, f: &FeeFigures| -> Vec<String> {
            let mut row = vec![label.to_string()];
            row.extend(figures(f));
            row
        };
        let event_total = t(T::FeeEventTotal);
        doc.paragraph(&mut cursor, t(T::FeeBySection), 11.0);
        let mut rows: Vec<Vec<String>> = list
            .sections
            .iter()
            .map(|s| line(&s.name, &s.total))
            .collect();
        rows.push(line(event_total, &list.total));
        cursor = doc.table(cursor, &summary(t(T::Section)), &rows, 6.5, 9.0);
        cursor.y += 4.0;
        doc.ensure_room(&mut cursor, 20.0);
        doc.paragraph(&mut cursor, t(T::FeeByUnit), 11.0);
        let mut rows: Vec<Vec<String>> = list
            .units
            .iter()
            .map(|(u, f)| line(if u.is_empty() { t(T::NoUnit) } else { u }, f))
            .collect();
        rows.push(line(event_total, &list.total));
        cursor = doc.table(cursor, &summary(t(T::Unit)), &rows, 6.5, 9.0);
        cursor.y += 4.0;
        doc.ensure_room(&mut cursor, 10.0);
        doc.paragraph(&mut cursor, t(T::FeeSignLine), 10.0);
    }
    if list.sections.is_empty() && !list.whole_event {
        doc.new_page();
    }
    doc.finish(stamp)
}
