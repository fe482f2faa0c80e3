//! 循环制 — round robin. The order table (对局秩序表) is the Berger table of FIDE C.05 Annex 1,
//! built here for any number of players: the xiangqi table of the rule book's appendix is the
//! same table, and in each round the number listed first plays red (chess: white). An odd field
//! plays with one extra, dummy number; whoever meets the dummy has a round off that scores
//! nothing and counts no colour (遇轮空均不计算成绩和先后手). A double round robin repeats the
//! table with colours reversed. A team round robin uses the same table over team numbers, with
//! the first-listed team red on its odd boards.
//!
//! Withdrawal (退出, rules.md §1.7): a player who has played fewer than half of his games has all
//! his results cancelled (注销); with half or more, his results stand and his remaining games are
//! lost by forfeit.

pub use crate::model::RoundRobinOptions;
use crate::model::{Bye, ByeKind, EntrantId, EntrantStatus, Game, Outcome, Round, Section};

/// Why a round-robin round could not be produced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundRobinError {
    #[error("a round robin needs at least two players")]
    TooFewPlayers,
    #[error("pairing numbers must be 1..={expected} without gaps (entrant {entrant:?})")]
    BadNumbers { entrant: EntrantId, expected: u32 },
    #[error("round {round} is outside the schedule of {rounds} rounds")]
    NoSuchRound { round: u32, rounds: u32 },
    #[error("no entrant {0:?} in this section")]
    UnknownEntrant(EntrantId),
}

/// One board of the order table: (listed first = red, listed second = black), by number.
pub type TablePair = (u32, u32);

/// The size of the table for `players`: the next even number (an odd field adds a dummy).
pub fn table_size(players: u32) -> u32 {
    players + players % 2
}

/// The Berger table (循环赛对局秩序表) for `players` players: one list of boards per round, each
/// board as (red, black) pairing numbers. With an odd field the number `players + 1` is the dummy.
///
/// Construction (C.05 Annex 1; rule-book appendix): round 1 pairs 1 v n, 2 v n−1, … ("首尾相对，
/// 依次靠拢"). Each later round reads the previous round board by board, first-listed before
/// second, leaving out n; the last number read meets n on board 1, with n red in even rounds and
/// black in odd ones; the rest pair off from the end of the list, the earlier of each two red.
pub fn berger_table(players: u32) -> Vec<Vec<TablePair>> {
    let n = table_size(players);
    if n < 2 {
        return Vec::new();
    }
    let mut rounds: Vec<Vec<TablePair>> = Vec::with_capacity(n as usize - 1);
    rounds.push((1..=n / 2).map(|b| (b, n + 1 - b)).collect());
    for r in 2..n {
        let previous = &rounds[rounds.len() - 1];
        let mut order: Vec<u32> = previous
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .filter(|&p| p != n)
            .collect();
        let mut boards = Vec::with_capacity(n as usize / 2);
        if let Some(p) = order.pop() {
            boards.push(if r.is_multiple_of(2) { (n, p) } else { (p, n) });
        }
        while order.len() >= 2 {
            let black = order.pop().unwrap_or_default();
            let red = order.pop().unwrap_or_default();
            boards.push((red, black));
        }
        rounds.push(boards);
    }
    rounds
}

/// The full schedule for `players` under `options`: the Berger table once per cycle, colours
/// reversed in every even cycle.
pub fn schedule(players: u32, options: &RoundRobinOptions) -> Vec<Vec<TablePair>> {
    let mut first = berger_table(players);
    let len = first.len();
    if options.cycles > 1 && options.swap_last_two_rounds_of_first_cycle && len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let mut all = Vec::with_capacity(len * options.cycles.max(1) as usize);
    for cycle in 0..options.cycles.max(1) {
        for round in &first {
            if cycle % 2 == 0 {
                all.push(round.clone());
            } else {
                all.push(round.iter().map(|&(a, b)| (b, a)).collect());
            }
        }
    }
    all
}

/// 退出 — what happens to a withdrawing player's results (rules.md §1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WithdrawalRuling {
    /// Fewer than half of his games played: all his results are cancelled (注销).
    ResultsCancelled,
    /// Half or more played: his results stand; his remaining games are forfeits.
    RemainingForfeited,
}

/// The ruling for `who` withdrawing now: games played over the board (forfeits do not count)
/// times two, against the games he is scheduled to play (cycles × (N − 1)).
pub fn withdrawal_ruling(
    section: &Section,
    options: &RoundRobinOptions,
    who: EntrantId,
) -> WithdrawalRuling {
    let n = section.entrants.len() as u32;
    let scheduled = options.cycles.max(1) * n.saturating_sub(1);
    let played = section
        .rounds
        .iter()
        .flat_map(|r| &r.games)
        .filter(|g| !g.phase.is_match_game() && g.side_of(who).is_some())
        .filter(|g| g.outcome.is_some_and(Outcome::is_played))
        .count() as u32;
    if played * 2 < scheduled {
        WithdrawalRuling::ResultsCancelled
    } else {
        WithdrawalRuling::RemainingForfeited
    }
}

/// Records that `who` withdraws (退出) and applies the ruling to the rounds already paired:
/// cancelled results are removed and each former opponent has that round off (a zero bye);
/// otherwise his unfinished games become forfeit losses. Later rounds from [`pair_round`] follow
/// the same ruling. Scores and tie-breaks, being derived from the rounds, follow by themselves.
pub fn withdraw(
    section: &mut Section,
    options: &RoundRobinOptions,
    who: EntrantId,
) -> Result<WithdrawalRuling, RoundRobinError> {
    let ruling = withdrawal_ruling(section, options, who);
    let entrant = section
        .entrant_mut(who)
        .ok_or(RoundRobinError::UnknownEntrant(who))?;
    entrant.status = EntrantStatus::Withdrawn;
    for round in &mut section.rounds {
        match ruling {
            WithdrawalRuling::ResultsCancelled => {
                let mut freed = Vec::new();
                round.games.retain(|g| match g.side_of(who) {
                    Some(side) if !g.phase.is_match_game() => {
                        freed.push(g.player(side.other()));
                        false
                    }
                    _ => true,
                });
                round.byes.extend(freed.into_iter().map(|entrant| Bye {
                    entrant,
                    kind: ByeKind::Zero,
                }));
            }
            WithdrawalRuling::RemainingForfeited => {
                for g in &mut round.games {
                    if g.outcome.is_none() && !g.phase.is_match_game() {
                        g.outcome = forfeit_by(g, who);
                    }
                }
            }
        }
    }
    Ok(ruling)
}

/// The forfeit outcome of `g` when `who` does not play it.
fn forfeit_by(g: &Game, who: EntrantId) -> Option<Outcome> {
    if g.red == who {
        Some(Outcome::BlackWinByForfeit)
    } else if g.black == who {
        Some(Outcome::RedWinByForfeit)
    } else {
        None
    }
}

/// Pairs round `number` of a round-robin `section` from its pairing numbers (which must be
/// 1..=N, drawn by lot with [`super::draw_numbers`]). The first-listed number plays red; the
/// player drawn against the dummy (odd N) gets a zero bye; withdrawn or excluded players follow
/// their [`WithdrawalRuling`]: cancelled → the opponent has the round off, otherwise the game is
/// entered as a forfeit loss of the absent player. Boards are numbered in table order.
pub fn pair_round(
    section: &Section,
    options: &RoundRobinOptions,
    number: u32,
) -> Result<Round, RoundRobinError> {
    let n = section.entrants.len() as u32;
    if n < 2 {
        return Err(RoundRobinError::TooFewPlayers);
    }
    let mut by_number = vec![None; n as usize + 1];
    for e in &section.entrants {
        match e.number {
            Some(k) if (1..=n).contains(&k) && by_number[k as usize].is_none() => {
                by_number[k as usize] = Some(e);
            }
            _ => {
                return Err(RoundRobinError::BadNumbers {
                    entrant: e.id,
                    expected: n,
                });
            }
        }
    }
    let table = schedule(n, options);
    let rounds = table.len() as u32;
    let boards = number
        .checked_sub(1)
        .and_then(|i| table.get(i as usize))
        .ok_or(RoundRobinError::NoSuchRound {
            round: number,
            rounds,
        })?;
    let mut round = Round {
        number,
        ..Round::default()
    };
    let player = |k: u32| by_number.get(k as usize).copied().flatten();
    for &(a, b) in boards {
        let (red, black) = match (player(a), player(b)) {
            (Some(red), Some(black)) => (red, black),
            (Some(alone), None) | (None, Some(alone)) => {
                round.byes.push(Bye {
                    entrant: alone.id,
                    kind: ByeKind::Zero,
                });
                continue;
            }
            (None, None) => continue,
        };
        let mut absent = None;
        for e in [red, black] {
            if !e.is_active() {
                match withdrawal_ruling(section, options, e.id) {
                    WithdrawalRuling::ResultsCancelled => absent = Some((e.id, true)),
                    WithdrawalRuling::RemainingForfeited => {
                        absent = absent.or(Some((e.id, false)));
                    }
                }
            }
        }
        let mut game = Game::new(round.games.len() as u32 + 1, red.id, black.id);
        match absent {
            Some((gone, true)) => {
                let other = if gone == red.id { black.id } else { red.id };
                if section.entrant(other).is_some_and(|e| e.is_active()) {
                    round.byes.push(Bye {
                        entrant: other,
                        kind: ByeKind::Zero,
                    });
                }
                continue;
            }
            Some((gone, false)) => {
                let both_gone = !red.is_active() && !black.is_active();
                game.outcome = if both_gone {
                    Some(Outcome::DoubleForfeit)
                } else {
                    forfeit_by(&game, gone)
                };
            }
            None => {}
        }
        round.games.push(game);
    }
    Ok(round)
}

/// The boards of a team match in a team round robin (团体循环): board b pairs the b-th players of
/// the two line-ups; the team listed first in the order table is red on odd boards and black on
/// even boards. Extra players of the longer line-up have no board.
pub fn team_match_games(first_listed: &[EntrantId], second_listed: &[EntrantId]) -> Vec<Game> {
    first_listed
        .iter()
        .zip(second_listed)
        .enumerate()
        .map(|(i, (&a, &b))| {
            let board = i as u32 + 1;
            if board % 2 == 1 {
                Game::new(board, a, b)
            } else {
                Game::new(board, b, a)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_players_match_rules_md_table() {
        // rules.md §4.2, "3 or 4 players".
        assert_eq!(
            berger_table(4),
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)]
            ]
        );
        assert_eq!(
            berger_table(3),
            berger_table(4),
            "3 players use the 4 table"
        );
    }

    #[test]
    fn double_round_robin_reverses_colours() {
        let opts = RoundRobinOptions {
            cycles: 2,
            swap_last_two_rounds_of_first_cycle: false,
        };
        let s = schedule(4, &opts);
        assert_eq!(s.len(), 6);
        // rules.md §4.1: cycle 2 repeats cycle 1 with colours reversed.
        assert_eq!(s[3], vec![(4, 1), (3, 2)]);
        assert_eq!(s[5], vec![(4, 2), (1, 3)]);
        let swapped = schedule(
            4,
            &RoundRobinOptions {
                swap_last_two_rounds_of_first_cycle: true,
                ..opts
            },
        );
        assert_eq!(swapped[1], vec![(2, 4), (3, 1)]);
        assert_eq!(swapped[2], vec![(4, 3), (1, 2)]);
    }

    #[test]
    fn team_match_gives_first_team_odd_boards_red() {
        let a = [EntrantId(1), EntrantId(2), EntrantId(3)];
        let b = [EntrantId(11), EntrantId(12), EntrantId(13), EntrantId(14)];
        let g = team_match_games(&a, &b);
        let got: Vec<(u32, i64, i64)> = g.iter().map(|g| (g.board, g.red.0, g.black.0)).collect();
        assert_eq!(got, vec![(1, 1, 11), (2, 12, 2), (3, 3, 13)]);
    }

    #[test]
    fn double_round_robin_halves_count_both_cycles() {
        use crate::model::Entrant;
        let mut s = Section::default();
        for k in 1..=4 {
            s.entrants.push(Entrant {
                id: EntrantId(k),
                number: Some(k as u32),
                ..Entrant::default()
            });
        }
        let opts = RoundRobinOptions {
            cycles: 2,
            ..RoundRobinOptions::default()
        };
        // Number 1 plays in every round of the 4 table: 6 games in two cycles. After 2 played
        // of 6 (2 × 2 < 6) his results are cancelled; after 3 of 6 (half) they stand.
        for (n, ruling) in [
            (1, WithdrawalRuling::ResultsCancelled),
            (2, WithdrawalRuling::ResultsCancelled),
            (3, WithdrawalRuling::RemainingForfeited),
        ] {
            let mut r = pair_round(&s, &opts, n).unwrap();
            r.games
                .iter_mut()
                .for_each(|g| g.outcome = Some(Outcome::Draw));
            s.rounds.push(r);
            assert_eq!(
                withdrawal_ruling(&s, &opts, EntrantId(1)),
                ruling,
                "round {n}"
            );
        }
    }
}
