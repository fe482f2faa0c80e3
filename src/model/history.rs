//! 选手历程 — each player's history in a section: per round, what happened (a game, a bye or
//! nothing), the points it scored under the section's point system and the fouls recorded.
//!
//! It is read once from a section's rounds, for rounds 1..=R, and is the one place that decides
//! what the rounds mean for a player: whether a game was played over the board, its colour, the
//! opponent met, who forfeited, the score before a round, the pairing-allocated byes received.
//! The xiangqi Swiss player states, the Dutch field and the crosstable the tiebreaks read all
//! take these facts from here.
//!
//! Only the games of the section's own system count ([`Round::regular_games`]): the match games
//! of a knockout or playoff played beside a round are not in any player's history.
//!
//! A game still in progress (no outcome yet) is read two ways, and each reader chooses its own
//! explicitly: the standings count only results (a pending game is not played yet and scores
//! nothing, [`Appearance::is_played`]); the pairing systems take a game on the board list as a
//! game over the board until a forfeit is entered, so its colour and opponent already count
//! ([`Appearance::is_played_or_pending`]).
//!
//! [`Round::regular_games`]: super::Round::regular_games

use super::{ByeKind, EntrantId, Outcome, Points, PointsAdjustment, Section, Side};
use std::collections::HashMap;

/// What one player had in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Appearance {
    /// A game (对局) against `opponent` on `side`; `outcome` is `None` while it is still being
    /// played. `opponent` need not be an entrant of the section (data read from elsewhere).
    Game {
        opponent: EntrantId,
        side: Side,
        outcome: Option<Outcome>,
    },
    /// 轮空 (the pairing-allocated bye) or a requested bye.
    Bye(ByeKind),
    /// Not in the round at all (not paired, withdrawn, late entry, round not paired yet).
    Absent,
}

impl Appearance {
    /// Was the game played over the board, as the standings count it: a result has been entered
    /// and it is not a forfeit (弃权). A game still in progress is not played (yet).
    pub fn is_played(&self) -> bool {
        matches!(self, Appearance::Game { outcome: Some(o), .. } if o.is_played())
    }

    /// Was the game played over the board, as the pairing systems count it: a game that is not
    /// a forfeit, a game still in progress included (it is on the board list, so its colour and
    /// its opponent count until a forfeit is entered).
    pub fn is_played_or_pending(&self) -> bool {
        matches!(self, Appearance::Game { outcome, .. } if outcome.is_none_or(|o| o.is_played()))
    }

    /// The colour of a game played over the board or in progress (forfeits, byes and absence
    /// leave no colour, rules.md §1.6.5 and C.04.2).
    pub fn colour(&self) -> Option<Side> {
        match *self {
            Appearance::Game { side, .. } if self.is_played_or_pending() => Some(side),
            _ => None,
        }
    }

    /// The scheduled opponent: of any game, forfeits included.
    pub fn opponent(&self) -> Option<EntrantId> {
        match *self {
            Appearance::Game { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// The opponent met over the board, a game in progress included (forfeits excluded).
    pub fn opponent_over_the_board(&self) -> Option<EntrantId> {
        self.opponent().filter(|_| self.is_played_or_pending())
    }

    /// Did this player forfeit (弃权: fail to appear; a double forfeit is a forfeit by both)?
    pub fn is_forfeit(&self) -> bool {
        matches!(self, Appearance::Game { side, outcome: Some(o), .. } if o.forfeited_by(*side))
    }

    /// Is this the pairing-allocated bye (轮空)?
    pub fn is_pairing_bye(&self) -> bool {
        *self == Appearance::Bye(ByeKind::Pairing)
    }

    /// Was the player paired in the round: a game (whatever its outcome, or none yet) or the
    /// pairing-allocated bye? Requested byes and absence are not.
    pub fn is_paired(&self) -> bool {
        matches!(self, Appearance::Game { .. }) || self.is_pairing_bye()
    }
}

/// One round of one player's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    pub appearance: Appearance,
    /// Points scored in the round under the section's point system (nothing for a game in
    /// progress or absence).
    pub points: Points,
    /// 犯规 recorded against the player in the round's game.
    pub fouls: u32,
    /// Where the opponent of a game stands in [`History::players`]; `None` for an opponent who
    /// is not an entrant, and without a game.
    pub opponent_index: Option<usize>,
}

impl RoundEntry {
    const ABSENT: RoundEntry = RoundEntry {
        appearance: Appearance::Absent,
        points: Points::ZERO,
        fouls: 0,
        opponent_index: None,
    };
}

/// One player's history: one entry per round counted, round 1 first (a view into the
/// [`History`], which keeps every entry in one block).
#[derive(Clone, Copy, Debug)]
pub struct PlayerHistory<'a> {
    pub id: EntrantId,
    entries: &'a [RoundEntry],
    /// The section's points bonuses and penalties (everyone's: [`PlayerHistory::adjustment_after`]
    /// picks this player's).
    adjustments: &'a [PointsAdjustment],
}

impl<'a> PlayerHistory<'a> {
    /// The rounds counted, round 1 first.
    pub fn rounds(&self) -> &'a [RoundEntry] {
        self.entries
    }

    /// 积分 before round `round`: the points of the rounds counted below it, with the bonuses
    /// and penalties counted by then.
    pub fn score_before(&self, round: u32) -> Points {
        let r = (round.saturating_sub(1) as usize).min(self.entries.len());
        self.entries[..r].iter().map(|e| e.points).sum::<Points>() + self.adjustment_after(r as u32)
    }

    /// 积分 after all the rounds counted, with the bonuses and penalties.
    pub fn total(&self) -> Points {
        self.entries.iter().map(|e| e.points).sum::<Points>()
            + self.adjustment_after(self.entries.len() as u32)
    }

    /// The points bonuses and penalties (加减分) in the score after `rounds` rounds.
    pub fn adjustment_after(&self, rounds: u32) -> Points {
        super::adjustment_after(self.adjustments, self.id, rounds)
    }

    /// Pairing-allocated byes (轮空) received in the rounds counted.
    pub fn pairing_byes(&self) -> u32 {
        self.entries
            .iter()
            .filter(|e| e.appearance.is_pairing_bye())
            .count() as u32
    }
}

/// The history of every entrant of a section over rounds 1..=R: one block of entries, player
/// by player in the section's entrant order (read once per standings or pairing, so kept to
/// one allocation).
#[derive(Clone, Debug)]
pub struct History {
    ids: Vec<EntrantId>,
    /// Rounds counted: each player's stretch of `entries`.
    rounds: usize,
    entries: Vec<RoundEntry>,
    index: HashMap<EntrantId, usize>,
    adjustments: Vec<PointsAdjustment>,
}

impl History {
    /// Reads rounds 1..=`rounds` of `section` (a round not yet paired leaves everyone absent).
    ///
    /// A player has one game or one bye in a round (the checks of a round report anything else
    /// as a break); should the data hold more, the first game on the board list counts, as
    /// [`Round::game_of`](super::Round::game_of) reads it, and a bye only without a game.
    pub fn new(section: &Section, rounds: u32) -> History {
        let ps = &section.settings.points;
        let index: HashMap<EntrantId, usize> = section
            .entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i))
            .collect();
        let n = rounds as usize;
        let ids: Vec<EntrantId> = section.entrants.iter().map(|e| e.id).collect();
        let mut entries = vec![RoundEntry::ABSENT; ids.len() * n];
        for round in &section.rounds {
            if round.number == 0 || round.number > rounds {
                continue;
            }
            let r = (round.number - 1) as usize;
            for g in round.regular_games() {
                let (red, black) = (index.get(&g.red).copied(), index.get(&g.black).copied());
                for (side, me, opponent_index) in
                    [(Side::Red, red, black), (Side::Black, black, red)]
                {
                    let Some(i) = me else {
                        continue;
                    };
                    let entry = &mut entries[i * n + r];
                    if entry.appearance != Appearance::Absent {
                        continue;
                    }
                    *entry = RoundEntry {
                        appearance: Appearance::Game {
                            opponent: g.player(side.other()),
                            side,
                            outcome: g.outcome,
                        },
                        points: g.outcome.map_or(Points::ZERO, |o| o.points(side, ps)),
                        fouls: u32::from(g.fouls(side)),
                        opponent_index,
                    };
                }
            }
            for b in &round.byes {
                let Some(&i) = index.get(&b.entrant) else {
                    continue;
                };
                let entry = &mut entries[i * n + r];
                if entry.appearance == Appearance::Absent {
                    *entry = RoundEntry {
                        appearance: Appearance::Bye(b.kind),
                        points: b.kind.points(ps),
                        ..RoundEntry::ABSENT
                    };
                }
            }
        }
        History {
            ids,
            rounds: n,
            entries,
            index,
            adjustments: section.settings.points_adjustments.clone(),
        }
    }

    /// The last round that holds games (match games included): the rounds paired so far. A
    /// later round with byes only lists the players left out of the next pairing.
    pub fn paired_rounds(section: &Section) -> u32 {
        section
            .rounds
            .iter()
            .filter(|r| !r.games.is_empty())
            .map(|r| r.number)
            .max()
            .unwrap_or(0)
    }

    /// Every player, in the section's entrant order.
    pub fn players(&self) -> impl ExactSizeIterator<Item = PlayerHistory<'_>> + '_ {
        (0..self.ids.len()).map(|i| self.player_at(i))
    }

    /// The player at position `i` of the section's entrant order.
    pub fn player_at(&self, i: usize) -> PlayerHistory<'_> {
        PlayerHistory {
            id: self.ids[i],
            entries: &self.entries[i * self.rounds..(i + 1) * self.rounds],
            adjustments: &self.adjustments,
        }
    }

    /// Where each entrant stands in [`History::players`] (the section's entrant order).
    pub fn index(&self) -> &HashMap<EntrantId, usize> {
        &self.index
    }

    /// The index, kept by a reader once it has read the players.
    pub fn into_index(self) -> HashMap<EntrantId, usize> {
        self.index
    }

    /// The history of an entrant.
    pub fn player(&self, id: EntrantId) -> Option<PlayerHistory<'_>> {
        self.index.get(&id).map(|&i| self.player_at(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, Entrant, Game, GamePhase, PointSystemPreset, Round};

    fn id(n: i64) -> EntrantId {
        EntrantId(n)
    }

    /// Five players under 2-1-0. Round 1: 1–2 red wins (a foul on 2), 4 forfeits to 3, 5 has
    /// the pairing-allocated bye. Round 2: 2–1 in progress, 3–5 drawn, 4 a half-point bye, and
    /// a playoff game 1–3 beside them. Round 3 is not paired.
    fn section() -> Section {
        let mut s = Section::default();
        s.settings.points = PointSystemPreset::TwoOneZero.system();
        for n in 1..=5 {
            s.entrants.push(Entrant {
                id: id(n),
                number: Some(n as u32),
                ..Entrant::default()
            });
        }
        let game = |board, red, black, outcome| Game {
            outcome,
            ..Game::new(board, id(red), id(black))
        };
        let mut g1 = game(1, 1, 2, Some(Outcome::RedWin));
        g1.fouls_black = 1;
        s.rounds.push(Round {
            number: 1,
            games: vec![g1, game(2, 4, 3, Some(Outcome::BlackWinByForfeit))],
            byes: vec![Bye {
                entrant: id(5),
                kind: ByeKind::Pairing,
            }],
        });
        let playoff = Game {
            phase: GamePhase::Slow,
            ..game(3, 1, 3, Some(Outcome::RedWin))
        };
        s.rounds.push(Round {
            number: 2,
            games: vec![
                game(1, 2, 1, None),
                game(2, 3, 5, Some(Outcome::Draw)),
                playoff,
            ],
            byes: vec![Bye {
                entrant: id(4),
                kind: ByeKind::Half,
            }],
        });
        s
    }

    #[test]
    fn rounds_read_as_games_byes_and_absence() {
        let h = History::new(&section(), 3);
        let p = |n| h.player(id(n)).expect("entrant");
        // Player 1: a win with red, then black in a game still in progress, then absent.
        assert_eq!(p(1).rounds()[0].points, Points::whole(2));
        assert_eq!(p(1).rounds()[1].appearance.colour(), Some(Side::Black));
        assert_eq!(p(1).rounds()[1].points, Points::ZERO);
        assert_eq!(p(1).rounds()[2].appearance, Appearance::Absent);
        // 1 met 2, who stands second in the entrant order.
        assert_eq!(p(1).rounds()[0].opponent_index, Some(1));
        // The foul is on black (2) in round 1.
        assert_eq!((p(1).rounds()[0].fouls, p(2).rounds()[0].fouls), (0, 1));
        // 4 forfeited to 3: no colour, not met over the board, but scheduled.
        let a4 = p(4).rounds()[0].appearance;
        assert!(a4.is_forfeit() && !p(3).rounds()[0].appearance.is_forfeit());
        assert_eq!(a4.colour(), None);
        assert_eq!(a4.opponent(), Some(id(3)));
        assert_eq!(a4.opponent_over_the_board(), None);
        // The playoff game 1–3 of round 2 is not 3's game: 3 drew with 5.
        assert_eq!(p(3).rounds()[1].appearance.opponent(), Some(id(5)));
        // Scores: 1 has 2 (win) + 0 (pending); 3 has 2 (forfeit win) + 1; 5 has 2 (bye) + 1;
        // 4 has 0 + ½-point bye worth 1 under 2-1-0.
        assert_eq!(p(1).score_before(2), Points::whole(2));
        assert_eq!(p(3).total(), Points::whole(3));
        assert_eq!(p(5).total(), Points::whole(3));
        assert_eq!(p(4).total(), Points::whole(1));
        assert_eq!(p(5).pairing_byes(), 1);
        assert!(
            p(5).rounds()[0].appearance.is_paired() && !p(4).rounds()[1].appearance.is_paired()
        );
        assert_eq!(History::paired_rounds(&section()), 2);
    }

    #[test]
    fn a_game_in_progress_is_played_only_for_pairing() {
        let h = History::new(&section(), 2);
        let pending = h.player(id(2)).expect("entrant").rounds()[1].appearance;
        assert!(!pending.is_played(), "standings: no result yet");
        assert!(pending.is_played_or_pending(), "pairing: on the board list");
        assert_eq!(pending.opponent_over_the_board(), Some(id(1)));
        let forfeit = h.player(id(3)).expect("entrant").rounds()[0].appearance;
        assert!(!forfeit.is_played() && !forfeit.is_played_or_pending());
        let drawn = h.player(id(3)).expect("entrant").rounds()[1].appearance;
        assert!(drawn.is_played() && drawn.is_played_or_pending());
    }
}
