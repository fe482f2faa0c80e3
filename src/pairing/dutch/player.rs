//! What the Dutch system needs to know about each player before a round: score, colour history
//! and preference (C.04.3 A.6), float history (A.4), eligibility for the pairing-allocated bye
//! (C2) and who has already been met (C1), as the Dutch system reads them from the section's
//! [`History`]; the matching weights, the colour allocation and the checker all read them from
//! here. Two of them differ by edition: the 2017 text bars from the bye only a player who had
//! it or won by forfeit, and counts every round not played as a downfloat; the 2026 text bars
//! any round won without playing, and counts an unplayed round as a downfloat only when it
//! scored more than a loss.
//!
//! The section's prohibited pairings (siblings, coach and pupil …) bar a pair as C1 bars a
//! rematch.
//!
//! Only played games count for colours and for C1 (C.04.2: a forfeit is not a game); a game
//! still in progress counts as played ([`Appearance::is_played_or_pending`]).

use super::baku;
use super::{DutchEdition, DutchOptions};
use crate::model::{Appearance, EntrantId, History, Section, Side};
use std::collections::HashSet;

/// 颜色偏好 — the colour a player should get next, and how strongly (A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// No game played yet: no preference.
    None,
    /// Colour difference 0: alternate from the last game.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two played games.
    Absolute,
}

/// One round of a player's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRecord {
    /// The game was played over the board.
    pub played: bool,
    /// The colour, for a played game.
    pub colour: Option<Side>,
    /// The opponent's index in [`Field::players`], for a game (played or forfeited).
    pub opponent: Option<usize>,
    /// Points scored, in half-points.
    pub points: i32,
    /// A win the pairing gave without a game: the pairing-allocated bye or a forfeit win (C.2 of
    /// the 2017 edition).
    pub won_unplayed: bool,
}

/// 浮动 — the float a player received in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    Down,
    Up,
    None,
}

/// A player of the section as the Dutch system sees it.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: EntrantId,
    /// 序号 — the pairing number (TRF starting rank).
    pub number: u32,
    /// Rank among the players that take part in pairing, from 0 (bbpPairings' effective pairing
    /// number; E.5 uses its parity).
    pub rank_index: usize,
    /// Is the player to be paired this round?
    pub to_pair: bool,
    /// Rounds played so far, one record per round of the section.
    pub history: Vec<RoundRecord>,
    /// Score in half-points (with the Baku virtual points of this round, if any).
    pub score: i32,
    /// Score without acceleration, for the order of boards.
    pub raw_score: i32,
    /// Baku virtual points (C.04.5.1) the player had when each round was paired, in half-points;
    /// `virtual_points[r]` for round r+1, one entry more than the rounds played. All zero
    /// without acceleration.
    pub virtual_points: Vec<i32>,
    /// Number of played games.
    pub played_games: u32,
    /// Colour preference: the side wanted, if any.
    pub preference: Option<Side>,
    pub strength: Strength,
    /// |whites − blacks| over played games.
    pub imbalance: u32,
    /// The colour of the last two played games when they were the same.
    pub repeated: Option<Side>,
    /// C2: may receive the pairing-allocated bye.
    pub bye_eligible: bool,
    /// Indices of players already met in a played game (C1).
    pub met: HashSet<usize>,
    /// Indices of players he may not be paired with this round (the section's prohibited
    /// pairings), as absolute as C1.
    pub prohibited: HashSet<usize>,
    /// Points bonuses and penalties (the section's [`crate::model::PointsAdjustment`]s): (the
    /// round after which it counts, half-points).
    pub adjustments: Vec<(usize, i32)>,
}

impl Player {
    pub fn absolute(&self) -> bool {
        self.strength == Strength::Absolute
    }

    pub fn strong(&self) -> bool {
        self.strength == Strength::Strong
    }

    /// Colour difference beyond ±1.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// The score after the first `rounds` rounds (used for floats of earlier rounds).
    pub fn score_after(&self, rounds: usize) -> i32 {
        let games: i32 = self.history.iter().take(rounds).map(|r| r.points).sum();
        let adjusted: i32 = self
            .adjustments
            .iter()
            .filter(|(after, _)| *after <= rounds)
            .map(|(_, v)| v)
            .sum();
        games + adjusted
    }
}

/// All players of a section at the moment of pairing one round.
#[derive(Clone, Debug)]
pub struct Field {
    pub players: Vec<Player>,
    /// Rounds already paired and played (the round to pair is `played_rounds + 1`).
    pub played_rounds: usize,
    /// Rounds scheduled.
    pub total_rounds: usize,
    /// Points for a win, in half-points.
    pub win: i32,
    /// Points for a loss, in half-points.
    pub loss: i32,
    /// Is white the initial colour (E.5)?
    pub initial_white: bool,
    /// The edition of the rules the round is paired by.
    pub edition: DutchEdition,
}

impl Field {
    /// Reads the section: every round that has a game is a played round; a later round that has
    /// only byes lists players that are not to be paired (absent, requested byes). The scores
    /// count the section's points bonuses and penalties.
    pub fn from_section(section: &Section, options: &DutchOptions) -> Field {
        let ps = &section.settings.points;
        let played_rounds = History::paired_rounds(section) as usize;
        // The round to pair is read too: its byes list the players left out of it.
        let history = History::new(section, played_rounds as u32 + 1);
        let entrants = section.entrants_by_number();
        let index_of: std::collections::HashMap<EntrantId, usize> = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i))
            .collect();
        let mut players = Vec::with_capacity(entrants.len());
        for e in &entrants {
            let h = history.player(e.id).expect("every entrant has a history");
            let (counted, pending) = h.rounds().split_at(played_rounds);
            // A game, played or not, or the pairing-allocated bye.
            let participated = counted.iter().any(|r| r.appearance.is_paired());
            let records: Vec<RoundRecord> = counted
                .iter()
                .map(|r| RoundRecord {
                    played: r.appearance.is_played_or_pending(),
                    colour: r.appearance.colour(),
                    opponent: r
                        .appearance
                        .opponent()
                        .and_then(|o| index_of.get(&o).copied()),
                    points: r.points.halves(),
                    won_unplayed: r.appearance.is_pairing_bye()
                        || matches!(r.appearance, Appearance::Game { side, outcome: Some(o), .. }
                            if !o.is_played() && o.winner() == Some(side)),
                })
                .collect();
            let absent_now = pending
                .first()
                .is_some_and(|r| matches!(r.appearance, Appearance::Bye(_)));
            let to_pair = e.is_active() && !absent_now;
            let valid = to_pair || participated;
            let mut p = Player {
                id: e.id,
                number: e.number.unwrap_or(0),
                rank_index: if valid { usize::MAX - 1 } else { usize::MAX },
                to_pair,
                raw_score: 0,
                score: 0,
                virtual_points: vec![0; played_rounds + 1],
                played_games: records.iter().filter(|r| r.played).count() as u32,
                preference: None,
                strength: Strength::None,
                imbalance: 0,
                repeated: None,
                bye_eligible: true,
                met: records
                    .iter()
                    .filter(|r| r.played)
                    .filter_map(|r| r.opponent)
                    .collect(),
                prohibited: section
                    .settings
                    .prohibited
                    .iter()
                    .filter(|p| p.holds_in(played_rounds as u32 + 1))
                    .filter_map(|p| p.partner(e.id))
                    .filter_map(|o| index_of.get(&o).copied())
                    .collect(),
                adjustments: section
                    .settings
                    .points_adjustments
                    .iter()
                    .filter(|a| a.entrant == e.id)
                    .map(|a| (a.round as usize, a.points.halves()))
                    .collect(),
                history: records,
            };
            p.raw_score = p.score_after(played_rounds);
            // C2 (2026): no round scored without playing as many points as a win;
            // C.2 (2017): no pairing-allocated bye and no forfeit win.
            p.bye_eligible = !p.history.iter().any(|r| match options.edition {
                DutchEdition::Fide2026 => !r.played && r.points >= ps.red.win.halves(),
                DutchEdition::Fide2017 => r.won_unplayed,
            });
            colour_preference(&mut p);
            players.push(p);
        }
        let mut next = 0;
        for p in players.iter_mut() {
            if p.rank_index != usize::MAX {
                p.rank_index = next;
                next += 1;
            }
        }
        let mut field = Field {
            players,
            played_rounds,
            total_rounds: section.settings.rounds as usize,
            win: ps.red.win.halves(),
            loss: ps.red.loss.halves(),
            initial_white: options.initial_colour == Side::Red,
            edition: options.edition,
        };
        if options.baku {
            field.accelerate();
        }
        for p in field.players.iter_mut() {
            p.score = p.raw_score + p.virtual_points[played_rounds];
        }
        field
    }

    /// Baku acceleration: fills the virtual points of group A for every round paired so far and
    /// for the round being paired.
    fn accelerate(&mut self) {
        let n = self.players.len();
        let mut by_number: Vec<usize> = (0..n).collect();
        by_number.sort_by_key(|&i| self.players[i].number);
        for &i in by_number.iter().take(baku::group_a(n)) {
            let vp = &mut self.players[i].virtual_points;
            for (r, v) in vp.iter_mut().enumerate().take(self.played_rounds + 1) {
                *v = baku::virtual_points(r + 1, self.total_rounds, self.win);
            }
        }
    }

    /// Topscorer (A.7): more than half the maximum score, when pairing the final round.
    pub fn is_topscorer(&self, p: &Player) -> bool {
        self.played_rounds + 1 >= self.total_rounds
            && p.score > (self.played_rounds as i32 * self.win) / 2
    }

    /// C1 (with the prohibited pairings) and C3: may `a` and `b` meet?
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        !pa.met.contains(&b)
            && !pa.prohibited.contains(&b)
            && (!pa.absolute()
                || !pb.absolute()
                || pa.preference != pb.preference
                || self.is_topscorer(pa)
                || self.is_topscorer(pb))
    }

    /// The float `p` received `rounds_back` rounds ago (1 = the previous round). An unplayed
    /// round counts as a downfloat: by the 2017 edition always, by the 2026 edition when it
    /// scored more than a loss.
    pub fn float(&self, p: usize, rounds_back: usize) -> Float {
        if rounds_back > self.played_rounds {
            return Float::None;
        }
        let r = self.played_rounds - rounds_back;
        let player = &self.players[p];
        let rec = player.history[r];
        // An unplayed round is a downfloat when it scored more than a loss, and no float
        // otherwise (a forfeit loss is not an upfloat, whoever the absent opponent was).
        if !rec.played {
            return if rec.points > self.loss || self.edition == DutchEdition::Fide2017 {
                Float::Down
            } else {
                Float::None
            };
        }
        let Some(o) = rec.opponent else {
            return Float::None;
        };
        let other = &self.players[o];
        let mine = player.score_after(r) + player.virtual_points[r];
        let theirs = other.score_after(r) + other.virtual_points[r];
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        }
    }

    /// Does `a` come before `b` in the order for pairing (score, then rank)?
    pub fn ranks_before(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        pa.score > pb.score || (pa.score == pb.score && pa.rank_index < pb.rank_index)
    }
}

/// A.6 from the played games, in order.
fn colour_preference(p: &mut Player) {
    let mut whites = 0i32;
    let mut blacks = 0i32;
    let mut last: Option<Side> = None;
    let mut run = 0u32;
    for rec in &p.history {
        let Some(c) = rec.colour.filter(|_| rec.played) else {
            continue;
        };
        if c == Side::Red {
            whites += 1;
        } else {
            blacks += 1;
        }
        run = if last == Some(c) { run + 1 } else { 1 };
        last = Some(c);
    }
    let diff = whites - blacks;
    p.imbalance = diff.unsigned_abs();
    let balancing = if diff > 0 { Side::Black } else { Side::Red };
    p.repeated = if run >= 2 { last } else { None };
    let (pref, strength) = if p.imbalance > 1 {
        (Some(balancing), Strength::Absolute)
    } else if run >= 2 {
        (last.map(Side::other), Strength::Absolute)
    } else if p.imbalance == 1 {
        (Some(balancing), Strength::Strong)
    } else if let Some(l) = last {
        (Some(l.other()), Strength::Mild)
    } else {
        (None, Strength::None)
    };
    p.preference = pref;
    p.strength = strength;
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::{Bye, ByeKind, Entrant, Game, Outcome, Round, SectionSettings};

    /// One round of a test section: games (white, black, outcome) and byes (player, kind).
    pub(crate) type TestRound<'a> = (&'a [(u32, u32, Outcome)], &'a [(u32, ByeKind)]);

    /// A chess section of `n` players (id = number) with the given rounds: games as
    /// (white, black, outcome) and byes as (player, kind).
    pub(crate) fn section(n: u32, total: u32, rounds: &[TestRound]) -> Section {
        let mut s = Section {
            settings: SectionSettings {
                rounds: total,
                ..SectionSettings::chess()
            },
            ..Section::default()
        };
        for k in 1..=n {
            s.entrants.push(Entrant {
                id: EntrantId(i64::from(k)),
                number: Some(k),
                ..Entrant::default()
            });
        }
        for (r, (games, byes)) in rounds.iter().enumerate() {
            let mut round = Round {
                number: r as u32 + 1,
                ..Round::default()
            };
            for (b, &(w, bl, o)) in games.iter().enumerate() {
                let mut g = Game::new(
                    b as u32 + 1,
                    EntrantId(i64::from(w)),
                    EntrantId(i64::from(bl)),
                );
                g.outcome = Some(o);
                round.games.push(g);
            }
            for &(p, kind) in byes.iter() {
                round.byes.push(Bye {
                    entrant: EntrantId(i64::from(p)),
                    kind,
                });
            }
            s.rounds.push(round);
        }
        s
    }

    pub(crate) fn field(s: &Section) -> Field {
        Field::from_section(s, &DutchOptions::default())
    }

    use Outcome::{BlackWin, BlackWinByForfeit, Draw, RedWin, RedWinByForfeit};

    #[test]
    fn colour_preferences_follow_a6() {
        // Player 1: W, W → same colour twice: absolute black.
        // Player 3: B, W → difference 0: mild, alternate to black.
        // Player 5: W, then a forfeit, counted as no game: difference +1, strong black.
        // Player 7: no game yet (bye twice): no preference.
        let s = section(
            8,
            5,
            &[
                (
                    &[(1, 2, RedWin), (4, 3, Draw), (5, 6, Draw)],
                    &[(7, ByeKind::Pairing), (8, ByeKind::Zero)],
                ),
                (
                    &[(1, 4, BlackWin), (3, 2, Draw), (5, 8, RedWinByForfeit)],
                    &[(7, ByeKind::Half), (6, ByeKind::Zero)],
                ),
            ],
        );
        let f = field(&s);
        let p = |n: usize| &f.players[n - 1];
        assert_eq!(
            (p(1).preference, p(1).strength),
            (Some(Side::Black), Strength::Absolute)
        );
        assert_eq!(p(1).repeated, Some(Side::Red));
        assert_eq!(
            (p(3).preference, p(3).strength),
            (Some(Side::Black), Strength::Mild)
        );
        assert_eq!(
            (p(5).preference, p(5).strength),
            (Some(Side::Black), Strength::Strong)
        );
        assert_eq!((p(7).preference, p(7).strength), (None, Strength::None));
        // Player 2: B, B → absolute white; difference −2.
        assert_eq!(
            (p(2).preference, p(2).strength),
            (Some(Side::Red), Strength::Absolute)
        );
        assert_eq!(p(2).imbalance, 2);
    }

    #[test]
    fn unplayed_rounds_are_skipped_for_colours_and_rematches() {
        // C.04.2: W, (forfeit), W reads as W W — absolute; the forfeit opponent may be met.
        let s = section(
            4,
            5,
            &[
                (&[(1, 2, Draw), (3, 4, Draw)], &[]),
                (&[(1, 3, RedWinByForfeit), (4, 2, Draw)], &[]),
                (&[(1, 4, Draw), (2, 3, Draw)], &[]),
            ],
        );
        let f = field(&s);
        assert_eq!(f.players[0].strength, Strength::Absolute);
        assert_eq!(f.players[0].preference, Some(Side::Black));
        assert_eq!(f.played_rounds, 3);
        assert!(
            !f.players[0].met.contains(&2),
            "a forfeit is not a game (C1)"
        );
        assert!(f.players[0].met.contains(&1) && f.players[0].met.contains(&3));
    }

    #[test]
    fn c2_points_without_playing_as_many_as_a_win_block_the_bye() {
        // 1 won by forfeit, 2 had a full-point bye, 3 a pairing-allocated bye, 4 a half-point
        // bye, 5 lost by forfeit: only 4 and 5 (and the rest) may still get the bye.
        let s = section(
            7,
            5,
            &[(
                &[(1, 5, RedWinByForfeit), (6, 7, Draw)],
                &[
                    (2, ByeKind::Full),
                    (3, ByeKind::Pairing),
                    (4, ByeKind::Half),
                ],
            )],
        );
        let f = field(&s);
        let eligible: Vec<bool> = f.players.iter().map(|p| p.bye_eligible).collect();
        assert_eq!(eligible, vec![false, false, false, true, true, true, true]);
        // C.2 of 2017: only the pairing-allocated bye and a forfeit win bar it; the
        // full-point bye (2) does not.
        let mut old = s.clone();
        old.settings.dutch.edition = DutchEdition::Fide2017;
        let f = Field::from_section(&old, &old.settings.dutch);
        let eligible: Vec<bool> = f.players.iter().map(|p| p.bye_eligible).collect();
        assert_eq!(eligible, vec![false, true, false, true, true, true, true]);
    }

    #[test]
    fn topscorers_and_c3() {
        // A 3-round event before its last round (max 2 points): a topscorer has more than 1.
        // 1 and 2 both played black twice (absolute white); 1 has 2 points, 2 has 0.
        let s = section(
            4,
            3,
            &[
                (&[(3, 1, BlackWin), (4, 2, RedWin)], &[]),
                (&[(4, 1, BlackWin), (3, 2, RedWin)], &[]),
            ],
        );
        let f = field(&s);
        assert!(f.is_topscorer(&f.players[0]));
        assert!(!f.is_topscorer(&f.players[1]));
        assert!(f.compatible(0, 1), "a topscorer lifts C3");
        // The same history with two rounds still to come: nobody is a topscorer, C3 holds.
        let mut early = s.clone();
        early.settings.rounds = 4;
        let f = field(&early);
        assert!(!f.is_topscorer(&f.players[0]));
        assert!(!f.compatible(0, 1));
        assert!(!f.compatible(2, 0), "C1: they met in round 1");
    }

    #[test]
    fn floats_of_the_last_two_rounds() {
        // Round 1: 1 beats 2, 3 and 4 draw. Round 2: 1 (1 point) meets 4 (½): 1 floats down,
        // 4 up; 2 wins against 3 by forfeit, which scores without playing: a downfloat.
        let s = section(
            4,
            5,
            &[
                (&[(1, 2, RedWin), (3, 4, Draw)], &[]),
                (&[(1, 4, Draw), (3, 2, BlackWinByForfeit)], &[]),
            ],
        );
        let f = field(&s);
        assert_eq!(f.float(0, 1), Float::Down);
        assert_eq!(f.float(3, 1), Float::Up);
        assert_eq!(
            f.float(1, 1),
            Float::Down,
            "a forfeit win scores without playing"
        );
        // 3 (½ point) lost by forfeit to 2 (0 points): an unplayed round without points is no
        // float, whatever the scores (as bbpPairings reads it; dutch_cases 167 and 347).
        assert_eq!(f.float(2, 1), Float::None);
        // Round 1: all on 0 points, no floats.
        assert_eq!(f.float(0, 2), Float::None);
        // The 2017 edition counts every round not played as a downfloat, the forfeit loss too.
        let mut old = s.clone();
        old.settings.dutch.edition = DutchEdition::Fide2017;
        let f = Field::from_section(&old, &old.settings.dutch);
        assert_eq!(f.float(2, 1), Float::Down);
        assert_eq!(f.float(1, 1), Float::Down);
        assert_eq!(f.float(3, 1), Float::Up);
    }

    #[test]
    fn baku_group_a_is_the_top_half_rounded_to_an_even_number() {
        // 20 players: group A = players 1–10, who start round 1 on one virtual point.
        let mut s = section(20, 7, &[]);
        s.settings.dutch.baku = true;
        let f = Field::from_section(&s, &s.settings.dutch);
        let scores: Vec<i32> = f.players.iter().map(|p| p.score).collect();
        assert_eq!(scores[..10], [2; 10]);
        assert_eq!(scores[10..], [0; 10]);
        assert!(
            f.players.iter().all(|p| p.raw_score == 0),
            "standings unaffected"
        );
    }
}
