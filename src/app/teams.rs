//! 团体赛 — the actions of a team section: teams with their players in the team's order
//! (add, edit, remove), a round's line-up (出场名单), pairing a round of matches, a whole match
//! forfeited and a team bye; and the team standings. Each action is one transaction with its
//! journal row and its undo, as every action. The players are entrants of the section, so
//! check-in, results (by board, with the keys of any section) and slips serve them unchanged:
//! board b of table t is board (t − 1) × 台数 + b of the round
//! ([`crate::model::board_number`]).
//!
//! What the rules read comes from [`team_event`]: the pure [`TeamEvent`] built from the
//! section's games and its team rows. Its 局分 are the section's own points of each board (a
//! xiangqi section's 2-1-0 gives 局分 as the xiangqi rule book counts them, 13.2; chess 1-½-0),
//! so a match forfeited by one team is written as a forfeit on each of its boards and reads as
//! such; a double forfeit is the match's [`MatchForfeit::Both`] (a loss for both).

use super::{AppError, Inverse, Tournament, check_length, validate_entrant};
use crate::conduct::{JournalEntry, next_round_number};
use crate::i18n::{Lang, T, fill};
use crate::model::{BoardGame, BoardLineup, MAX_NAME, MAX_TEXT, TeamPlayer};
use crate::model::{
    ByeKind, Entrant, EntrantId, Game, Lineup, LineupError, MatchForfeit, MatchRecord, Outcome,
    PairingSystem, Points, Round, Section, SectionId, Sex, Side, Team, TeamBye, TeamEntry,
    TeamEvent, TeamMatch, TeamNo, TeamRecords, TeamSectionOptions, board_number, check_lineup,
    check_women_boards, default_lineup,
};
use crate::pairing::round_robin::team_match_games;
use crate::pairing::team::{PairingTeam, TeamPairingInput, TeamRoundError, pair_team_round};
use crate::standings::team_fide::{TeamStanding, edition_on, team_standings};
use crate::store;

/// A team as the arbiter enters it: 队名, 单位, 领队, and its players in the team's order (the
/// boards' players first, then the reserves).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamForm {
    pub name: String,
    pub unit: String,
    pub captain: String,
    pub players: Vec<PlayerForm>,
}

/// One player of a [`TeamForm`]. Editing a team keeps the entrant (his results, check-in,
/// payment) of a player whose name stays on the list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerForm {
    pub name: String,
    pub sex: Sex,
}

/// Why a team action was refused; every message names the team, and the board and the
/// player where there is one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    #[error("section {0} is not a team section")]
    NotTeamSection(String),
    #[error("no team {0}")]
    NoSuchTeam(String),
    #[error("a team named {0} exists already")]
    NameTaken(String),
    /// (team, players given, boards, most: boards + reserves)
    #[error("team {0}: {1} players, {2} to {3} wanted")]
    PlayerCount(String, u32, u32, u32),
    #[error("team {0}: player {1} is named twice")]
    PlayerTwice(String, String),
    #[error("team {0}: player {1} has played and stays on the team")]
    PlayerHasGames(String, String),
    #[error("teams are fixed once round 1 is paired")]
    TeamsFixed,
    /// (team, round, what is wrong with the line-up, in words of the rule book)
    #[error("team {team} round {round}: {error:?}")]
    Lineup {
        team: String,
        round: u32,
        error: LineupError,
        /// The players the error names, by id.
        names: Vec<(EntrantId, String)>,
    },
    #[error("team {0} round {1}: the match has results; clear them first")]
    MatchHasResults(String, u32),
    #[error("a team section needs two teams")]
    TooFewTeams,
    /// (team, players in play, boards)
    #[error("team {0}: {1} players in play for {2} boards")]
    TeamShort(String, u32, u32),
    #[error("round {0}: these teams cannot be paired: {1:?}")]
    Unpaired(u32, Vec<String>),
    #[error("no team pairing for {0:?} yet")]
    NoTeamSystem(PairingSystem),
    #[error("round {0} has no table {1}")]
    NoSuchMatch(u32, u32),
    #[error("round {0} is not paired")]
    RoundNotPaired(u32),
    #[error("team {0} plays a match in round {1}")]
    TeamPlays(String, u32),
    /// (player, team): a team's player leaves by the team's own list, not as an entrant.
    #[error("{0} plays for team {1}")]
    OnTeam(String, String),
    /// A cell of a team sheet (row, column letters, the column's header).
    #[error("row {row}, column {column} ({header}): {problem:?}")]
    SheetCell {
        row: usize,
        column: String,
        header: String,
        problem: SheetProblem,
    },
    /// A team sheet without a column it needs (the column's kind, in words).
    #[error("the sheet has no {0:?} column")]
    SheetColumn(T),
}

/// What is wrong with a cell of a team sheet (one player a row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetProblem {
    /// 队名 empty.
    NoTeam,
    /// 姓名 empty.
    NoName,
    /// An order that is no whole number from 1.
    BadOrder(String),
    /// The team's order already has this place, at that row.
    OrderTwice(u32, usize),
    /// The team's order skips this place.
    OrderGap(u32),
    /// The team has more players than its boards and reserves (the most).
    TooMany(u32),
    /// A sex that is neither male nor female.
    BadSex(String),
}

impl TeamError {
    pub fn message(&self, lang: Lang) -> String {
        let t = |k: T| k.get(lang);
        match self {
            TeamError::NotTeamSection(s) => fill(t(T::TeamErrNotTeamSection), &[s]),
            TeamError::NoSuchTeam(s) => fill(t(T::TeamErrNoSuchTeam), &[s]),
            TeamError::NameTaken(s) => fill(t(T::TeamErrNameTaken), &[s]),
            TeamError::PlayerCount(team, given, boards, most) => {
                fill(t(T::TeamErrPlayerCount), &[team, given, boards, most])
            }
            TeamError::PlayerTwice(team, p) => fill(t(T::TeamErrPlayerTwice), &[team, p]),
            TeamError::PlayerHasGames(team, p) => fill(t(T::TeamErrPlayerHasGames), &[team, p]),
            TeamError::TeamsFixed => t(T::TeamErrTeamsFixed).to_string(),
            TeamError::Lineup {
                team,
                round,
                error,
                names,
            } => {
                let name = |id: &EntrantId| {
                    names
                        .iter()
                        .find(|(x, _)| x == id)
                        .map_or_else(|| id.0.to_string(), |(_, n)| n.clone())
                };
                let what = match error {
                    LineupError::Count { given, boards } => {
                        fill(t(T::TeamErrLineupCount), &[given, boards])
                    }
                    LineupError::NotOnTeam { board, player } => {
                        fill(t(T::TeamErrLineupNotOnTeam), &[board, &name(player)])
                    }
                    LineupError::Twice { board, player } => {
                        fill(t(T::TeamErrLineupTwice), &[board, &name(player)])
                    }
                    LineupError::OutOfOrder {
                        board,
                        player,
                        above,
                    } => fill(
                        t(T::TeamErrLineupOrder),
                        &[board, &name(player), &name(above)],
                    ),
                    LineupError::NotInPlay { board, player } => {
                        fill(t(T::TeamErrLineupNotInPlay), &[board, &name(player)])
                    }
                    LineupError::NotAWoman { board, player } => {
                        fill(t(T::TeamErrLineupNotAWoman), &[board, &name(player)])
                    }
                };
                fill(t(T::TeamErrLineup), &[team, round, &what])
            }
            TeamError::MatchHasResults(team, round) => {
                fill(t(T::TeamErrMatchHasResults), &[team, round])
            }
            TeamError::TooFewTeams => t(T::TeamErrTooFewTeams).to_string(),
            TeamError::TeamShort(team, have, boards) => {
                fill(t(T::TeamErrTeamShort), &[team, have, boards])
            }
            TeamError::Unpaired(round, teams) => fill(
                t(T::TeamErrUnpaired),
                &[round, &teams.join(t(T::NoteSeparator))],
            ),
            TeamError::NoTeamSystem(system) => fill(
                t(T::TeamErrNoTeamSystem),
                &[&t(super::system_name(*system))],
            ),
            TeamError::NoSuchMatch(round, table) => fill(t(T::TeamErrNoSuchMatch), &[round, table]),
            TeamError::RoundNotPaired(round) => fill(t(T::TeamErrRoundNotPaired), &[round]),
            TeamError::TeamPlays(team, round) => fill(t(T::TeamErrTeamPlays), &[team, round]),
            TeamError::OnTeam(player, team) => fill(t(T::TeamErrOnTeam), &[player, team]),
            TeamError::SheetCell {
                row,
                column,
                header,
                problem,
            } => {
                let what = match problem {
                    SheetProblem::NoTeam => t(T::TeamSheetNoTeam).to_string(),
                    SheetProblem::NoName => t(T::TeamSheetNoName).to_string(),
                    SheetProblem::BadOrder(v) => fill(t(T::TeamSheetBadOrder), &[v]),
                    SheetProblem::OrderTwice(n, r) => fill(t(T::TeamSheetOrderTwice), &[n, r]),
                    SheetProblem::OrderGap(n) => fill(t(T::TeamSheetOrderGap), &[n]),
                    SheetProblem::TooMany(most) => fill(t(T::TeamSheetTooMany), &[most]),
                    SheetProblem::BadSex(v) => fill(t(T::TeamSheetBadSex), &[v]),
                };
                fill(t(T::TeamSheetCell), &[row, column, header, &what])
            }
            TeamError::SheetColumn(k) => fill(t(T::TeamSheetNoColumn), &[&t(*k)]),
        }
    }
}

/// "3 红星队" — a team's number and name, as lists and messages show it.
pub fn team_label(team: &TeamEntry) -> String {
    format!("{} {}", team.number, team.name)
}

/// The pure team event of a team section: its teams, boards, rounds and scoring, and each
/// paired round's matches (their boards from the round's games) and team byes. The bye of a
/// Swiss (pairing-allocated) gives a drawn match with every board drawn; a round robin's bye
/// is a zero bye (nothing, as in the individual round robin).
pub fn team_event(section: &Section, records: &TeamRecords) -> TeamEvent {
    let options = section.settings.team_section.clone().unwrap_or_default();
    let ps = &section.settings.points;
    let boards = options.boards;
    let mut event = TeamEvent::new(boards, section.settings.rounds);
    event.match_points = options.match_points;
    event.pairing_bye_mp = options.match_points.draw;
    event.pairing_bye_gp = Points(ps.red.draw.0 * boards as i32);
    event.teams = records
        .teams
        .iter()
        .map(|t| Team {
            number: t.number,
            name: t.name.clone(),
            code: t.unit.clone(),
        })
        .collect();
    // Who is who (a player by his entrant id), for the board prizes and the team paper.
    event.players = records
        .teams
        .iter()
        .flat_map(|t| {
            t.players.iter().filter_map(|id| {
                section.entrant(*id).map(|e| TeamPlayer {
                    id: id.0 as u32,
                    team: t.number,
                    name: e.name.clone(),
                })
            })
        })
        .collect();
    for m in &records.matches {
        let Some(round) = section.round(m.round) else {
            continue;
        };
        let first_players = records
            .team(m.first)
            .map(|t| t.players.clone())
            .unwrap_or_default();
        let mut games = Vec::new();
        let mut seats = [
            BoardLineup {
                round: m.round,
                team: m.first,
                boards: vec![None; boards as usize],
            },
            BoardLineup {
                round: m.round,
                team: m.second,
                boards: vec![None; boards as usize],
            },
        ];
        for b in 1..=boards {
            let Some(g) = round
                .games
                .iter()
                .find(|g| g.board == board_number(m.table, b, boards))
            else {
                continue;
            };
            let first_colour = if first_players.contains(&g.red) {
                Side::Red
            } else {
                Side::Black
            };
            let (first, second) = match first_colour {
                Side::Red => (g.red, g.black),
                Side::Black => (g.black, g.red),
            };
            seats[0].boards[b as usize - 1] = Some(first.0 as u32);
            seats[1].boards[b as usize - 1] = Some(second.0 as u32);
            let Some(outcome) = g.outcome else {
                continue;
            };
            games.push(BoardGame {
                board: b,
                first_colour,
                first: outcome.points(first_colour, ps),
                second: outcome.points(first_colour.other(), ps),
                forfeit: outcome.is_forfeit(),
            });
        }
        event.matches.push(TeamMatch {
            round: m.round,
            first: m.first,
            second: m.second,
            first_colour: if boards > 0 && games.first().is_some_and(|g| g.board == 1) {
                games[0].first_colour
            } else {
                Side::Red
            },
            boards: games,
            // A one-sided forfeit is on the boards (each a forfeit win); only the double
            // forfeit, no winner on any board, is the match's own.
            forfeit: m.forfeit.filter(|f| *f == MatchForfeit::Both),
        });
        event.lineups.extend(seats);
    }
    event.byes = records.byes.clone();
    event
}

/// The rounds of a team section whose every board has its result: the standings count those.
pub fn team_rounds_complete(section: &Section) -> u32 {
    section
        .rounds
        .iter()
        .take_while(|r| r.is_complete())
        .count() as u32
}

impl Tournament {
    /// The team rows of a section (teams, line-ups, matches, team byes).
    pub fn team_records(&self, section: SectionId) -> Result<TeamRecords, AppError> {
        Ok(self.store.team_records(section)?)
    }

    /// The pure team event of a team section ([`team_event`]).
    pub fn team_event(&self, section: SectionId) -> Result<TeamEvent, AppError> {
        let s = self.section(section)?;
        team_options(s)?;
        Ok(team_event(s, &self.team_records(section)?))
    }

    /// The team standings after `rounds` rounds (`None`: every complete round): 场分, then the
    /// section's team tie-breaks in order (FIDE C.07's team tie-breaks under the edition in
    /// force on the event's start).
    pub fn team_standings(
        &self,
        section: SectionId,
        rounds: Option<u32>,
    ) -> Result<Vec<TeamStanding>, AppError> {
        let s = self.section(section)?;
        let options = team_options(s)?;
        let event = team_event(s, &self.team_records(section)?);
        let rounds = rounds.unwrap_or_else(|| team_rounds_complete(s));
        Ok(team_standings(
            &event,
            &options.tiebreaks,
            edition_on(self.event.start_date),
            rounds,
        ))
    }

    /// What the team paper of `section` prints after `rounds` rounds (`None`: every complete
    /// round): the team event with who sat on each board, units, the section's tie-breaks and
    /// board-prize minimum.
    pub fn team_paper(
        &self,
        section: SectionId,
        rounds: Option<u32>,
        lang: crate::i18n::Lang,
    ) -> Result<crate::report::team_paper::TeamPaper, AppError> {
        let s = self.section(section)?;
        let options = team_options(s)?;
        let teams = team_event(s, &self.team_records(section)?);
        let rounds = rounds.unwrap_or_else(|| team_rounds_complete(s));
        let units = teams
            .teams
            .iter()
            .filter(|t| !t.code.is_empty())
            .map(|t| (t.number, t.code.clone()))
            .collect();
        Ok(crate::report::team_paper::TeamPaper {
            event: self.event.name.clone(),
            section: s.name.clone(),
            when: super::documents::when_line(&self.event, lang),
            teams,
            units,
            tiebreaks: options.tiebreaks.clone(),
            edition: edition_on(self.event.start_date),
            rounds,
            board_prize_min_games: options
                .board_prize_min_games
                .unwrap_or_else(|| crate::model::board_prize_default_min(rounds)),
            chess: s.settings.game == crate::model::GameKind::Chess,
        })
    }

    /// Adds a team with its players (new entrants of the section, in the team's order).
    /// Returns the team's number.
    pub fn add_team(&mut self, section: SectionId, form: &TeamForm) -> Result<TeamNo, AppError> {
        let numbers = self.add_teams(section, std::slice::from_ref(form))?;
        numbers
            .first()
            .copied()
            .ok_or(AppError::NoSuch(T::TeamName))
    }

    /// Adds teams with their players in one action (a sheet's teams): every form is checked
    /// first, each against the teams before it, so bad input writes nothing. Returns their
    /// numbers in the order given.
    pub fn add_teams(
        &mut self,
        section: SectionId,
        forms: &[TeamForm],
    ) -> Result<Vec<TeamNo>, AppError> {
        let s = self.section(section)?;
        let options = team_options(s)?;
        if !s.rounds.is_empty() {
            return Err(TeamError::TeamsFixed.into());
        }
        let records = self.team_records(section)?;
        let mut after = records.clone();
        let mut next_id = self.event.next_entrant_id().0;
        let mut next_number = s
            .entrants
            .iter()
            .filter_map(|e| e.number)
            .max()
            .unwrap_or(0);
        let mut entrants = Vec::new();
        let mut numbers = Vec::new();
        for form in forms {
            let form = clean_form(form)?;
            check_form(&form, &options, &after, None)?;
            let number = after.teams.iter().map(|t| t.number).max().unwrap_or(0) + 1;
            let mut players = Vec::new();
            for p in &form.players {
                next_number += 1;
                let e = new_player(p, &form, next_id, next_number);
                next_id += 1;
                check_entry(s, &e)?;
                players.push(e.id);
                entrants.push(e);
            }
            after.teams.push(TeamEntry {
                number,
                name: form.name.clone(),
                unit: form.unit.clone(),
                captain: form.captain.clone(),
                players,
            });
            numbers.push(number);
        }
        let label = after
            .teams
            .iter()
            .filter(|t| numbers.contains(&t.number))
            .map(team_label)
            .collect::<Vec<_>>()
            .join(", ");
        let inverse = Inverse::Sequence(vec![
            Inverse::Teams { section, records },
            Inverse::RemoveEntrants(entrants.iter().map(|e| e.id).collect()),
        ]);
        let entry = JournalEntry::Entrant {
            section: s.name.clone(),
            player: label,
        };
        self.act("team.add", entry, inverse, |tx| {
            for e in &entrants {
                store::insert_entrant(tx, section, e)?;
            }
            store::write_team_records(tx, section, &after)
        })?;
        Ok(numbers)
    }

    /// Changes a team: its name, unit, captain and players. A player whose name stays keeps
    /// his entrant; a new name is a new entrant; a player left off is removed, unless he has
    /// played (then the edit is refused, naming him). The team's order is the list's.
    pub fn edit_team(
        &mut self,
        section: SectionId,
        number: TeamNo,
        form: &TeamForm,
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        let options = team_options(s)?;
        let records = self.team_records(section)?;
        let Some(old) = records.team(number).cloned() else {
            return Err(TeamError::NoSuchTeam(number.to_string()).into());
        };
        let form = clean_form(form)?;
        check_form(&form, &options, &records, Some(number))?;
        let unit = if form.unit.is_empty() {
            form.name.clone()
        } else {
            form.unit.clone()
        };
        let mut next_id = self.event.next_entrant_id().0;
        let mut next_number = s
            .entrants
            .iter()
            .filter_map(|e| e.number)
            .max()
            .unwrap_or(0);
        let mut added = Vec::new();
        let mut changed = Vec::new();
        let mut players = Vec::new();
        for p in &form.players {
            let kept = old
                .players
                .iter()
                .filter_map(|id| s.entrant(*id))
                .find(|e| e.name == p.name && !players.contains(&e.id));
            match kept {
                Some(e) => {
                    players.push(e.id);
                    if e.unit != unit || (p.sex != Sex::Unknown && p.sex != e.sex) {
                        let mut new = e.clone();
                        new.unit = unit.clone();
                        if p.sex != Sex::Unknown {
                            new.sex = p.sex;
                        }
                        changed.push((e.clone(), new));
                    }
                }
                None => {
                    next_number += 1;
                    let e = new_player(p, &form, next_id, next_number);
                    next_id += 1;
                    check_entry(s, &e)?;
                    players.push(e.id);
                    added.push(e);
                }
            }
        }
        let mut dropped = Vec::new();
        for id in old.players.iter().filter(|id| !players.contains(id)) {
            let Some(e) = s.entrant(*id) else { continue };
            let played = s.rounds.iter().any(|r| r.plays(*id))
                || records
                    .lineups
                    .iter()
                    .any(|l| l.players.contains(id) && s.round(l.round).is_some());
            if played {
                return Err(TeamError::PlayerHasGames(form.name.clone(), e.name.clone()).into());
            }
            dropped.push(e.clone());
        }
        let mut after = records.clone();
        if let Some(t) = after.teams.iter_mut().find(|t| t.number == number) {
            t.name = form.name.clone();
            t.unit = form.unit.clone();
            t.captain = form.captain.clone();
            t.players = players;
        }
        // A line-up of a round not paired yet that names a player left off is dropped.
        after.lineups.retain(|l| {
            l.team != number || !l.players.iter().any(|p| dropped.iter().any(|d| d.id == *p))
        });
        let mut steps: Vec<Inverse> = dropped
            .iter()
            .map(|e| Inverse::RestoreEntrant {
                section,
                entrant: e.clone(),
                existed: false,
            })
            .collect();
        steps.extend(changed.iter().map(|(before, _)| Inverse::RestoreEntrant {
            section,
            entrant: before.clone(),
            existed: true,
        }));
        steps.push(Inverse::Teams { section, records });
        steps.push(Inverse::RemoveEntrants(
            added.iter().map(|e| e.id).collect(),
        ));
        let entry = JournalEntry::Entrant {
            section: s.name.clone(),
            player: format!("{number} {}", form.name),
        };
        self.act("team.edit", entry, Inverse::Sequence(steps), |tx| {
            for e in &added {
                store::insert_entrant(tx, section, e)?;
            }
            for (_, e) in &changed {
                store::update_entrant(tx, e)?;
            }
            store::write_team_records(tx, section, &after)?;
            for e in &dropped {
                store::delete_entrant(tx, e.id)?;
            }
            Ok(())
        })
    }

    /// Removes a team and its players, before round 1 is paired; the teams after it move up a
    /// number, so the numbers stay 1, 2, ….
    pub fn remove_team(&mut self, section: SectionId, number: TeamNo) -> Result<(), AppError> {
        let s = self.section(section)?;
        team_options(s)?;
        if !s.rounds.is_empty() {
            return Err(TeamError::TeamsFixed.into());
        }
        let records = self.team_records(section)?;
        let Some(team) = records.team(number).cloned() else {
            return Err(TeamError::NoSuchTeam(number.to_string()).into());
        };
        let gone: Vec<Entrant> = team
            .players
            .iter()
            .filter_map(|id| s.entrant(*id).cloned())
            .collect();
        let mut after = records.clone();
        after.teams.retain(|t| t.number != number);
        after.lineups.retain(|l| l.team != number);
        for t in &mut after.teams {
            if t.number > number {
                t.number -= 1;
            }
        }
        for l in &mut after.lineups {
            if l.team > number {
                l.team -= 1;
            }
        }
        let mut steps: Vec<Inverse> = gone
            .iter()
            .map(|e| Inverse::RestoreEntrant {
                section,
                entrant: e.clone(),
                existed: false,
            })
            .collect();
        steps.push(Inverse::Teams { section, records });
        let entry = JournalEntry::Entrant {
            section: s.name.clone(),
            player: team_label(&team),
        };
        self.act("team.remove", entry, Inverse::Sequence(steps), |tx| {
            store::write_team_records(tx, section, &after)?;
            for e in &gone {
                store::delete_entrant(tx, e.id)?;
            }
            Ok(())
        })
    }

    /// Sets a team's line-up for a round: `players` board by board, checked against the
    /// team's order ([`check_lineup`]). In a round already paired the team's boards take the
    /// new line-up, as long as none of them has a result.
    pub fn set_lineup(
        &mut self,
        section: SectionId,
        round: u32,
        team: TeamNo,
        players: &[EntrantId],
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        let options = team_options(s)?;
        let records = self.team_records(section)?;
        let Some(entry) = records.team(team).cloned() else {
            return Err(TeamError::NoSuchTeam(team.to_string()).into());
        };
        if round == 0 || round > s.settings.rounds {
            return Err(AppError::FieldInvalid {
                field: T::Round,
                value: round.to_string(),
                reason: format!("1–{}", s.settings.rounds),
            });
        }
        let in_play = |p: EntrantId| s.entrant(p).is_some_and(|e| e.is_active());
        check_lineup(&entry.players, players, options.boards, in_play)
            .and_then(|()| check_women_boards(players, &options.women_boards, woman(s)))
            .map_err(|error| lineup_error(s, &entry, round, error))?;
        let mut after = records.clone();
        after
            .lineups
            .retain(|l| !(l.round == round && l.team == team));
        after.lineups.push(Lineup {
            round,
            team,
            players: players.to_vec(),
        });
        after.lineups.sort_by_key(|l| (l.round, l.team));
        let journal = JournalEntry::Entrant {
            section: s.name.clone(),
            player: format!("{} {round}", team_label(&entry)),
        };
        let paired = s.round(round).cloned();
        let the_match = records
            .matches_of(round)
            .into_iter()
            .find(|m| m.first == team || m.second == team);
        match (paired, the_match) {
            (Some(old), Some(m)) => {
                let mut new = old.clone();
                let lineup_of = |n: TeamNo| -> Vec<EntrantId> {
                    if n == team {
                        players.to_vec()
                    } else {
                        seated(&old, &m, &records, n, options.boards)
                    }
                };
                let games = match_games(&m, &lineup_of(m.first), &lineup_of(m.second), &options);
                for g in games {
                    let Some(slot) = new.games.iter_mut().find(|x| x.board == g.board) else {
                        continue;
                    };
                    if slot.outcome.is_some() {
                        return Err(TeamError::MatchHasResults(team_label(&entry), round).into());
                    }
                    slot.red = g.red;
                    slot.black = g.black;
                }
                let notes = self.store.round_notes(section, round)?;
                let inverse = Inverse::Sequence(vec![
                    Inverse::ReplaceRound {
                        section,
                        round: old,
                        notes: notes.clone(),
                    },
                    Inverse::Teams { section, records },
                ]);
                self.act("team.lineup", journal, inverse, |tx| {
                    store::replace_round(tx, section, &new, &notes)?;
                    store::write_team_records(tx, section, &after)
                })
            }
            _ => self.act(
                "team.lineup",
                journal,
                Inverse::Teams { section, records },
                |tx| store::write_team_records(tx, section, &after),
            ),
        }
    }

    /// Pairs the next round of a team section by its system and writes the boards of each
    /// match from the two line-ups (a team without one plays its default line-up, which is
    /// stored with the round). Returns the round's number.
    pub fn pair_team_round(&mut self, section: SectionId) -> Result<u32, AppError> {
        let s = self.section(section)?;
        let options = team_options(s)?;
        let next = next_round_number(s);
        if next > s.settings.rounds {
            return Err(AppError::AllRoundsPaired(s.settings.rounds));
        }
        if let Some(last) = s.rounds.last()
            && !last.is_complete()
        {
            return Err(AppError::RoundIncomplete(last.number));
        }
        let records = self.team_records(section)?;
        if records.teams.len() < 2 {
            return Err(TeamError::TooFewTeams.into());
        }
        let in_play = |p: EntrantId| s.entrant(p).is_some_and(|e| e.is_active());
        let mut lineups = Vec::new();
        for t in &records.teams {
            let lineup = match records.lineup(next, t.number) {
                Some(l) => {
                    check_lineup(&t.players, &l.players, options.boards, in_play)
                        .map_err(|error| lineup_error(s, t, next, error))?;
                    l.players.clone()
                }
                None => {
                    let l = default_lineup(&t.players, options.boards, in_play);
                    if (l.len() as u32) < options.boards {
                        return Err(TeamError::TeamShort(
                            team_label(t),
                            l.len() as u32,
                            options.boards,
                        )
                        .into());
                    }
                    l
                }
            };
            check_women_boards(&lineup, &options.women_boards, woman(s))
                .map_err(|error| lineup_error(s, t, next, error))?;
            lineups.push(Lineup {
                round: next,
                team: t.number,
                players: lineup,
            });
        }
        let teams: Vec<PairingTeam> = records
            .teams
            .iter()
            .map(|t| PairingTeam {
                number: t.number,
                unit: t.unit.clone(),
                rating: team_rating(s, t, options.boards),
                absent: false,
            })
            .collect();
        let event = team_event(s, &records);
        let input = TeamPairingInput {
            event: &event,
            round: next,
            teams: &teams,
            settings: &s.settings,
            seed: s.lot_seed.unwrap_or(0) ^ u64::from(next),
        };
        let pairing = pair_team_round(&input).map_err(|e| match e {
            TeamRoundError::Unpaired(p) => TeamError::Unpaired(
                p.round,
                p.unpaired
                    .iter()
                    .map(|n| records.team(*n).map_or_else(|| n.to_string(), team_label))
                    .collect(),
            ),
            TeamRoundError::NoTeamSystem(system) => TeamError::NoTeamSystem(system),
        })?;
        let lineup_of = |n: TeamNo| -> &[EntrantId] {
            lineups
                .iter()
                .find(|l| l.team == n)
                .map_or(&[], |l| &l.players)
        };
        let mut round = Round {
            number: next,
            ..Round::default()
        };
        let mut after = records.clone();
        for (i, pm) in pairing.matches.iter().enumerate() {
            let m = MatchRecord {
                round: next,
                table: i as u32 + 1,
                first: pm.first,
                second: pm.second,
                forfeit: None,
            };
            round.games.extend(match_games(
                &m,
                lineup_of(pm.first),
                lineup_of(pm.second),
                &options,
            ));
            after.matches.push(m);
            for n in [pm.first, pm.second] {
                if after.lineup(next, n).is_none()
                    && let Some(l) = lineups.iter().find(|l| l.team == n)
                {
                    after.lineups.push(l.clone());
                }
            }
        }
        if let Some(team) = pairing.bye {
            let kind = if s.settings.system == PairingSystem::RoundRobin {
                ByeKind::Zero
            } else {
                ByeKind::Pairing
            };
            after.byes.push(TeamBye {
                round: next,
                team,
                kind,
            });
        }
        after.lineups.sort_by_key(|l| (l.round, l.team));
        let inverse = Inverse::Sequence(vec![
            Inverse::RemoveRound {
                section,
                round: next,
            },
            Inverse::Teams { section, records },
        ]);
        let entry = JournalEntry::Round {
            section: s.name.clone(),
            round: next,
        };
        self.act("round.pair", entry, inverse, |tx| {
            store::insert_round(tx, section, &round)?;
            store::write_team_records(tx, section, &after)
        })?;
        self.backup_after_pairing(section, next);
        Ok(next)
    }

    /// A whole match forfeited (`None`: the forfeit taken back, its boards cleared): every
    /// board is written as a forfeit win of the team that came (both lose: a double forfeit).
    pub fn forfeit_match(
        &mut self,
        section: SectionId,
        round: u32,
        table: u32,
        forfeit: Option<MatchForfeit>,
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        let options = team_options(s)?;
        let records = self.team_records(section)?;
        let Some(m) = records
            .matches_of(round)
            .into_iter()
            .find(|m| m.table == table)
        else {
            return Err(TeamError::NoSuchMatch(round, table).into());
        };
        let Some(r) = s.round(round) else {
            return Err(TeamError::RoundNotPaired(round).into());
        };
        let first_players = records
            .team(m.first)
            .map(|t| t.players.clone())
            .unwrap_or_default();
        let mut boards = Vec::new();
        for b in 1..=options.boards {
            let number = board_number(table, b, options.boards);
            let Some(g) = r.games.iter().find(|g| g.board == number) else {
                continue;
            };
            let first_side = if first_players.contains(&g.red) {
                Side::Red
            } else {
                Side::Black
            };
            let outcome = forfeit.map(|f| match f {
                MatchForfeit::FirstWins => Outcome::forfeit_of(first_side.other()),
                MatchForfeit::SecondWins => Outcome::forfeit_of(first_side),
                MatchForfeit::Both => Outcome::DoubleForfeit,
            });
            boards.push((g.clone(), outcome));
        }
        let mut after = records.clone();
        if let Some(x) = after
            .matches
            .iter_mut()
            .find(|x| x.round == round && x.table == table)
        {
            x.forfeit = forfeit;
        }
        let mut steps: Vec<Inverse> = boards
            .iter()
            .map(|(g, _)| Inverse::Board {
                section,
                round,
                board: g.board,
                outcome: g.outcome,
                fouls: (g.fouls_red, g.fouls_black),
                adjourned: g.adjourned,
                late: g.late,
            })
            .collect();
        steps.push(Inverse::Teams { section, records });
        let entry = JournalEntry::Round {
            section: s.name.clone(),
            round,
        };
        self.act("team.forfeit", entry, Inverse::Sequence(steps), |tx| {
            for (g, outcome) in &boards {
                store::set_result(tx, section, round, g.board, *outcome, (0, 0), false)?;
            }
            store::write_team_records(tx, section, &after)
        })
    }

    /// A team bye in a paired round for a team that plays no match in it (`None`: taken
    /// back): full (a match won with every board), half (drawn), zero, or the pairing's bye.
    pub fn set_team_bye(
        &mut self,
        section: SectionId,
        round: u32,
        team: TeamNo,
        kind: Option<ByeKind>,
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        team_options(s)?;
        if s.round(round).is_none() {
            return Err(TeamError::RoundNotPaired(round).into());
        }
        let records = self.team_records(section)?;
        let Some(entry) = records.team(team).cloned() else {
            return Err(TeamError::NoSuchTeam(team.to_string()).into());
        };
        if records
            .matches_of(round)
            .iter()
            .any(|m| m.first == team || m.second == team)
        {
            return Err(TeamError::TeamPlays(team_label(&entry), round).into());
        }
        let mut after = records.clone();
        after.byes.retain(|b| !(b.round == round && b.team == team));
        if let Some(kind) = kind {
            after.byes.push(TeamBye { round, team, kind });
            after.byes.sort_by_key(|b| (b.round, b.team));
        }
        let journal = JournalEntry::Entrant {
            section: s.name.clone(),
            player: format!("{} {round}", team_label(&entry)),
        };
        self.act(
            "team.bye",
            journal,
            Inverse::Teams { section, records },
            |tx| store::write_team_records(tx, section, &after),
        )
    }
}

/// The team options of a team section, or the error naming a section that is none.
fn team_options(s: &Section) -> Result<TeamSectionOptions, AppError> {
    s.settings
        .team_section
        .clone()
        .ok_or_else(|| TeamError::NotTeamSection(s.name.clone()).into())
}

/// The boards of match `m` from the two line-ups: the first-named team red on the odd boards
/// ([`team_match_games`]), numbered through the round table by table.
fn match_games(
    m: &MatchRecord,
    first: &[EntrantId],
    second: &[EntrantId],
    options: &TeamSectionOptions,
) -> Vec<Game> {
    team_match_games(first, second)
        .into_iter()
        .map(|mut g| {
            g.board = board_number(m.table, g.board, options.boards);
            g
        })
        .collect()
}

/// Who of `team` sits on the boards of match `m` in `round`, board by board (by the team's
/// players, whatever the boards' colours).
fn seated(
    round: &Round,
    m: &MatchRecord,
    records: &TeamRecords,
    team: TeamNo,
    boards: u32,
) -> Vec<EntrantId> {
    let players = records.team(team).map_or(&[][..], |t| &t.players[..]);
    (1..=boards)
        .filter_map(|b| {
            let g = round
                .games
                .iter()
                .find(|g| g.board == board_number(m.table, b, boards))?;
            Some(if players.contains(&g.red) {
                g.red
            } else {
                g.black
            })
        })
        .collect()
}

/// Is the player a woman (女), as his entry says?
fn woman(s: &Section) -> impl Fn(EntrantId) -> bool + '_ {
    |p| s.entrant(p).is_some_and(|e| e.sex == Sex::Female)
}

/// A team's rating for pairing: the mean of its top `boards` players' ratings, when they all
/// have one.
fn team_rating(s: &Section, t: &TeamEntry, boards: u32) -> Option<u32> {
    let ratings: Option<Vec<i32>> = t
        .players
        .iter()
        .take(boards as usize)
        .map(|id| s.entrant(*id).and_then(|e| e.rating))
        .collect();
    let ratings = ratings.filter(|r| !r.is_empty())?;
    Some((ratings.iter().map(|&r| r.max(0) as u32).sum::<u32>()) / ratings.len() as u32)
}

fn lineup_error(s: &Section, team: &TeamEntry, round: u32, error: LineupError) -> AppError {
    let ids = match &error {
        LineupError::Count { .. } => vec![],
        LineupError::NotOnTeam { player, .. }
        | LineupError::Twice { player, .. }
        | LineupError::NotInPlay { player, .. }
        | LineupError::NotAWoman { player, .. } => vec![*player],
        LineupError::OutOfOrder { player, above, .. } => vec![*player, *above],
    };
    let names = ids
        .into_iter()
        .map(|id| {
            (
                id,
                s.entrant(id).map_or_else(String::new, |e| e.name.clone()),
            )
        })
        .collect();
    TeamError::Lineup {
        team: team_label(team),
        round,
        error,
        names,
    }
    .into()
}

/// The form with the invisible characters taken out and the blanks trimmed.
fn clean_form(form: &TeamForm) -> Result<TeamForm, AppError> {
    let clean = |t: &str| crate::model::without_invisible(t).0.trim().to_string();
    let f = TeamForm {
        name: clean(&form.name),
        unit: clean(&form.unit),
        captain: clean(&form.captain),
        players: form
            .players
            .iter()
            .map(|p| PlayerForm {
                name: clean(&p.name),
                sex: p.sex,
            })
            .collect(),
    };
    if f.name.is_empty() {
        return Err(AppError::FieldEmpty(T::TeamName));
    }
    check_length(T::TeamName, &f.name, MAX_NAME)?;
    check_length(T::Unit, &f.unit, MAX_TEXT)?;
    check_length(T::TeamCaptain, &f.captain, MAX_NAME)?;
    Ok(f)
}

/// The team's name free, and between `boards` and `boards + reserves` players, each named
/// once.
fn check_form(
    form: &TeamForm,
    options: &TeamSectionOptions,
    records: &TeamRecords,
    editing: Option<TeamNo>,
) -> Result<(), AppError> {
    if records
        .teams
        .iter()
        .any(|t| t.name == form.name && Some(t.number) != editing)
    {
        return Err(TeamError::NameTaken(form.name.clone()).into());
    }
    let given = form.players.len() as u32;
    let most = options.boards + options.reserves;
    if given < options.boards || given > most {
        return Err(TeamError::PlayerCount(form.name.clone(), given, options.boards, most).into());
    }
    for (i, p) in form.players.iter().enumerate() {
        if p.name.is_empty() {
            return Err(AppError::FieldEmpty(T::Name));
        }
        if form.players[..i].iter().any(|q| q.name == p.name) {
            return Err(TeamError::PlayerTwice(form.name.clone(), p.name.clone()).into());
        }
    }
    Ok(())
}

/// A new player of a team: an entrant of the section whose unit is the team's unit (or its
/// name when it gives none).
fn new_player(p: &PlayerForm, form: &TeamForm, id: i64, number: u32) -> Entrant {
    Entrant {
        id: EntrantId(id),
        number: Some(number),
        name: p.name.clone(),
        sex: p.sex,
        unit: if form.unit.is_empty() {
            form.name.clone()
        } else {
            form.unit.clone()
        },
        ..Entrant::default()
    }
}

/// A new player checked as any entrant is: his fields, and the section's entry rules.
fn check_entry(s: &Section, e: &Entrant) -> Result<(), AppError> {
    validate_entrant(e)?;
    let reasons = s.settings.eligibility.check(e);
    if !reasons.is_empty() {
        return Err(AppError::Ineligible {
            name: e.name.clone(),
            grade: e.grade.clone(),
            reasons,
        });
    }
    Ok(())
}
