//! `bianpai fees …` — fees at the registration desk (缴费) from a script, as the window's desk and
//! entrant form record them: list a section's fees with the totals, record a payment, refund
//! one. Each change is one undoable action. The fee itself (amount, reduced rates) is a
//! section setting: the `[fees]` table of the settings file (`bianpai settings --import`).

use super::find_section;
use crate::app::{AppError, Tournament, check_in_matches, fee_due};
use crate::i18n::{Lang, T, fill, payment_method_text};
use crate::model::{EntrantId, FeeFigures, PaymentMethod, SectionId};
use clap::Args;
use std::path::PathBuf;

/// `bianpai fees FILE -s SECTION [--pay WHO [--amount N] [--method M] [--receipt R] | --refund WHO]`.
#[derive(Args, Debug)]
pub struct FeesArgs {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
    /// Record that this entrant paid: a pairing number (序号), a registration number (报名号), a
    /// name or the code of an entry card; it must name one entrant.
    #[arg(long, value_name = "WHO", conflicts_with = "refund")]
    pay: Option<String>,
    /// The amount paid, in whole yuan (the fee the section's settings give him when left out).
    #[arg(long, requires = "pay")]
    amount: Option<u32>,
    /// How it was paid: cash, wechat, alipay, transfer or other (or 现金, 微信, 支付宝, 转账,
    /// 其他).
    #[arg(long, requires = "pay", default_value = "cash")]
    method: String,
    /// The receipt number (收据号).
    #[arg(long, requires = "pay", default_value = "")]
    receipt: String,
    /// Refund what this entrant paid (as --pay names him).
    #[arg(long, value_name = "WHO")]
    refund: Option<String>,
}

pub fn run(args: FeesArgs, lang: Lang) -> Result<(), String> {
    run_inner(args, lang).map_err(|e| e.message(lang))
}

/// The one entrant `who` names (as the check-in desk reads it), in whichever section.
fn one(t: &Tournament, section: SectionId, who: &str) -> Result<(SectionId, EntrantId), AppError> {
    let found = check_in_matches(t.event(), section, who);
    match found[..] {
        [one] => Ok(one),
        [] => Err(AppError::NoSuchEntrant(who.trim().to_string())),
        _ => {
            for (s, id) in &found {
                if let Some(s) = t.event().section(*s) {
                    eprintln!("{}\t{}", s.name, s.label(*id));
                }
            }
            Err(AppError::EntrantAmbiguous(who.trim().to_string()))
        }
    }
}

fn count_line(t: &Tournament, section: SectionId, lang: Lang) -> Result<String, AppError> {
    Ok(crate::app::fee_count_text(t.section(section)?, lang))
}

fn run_inner(args: FeesArgs, lang: Lang) -> Result<(), AppError> {
    let mut t = Tournament::open(&args.file)?;
    let section = find_section(&t, &args.section)?;
    if let Some(who) = &args.pay {
        let method = PaymentMethod::parse(&args.method).ok_or_else(|| AppError::FieldInvalid {
            field: T::PaymentMethodLabel,
            value: args.method.clone(),
            reason: "cash, wechat, alipay, transfer, other".into(),
        })?;
        let (s, id) = one(&t, section, who)?;
        let paid = t.record_payment(s, id, args.amount, method, &args.receipt)?;
        let label = t.section(s)?.label(id);
        outln!(
            "{}",
            fill(
                T::FeeRecorded.get(lang),
                &[&label, &paid.amount, &payment_method_text(method, lang)]
            )
        );
        eprintln!("{}", count_line(&t, s, lang)?);
        return Ok(());
    }
    if let Some(who) = &args.refund {
        let (s, id) = one(&t, section, who)?;
        let back = t.refund(s, id)?;
        let label = t.section(s)?.label(id);
        outln!(
            "{}",
            fill(T::FeeRefundDone.get(lang), &[&label, &back.amount])
        );
        eprintln!("{}", count_line(&t, s, lang)?);
        return Ok(());
    }
    // The list: one entrant a line, tab-separated, then the section's totals.
    let s = t.section(section)?;
    let mut total = FeeFigures::default();
    for e in s.entrants_by_number().into_iter().filter(|e| !e.house) {
        let due = fee_due(s, e);
        let f = FeeFigures::of(due.as_ref().map(|d| d.0), &e.payment);
        total += f;
        let p = &e.payment;
        outln!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            e.number.unwrap_or(0),
            e.id.0,
            e.name,
            e.unit,
            due.map(|d| d.0.to_string()).unwrap_or_default(),
            crate::app::fee_state_word(s, e, lang),
            f.paid,
            f.refunded,
            p.method
                .map(|m| payment_method_text(m, lang))
                .unwrap_or_default(),
            p.receipt,
            p.paid_at
                .map(|at| at.format("%Y-%m-%d %H:%M:%S").to_string())
                .unwrap_or_default()
        );
    }
    let [due, paid, refunded, outstanding] = crate::app::figure_heads(lang);
    outln!(
        "{}\t{due} {}\t{paid} {}\t{refunded} {}\t{outstanding} {}",
        T::Total.get(lang),
        total.due,
        total.paid,
        total.refunded,
        total.outstanding
    );
    eprintln!("{}", count_line(&t, section, lang)?);
    Ok(())
}
