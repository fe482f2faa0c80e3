//! `bianpai entrant …` and `bianpai event FILE …` — what the window's Entrants and Event tabs do,
//! from a script: list, add, edit, remove an entrant; withdraw (退出), exclude (取消比赛资格) and
//! reinstate one; add the house player (补双); read and set the event's details (name, organiser,
//! venue, dates, chief arbiter, event-wide cap), which the order book and certificates print.
//! Every change is one action of the app, undoable in the window, as the window makes it.

use super::find_section;
use crate::app::{AppError, Tournament};
use crate::i18n::{Lang, T, status_text};
use crate::interchange::entrants::parse_sex;
use crate::model::{
    Entrant, EntrantId, EntrantStatus, Event, EventDetails, Section, SectionId, Sex, parse_date,
};
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum EntrantCommand {
    /// List a section's entrants, one a line, tab-separated: number (0 before the draw), name,
    /// sex, birth date, unit, rating, grade, status.
    List(Which),
    /// Add an entrant (after the draw, he gets the next free number); prints number and name.
    Add {
        #[command(flatten)]
        which: Which,
        #[command(flatten)]
        details: Details,
    },
    /// Change an entrant's details; only the fields given change.
    Edit {
        #[command(flatten)]
        which: Which,
        /// The entrant: his pairing number, or his name.
        who: String,
        #[command(flatten)]
        details: Details,
        /// A new pairing number (序号), before round 1 is paired.
        #[arg(long)]
        number: Option<u32>,
    },
    /// Remove an entrant who has played no game yet (others are withdrawn).
    Remove {
        #[command(flatten)]
        which: Which,
        /// The entrant: his pairing number, or his name.
        who: String,
    },
    /// 退出 — he withdraws: his results stand, he is not paired from the next round on.
    Withdraw {
        #[command(flatten)]
        which: Which,
        /// The entrant: his pairing number, or his name.
        who: String,
    },
    /// 取消比赛资格 — he is excluded: not paired again.
    Exclude {
        #[command(flatten)]
        which: Which,
        /// The entrant: his pairing number, or his name.
        who: String,
    },
    /// He plays again (after a withdrawal or exclusion taken back).
    Reinstate {
        #[command(flatten)]
        which: Which,
        /// The entrant: his pairing number, or his name.
        who: String,
    },
    /// 补双 — add the house player that makes an odd field even (named 补双, of the organiser).
    House(Which),
}

/// The event file and the section.
#[derive(Args, Debug)]
pub struct Which {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
}

/// An entrant's fields as the command line gives them; each left out is kept (edit) or empty
/// (add).
#[derive(Args, Debug)]
pub struct Details {
    /// 姓名.
    #[arg(long)]
    name: Option<String>,
    /// 性别: 男 or 女 (M, F).
    #[arg(long)]
    sex: Option<String>,
    /// 出生日期, e.g. 2012-05-03 or 2012年5月3日.
    #[arg(long)]
    born: Option<String>,
    /// 单位 / 代表队.
    #[arg(long)]
    unit: Option<String>,
    /// 等级分; an empty value clears it.
    #[arg(long)]
    rating: Option<String>,
    /// 级别 / 等级称号.
    #[arg(long)]
    grade: Option<String>,
    /// 会员: true or false.
    #[arg(long)]
    member: Option<bool>,
    /// 境外运动员: true or false.
    #[arg(long)]
    overseas: Option<bool>,
    /// On the team entry form (counts for the team ranking): true or false.
    #[arg(long)]
    team_member: Option<bool>,
}

impl Details {
    /// `e` with the fields given here.
    fn apply(&self, mut e: Entrant) -> Result<Entrant, AppError> {
        let invalid = |field: T, value: &str, reason: &str| AppError::FieldInvalid {
            field,
            value: value.to_string(),
            reason: reason.into(),
        };
        if let Some(n) = &self.name {
            e.name = n.clone();
        }
        if let Some(sex) = &self.sex {
            e.sex = match sex.trim() {
                "" => Sex::Unknown,
                t => parse_sex(t).ok_or_else(|| invalid(T::Sex, t, "男/女"))?,
            };
        }
        if let Some(born) = &self.born {
            e.birth_date = match born.trim() {
                "" => None,
                t => Some(parse_date(t).ok_or_else(|| invalid(T::BirthDate, t, "YYYY-MM-DD"))?),
            };
        }
        if let Some(u) = &self.unit {
            e.unit = u.clone();
        }
        if let Some(r) = &self.rating {
            e.rating = match r.trim() {
                "" => None,
                t => Some(t.parse().map_err(|_| invalid(T::Rating, t, "0–4000"))?),
            };
        }
        if let Some(g) = &self.grade {
            e.grade = g.clone();
        }
        e.member = self.member.unwrap_or(e.member);
        e.overseas = self.overseas.unwrap_or(e.overseas);
        e.team_member = self.team_member.unwrap_or(e.team_member);
        Ok(e)
    }
}

/// The entrant `who` names: a pairing number, else an exact name (one entrant only).
fn find_entrant(s: &Section, who: &str) -> Result<EntrantId, AppError> {
    let who = who.trim();
    if let Ok(n) = who.parse::<u32>()
        && let Some(e) = s.entrants.iter().find(|e| e.number == Some(n))
    {
        return Ok(e.id);
    }
    let named: Vec<&Entrant> = s.entrants.iter().filter(|e| e.name == who).collect();
    match named[..] {
        [e] => Ok(e.id),
        [] => Err(AppError::NoSuchEntrant(who.to_string())),
        _ => Err(AppError::EntrantAmbiguous(who.to_string())),
    }
}

fn open(which: &Which) -> Result<(Tournament, SectionId), AppError> {
    let t = Tournament::open(&which.file)?;
    let id = find_section(&t, &which.section)?;
    Ok((t, id))
}

pub fn run(cmd: EntrantCommand, lang: Lang) -> Result<(), String> {
    run_inner(cmd, lang).map_err(|e| e.message(lang))
}

fn run_inner(cmd: EntrantCommand, lang: Lang) -> Result<(), AppError> {
    let status = |which: Which, who: String, to: EntrantStatus| -> Result<(), AppError> {
        let (mut t, id) = open(&which)?;
        let s = t.section(id)?;
        let e = s
            .entrant(find_entrant(s, &who)?)
            .cloned()
            .ok_or(AppError::NoSuch(T::Name))?;
        t.update_entrant(id, &Entrant { status: to, ..e })
    };
    match cmd {
        EntrantCommand::List(which) => {
            let (t, id) = open(&which)?;
            let s = t.section(id)?;
            let mut list: Vec<&Entrant> = s.entrants.iter().collect();
            list.sort_by_key(|e| (e.number.is_none(), e.number, e.id));
            for e in list {
                outln!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    e.number.unwrap_or(0),
                    e.name,
                    crate::i18n::sex_text(e.sex, lang),
                    e.birth_date.map(|d| d.to_string()).unwrap_or_default(),
                    e.unit,
                    e.rating.map(|r| r.to_string()).unwrap_or_default(),
                    e.grade,
                    status_text(e.status, lang)
                );
            }
            Ok(())
        }
        EntrantCommand::Add { which, details } => {
            let (mut t, id) = open(&which)?;
            let e = details.apply(Entrant::default())?;
            let new = t.add_entrant(id, &e)?;
            print_entrant(t.section(id)?, new);
            Ok(())
        }
        EntrantCommand::Edit {
            which,
            who,
            details,
            number,
        } => {
            let (mut t, id) = open(&which)?;
            let s = t.section(id)?;
            let old = s
                .entrant(find_entrant(s, &who)?)
                .cloned()
                .ok_or(AppError::NoSuch(T::Name))?;
            let mut e = details.apply(old)?;
            if number.is_some() {
                e.number = number;
            }
            t.update_entrant(id, &e)?;
            print_entrant(t.section(id)?, e.id);
            Ok(())
        }
        EntrantCommand::Remove { which, who } => {
            let (mut t, id) = open(&which)?;
            let e = find_entrant(t.section(id)?, &who)?;
            t.remove_entrant(id, e)
        }
        EntrantCommand::Withdraw { which, who } => status(which, who, EntrantStatus::Withdrawn),
        EntrantCommand::Exclude { which, who } => status(which, who, EntrantStatus::Excluded),
        EntrantCommand::Reinstate { which, who } => status(which, who, EntrantStatus::Active),
        EntrantCommand::House(which) => {
            let (mut t, id) = open(&which)?;
            let new = t.add_house_player(id)?;
            print_entrant(t.section(id)?, new);
            Ok(())
        }
    }
}

fn print_entrant(s: &Section, id: EntrantId) {
    if let Some(e) = s.entrant(id) {
        outln!("{}\t{}", e.number.unwrap_or(0), e.name);
    }
}

/// `bianpai event FILE [--name …] [--organiser …] …`: without a detail, prints the event's
/// details, one `key<TAB>value` a line; with any, sets those given (one action) and prints them.
#[derive(Args, Debug)]
pub struct EventArgs {
    /// The event file.
    file: PathBuf,
    /// 赛事名称.
    #[arg(long)]
    name: Option<String>,
    /// 主办单位 (the house player, 补双, is of this unit).
    #[arg(long)]
    organiser: Option<String>,
    /// 比赛地点.
    #[arg(long)]
    venue: Option<String>,
    /// 开始日期, e.g. 2026-05-01 (an empty value clears it).
    #[arg(long)]
    start: Option<String>,
    /// 结束日期.
    #[arg(long)]
    end: Option<String>,
    /// 裁判长.
    #[arg(long)]
    chief_arbiter: Option<String>,
    /// 全赛限报人数: the most entrants of all sections together; 0 for none.
    #[arg(long)]
    cap: Option<u32>,
    /// 承办单位, one a line (an empty value clears it).
    #[arg(long)]
    hosts: Option<String>,
    /// 协办单位, one a line.
    #[arg(long)]
    co_organisers: Option<String>,
    /// 组委会: its members, one a line ("主任：王某").
    #[arg(long)]
    committee: Option<String>,
    /// 副裁判长, one or more a line.
    #[arg(long)]
    deputy_arbiters: Option<String>,
    /// 裁判员, one or more a line.
    #[arg(long)]
    arbiters: Option<String>,
    /// 竞赛规程: a text file (UTF-8) whose text the order book prints; an empty
    /// value clears it.
    #[arg(long, value_name = "FILE")]
    regulations: Option<PathBuf>,
    /// 赛场须知: a text file, an item a line; an empty value clears it.
    #[arg(long, value_name = "FILE")]
    venue_rules: Option<PathBuf>,
}

/// A long text as the details list prints it: its length (empty when there is none).
fn chars(text: &str, lang: Lang) -> String {
    match text.chars().count() {
        0 => String::new(),
        n => crate::i18n::fill(T::CharCount.get(lang), &[&n]),
    }
}

/// The text of a file given for a long detail (竞赛规程, 赛场须知); an empty path clears it.
fn detail_file(path: &Option<PathBuf>, now: &str) -> Result<String, AppError> {
    match path {
        None => Ok(now.to_string()),
        Some(p) if p.as_os_str().is_empty() => Ok(String::new()),
        Some(p) => {
            crate::interchange::entrants::read_text(p).map_err(|e| AppError::Import(e.into()))
        }
    }
}

pub fn event(args: EventArgs, lang: Lang) -> Result<(), String> {
    event_inner(args, lang).map_err(|e| e.message(lang))
}

fn event_inner(args: EventArgs, lang: Lang) -> Result<(), AppError> {
    let mut t = Tournament::open(&args.file)?;
    let date = |field: T, text: &Option<String>, now: Option<chrono::NaiveDate>| match text {
        None => Ok(now),
        Some(text) if text.trim().is_empty() => Ok(None),
        Some(text) => parse_date(text.trim())
            .map(Some)
            .ok_or_else(|| AppError::FieldInvalid {
                field,
                value: text.clone(),
                reason: "YYYY-MM-DD".into(),
            }),
    };
    let e = t.event();
    let changed = Event {
        name: args.name.clone().unwrap_or_else(|| e.name.clone()),
        organiser: args
            .organiser
            .clone()
            .unwrap_or_else(|| e.organiser.clone()),
        venue: args.venue.clone().unwrap_or_else(|| e.venue.clone()),
        start_date: date(T::StartDate, &args.start, e.start_date)?,
        end_date: date(T::EndDate, &args.end, e.end_date)?,
        chief_arbiter: args
            .chief_arbiter
            .clone()
            .unwrap_or_else(|| e.chief_arbiter.clone()),
        entry_cap: args.cap.map_or(e.entry_cap, |c| (c > 0).then_some(c)),
        details: EventDetails {
            hosts: args
                .hosts
                .clone()
                .unwrap_or_else(|| e.details.hosts.clone()),
            co_organisers: args
                .co_organisers
                .clone()
                .unwrap_or_else(|| e.details.co_organisers.clone()),
            committee: args
                .committee
                .clone()
                .unwrap_or_else(|| e.details.committee.clone()),
            deputy_arbiters: args
                .deputy_arbiters
                .clone()
                .unwrap_or_else(|| e.details.deputy_arbiters.clone()),
            arbiters: args
                .arbiters
                .clone()
                .unwrap_or_else(|| e.details.arbiters.clone()),
            regulations: detail_file(&args.regulations, &e.details.regulations)?,
            venue_rules: detail_file(&args.venue_rules, &e.details.venue_rules)?,
        },
        sections: vec![],
    };
    let any = args.name.is_some()
        || args.organiser.is_some()
        || args.venue.is_some()
        || args.start.is_some()
        || args.end.is_some()
        || args.chief_arbiter.is_some()
        || args.cap.is_some()
        || args.hosts.is_some()
        || args.co_organisers.is_some()
        || args.committee.is_some()
        || args.deputy_arbiters.is_some()
        || args.arbiters.is_some()
        || args.regulations.is_some()
        || args.venue_rules.is_some();
    if any {
        t.set_event_info(&changed)?;
    }
    let e = t.event();
    let date = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
    for (key, value) in [
        (T::EventName, e.name.clone()),
        (T::Organiser, e.organiser.clone()),
        (T::Venue, e.venue.clone()),
        (T::StartDate, date(e.start_date)),
        (T::EndDate, date(e.end_date)),
        (T::ChiefArbiter, e.chief_arbiter.clone()),
        (
            T::EventEntryCap,
            e.entry_cap.map(|c| c.to_string()).unwrap_or_default(),
        ),
    ] {
        outln!("{}\t{}", key.get(lang), value);
    }
    // The details, a line each: a list's entries joined by 、, a long text by its length.
    let d = &e.details;
    let joined = |text: &str| EventDetails::lines(text).join(T::ListSeparator.get(lang));
    for (key, value) in [
        (T::Hosts, joined(&d.hosts)),
        (T::CoOrganisers, joined(&d.co_organisers)),
        (T::Committee, joined(&d.committee)),
        (T::DeputyArbiters, joined(&d.deputy_arbiters)),
        (T::Arbiters, joined(&d.arbiters)),
        (T::Regulations, chars(&d.regulations, lang)),
        (T::VenueRules, chars(&d.venue_rules, lang)),
    ] {
        outln!("{}\t{}", key.get(lang), value);
    }
    Ok(())
}
