//! 缴费 — fees at the registration desk: recording that an entrant paid his section's fee
//! (amount, method, receipt number, time), refunding it, each one undoable action with its
//! journal line; the desk's running count; and the values of the 缴费名单 the treasurer signs
//! off (by unit, with totals per unit, per section and for the event), as PDF and XLSX. The
//! amount owed is the rule book's ([`crate::model::FeeOptions::due`]); the faces only prefill
//! it.

use super::{AppError, Inverse, MAX_NAME, Tournament, check_length};
use crate::conduct::JournalEntry;
use crate::i18n::{Lang, T, fill};
use crate::interchange::export::{Cell, ExportTable};
use crate::model::{
    Entrant, EntrantId, FeeBasis, FeeFigures, MAX_FEE, Payment, PaymentMethod, PaymentState,
    Section, SectionId,
};
use crate::report::fee_list::{FeeList, FeeRow, FeeSection, FeeUnit};
use crate::store;
use chrono::Timelike;

/// What `e` of `s` owes and why (`None`: no fee is charged, or he is the house player).
pub fn fee_due(s: &Section, e: &Entrant) -> Option<(u32, FeeBasis)> {
    s.settings.fees.due(e)
}

/// An entrant's fee state in a word — 未缴, 已缴, 已退, or 不收费 when his section charges him
/// nothing and nothing was recorded. The one home of these words for every list and desk.
pub fn fee_state_word(s: &Section, e: &Entrant, lang: Lang) -> &'static str {
    if e.payment.state == PaymentState::Unpaid && fee_due(s, e).is_none() {
        T::FeeStateNoFee.get(lang)
    } else {
        crate::i18n::payment_state_text(e.payment.state, lang)
    }
}

/// The fee state with the amount recorded, as the desks show it: "已缴 80", "未缴", "不收费".
pub fn fee_state_text(s: &Section, e: &Entrant, lang: Lang) -> String {
    let word = fee_state_word(s, e, lang);
    match e.payment.state {
        PaymentState::Unpaid => word.to_string(),
        _ => format!("{word} {}", e.payment.amount),
    }
}

/// The desk's running count of a section's fees.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeeCount {
    /// Entrants who owe a fee (the house player aside).
    pub owing: usize,
    /// Of them, those who have paid (and not been refunded).
    pub paid: usize,
    pub figures: FeeFigures,
}

/// The desk's count of a section's fees in words: 已缴费 N / 应缴 M 人；实收…，未缴….
pub fn fee_count_text(s: &Section, lang: crate::i18n::Lang) -> String {
    let c = fee_count(s);
    crate::i18n::fill(
        T::FeeCount.get(lang),
        &[
            &s.name,
            &c.paid,
            &c.owing,
            &c.figures.net(),
            &c.figures.outstanding,
        ],
    )
}

pub fn fee_count(s: &Section) -> FeeCount {
    let mut c = FeeCount::default();
    for e in s.entrants.iter().filter(|e| !e.house) {
        let due = fee_due(s, e).map(|d| d.0);
        if due.is_some() {
            c.owing += 1;
            c.paid += usize::from(e.payment.state == PaymentState::Paid);
        }
        c.figures += FeeFigures::of(due, &e.payment);
    }
    c
}

/// "赛事服务费 150 元；会员 100 元" — the section's fee as the list and the desk state it.
pub fn fee_line(s: &Section, lang: Lang) -> String {
    let f = &s.settings.fees;
    let t = |k: T| k.get(lang);
    let name = if f.name.trim().is_empty() {
        t(T::Fee)
    } else {
        f.name.trim()
    };
    let Some(amount) = f.amount else {
        return fill(t(T::FeeNone), &[&name]);
    };
    let mut parts = vec![fill(t(T::FeeLine), &[&name, &amount])];
    if let Some(m) = f.member {
        parts.push(fill(t(T::FeeLine), &[&t(T::Member), &m]));
    }
    if let Some(o) = f.overseas {
        parts.push(fill(t(T::FeeLine), &[&t(T::Overseas), &o]));
    }
    for u in &f.units {
        let units: Vec<&str> = u.units.iter().map(|x| x.trim()).collect();
        parts.push(fill(
            t(T::FeeLine),
            &[&units.join(t(T::ListSeparator)), &u.amount],
        ));
    }
    parts.join(t(T::FeePartSeparator))
}

/// Why the amount was what it was, in words ("会员价"; empty for the standard amount).
pub fn basis_text(b: &FeeBasis, lang: Lang) -> String {
    match b {
        FeeBasis::Standard => String::new(),
        FeeBasis::Member => T::FeeBasisMember.get(lang).to_string(),
        FeeBasis::Overseas => T::FeeBasisOverseas.get(lang).to_string(),
        FeeBasis::Unit(u) => u.clone(),
    }
}

/// An amount as the desk types it ("150", "150元"; empty: the fee he owes), or the error that
/// names the field.
pub fn parse_fee_amount(text: &str) -> Result<Option<u32>, AppError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.trim_end_matches('元')
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|a| *a <= MAX_FEE)
        .map(Some)
        .ok_or_else(|| AppError::FieldInvalid {
            field: T::FeeAmount,
            value: t.to_string(),
            reason: format!("0–{MAX_FEE}"),
        })
}

/// The time now, to the second, as stored.
fn now() -> chrono::NaiveDateTime {
    let now = chrono::Local::now().naive_local();
    now.with_nanosecond(0).unwrap_or(now)
}

impl Tournament {
    /// 缴费 — `id` of `section` has paid: `amount` in yuan (`None`: what the section's fee
    /// says he owes), by `method`, against receipt `receipt` (may be empty), now. One undoable
    /// action. Refused for the house player, when he has paid already (undo it, or refund
    /// first), and when no amount is given and the section charges no fee.
    pub fn record_payment(
        &mut self,
        section: SectionId,
        id: EntrantId,
        amount: Option<u32>,
        method: PaymentMethod,
        receipt: &str,
    ) -> Result<Payment, AppError> {
        let s = self.section(section)?;
        let e = s.entrant(id).ok_or(AppError::NoSuch(T::Name))?;
        if e.house {
            return Err(AppError::FeeHousePlayer);
        }
        if e.payment.state == PaymentState::Paid {
            return Err(AppError::FeeAlreadyPaid {
                player: e.label(),
                amount: e.payment.amount,
            });
        }
        let amount = match amount.or(fee_due(s, e).map(|d| d.0)) {
            Some(a) => a,
            None => return Err(AppError::FeeNotSet(s.name.clone())),
        };
        if amount > MAX_FEE {
            return Err(AppError::FieldInvalid {
                field: T::FeeAmount,
                value: amount.to_string(),
                reason: format!("0–{MAX_FEE}"),
            });
        }
        let (receipt, _) = crate::model::without_invisible(receipt);
        check_length(T::Receipt, &receipt, MAX_NAME)?;
        let payment = Payment {
            state: PaymentState::Paid,
            amount,
            method: Some(method),
            receipt,
            paid_at: Some(now()),
            refunded_at: None,
        };
        self.change_payment(section, id, "fee.pay", payment)
    }

    /// 退费 — gives back what `id` of `section` paid: his payment is marked refunded, now. One
    /// undoable action. Refused when he has not paid.
    pub fn refund(&mut self, section: SectionId, id: EntrantId) -> Result<Payment, AppError> {
        let s = self.section(section)?;
        let e = s.entrant(id).ok_or(AppError::NoSuch(T::Name))?;
        if e.payment.state != PaymentState::Paid {
            return Err(AppError::FeeNotPaid(e.label()));
        }
        let payment = Payment {
            state: PaymentState::Refunded,
            refunded_at: Some(now()),
            ..e.payment.clone()
        };
        self.change_payment(section, id, "fee.refund", payment)
    }

    /// Writes `payment` as `id`'s, one action whose inverse puts the entrant back as he was.
    fn change_payment(
        &mut self,
        section: SectionId,
        id: EntrantId,
        action: &str,
        payment: Payment,
    ) -> Result<Payment, AppError> {
        let s = self.section(section)?;
        let e = s.entrant(id).ok_or(AppError::NoSuch(T::Name))?;
        let entry = JournalEntry::Payment {
            section: s.name.clone(),
            player: e.label(),
            payment: payment.clone(),
        };
        let before = Inverse::RestoreEntrant {
            section,
            entrant: e.clone(),
            existed: true,
        };
        self.act(action, entry, before, |tx| {
            store::set_payment(tx, id, &payment)
        })?;
        Ok(payment)
    }
}

impl super::documents::Printer<'_> {
    /// The values of the 缴费名单: `section`'s entrants, or every section's, by unit (units in
    /// pinyin order, players in number order), house players left out, with the totals per
    /// unit and per section, and for the whole event per section and per unit.
    pub(super) fn fee_list(
        &self,
        section: Option<SectionId>,
        lang: Lang,
    ) -> Result<FeeList, AppError> {
        let sections: Vec<&Section> = match section {
            Some(id) => vec![self.section(id)?],
            None => self.event().sections.iter().collect(),
        };
        let mut out = FeeList {
            event: self.event().name.clone(),
            when: super::documents::when_line(self.event(), lang),
            whole_event: section.is_none(),
            ..FeeList::default()
        };
        let mut by_unit: Vec<(String, FeeFigures)> = vec![];
        for s in sections {
            let mut players = s.entrants_by_number();
            players.retain(|e| !e.house);
            let mut names: Vec<&str> = players.iter().map(|e| e.unit.trim()).collect();
            names.sort_by_cached_key(|u| (crate::names::pinyin_key(u), u.to_string()));
            names.dedup();
            let mut units = vec![];
            for unit in names {
                let rows: Vec<FeeRow> = players
                    .iter()
                    .filter(|e| e.unit.trim() == unit)
                    .map(|e| fee_row(s, e, lang))
                    .collect();
                let total: FeeFigures = rows.iter().map(|r| r.figures).sum();
                match by_unit.iter_mut().find(|(u, _)| u == unit) {
                    Some((_, f)) => *f += total,
                    None => by_unit.push((unit.to_string(), total)),
                }
                units.push(FeeUnit {
                    name: unit.to_string(),
                    rows,
                    total,
                });
            }
            let total = units.iter().map(|u| u.total).sum();
            out.total += total;
            out.sections.push(FeeSection {
                name: s.name.clone(),
                fee: fee_line(s, lang),
                units,
                total,
            });
        }
        by_unit.sort_by_cached_key(|(u, _)| (crate::names::pinyin_key(u), u.clone()));
        out.units = by_unit;
        Ok(out)
    }
}

/// One player's line of the list.
fn fee_row(s: &Section, e: &Entrant, lang: Lang) -> FeeRow {
    let due = fee_due(s, e);
    let p = &e.payment;
    let time = |t: Option<chrono::NaiveDateTime>| {
        t.map(|t| t.format("%m-%d %H:%M").to_string())
            .unwrap_or_default()
    };
    FeeRow {
        number: e.number.map(|n| n.to_string()).unwrap_or_default(),
        registration: e.id.0.to_string(),
        name: e.name.clone(),
        rate: due
            .as_ref()
            .map(|(_, b)| basis_text(b, lang))
            .unwrap_or_default(),
        state: fee_state_word(s, e, lang).to_string(),
        method: p
            .method
            .map(|m| crate::i18n::payment_method_text(m, lang).to_string())
            .unwrap_or_default(),
        receipt: p.receipt.clone(),
        at: match p.state {
            PaymentState::Refunded => time(p.refunded_at),
            _ => time(p.paid_at),
        },
        figures: FeeFigures::of(due.map(|d| d.0), p),
    }
}

/// The money columns' headings: 应缴, 已缴, 已退, 未缴.
pub fn figure_heads(lang: Lang) -> [&'static str; 4] {
    [
        T::FeeDue.get(lang),
        T::FeePaid.get(lang),
        T::FeeRefunded.get(lang),
        T::FeeOutstanding.get(lang),
    ]
}

fn money(f: &FeeFigures) -> [Cell; 4] {
    [f.due, f.paid, f.refunded, f.outstanding].map(|v| Cell::Int(v as i64))
}

/// The list as workbook sheets: one per section (its players by unit, each unit's subtotal
/// and the section's total), and for the whole event the totals per section and per unit.
pub fn fee_tables(list: &FeeList, lang: Lang) -> Vec<ExportTable> {
    let t = |k: T| k.get(lang).to_string();
    let text = |s: &str| {
        if s.is_empty() {
            Cell::Empty
        } else {
            Cell::Text(s.to_string())
        }
    };
    let mut tables = vec![];
    let mut heads = vec![
        t(T::Number),
        t(T::RegistrationNo),
        t(T::Name),
        t(T::Unit),
        t(T::FeeRate),
    ];
    heads.extend(figure_heads(lang).map(String::from));
    heads.extend([
        t(T::FeeState),
        t(T::PaymentMethodLabel),
        t(T::Receipt),
        t(T::Time),
    ]);
    for s in &list.sections {
        let mut rows = vec![];
        for u in &s.units {
            let unit = if u.name.is_empty() {
                t(T::NoUnit)
            } else {
                u.name.clone()
            };
            for r in &u.rows {
                let mut row = vec![
                    r.number
                        .parse::<i64>()
                        .map(Cell::Int)
                        .unwrap_or(Cell::Empty),
                    r.registration
                        .parse::<i64>()
                        .map(Cell::Int)
                        .unwrap_or(Cell::Empty),
                    text(&r.name),
                    text(&unit),
                    text(&r.rate),
                ];
                row.extend(money(&r.figures));
                row.extend([
                    text(&r.state),
                    text(&r.method),
                    text(&r.receipt),
                    text(&r.at),
                ]);
                rows.push(row);
            }
            rows.push(total_row(&fill(&t(T::FeeSubtotal), &[&unit]), &u.total, 3));
        }
        rows.push(total_row(
            &fill(&t(T::FeeSectionTotal), &[&s.name]),
            &s.total,
            3,
        ));
        tables.push(ExportTable {
            title: format!("{} {} — {}", s.name, t(T::DocFeeList), s.fee),
            headers: heads.clone(),
            rows,
        });
    }
    if list.whole_event {
        let mut heads = vec![t(T::Section)];
        heads.extend(figure_heads(lang).map(String::from));
        let mut rows: Vec<Vec<Cell>> = list
            .sections
            .iter()
            .map(|s| total_row(&s.name, &s.total, 0))
            .collect();
        rows.push(total_row(&t(T::FeeEventTotal), &list.total, 0));
        tables.push(ExportTable {
            title: format!("{} {}", t(T::DocFeeList), t(T::FeeBySection)),
            headers: heads,
            rows,
        });
        let mut heads = vec![t(T::Unit)];
        heads.extend(figure_heads(lang).map(String::from));
        let mut rows: Vec<Vec<Cell>> = list
            .units
            .iter()
            .map(|(u, f)| {
                let name = if u.is_empty() {
                    t(T::NoUnit)
                } else {
                    u.clone()
                };
                total_row(&name, f, 0)
            })
            .collect();
        rows.push(total_row(&t(T::FeeEventTotal), &list.total, 0));
        tables.push(ExportTable {
            title: format!("{} {}", t(T::DocFeeList), t(T::FeeByUnit)),
            headers: heads,
            rows,
        });
    }
    tables
}

/// A total's row: its label in column `at`, then after the columns before the money (those of
/// a player's row when `at` is 3: number, registration, name, unit, rate) the four figures.
fn total_row(label: &str, f: &FeeFigures, at: usize) -> Vec<Cell> {
    let mut row = vec![Cell::Empty; at];
    row.push(Cell::Text(label.to_string()));
    if at > 0 {
        row.push(Cell::Empty);
    }
    row.extend(money(f));
    row
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::FeeOptions;

    #[test]
    fn an_amount_is_read_as_the_desk_types_it() {
        assert_eq!(parse_fee_amount(" 150 ").ok(), Some(Some(150)));
        assert_eq!(parse_fee_amount("100元").ok(), Some(Some(100)));
        assert_eq!(parse_fee_amount("").ok(), Some(None));
        for bad in ["150.5", "-1", "一百", "2000000"] {
            assert!(parse_fee_amount(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_fee_line_states_the_rates_as_the_regulation_does() {
        let mut s = Section::default();
        s.settings.fees = FeeOptions {
            name: "赛事服务费".into(),
            amount: Some(150),
            member: Some(100),
            ..FeeOptions::default()
        };
        assert_eq!(fee_line(&s, Lang::Zh), "赛事服务费 150 元；会员 100 元");
        s.settings.fees = FeeOptions::default();
        assert_eq!(fee_line(&s, Lang::Zh), "报名费：不收费");
    }
}
