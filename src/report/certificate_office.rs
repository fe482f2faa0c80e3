//! 办证处名单 — the certificate office's list after a grade event (seed 004: "升级成功的棋手须
//! 携带原等级证书至办证处录入成绩并缴纳证书费用"): section by section the promoted players, with
//! the grade they held, the grade reached and the certificate fee of that grade, a column to
//! sign, each section's subtotal and the total of the whole list. A grade the fee table does
//! not name is printed as such and left out of the sums.

use super::ReportError;
use super::layout::{Align, Column, Document, Font, Paper, Pdf};
use crate::i18n::{Lang, T, fill};

/// One promoted player.
#[derive(Clone, Debug, Default)]
pub struct OfficeRow {
    /// 序号 (empty without one).
    pub number: String,
    pub name: String,
    pub unit: String,
    /// 原级别.
    pub from: String,
    /// 晋升级别.
    pub to: String,
    /// 证书费 in yuan; `None` when the fee table names no fee for the grade reached.
    pub fee: Option<i64>,
}

/// One section's promoted players.
#[derive(Clone, Debug, Default)]
pub struct OfficeSection {
    pub name: String,
    pub rows: Vec<OfficeRow>,
    /// Not every result is in: printed 非最终成绩.
    pub provisional: bool,
}

impl OfficeSection {
    /// The fees of the section's players that have one.
    pub fn total(&self) -> i64 {
        self.rows.iter().filter_map(|r| r.fee).sum()
    }
}

/// Everything the list prints; built by the app services.
#[derive(Clone, Debug, Default)]
pub struct CertificateOffice {
    pub event: String,
    pub when: String,
    pub sections: Vec<OfficeSection>,
}

impl CertificateOffice {
    pub fn players(&self) -> usize {
        self.sections.iter().map(|s| s.rows.len()).sum()
    }

    pub fn total(&self) -> i64 {
        self.sections.iter().map(OfficeSection::total).sum()
    }

    /// The grades reached that have no fee, each once, in the list's order.
    pub fn without_fee(&self) -> Vec<String> {
        let mut out: Vec<String> = vec![];
        for r in self.sections.iter().flat_map(|s| &s.rows) {
            if r.fee.is_none() && !out.contains(&r.to) {
                out.push(r.to.clone());
            }
        }
        out
    }
}

/// A fee as printed: the yuan, or 未定 when the table has none.
pub fn fee_text(fee: Option<i64>, lang: Lang) -> String {
    match fee {
        Some(f) => f.to_string(),
        None => T::FeeNotSet.get(lang).to_string(),
    }
}

pub fn render(
    list: &CertificateOffice,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let title = t(T::DocCertificateOffice);
    let mut doc = Document::new(
        font,
        title,
        Paper::A4Portrait,
        vec![list.event.clone(), title.to_string(), list.when.clone()],
        "",
        t(T::PageOf),
    );
    let cols = [
        Column::new(t(T::Number), 12.0, Align::Center),
        Column::new(t(T::Name), 24.0, Align::Left),
        Column::new(t(T::Unit), 32.0, Align::Left),
        Column::new(t(T::FromGrade), 26.0, Align::Center),
        Column::new(t(T::ToGrade), 26.0, Align::Center),
        Column::new(t(T::CertificateFee), 24.0, Align::Right),
        Column::new(t(T::SignHere), 36.0, Align::Left),
    ];
    let mut cursor = doc.new_page();
    doc.paragraph(&mut cursor, t(T::CertificateOfficeNote), 10.0);
    cursor.y += 2.0;
    for s in &list.sections {
        doc.ensure_room(&mut cursor, 30.0);
        let mut heading = fill(
            t(T::CertificateOfficeSection),
            &[&s.name, &s.rows.len(), &s.total()],
        );
        if s.provisional {
            heading += &fill(t(T::InParens), &[&t(T::NotFinal)]);
        }
        doc.paragraph(&mut cursor, &heading, 11.0);
        cursor.y += 1.5;
        let cells: Vec<Vec<String>> = s
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.number.clone(),
                    r.name.clone(),
                    r.unit.clone(),
                    r.from.clone(),
                    r.to.clone(),
                    fee_text(r.fee, lang),
                    String::new(),
                ]
            })
            .collect();
        if cells.is_empty() {
            doc.paragraph(&mut cursor, t(T::NobodyPromoted), 10.0);
        } else {
            cursor = doc.table(cursor, &cols, &cells, 9.0, 10.0);
        }
        cursor.y += 4.0;
    }
    doc.ensure_room(&mut cursor, 16.0);
    doc.paragraph(
        &mut cursor,
        &fill(
            t(T::CertificateOfficeTotal),
            &[&list.players(), &list.total()],
        ),
        11.0,
    );
    let missing = list.without_fee();
    if !missing.is_empty() {
        doc.paragraph(
            &mut cursor,
            &fill(t(T::FeeNotSetNote), &[&missing.join(t(T::ListSeparator))]),
            10.0,
        );
    }
    doc.finish(stamp)
}
