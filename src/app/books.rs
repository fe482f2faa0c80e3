//! The values of the documents printed after rounds and at the end: the standings sheet, the
//! crosstable, the result book (成绩册) and the certificates (获奖证书). Everything comes from
//! the rule book — standings, sub-rankings, team standings, prizes, titles, promotions and
//! qualifiers — and is turned into the words the report layer prints.

use super::AppError;
use super::documents::{Printer, cover_details, when_line};
use crate::awards::{self, PrizeKind, PrizeList};
use crate::conduct::{
    bracket_places_after, final_standings, results_provisional, section_awards, section_bracket,
    section_over,
};
use crate::i18n::{Lang, T, fill};
use crate::model::{EntrantId, GameKind, PairingSystem, Section, SectionId, Side};
use crate::report::certificates::{Certificate, Certificates, place_words};
use crate::report::crosstable::{CrossLine, CrosstableSheet};
use crate::report::result_book::{
    GameLine, PrizeLine, PrizeTable, PromotionLine, QualifierLine, ResultBook, ResultBookSection,
    RoundResults, SubLine, SubTable, TeamLine, TitleLine,
};
use crate::report::standings_sheet::{StandingsLine, StandingsSheet, place_range};
use crate::standings::subrank::SubStanding;
use crate::standings::team::TeamStanding;
use crate::standings::{Cell, Crosstable, GameResult, Standing, Tiebreak};
use std::collections::HashMap;

fn number(section: &Section, id: EntrantId) -> String {
    section
        .entrant(id)
        .and_then(|e| e.number)
        .map(|n| n.to_string())
        .unwrap_or_default()
}

fn name(section: &Section, id: EntrantId) -> String {
    section
        .entrant(id)
        .map(|e| e.name.clone())
        .unwrap_or_default()
}

fn unit(section: &Section, id: EntrantId) -> String {
    section
        .entrant(id)
        .map(|e| e.unit.clone())
        .unwrap_or_default()
}

/// A game's result as the result book's round tables print it; a match game (knockout or
/// playoff) says which it was: "红胜（快棋）".
fn game_result(g: &crate::model::Game, game: crate::model::GameKind, lang: Lang) -> String {
    let result = crate::i18n::game_result_text(g, game, lang);
    match crate::i18n::phase_text(g.phase, lang) {
        "" => result.to_string(),
        phase => match lang {
            Lang::Zh => format!("{result}（{phase}）"),
            Lang::En => format!("{result} ({phase})"),
        },
    }
}

/// The last round paired (0 before round 1).
pub(super) fn last_round(section: &Section) -> u32 {
    section.rounds.last().map(|r| r.number).unwrap_or(0)
}

/// The place range of each player of a section placed by its bracket (a knockout, or a Swiss
/// once its playoff has begun) after `round`, as the one home of bracket places
/// ([`bracket_places_after`]) gives them: the quarter-final losers hold 5–8, players still in
/// play share the places above. `None` for a section placed by points.
pub(super) fn bracket_ranges(s: &Section, round: u32) -> Option<HashMap<EntrantId, (u32, u32)>> {
    bracket_places_after(s, round).map(|b| {
        b.places
            .iter()
            .map(|p| (p.entrant, (p.first, p.last)))
            .collect()
    })
}

/// The last place of the range `r` holds (its rank when it shares none).
pub(super) fn last_place(ranges: Option<&HashMap<EntrantId, (u32, u32)>>, r: &Standing) -> u32 {
    ranges
        .and_then(|m| m.get(&r.entrant))
        .map_or(r.rank, |&(_, last)| last.max(r.rank))
}

/// The standings lines of `table` with the section's tiebreak values; a bracket's shared
/// places as ranges.
fn standings_lines(
    section: &Section,
    table: &[Standing],
    ranges: Option<&HashMap<EntrantId, (u32, u32)>>,
) -> Vec<StandingsLine> {
    table
        .iter()
        .map(|r| StandingsLine {
            rank: r.rank,
            last: last_place(ranges, r),
            by_lot: r.by_lot,
            number: number(section, r.entrant),
            name: name(section, r.entrant),
            unit: unit(section, r.entrant),
            points: r.points.to_string(),
            tiebreaks: r
                .tiebreaks
                .iter()
                .map(|v| Tiebreak::value_text(*v))
                .collect(),
        })
        .collect()
}

/// The crosstable cell of one round: opponent's number, colour, result (“23红胜”).
fn cross_cell(ct: &Crosstable, cell: &Cell, chess: bool, lang: Lang) -> String {
    let t = |k: T| k.get(lang);
    let colour = |side: Side| match (side, chess) {
        (Side::Red, false) => t(T::ShortRed),
        (Side::Red, true) => t(T::ShortWhite),
        (Side::Black, _) => t(T::ShortBlack),
    };
    let no = |i: usize| {
        ct.rows
            .get(i)
            .and_then(|r| r.number)
            .map(|n| n.to_string())
            .unwrap_or_default()
    };
    match *cell {
        Cell::Game {
            opponent,
            side,
            result,
            played,
        } => {
            let r = match (result, played) {
                (GameResult::Win, true) => t(T::ShortWin),
                (GameResult::Draw, _) => t(T::ShortDraw),
                (GameResult::Loss, true) => t(T::ShortLoss),
                (GameResult::Win, false) => "+",
                (GameResult::Loss, false) => "-",
            };
            format!("{}{}{r}", no(opponent), colour(side))
        }
        Cell::Pending { opponent, side } => format!("{}{}", no(opponent), colour(side)),
        Cell::Bye(kind) => crate::i18n::bye_kind_text(kind, lang).to_string(),
        Cell::Absent => String::new(),
    }
}

/// A knockout's crosstable cells after `round`, entrant by entrant: one a round, the match the
/// player played in it ([`match_cell`]), “轮空” for a bracket bye, empty before the match.
/// Read by the crosstable and by the exported lists.
pub(super) fn knockout_cells(
    s: &Section,
    round: u32,
    lang: Lang,
) -> HashMap<EntrantId, Vec<String>> {
    let mut view = s.clone();
    view.rounds.retain(|r| r.number <= round);
    let mut cells: HashMap<EntrantId, Vec<String>> = HashMap::new();
    let columns = round as usize;
    let Some(b) = section_bracket(&view).ok().flatten() else {
        return cells;
    };
    let third = b.bracket.third_place.iter();
    for m in b.bracket.stages.iter().flatten().chain(third) {
        let column = b.round_of_stage(m.stage) as usize;
        if column == 0 || column > columns {
            continue;
        }
        for (me, other) in [(m.high, m.low), (m.low, m.high)] {
            let Some(me) = me else { continue };
            let text = match other {
                _ if m.bye => {
                    crate::i18n::bye_kind_text(crate::model::ByeKind::Pairing, lang).to_string()
                }
                None => String::new(),
                Some(other) => match_cell(s, m, me, other, lang),
            };
            let row = cells
                .entry(me)
                .or_insert_with(|| vec![String::new(); columns]);
            row[column - 1] = text;
        }
    }
    cells
}

/// A knockout match as `me` played it against `other`: the opponent's number, 胜/负 once the
/// match is decided, and the score in game points, `me` first (a win 1, a draw ½ each, a
/// forfeit as a win; a double forfeit nothing): “8胜 2:0”, “5 1:1” while undecided, “5” before
/// its first result.
fn match_cell(
    s: &Section,
    m: &crate::pairing::knockout::Match,
    me: EntrantId,
    other: EntrantId,
    lang: Lang,
) -> String {
    use crate::model::Outcome;
    let (mut mine, mut theirs) = (0u32, 0u32);
    let mut any = false;
    for g in &m.games {
        let (Some(o), Some(side)) = (g.outcome, g.side_of(me)) else {
            continue;
        };
        any = true;
        match o.winner() {
            Some(w) if w == side => mine += 2,
            Some(_) => theirs += 2,
            None if o == Outcome::Draw => {
                mine += 1;
                theirs += 1;
            }
            None => {}
        }
    }
    let halves = |h: u32| {
        if h.is_multiple_of(2) {
            (h / 2).to_string()
        } else {
            format!("{}.5", h / 2)
        }
    };
    let who = match m.winner() {
        Some(w) if w == me => T::ShortWin.get(lang),
        Some(_) => T::ShortLoss.get(lang),
        None => "",
    };
    let opponent = number(s, other);
    match (any, who) {
        (false, "") => opponent,
        (false, who) => format!("{opponent}{who}"),
        (true, "") => format!("{opponent} {}:{}", halves(mine), halves(theirs)),
        (true, who) => format!("{opponent}{who} {}:{}", halves(mine), halves(theirs)),
    }
}

fn prize_lines(
    section: &Section,
    list: &PrizeList<EntrantId>,
    kind: &PrizeKind,
    lang: Lang,
) -> PrizeTable {
    PrizeTable {
        lines: list
            .prizes
            .iter()
            .filter(|p| &p.kind == kind)
            .map(|p| PrizeLine {
                place: p.place,
                winner: format!("{} {}", number(section, p.winner), name(section, p.winner))
                    .trim()
                    .to_string(),
                unit: unit(section, p.winner),
                kind: match &p.kind {
                    PrizeKind::Place => T::PlacePrize.get(lang).to_string(),
                    PrizeKind::Special(n) => n.clone(),
                },
                amount: p.amount,
            })
            .collect(),
        tax: crate::i18n::tax_basis(list.tax, lang).to_string(),
    }
}

/// A section's final results: standings, sub-rankings, teams and every award, from
/// [`section_awards`] after the last round paired; a rule that cannot be applied is an error.
pub(super) struct Final {
    pub(super) rounds: u32,
    pub(super) table: Vec<Standing>,
    pub(super) sub_rankings: Vec<(String, Vec<SubStanding>)>,
    pub(super) teams: Vec<TeamStanding>,
    pub(super) prizes: PrizeList<EntrantId>,
    pub(super) team_prizes: PrizeList<String>,
    pub(super) titles: Vec<awards::Title>,
    pub(super) promotions: Vec<awards::Promotion>,
    pub(super) qualifiers: Vec<EntrantId>,
    /// Players still in play in an unfinished bracket: no place of theirs is certified.
    pub(super) undecided: Vec<EntrantId>,
    /// Not every result is in: printed 非最终成绩.
    pub(super) provisional: bool,
}

impl Final {
    /// The final results, or [`AppError::Unfinished`] when the section is not over and its
    /// settings hold the result book and certificates back until it is. In FIDE mode they wait
    /// for every adjourned game's result ([`AppError::AdjournedOpen`]).
    pub(super) fn of(section: &Section) -> Result<Final, AppError> {
        if section.settings.fide_mode() {
            super::adjourn::refuse_open_adjournment(section)?;
        }
        let provisional = !section_over(section);
        if provisional && section.settings.awards.refuse_unfinished {
            return Err(AppError::Unfinished(section.name.clone()));
        }
        // After the last round whose results are all in: a round just paired adds nothing.
        let a = section_awards(section, crate::conduct::standings_round(section));
        Ok(Final {
            rounds: a.round,
            prizes: a.prizes?,
            team_prizes: a.team_prizes?,
            titles: a.titles?,
            qualifiers: a.qualifiers?,
            promotions: a.promotions,
            table: a.standings,
            sub_rankings: a.sub_rankings,
            teams: a.teams,
            undecided: a.undecided,
            provisional,
        })
    }
}

impl Printer<'_> {
    /// The values of the standings sheet of a section after `round`.
    pub fn standings_sheet(
        &self,
        section: SectionId,
        round: u32,
        lang: Lang,
    ) -> Result<StandingsSheet, AppError> {
        let s = self.section(section)?;
        if s.round(round).is_none() {
            return Err(AppError::NoSuch(T::Round));
        }
        Ok(self.standings_values(s, round, &final_standings(s, round), lang))
    }

    fn standings_values(
        &self,
        s: &Section,
        round: u32,
        table: &[Standing],
        lang: Lang,
    ) -> StandingsSheet {
        let after = fill(T::StandingsAfter.get(lang), &[&round]);
        let title = if results_provisional(s, round) {
            format!(
                "{after}{}",
                fill(T::InParens.get(lang), &[&T::NotFinal.get(lang)])
            )
        } else if round >= last_round(s) {
            T::FinalStandings.get(lang).to_string()
        } else {
            after
        };
        let ranges = bracket_ranges(s, round);
        let mut sheet = StandingsSheet {
            event: self.event().name.clone(),
            section: s.name.clone(),
            title,
            tiebreaks: s
                .settings
                .standings
                .tiebreaks
                .iter()
                .map(|tb| crate::i18n::tiebreak_label(*tb, lang))
                .collect(),
            rows: standings_lines(s, table, ranges.as_ref()),
            when: when_line(self.event(), lang),
        };
        if s.settings.system == PairingSystem::Knockout {
            // A knockout is placed by its bracket: no points or tiebreaks to print (zeros
            // under a Swiss's headings said nothing).
            sheet.tiebreaks.clear();
            for row in &mut sheet.rows {
                row.points.clear();
                row.tiebreaks.clear();
            }
        }
        sheet
    }

    /// The values of the crosstable of a section after `round`, in the order of the standings.
    pub fn crosstable_sheet(
        &self,
        section: SectionId,
        round: u32,
        lang: Lang,
    ) -> Result<CrosstableSheet, AppError> {
        let s = self.section(section)?;
        if s.round(round).is_none() {
            return Err(AppError::NoSuch(T::Round));
        }
        Ok(self.crosstable_values(s, round, &final_standings(s, round), lang))
    }

    fn crosstable_values(
        &self,
        s: &Section,
        round: u32,
        table: &[Standing],
        lang: Lang,
    ) -> CrosstableSheet {
        if s.settings.system == PairingSystem::Knockout {
            return self.knockout_crosstable(s, round, table, lang);
        }
        let ranges = bracket_ranges(s, round);
        let ct = Crosstable::new(s, round);
        let chess = s.settings.game == GameKind::Chess;
        let line = |i: usize, rank: String| {
            let row = &ct.rows[i];
            CrossLine {
                rank,
                number: number(s, row.id),
                name: name(s, row.id),
                unit: unit(s, row.id),
                rounds: row
                    .cells
                    .iter()
                    .map(|c| cross_cell(&ct, c, chess, lang))
                    .collect(),
                points: row.total.to_string(),
            }
        };
        let mut rows: Vec<CrossLine> = table
            .iter()
            .filter_map(|st| {
                let rank = place_range(st.rank, last_place(ranges.as_ref(), st));
                Some(line(ct.index_of(st.entrant)?, rank))
            })
            .collect();
        // The house player (补双) has no place but is on his opponents' lines: his own line
        // comes last, marked instead of ranked, so every number in the table can be looked up.
        rows.extend(
            (0..ct.len())
                .filter(|&i| !ct.rows[i].ranked)
                .map(|i| line(i, T::HouseMark.get(lang).to_string())),
        );
        CrosstableSheet {
            event: self.event().name.clone(),
            section: s.name.clone(),
            title: fill(T::CrosstableAfter.get(lang), &[&round]),
            rounds: round,
            rows,
            legend: if chess {
                T::CrossLegendChess.get(lang).to_string()
            } else {
                T::CrossLegend.get(lang).to_string()
            },
            when: when_line(self.event(), lang),
        }
    }

    /// The crosstable of a knockout: a line a player in the order of the bracket's places
    /// (a stage's players sharing a range, 5–8), and for each round the match the player
    /// played in it — the opponent's number, who won the match and its score in game points,
    /// the player's first: “8胜 2:0”, “3负 ½:1½” written “3负 0.5:1.5”; a match still level or
    /// unfinished shows its score so far (“5 1:1”). No points column: a knockout is not played
    /// on points.
    ///
    /// Why this and not the Swiss cells (“23红胜” per game): a Chinese 成绩册 of a 淘汰赛
    /// records each round as its match — the pairing and the match result with its 比分, as
    /// the bracket chart (对阵图) writes it — because a match of two slow games and tie-breaks
    /// has both colours and up to five games, and it is the match, not any one game, that
    /// puts a player through. The games themselves stand in the round tables that follow.
    fn knockout_crosstable(
        &self,
        s: &Section,
        round: u32,
        table: &[Standing],
        lang: Lang,
    ) -> CrosstableSheet {
        let t = |k: T| k.get(lang);
        let ranges = bracket_ranges(s, round);
        let mut cells = knockout_cells(s, round, lang);
        // A column for every stage of the bracket, those to come left blank: the table reads
        // as the bracket does, and keeps its shape from round to round.
        let stages = section_bracket(s)
            .ok()
            .flatten()
            .map_or(0, |b| b.bracket.stages.len() as u32)
            .max(round);
        let rows = table
            .iter()
            .map(|st| CrossLine {
                rank: place_range(st.rank, last_place(ranges.as_ref(), st)),
                number: number(s, st.entrant),
                name: name(s, st.entrant),
                unit: unit(s, st.entrant),
                rounds: cells.remove(&st.entrant).unwrap_or_default(),
                points: String::new(),
            })
            .collect();
        CrosstableSheet {
            event: self.event().name.clone(),
            section: s.name.clone(),
            title: fill(t(T::CrosstableAfter), &[&round]),
            rounds: stages,
            rows,
            legend: t(T::CrossLegendKnockout).to_string(),
            when: when_line(self.event(), lang),
        }
    }

    /// The values of the result book (成绩册): every section that has a round paired.
    pub fn result_book(&self, lang: Lang) -> Result<ResultBook, AppError> {
        let t = |k: T| k.get(lang);
        let e = self.event();
        let mut sections = Vec::new();
        for s in e.sections.iter().filter(|s| !s.rounds.is_empty()) {
            let f = Final::of(s)?;
            let standings_sheet = self.standings_values(s, f.rounds, &f.table, lang);
            let sub_rankings = f
                .sub_rankings
                .iter()
                .map(|(sub_name, rows)| SubTable {
                    name: sub_name.clone(),
                    rows: rows
                        .iter()
                        .map(|x| SubLine {
                            place: x.place,
                            overall: x.overall,
                            number: number(s, x.entrant),
                            name: name(s, x.entrant),
                            unit: unit(s, x.entrant),
                            points: f
                                .table
                                .iter()
                                .find(|r| r.entrant == x.entrant)
                                .map(|r| r.points.to_string())
                                .unwrap_or_default(),
                        })
                        .collect(),
                })
                .collect();
            // Team standings only where the section holds a team competition, as for the
            // certificates: a grade event's units (seed 004) are no teams.
            let teams = f
                .teams
                .iter()
                .filter(|_| s.has_team_competition())
                .map(|ts| TeamLine {
                    rank: ts.rank,
                    team: ts.team.clone(),
                    rank_sum: ts.rank_sum,
                    members: ts
                        .members
                        .iter()
                        .zip(&ts.places)
                        .map(|(id, p)| format!("{}({p})", name(s, *id)))
                        .collect::<Vec<_>>()
                        .join(t(T::ListSeparator)),
                })
                .collect();
            let special_prizes = s
                .settings
                .awards
                .special_prizes
                .iter()
                .map(|sp| {
                    let kind = PrizeKind::Special(sp.name.clone());
                    (sp.name.clone(), prize_lines(s, &f.prizes, &kind, lang))
                })
                .collect();
            let team_prizes = PrizeTable {
                lines: f
                    .team_prizes
                    .prizes
                    .iter()
                    .map(|p| PrizeLine {
                        place: p.place,
                        winner: p.winner.clone(),
                        unit: String::new(),
                        kind: t(T::PlacePrize).to_string(),
                        amount: p.amount,
                    })
                    .collect(),
                tax: crate::i18n::tax_basis(f.team_prizes.tax, lang).to_string(),
            };
            let played = awards::players_who_played(s);
            let titles_note = s
                .settings
                .awards
                .titles
                .iter()
                .find(|r| played < r.min_played as usize)
                .map(|r| fill(t(T::TitlesNotGranted), &[&played, &r.min_played, &r.title]));
            let rounds = s
                .rounds
                .iter()
                .map(|r| {
                    let mut games: Vec<GameLine> = r
                        .games
                        .iter()
                        .map(|g| GameLine {
                            board: g.board,
                            red_number: number(s, g.red),
                            red: name(s, g.red),
                            red_unit: unit(s, g.red),
                            result: game_result(g, s.settings.game, lang),
                            black_number: number(s, g.black),
                            black: name(s, g.black),
                            black_unit: unit(s, g.black),
                        })
                        .collect();
                    let last = games.last().map(|g| g.board).unwrap_or(0);
                    for (board, b) in (last + 1..).zip(&r.byes) {
                        games.push(GameLine {
                            board,
                            red_number: number(s, b.entrant),
                            red: name(s, b.entrant),
                            red_unit: unit(s, b.entrant),
                            result: crate::i18n::bye_kind_text(b.kind, lang).into(),
                            ..GameLine::default()
                        });
                    }
                    RoundResults {
                        round: r.number,
                        games,
                    }
                })
                .collect();
            // A team section prints its team paper (team standings, team crosstable, board
            // prizes), not an individual crosstable of its boards.
            let team = self.team_book(s.id);
            sections.push(ResultBookSection {
                name: s.name.clone(),
                first: t(if s.settings.game == GameKind::Chess {
                    T::White
                } else {
                    T::Red
                })
                .to_string(),
                crosstable: team
                    .is_none()
                    .then(|| self.crosstable_values(s, f.rounds, &f.table, lang)),
                team,
                standings: standings_sheet,
                sub_rankings,
                teams,
                prizes: prize_lines(s, &f.prizes, &PrizeKind::Place, lang),
                special_prizes,
                team_prizes,
                titles: f
                    .titles
                    .iter()
                    .map(|x| TitleLine {
                        place: x.place,
                        name: name(s, x.entrant),
                        unit: unit(s, x.entrant),
                        title: x.title.clone(),
                    })
                    .collect(),
                titles_note,
                promotions: f
                    .promotions
                    .iter()
                    .map(|p| PromotionLine {
                        name: name(s, p.entrant),
                        unit: unit(s, p.entrant),
                        from: p.from_grade.clone(),
                        to: p.to_grade.clone(),
                        points: p.points.to_string(),
                        required: p.required.to_string(),
                    })
                    .collect(),
                qualifiers: f
                    .qualifiers
                    .iter()
                    .zip(1u32..)
                    .map(|(id, place)| QualifierLine {
                        place,
                        name: name(s, *id),
                        unit: unit(s, *id),
                    })
                    .collect(),
                rounds,
            });
        }
        Ok(ResultBook {
            header: cover_details(e, lang),
            sections,
        })
    }

    /// The certificates: one for each place awarded in each section (录取名次), each special
    /// prize place, and each team place awarded where the section holds a team competition;
    /// of one section only when `only` names it.
    pub fn certificates(
        &self,
        only: Option<SectionId>,
        lang: Lang,
    ) -> Result<Certificates, AppError> {
        let e = self.event();
        let mut out = Vec::new();
        for s in e
            .sections
            .iter()
            .filter(|s| !s.rounds.is_empty() && only.is_none_or(|id| id == s.id))
        {
            let f = Final::of(s)?;
            let options = &s.settings.awards;
            let (places, _) =
                crate::awards::places_awarded(s, f.table.iter().map(|st| &st.entrant));
            // Each at his place; players who share a bracket's range (5–8) share its first
            // place, said so (并列第五名); nobody still in play in a bracket.
            let ranges = bracket_ranges(s, f.rounds);
            for st in f
                .table
                .iter()
                .filter(|st| st.rank <= places && !f.undecided.contains(&st.entrant))
            {
                let award = if last_place(ranges.as_ref(), st) > st.rank {
                    fill(
                        T::SharedPlaceWords.get(lang),
                        &[&place_words(st.rank, lang)],
                    )
                } else {
                    place_words(st.rank, lang)
                };
                out.push(Certificate {
                    recipient: name(s, st.entrant),
                    unit: unit(s, st.entrant),
                    section: s.name.clone(),
                    award,
                    provisional: f.provisional,
                });
            }
            for p in &f.prizes.prizes {
                if let PrizeKind::Special(n) = &p.kind {
                    out.push(Certificate {
                        recipient: name(s, p.winner),
                        unit: unit(s, p.winner),
                        section: s.name.clone(),
                        award: format!("{n}{}", place_words(p.place, lang)),
                        provisional: f.provisional,
                    });
                }
            }
            // Team places rest on the members' places: none while a bracket is undecided.
            if s.has_team_competition() && f.undecided.is_empty() {
                let places = options.team_places.places_awarded(f.teams.len() as u32);
                for ts in f.teams.iter().filter(|ts| ts.rank <= places) {
                    out.push(Certificate {
                        recipient: ts.team.clone(),
                        unit: String::new(),
                        section: s.name.clone(),
                        award: fill(T::TeamPlaceWords.get(lang), &[&place_words(ts.rank, lang)]),
                        provisional: f.provisional,
                    });
                }
            }
        }
        let date = e
            .end_date
            .or(e.start_date)
            .map(|d| match lang {
                Lang::Zh => d.format("%Y年%-m月%-d日").to_string(),
                Lang::En => d.to_string(),
            })
            .unwrap_or_default();
        Ok(Certificates {
            event: e.name.clone(),
            organiser: e.organiser.clone(),
            date,
            certificates: out,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entrant, Event, Game, Outcome, PointSystemPreset, Round};

    /// Players 1–3 and the house player 4 (补双), 2-1-0, one round: 4 beats 1 on board 1 (4
    /// red), 2 draws 3 on board 2. Totals 4: 2, 2: 1, 3: 1, 1: 0; places by points alone:
    /// 2 and 3 share 1st, 1 is 3rd; the house player has no place.
    fn event() -> Event {
        let mut s = Section {
            id: SectionId(1),
            name: "公开组".into(),
            ..Section::default()
        };
        s.settings.points = PointSystemPreset::TwoOneZero.system();
        s.settings.standings.tiebreaks = vec![];
        s.settings.standings.shared_places = true;
        for n in 1..=4 {
            s.entrants.push(Entrant {
                id: EntrantId(n),
                number: Some(n as u32),
                name: format!("P{n}"),
                house: n == 4,
                ..Entrant::default()
            });
        }
        let g = |b, r, k, o| Game {
            outcome: Some(o),
            ..Game::new(b, EntrantId(r), EntrantId(k))
        };
        s.rounds = vec![Round {
            number: 1,
            games: vec![g(1, 4, 1, Outcome::RedWin), g(2, 2, 3, Outcome::Draw)],
            byes: vec![],
        }];
        Event {
            name: "补双".into(),
            sections: vec![s],
            ..Event::default()
        }
    }

    /// Units are printed as teams only when the section holds a team competition: someone on
    /// the team entry form (seed 000, 附件一), or team prize money.
    #[test]
    fn team_standings_only_for_a_team_competition() {
        let mut e = event();
        for (i, en) in e.sections[0].entrants.iter_mut().enumerate() {
            en.unit = ["甲", "乙"][i % 2].into();
        }
        let teams = |e: &Event| {
            Printer::new(e).result_book(Lang::Zh).unwrap().sections[0]
                .teams
                .len()
        };
        assert_eq!(teams(&e), 0, "units alone are no team competition");
        // One player on the team form: a team competition, in which (the settings count every
        // player of a unit, not only those on the form) both units are ranked.
        e.sections[0].entrants[0].team_member = true;
        assert_eq!(teams(&e), 2);
    }

    #[test]
    fn the_house_player_is_printed_last_in_the_crosstable_and_absent_from_the_standings() {
        let e = event();
        let p = Printer::new(&e);
        let sheet = p.standings_sheet(SectionId(1), 1, Lang::Zh).unwrap();
        let places: Vec<(u32, &str)> = sheet
            .rows
            .iter()
            .map(|r| (r.rank, r.name.as_str()))
            .collect();
        assert_eq!(places, vec![(1, "P2"), (1, "P3"), (3, "P1")]);
        let ct = p.crosstable_sheet(SectionId(1), 1, Lang::Zh).unwrap();
        let lines: Vec<(&str, &str, &str, &str)> = ct
            .rows
            .iter()
            .map(|r| {
                (
                    r.rank.as_str(),
                    r.number.as_str(),
                    r.rounds[0].as_str(),
                    r.points.as_str(),
                )
            })
            .collect();
        // Each cell: the opponent's number, colour, result. 1 lost to 4 with black (4黑负),
        // 4 beat 1 with red (1红胜).
        assert_eq!(
            lines,
            vec![
                ("1", "2", "3红和", "1"),
                ("1", "3", "2黑和", "1"),
                ("3", "1", "4黑负", "0"),
                ("补双", "4", "1红胜", "2"),
            ]
        );
    }
}
