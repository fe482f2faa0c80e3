//! 签到表 — the sheet the registration desk lays out for the players to sign: a section at a
//! time, its entrants by unit (units in pinyin order, each headed by its name and head count,
//! its players in number order), with the time each checked in when the desk has it and a wide
//! empty column to sign in.

use super::ReportError;
use super::layout::{Align, Column, Document, Font, Paper, Pdf};
use crate::i18n::{Lang, T, fill};

/// One player's line.
#[derive(Clone, Debug, Default)]
pub struct SignInRow {
    pub number: String,
    /// 报名号.
    pub registration: String,
    pub name: String,
    pub sex: String,
    /// When he checked in ("08:31"), empty if not yet.
    pub checked_in: String,
}

/// One section's players, by unit.
#[derive(Clone, Debug, Default)]
pub struct SignInSection {
    pub name: String,
    /// 已签到 N / 报名 M, as the desk counts.
    pub count: String,
    /// (unit, its players).
    pub units: Vec<(String, Vec<SignInRow>)>,
}

/// Everything the sheet prints; built by the app services.
#[derive(Clone, Debug, Default)]
pub struct SignInSheet {
    pub event: String,
    /// Dates, venue and the printing time.
    pub when: String,
    pub sections: Vec<SignInSection>,
}

pub fn render(
    sheet: &SignInSheet,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let title = |s: &str| format!("{s} {}", t(T::DocSignInSheet));
    let first = sheet
        .sections
        .first()
        .map(|s| title(&s.name))
        .unwrap_or_default();
    let mut doc = Document::new(
        font,
        &first,
        Paper::A4Portrait,
        vec![sheet.event.clone(), first.clone(), sheet.when.clone()],
        "",
        t(T::PageOf),
    );
    let cols = [
        Column::new(t(T::Number), 14.0, Align::Center),
        Column::new(t(T::RegistrationNo), 18.0, Align::Center),
        Column::new(t(T::Name), 34.0, Align::Left),
        Column::new(t(T::Sex), 12.0, Align::Center),
        Column::new(t(T::CheckInAt), 24.0, Align::Center),
        Column::new(t(T::SignHere), 78.0, Align::Left),
    ];
    for s in &sheet.sections {
        doc.set_header(vec![
            sheet.event.clone(),
            title(&s.name),
            sheet.when.clone(),
        ]);
        let mut cursor = doc.new_page();
        doc.paragraph(&mut cursor, &s.count, 10.0);
        for (unit, rows) in &s.units {
            // A unit's heading stays with its first rows.
            doc.ensure_room(&mut cursor, 30.0);
            let unit = if unit.is_empty() { t(T::NoUnit) } else { unit };
            let heading = format!(
                "{}{}{}",
                t(T::Unit),
                t(T::ListLead),
                fill(t(T::UnitHeadCount), &[&unit, &rows.len()])
            );
            doc.paragraph(&mut cursor, &heading, 11.0);
            cursor.y += 1.5;
            let cells: Vec<Vec<String>> = rows
                .iter()
                .map(|r| {
                    vec![
                        r.number.clone(),
                        r.registration.clone(),
                        r.name.clone(),
                        r.sex.clone(),
                        r.checked_in.clone(),
                        String::new(),
                    ]
                })
                .collect();
            cursor = doc.table(cursor, &cols, &cells, 9.0, 11.0);
            cursor.y += 3.0;
        }
    }
    if sheet.sections.is_empty() {
        doc.new_page();
    }
    doc.finish(stamp)
}
