//! `bianpai team …` — the teams of a team section (团体赛) from a script, through the same app
//! services as the window: add, edit, remove and list teams with their players in the team's
//! order (or import them from one sheet), set or show a round's line-up (出场名单), list a round's matches with their 局分,
//! forfeit a whole match, give a team bye. Pairing, results and standings are the verbs of
//! every section (`pair`, `result`, `standings`).

use super::find_section;
use crate::app::{AppError, PlayerForm, TeamForm, Tournament, team_event};
use crate::i18n::{Lang, T, fill};
use crate::model::{
    ByeKind, EntrantId, MatchForfeit, Section, SectionId, Sex, TeamNo, TeamRecords, board_number,
    default_lineup,
};
use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum TeamCommand {
    /// Add a team: its name, unit, captain and players in the team's order (the boards'
    /// players first, then the reserves); prints its number and name.
    #[command(after_help = "Example:\n  \
        bianpai team add 赛事.bianpai -s 团体组 --name 红星队 --unit 静安区 --players \"甲,乙,丙,丁,戊\"")]
    Add {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// 队名.
        #[arg(long)]
        name: String,
        /// 单位 (the players' unit; the team's name when left out).
        #[arg(long, default_value = "")]
        unit: String,
        /// 领队.
        #[arg(long, default_value = "")]
        captain: String,
        /// The players in the team's order, separated by commas (，、 too); a player's sex
        /// may follow his name after a slash: `甲/女`, `Li/F`.
        #[arg(long)]
        players: String,
    },
    /// Add the teams of one sheet (XLSX, ODS or CSV), one player a row: 队名 (参赛队, 代表队),
    /// 单位, 领队, 台次 or 顺序 (the player's place in the team's order, reserves after the
    /// boards; row order without it), 姓名, 性别. All the teams or, at the first fault (named
    /// by row and column), none; prints each team's number and name.
    #[command(after_help = "Example:\n  bianpai team import 赛事.bianpai -s 团体组 报名.xlsx")]
    Import {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The sheet.
        sheet: PathBuf,
    },
    /// Change a team (what is given; a player whose name stays keeps his results).
    Edit {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The team: its number or name.
        #[arg(long, short)]
        team: String,
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        unit: Option<String>,
        #[arg(long)]
        captain: Option<String>,
        /// The whole list of players in the team's order.
        #[arg(long)]
        players: Option<String>,
    },
    /// Remove a team with its players (before round 1 is paired).
    Remove {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The team: its number or name.
        #[arg(long, short)]
        team: String,
    },
    /// The teams, one a line, tab-separated: number, name, unit, captain, players in the
    /// team's order ("number name", comma-separated).
    List {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
    },
    /// 出场名单: set a team's line-up for round R (`--players`, board 1 first, names or
    /// pairing numbers, in the team's order), or print it: board, number, name.
    Lineup {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The round.
        #[arg(long, short)]
        round: u32,
        /// The team: its number or name.
        #[arg(long, short)]
        team: String,
        /// The players, board 1 first.
        #[arg(long)]
        players: Option<String>,
    },
    /// The matches of round R, one a line, tab-separated: table, first team's number and
    /// name, second team's number and name, 局分 of each (boards with a result), then the
    /// boards of the table (first, last); a team bye prints as `0<TAB>number<TAB>name`.
    Matches {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The round.
        #[arg(long, short)]
        round: u32,
    },
    /// 整场弃权: the match at table T of round R forfeited as a whole; --winner first|second
    /// (the team that came) or neither; --cancel takes it back (its boards cleared).
    Forfeit {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The round.
        #[arg(long, short)]
        round: u32,
        /// The table (场次) of the match.
        #[arg(long)]
        table: u32,
        #[arg(long, value_enum, required_unless_present = "cancel")]
        winner: Option<Winner>,
        #[arg(long)]
        cancel: bool,
    },
    /// 团体轮空: a team without a match in round R gets a bye of --kind full|half|zero;
    /// --cancel takes it back.
    Bye {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The round.
        #[arg(long, short)]
        round: u32,
        /// The team: its number or name.
        #[arg(long, short)]
        team: String,
        #[arg(long, value_enum, default_value_t = ByeArg::Zero)]
        kind: ByeArg,
        #[arg(long)]
        cancel: bool,
    },
}

/// `team forfeit --winner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Winner {
    /// The team named first came.
    First,
    /// The team named second came.
    Second,
    /// Neither came (both lose).
    Neither,
}

/// `team bye --kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ByeArg {
    Full,
    Half,
    Zero,
}

pub fn run(cmd: TeamCommand, lang: Lang) -> Result<(), String> {
    let m = |e: AppError| e.message(lang);
    match cmd {
        TeamCommand::Add {
            file,
            section,
            name,
            unit,
            captain,
            players,
        } => {
            let (mut t, id) = open(&file, &section).map_err(m)?;
            let form = TeamForm {
                name,
                unit,
                captain,
                players: parse_players(&players, lang)?,
            };
            let number = t.add_team(id, &form).map_err(m)?;
            let records = t.team_records(id).map_err(m)?;
            if let Some(team) = records.team(number) {
                outln!("{}\t{}", team.number, team.name);
            }
            Ok(())
        }
        TeamCommand::Import {
            file,
            section,
            sheet,
        } => {
            let (mut t, id) = open(&file, &section).map_err(m)?;
            let (numbers, unread) = t.import_teams(id, &sheet).map_err(m)?;
            if !unread.is_empty() {
                eprintln!(
                    "{}",
                    fill(
                        T::TeamSheetUnread.get(lang),
                        &[&unread.join(T::NoteSeparator.get(lang))]
                    )
                );
            }
            let records = t.team_records(id).map_err(m)?;
            for n in numbers {
                if let Some(team) = records.team(n) {
                    outln!("{}\t{}", team.number, team.name);
                }
            }
            Ok(())
        }
        TeamCommand::Edit {
            file,
            section,
            team,
            name,
            unit,
            captain,
            players,
        } => {
            if name.is_none() && unit.is_none() && captain.is_none() && players.is_none() {
                return Err(T::TeamErrNothingToEdit.get(lang).to_string());
            }
            let (mut t, id) = open(&file, &section).map_err(m)?;
            let records = t.team_records(id).map_err(m)?;
            let number = find_team(&records, &team).map_err(m)?;
            let s = t.section(id).map_err(m)?;
            let Some(old) = records.team(number) else {
                return Ok(());
            };
            let players = match players {
                Some(text) => parse_players(&text, lang)?,
                None => old
                    .players
                    .iter()
                    .filter_map(|p| s.entrant(*p))
                    .map(|e| PlayerForm {
                        name: e.name.clone(),
                        sex: e.sex,
                    })
                    .collect(),
            };
            let form = TeamForm {
                name: name.unwrap_or_else(|| old.name.clone()),
                unit: unit.unwrap_or_else(|| old.unit.clone()),
                captain: captain.unwrap_or_else(|| old.captain.clone()),
                players,
            };
            t.edit_team(id, number, &form).map_err(m)
        }
        TeamCommand::Remove {
            file,
            section,
            team,
        } => {
            let (mut t, id) = open(&file, &section).map_err(m)?;
            let records = t.team_records(id).map_err(m)?;
            let number = find_team(&records, &team).map_err(m)?;
            t.remove_team(id, number).map_err(m)
        }
        TeamCommand::List { file, section } => {
            let (t, id) = open(&file, &section).map_err(m)?;
            let s = t.section(id).map_err(m)?;
            for team in &t.team_records(id).map_err(m)?.teams {
                let players: Vec<String> =
                    team.players.iter().map(|p| player_text(s, *p)).collect();
                outln!(
                    "{}\t{}\t{}\t{}\t{}",
                    team.number,
                    team.name,
                    team.unit,
                    team.captain,
                    players.join(",")
                );
            }
            Ok(())
        }
        TeamCommand::Lineup {
            file,
            section,
            round,
            team,
            players,
        } => {
            let (mut t, id) = open(&file, &section).map_err(m)?;
            let records = t.team_records(id).map_err(m)?;
            let number = find_team(&records, &team).map_err(m)?;
            if let Some(text) = players {
                let s = t.section(id).map_err(m)?;
                let ids = resolve_players(s, &records, number, &text, lang)?;
                t.set_lineup(id, round, number, &ids).map_err(m)?;
            }
            let s = t.section(id).map_err(m)?;
            let records = t.team_records(id).map_err(m)?;
            let boards = s.settings.team_section.as_ref().map_or(0, |o| o.boards);
            let lineup = match records.lineup(round, number) {
                Some(l) => l.players.clone(),
                None => records.team(number).map_or_else(Vec::new, |team| {
                    default_lineup(&team.players, boards, |p| {
                        s.entrant(p).is_some_and(|e| e.is_active())
                    })
                }),
            };
            for (i, p) in lineup.iter().enumerate() {
                let (no, name) = s
                    .entrant(*p)
                    .map_or((0, ""), |e| (e.number.unwrap_or(0), e.name.as_str()));
                outln!("{}\t{}\t{}", i + 1, no, name);
            }
            Ok(())
        }
        TeamCommand::Matches {
            file,
            section,
            round,
        } => {
            let (t, id) = open(&file, &section).map_err(m)?;
            let s = t.section(id).map_err(m)?;
            let records = t.team_records(id).map_err(m)?;
            let event = team_event(s, &records);
            let boards = event.boards;
            let name = |n: TeamNo| records.team(n).map_or("", |t| t.name.as_str());
            for rec in records.matches_of(round) {
                let (a, b) = event
                    .matches
                    .iter()
                    .find(|x| x.round == round && x.first == rec.first)
                    .map(|x| x.game_points(boards))
                    .unwrap_or_default();
                outln!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    rec.table,
                    rec.first,
                    name(rec.first),
                    rec.second,
                    name(rec.second),
                    a,
                    b,
                    board_number(rec.table, 1, boards),
                    board_number(rec.table, boards, boards)
                );
            }
            for bye in records.byes.iter().filter(|b| b.round == round) {
                outln!("0\t{}\t{}", bye.team, name(bye.team));
            }
            Ok(())
        }
        TeamCommand::Forfeit {
            file,
            section,
            round,
            table,
            winner,
            cancel,
        } => {
            let (mut t, id) = open(&file, &section).map_err(m)?;
            let forfeit = if cancel {
                None
            } else {
                winner.map(|w| match w {
                    Winner::First => MatchForfeit::FirstWins,
                    Winner::Second => MatchForfeit::SecondWins,
                    Winner::Neither => MatchForfeit::Both,
                })
            };
            t.forfeit_match(id, round, table, forfeit).map_err(m)
        }
        TeamCommand::Bye {
            file,
            section,
            round,
            team,
            kind,
            cancel,
        } => {
            let (mut t, id) = open(&file, &section).map_err(m)?;
            let records = t.team_records(id).map_err(m)?;
            let number = find_team(&records, &team).map_err(m)?;
            let kind = (!cancel).then_some(match kind {
                ByeArg::Full => ByeKind::Full,
                ByeArg::Half => ByeKind::Half,
                ByeArg::Zero => ByeKind::Zero,
            });
            t.set_team_bye(id, round, number, kind).map_err(m)
        }
    }
}

/// The event and the team section `section` of it; any other section is refused by name.
fn open(file: &std::path::Path, section: &str) -> Result<(Tournament, SectionId), AppError> {
    let t = Tournament::open(file)?;
    let id = find_section(&t, section)?;
    let s = t.section(id)?;
    if s.settings.team_section.is_none() {
        return Err(crate::app::TeamError::NotTeamSection(s.name.clone()).into());
    }
    Ok((t, id))
}

/// A team by its number or its name.
fn find_team(records: &TeamRecords, key: &str) -> Result<TeamNo, AppError> {
    let key = key.trim();
    if let Ok(n) = key.parse::<u32>()
        && records.team(n).is_some()
    {
        return Ok(n);
    }
    records
        .teams
        .iter()
        .find(|t| t.name == key)
        .map(|t| t.number)
        .ok_or_else(|| crate::app::TeamError::NoSuchTeam(key.to_string()).into())
}

/// The items of a comma-separated list (，、 too), each trimmed; an empty item is named by
/// its position.
fn items(text: &str, lang: Lang) -> Result<Vec<String>, String> {
    let parts: Vec<String> = text
        .split([',', '，', '、'])
        .map(|p| p.trim().to_string())
        .collect();
    for (i, p) in parts.iter().enumerate() {
        if p.is_empty() {
            return Err(fill(
                T::TeamErrPlayersArg.get(lang),
                &[&(i + 1), &"", &T::Name.get(lang)],
            ));
        }
    }
    Ok(parts)
}

/// `--players` of a team: names, each perhaps with `/男`, `/女`, `/M` or `/F`.
fn parse_players(text: &str, lang: Lang) -> Result<Vec<PlayerForm>, String> {
    items(text, lang)?
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let (name, sex) = match item.rsplit_once('/') {
                Some((name, sex)) => {
                    let sex = match sex.trim() {
                        "男" | "M" | "m" => Sex::Male,
                        "女" | "F" | "f" => Sex::Female,
                        _ => {
                            return Err(fill(
                                T::TeamErrPlayersArg.get(lang),
                                &[&(i + 1), &item, &T::Sex.get(lang)],
                            ));
                        }
                    };
                    (name.trim().to_string(), sex)
                }
                None => (item.clone(), Sex::Unknown),
            };
            Ok(PlayerForm { name, sex })
        })
        .collect()
}

/// A line-up as typed: each item a player of the team by name or pairing number.
fn resolve_players(
    s: &Section,
    records: &TeamRecords,
    team: TeamNo,
    text: &str,
    lang: Lang,
) -> Result<Vec<EntrantId>, String> {
    let players = records
        .team(team)
        .map(|t| t.players.clone())
        .unwrap_or_default();
    items(text, lang)?
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let found = players.iter().copied().find(|p| {
                s.entrant(*p).is_some_and(|e| {
                    e.name == item
                        || item
                            .parse::<u32>()
                            .ok()
                            .is_some_and(|n| e.number == Some(n))
                })
            });
            found.ok_or_else(|| {
                fill(
                    T::TeamErrPlayersArg.get(lang),
                    &[&(i + 1), &item, &T::TeamErrNotATeamPlayer.get(lang)],
                )
            })
        })
        .collect()
}

/// "12 甲" — a player's number and name.
fn player_text(s: &Section, id: EntrantId) -> String {
    s.entrant(id).map_or_else(String::new, |e| {
        format!("{} {}", e.number.unwrap_or(0), e.name)
    })
}
