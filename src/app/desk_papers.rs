//! The registration desk's, the certificate office's and the prize desk's papers (issue 40):
//! the entry cards (参赛证) the desk hands out, whose code the check-in reads
//! ([`super::checkin::card_code`]); the certificate office's list (办证处名单) of the players a
//! grade event promoted, with the fee of each certificate from the section's fee table; and
//! the prize desk's receipt list (奖金签收表). Each is built here from the event and rendered by
//! its report file; the two lists are also written as a workbook ([`desk_list_table`]).

use super::books::Final;
use super::documents::{Printer, when_line};
use super::{AppError, Tournament, write_file};
use crate::awards::PrizeKind;
use crate::i18n::{Lang, T, fill};
use crate::interchange::export::{Cell, ExportTable};
use crate::model::{EntrantId, Event, Section, SectionId};
use crate::report::certificate_office::{CertificateOffice, OfficeRow, OfficeSection, fee_text};
use crate::report::entry_cards::{EntryCard, EntryCards};
use crate::report::prize_receipts::{PrizeReceipts, ReceiptRow, ReceiptSection};
use std::path::Path;

fn number(s: &Section, id: EntrantId) -> String {
    s.entrant(id)
        .and_then(|e| e.number)
        .map(|n| n.to_string())
        .unwrap_or_default()
}

impl Printer<'_> {
    /// The sections a paper of `section` covers: that one, or every section of the event.
    fn sections_of(&self, section: Option<SectionId>) -> Result<Vec<&Section>, AppError> {
        Ok(match section {
            Some(id) => vec![self.section(id)?],
            None => self.event().sections.iter().collect(),
        })
    }

    /// The values of the entry cards (参赛证): one for each entrant of `section` (or of every
    /// section), house players aside, in number order; the number printed is the 序号 once the
    /// lots are drawn, else the 报名号.
    pub(super) fn entry_cards(
        &self,
        section: Option<SectionId>,
        lang: Lang,
    ) -> Result<EntryCards, AppError> {
        let t = |k: T| k.get(lang);
        let mut cards = vec![];
        for s in self.sections_of(section)? {
            for e in s.entrants_by_number().into_iter().filter(|e| !e.house) {
                let number = match e.number {
                    Some(n) => fill(t(T::EntryCardField), &[&t(T::Number), &n]),
                    None => fill(t(T::EntryCardField), &[&t(T::RegistrationNo), &e.id.0]),
                };
                cards.push(EntryCard {
                    section: s.name.clone(),
                    number,
                    name: e.name.clone(),
                    unit: e.unit.clone(),
                    code: super::checkin::card_code(e.id),
                });
            }
        }
        Ok(EntryCards {
            event: self.event().name.clone(),
            cards,
        })
    }
}

impl Printer<'_> {
    /// The values of the certificate office's list (办证处名单): the players each grade event
    /// of `section` (or of the event) promoted, in number order, with the fee of the grade
    /// reached from the section's fee table. A section without a promotion table is no grade
    /// event and is left out.
    pub(super) fn certificate_office(
        &self,
        section: Option<SectionId>,
        lang: Lang,
    ) -> Result<CertificateOffice, AppError> {
        let mut out = CertificateOffice {
            event: self.event().name.clone(),
            when: when_line(self.event(), lang),
            sections: vec![],
        };
        for s in self.sections_of(section)? {
            let promotion = &s.settings.awards.promotion;
            if promotion.table.is_empty() || s.rounds.is_empty() {
                continue;
            }
            let f = Final::of(s)?;
            let mut promoted = f.promotions.clone();
            promoted.sort_by_key(|p| {
                let e = s.entrant(p.entrant);
                (
                    e.and_then(|e| e.number).is_none(),
                    e.and_then(|e| e.number),
                    p.entrant,
                )
            });
            let rows = promoted
                .iter()
                .map(|p| {
                    let e = s.entrant(p.entrant);
                    OfficeRow {
                        number: number(s, p.entrant),
                        name: e.map(|e| e.name.clone()).unwrap_or_default(),
                        unit: e.map(|e| e.unit.clone()).unwrap_or_default(),
                        from: p.from_grade.clone(),
                        to: p.to_grade.clone(),
                        fee: promotion.certificate_fee(&p.to_grade),
                    }
                })
                .collect();
            out.sections.push(OfficeSection {
                name: s.name.clone(),
                rows,
                provisional: f.provisional,
            });
        }
        Ok(out)
    }

    /// The values of the prize desk's receipt list (奖金签收表): each prize of `section` (or of
    /// every section that pays one), places first, then special prizes and team prizes, the
    /// amounts as the section's prize table states them (税前 / 税后).
    pub(super) fn prize_receipts(
        &self,
        section: Option<SectionId>,
        lang: Lang,
    ) -> Result<PrizeReceipts, AppError> {
        let t = |k: T| k.get(lang);
        let mut out = PrizeReceipts {
            event: self.event().name.clone(),
            when: when_line(self.event(), lang),
            sections: vec![],
        };
        for s in self.sections_of(section)? {
            if s.rounds.is_empty() {
                continue;
            }
            let f = Final::of(s)?;
            let mut rows: Vec<ReceiptRow> = f
                .prizes
                .prizes
                .iter()
                .map(|p| {
                    let e = s.entrant(p.winner);
                    ReceiptRow {
                        place: p.place,
                        number: number(s, p.winner),
                        name: e.map(|e| e.name.clone()).unwrap_or_default(),
                        unit: e.map(|e| e.unit.clone()).unwrap_or_default(),
                        kind: match &p.kind {
                            PrizeKind::Place => t(T::PlacePrize).to_string(),
                            PrizeKind::Special(name) => name.clone(),
                        },
                        amount: p.amount,
                    }
                })
                .collect();
            if s.has_team_competition() {
                rows.extend(f.team_prizes.prizes.iter().map(|p| ReceiptRow {
                    place: p.place,
                    name: p.winner.clone(),
                    kind: t(T::TeamPrizes).to_string(),
                    amount: p.amount,
                    ..ReceiptRow::default()
                }));
            }
            if rows.is_empty() && section.is_none() {
                continue;
            }
            out.sections.push(ReceiptSection {
                name: s.name.clone(),
                tax: crate::i18n::tax_basis(f.prizes.tax, lang).to_string(),
                rows,
                provisional: f.provisional,
            });
        }
        Ok(out)
    }
}

/// The lists the desk also keeps as a workbook: the certificate office's, the prize desk's and
/// the treasurer's 缴费名单.
pub fn has_workbook(kind: super::DocumentKind) -> bool {
    matches!(
        kind,
        super::DocumentKind::CertificateOffice
            | super::DocumentKind::PrizeReceipts
            | super::DocumentKind::FeeList
    )
}

/// The certificate office's list or the prize receipts of `section` (or of the event) as one
/// table, a line a player and a last line with the total, for the workbook.
pub fn desk_list_table(
    event: &Event,
    kind: super::DocumentKind,
    section: Option<SectionId>,
    lang: Lang,
) -> Result<ExportTable, AppError> {
    let t = |k: T| k.get(lang);
    let p = Printer::new(event);
    let text = |s: &str| {
        if s.is_empty() {
            Cell::Empty
        } else {
            Cell::Text(s.to_string())
        }
    };
    match kind {
        super::DocumentKind::CertificateOffice => {
            let list = p.certificate_office(section, lang)?;
            let mut rows: Vec<Vec<Cell>> = vec![];
            for s in &list.sections {
                for r in &s.rows {
                    rows.push(vec![
                        text(&s.name),
                        text(&r.number),
                        text(&r.name),
                        text(&r.unit),
                        text(&r.from),
                        text(&r.to),
                        match r.fee {
                            Some(f) => Cell::Int(f),
                            None => text(&fee_text(None, lang)),
                        },
                        Cell::Empty,
                    ]);
                }
            }
            rows.push(vec![
                text(t(T::Total)),
                Cell::Empty,
                Cell::Int(list.players() as i64),
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Int(list.total()),
                Cell::Empty,
            ]);
            Ok(ExportTable {
                title: t(T::DocCertificateOffice).to_string(),
                headers: [
                    T::Section,
                    T::Number,
                    T::Name,
                    T::Unit,
                    T::FromGrade,
                    T::ToGrade,
                    T::CertificateFee,
                    T::SignHere,
                ]
                .iter()
                .map(|k| t(*k).to_string())
                .collect(),
                rows,
            })
        }
        super::DocumentKind::PrizeReceipts => {
            let list = p.prize_receipts(section, lang)?;
            let mut rows: Vec<Vec<Cell>> = vec![];
            for s in &list.sections {
                for r in &s.rows {
                    rows.push(vec![
                        text(&s.name),
                        Cell::Int(i64::from(r.place)),
                        text(&r.number),
                        text(&r.name),
                        text(&r.unit),
                        text(&r.kind),
                        Cell::Int(r.amount),
                        text(&s.tax),
                        Cell::Empty,
                        Cell::Empty,
                    ]);
                }
            }
            let mut total = vec![Cell::Empty; 10];
            total[0] = text(t(T::Total));
            total[6] = Cell::Int(list.total());
            rows.push(total);
            Ok(ExportTable {
                title: t(T::DocPrizeReceipts).to_string(),
                headers: [
                    T::Section,
                    T::Rank,
                    T::Number,
                    T::Name,
                    T::Unit,
                    T::Prize,
                    T::Amount,
                    T::TaxBasisLabel,
                    T::SignHere,
                    T::ReceivedOn,
                ]
                .iter()
                .map(|k| t(*k).to_string())
                .collect(),
                rows,
            })
        }
        _ => Err(AppError::NoSuch(T::DocumentKind)),
    }
}

impl Tournament {
    /// Writes the certificate office's list or the prize receipts of `section` (or of the
    /// event) as a workbook (XLSX) to `path`, replacing a file there only when `replace`.
    pub fn export_desk_list(
        &self,
        kind: super::DocumentKind,
        section: Option<SectionId>,
        path: &Path,
        replace: bool,
        lang: Lang,
    ) -> Result<(), AppError> {
        let tables = match kind {
            // The 缴费名单 has a sheet per section, and for the event by section and by unit.
            super::DocumentKind::FeeList => {
                let list = Printer::new(self.event()).fee_list(section, lang)?;
                super::fees::fee_tables(&list, lang)
            }
            _ => vec![desk_list_table(self.event(), kind, section, lang)?],
        };
        let bytes = crate::interchange::export::to_xlsx(&tables)?;
        write_file(path, &bytes, replace)
    }
}
