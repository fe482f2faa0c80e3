//! `bianpai checkin …` — the registration desk (签到 / 检录) from a script, as the window's
//! check-in desk does it: check one entrant in by what the door would type or scan, list who is
//! in and who is not, and close check-in (关闭签到). Each change is one undoable action.

use super::find_section;
use crate::app::{AppError, CheckedIn, Tournament, check_in_count, check_in_matches};
use crate::i18n::{Lang, T, fill};
use crate::model::Section;
use clap::Args;
use std::path::PathBuf;

/// `bianpai checkin FILE -s SECTION WHO | --list | --close`.
#[derive(Args, Debug)]
pub struct CheckInArgs {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
    /// Who checks in: a pairing number (序号), a registration number (报名号), a name, pinyin
    /// initials, or the code of an entry card (BP000123). It must name one entrant; when it
    /// names several they are listed and nobody is checked in.
    #[arg(required_unless_present_any = ["list", "close"], conflicts_with_all = ["list", "close"])]
    who: Option<String>,
    /// List the section's entrants, one a line, tab-separated: number (0 before the draw),
    /// registration number, name, unit, check-in time (empty: not yet); the count on standard
    /// error.
    #[arg(long, conflicts_with = "close")]
    list: bool,
    /// Close check-in: those not checked in are withdrawn from round 1 (and, where the lots are
    /// drawn among those present, lose their number); they are printed, one a line.
    #[arg(long)]
    close: bool,
}

pub fn run(args: CheckInArgs, lang: Lang) -> Result<(), String> {
    run_inner(args, lang).map_err(|e| e.message(lang))
}

fn count_line(s: &Section, lang: Lang) -> String {
    let c = check_in_count(s);
    fill(
        T::CheckInCount.get(lang),
        &[&s.name, &c.present, &c.entered],
    )
}

fn run_inner(args: CheckInArgs, lang: Lang) -> Result<(), AppError> {
    let mut t = Tournament::open(&args.file)?;
    let section = find_section(&t, &args.section)?;
    let time = |at: chrono::NaiveDateTime| at.format("%H:%M:%S").to_string();
    if args.list {
        let s = t.section(section)?;
        for e in s.entrants_by_number().into_iter().filter(|e| !e.house) {
            outln!(
                "{}\t{}\t{}\t{}\t{}",
                e.number.unwrap_or(0),
                e.id.0,
                e.name,
                e.unit,
                e.checked_in
                    .map(|at| at.format("%Y-%m-%d %H:%M:%S").to_string())
                    .unwrap_or_default()
            );
        }
        eprintln!("{}", count_line(s, lang));
        return Ok(());
    }
    if args.close {
        let absent = t.close_check_in(section)?;
        let s = t.section(section)?;
        for id in &absent {
            outln!("{}", s.label(*id));
        }
        eprintln!(
            "{}",
            fill(T::CheckInClosedDone.get(lang), &[&s.name, &absent.len()])
        );
        return Ok(());
    }
    let who = args.who.unwrap_or_default();
    let found = check_in_matches(t.event(), section, &who);
    let (in_section, id) = match found[..] {
        [one] => one,
        [] => return Err(AppError::NoSuchEntrant(who.trim().to_string())),
        _ => {
            for (s, id) in &found {
                if let Some(s) = t.event().section(*s) {
                    eprintln!("{}\t{}", s.name, s.label(*id));
                }
            }
            return Err(AppError::EntrantAmbiguous(who.trim().to_string()));
        }
    };
    let done = t.check_in(in_section, id)?;
    let s = t.section(in_section)?;
    let label = s.label(id);
    let said = match done {
        CheckedIn::Now(at) => fill(T::CheckInDone.get(lang), &[&label, &time(at)]),
        CheckedIn::Already(at) => fill(T::CheckInAlready.get(lang), &[&label, &time(at)]),
        CheckedIn::Late { at, from_round } => fill(
            T::CheckInLateDone.get(lang),
            &[&label, &time(at), &from_round],
        ),
    };
    outln!("{said}");
    eprintln!("{}", count_line(s, lang));
    Ok(())
}
