//! 淘汰制 — single-elimination knockout (rules.md §5, seed 002's main event, seed 000's top-4
//! playoff). Seeds are placed in the standard bracket (1 v N, 2 v N−1, … in the order that keeps
//! the top seeds apart until the end); when the field is not a power of two the top seeds get
//! byes. Each pairing is a match: one or two games, then a configurable chain of tie-break
//! phases (rapid games with colours swapped, sudden-death games, an Armageddon in which a draw
//! counts as a win for black). Places are given by stage: the losers of one stage share a range
//! of places (5–8, 9–16, 17–32), unless a third-place match splits 3 and 4.
//!
//! Storage: stage s of the knockout is the s-th round of the slice given to these functions;
//! a match's games are the match games ([`GamePhase::is_match_game`]) between its two players in
//! that round, in board order, so tie-break games are added to the same round as they become
//! necessary and other games in the same round (a Swiss played on beside a playoff) are ignored.

pub use crate::model::{ColourRule, KnockoutOptions, MatchPhase};
use crate::model::{EntrantId, Game, GamePhase, Lots, Outcome, Round, Side};
use std::collections::HashMap;

/// Why a knockout could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KnockoutError {
    #[error("a knockout needs at least two players")]
    TooFewPlayers,
    #[error("entrant {0:?} is seeded twice")]
    DuplicateSeed(EntrantId),
    #[error("no match phases are configured")]
    NoPhases,
    #[error(
        "match phase {0} is of the regular kind; match games must be slow, rapid, sudden death or Armageddon"
    )]
    RegularPhase(usize),
}

/// The bracket slot order for `size` (a power of two): seed numbers from the top of the bracket
/// down; slots 2i and 2i+1 meet in round 1. Built from [1, 2] by replacing each seed s with
/// (s, 2m+1−s), m being the current length (rules.md §5.1).
pub fn bracket_order(size: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    while (order.len() as u32) < size.max(1) {
        let m = order.len() as u32 * 2;
        order = order.iter().flat_map(|&s| [s, m + 1 - s]).collect();
    }
    order
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchStatus {
    /// One or both players are not known yet.
    Waiting,
    /// A game has been paired and has no result yet.
    InProgress,
    /// The next game to pair: phase index into [`KnockoutOptions::phases`], game in the phase.
    NeedsGame { phase: usize, game: u32 },
    /// Decided; a bye counts as decided without games.
    Won(EntrantId),
    /// Every phase is played and the match is still level: the arbiter must add a phase.
    ChainExhausted,
}

/// A pairing of the bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// Stage, from 1 (the first round of the bracket).
    pub stage: u32,
    /// Position in the stage from the top of the bracket, from 0; the third-place match has
    /// the position after the final.
    pub position: u32,
    /// The better-seeded player (or the only one, against a bye).
    pub high: Option<EntrantId>,
    pub low: Option<EntrantId>,
    /// Is one slot a bye (a seed beyond the field)?
    pub bye: bool,
    /// The match's games in the order played.
    pub games: Vec<Game>,
    pub status: MatchStatus,
}

impl Match {
    pub fn winner(&self) -> Option<EntrantId> {
        match self.status {
            MatchStatus::Won(w) => Some(w),
            _ => None,
        }
    }

    pub fn loser(&self) -> Option<EntrantId> {
        let w = self.winner()?;
        if self.bye {
            return None;
        }
        [self.high, self.low]
            .into_iter()
            .flatten()
            .find(|&p| p != w)
    }
}

/// The whole bracket as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bracket {
    /// Number of players seeded.
    pub players: u32,
    /// The bracket size, a power of two ≥ players.
    pub size: u32,
    /// Matches per stage (stage 1 first); the last stage holds the final.
    pub stages: Vec<Vec<Match>>,
    pub third_place: Option<Match>,
}

impl Bracket {
    /// The stage being played, as an index into `stages` (stage 1 is 0): the first with a match
    /// not yet decided, or the final's while the match for third place is still open. `None`
    /// once every match is decided.
    pub fn current_stage(&self) -> Option<usize> {
        let last = self.stages.len() - 1;
        let third_open = self
            .third_place
            .as_ref()
            .is_some_and(|t| t.winner().is_none());
        self.stages
            .iter()
            .enumerate()
            .position(|(i, s)| s.iter().any(|m| m.winner().is_none()) || (i == last && third_open))
    }

    /// The matches of the stage at `index`, the match for third place with the final.
    pub fn stage_matches(&self, index: usize) -> impl Iterator<Item = &Match> {
        let last = self.stages.len() - 1;
        self.stages
            .get(index)
            .into_iter()
            .flatten()
            .chain(self.third_place.iter().filter(move |_| index == last))
    }
}

/// The winner of a single match game, reading an Armageddon draw as a win for black.
pub fn game_winner(g: &Game) -> Option<EntrantId> {
    let side = match (g.outcome?, g.phase) {
        (Outcome::Draw, GamePhase::Armageddon) => Side::Black,
        (o, _) => o.winner()?,
    };
    Some(g.player(side))
}

/// Game points of `who` in match game `g` (half-points: win 2, draw 1, loss 0), the unit in
/// which a match phase is compared regardless of the section's point system.
fn match_points(g: &Game, who: EntrantId) -> u32 {
    match (g.outcome, game_winner(g)) {
        (_, Some(w)) if w == who => 2,
        (Some(Outcome::Draw), None) => 1,
        _ => 0,
    }
}

/// Reads the games of a match against the phase chain.
fn evaluate(
    options: &KnockoutOptions,
    high: EntrantId,
    low: EntrantId,
    games: &[Game],
) -> MatchStatus {
    if games.iter().any(|g| g.outcome.is_none()) {
        return MatchStatus::InProgress;
    }
    let mut rest = games;
    for (p, phase) in options.phases.iter().enumerate() {
        match phase.kind {
            GamePhase::SuddenDeath => {
                for (j, g) in rest.iter().enumerate() {
                    if let Some(w) = game_winner(g) {
                        return MatchStatus::Won(w);
                    }
                    if j + 1 == rest.len() {
                        return MatchStatus::NeedsGame {
                            phase: p,
                            game: j as u32 + 1,
                        };
                    }
                }
                return MatchStatus::NeedsGame { phase: p, game: 0 };
            }
            kind => {
                let wanted = if kind == GamePhase::Armageddon {
                    1
                } else {
                    phase.games.max(1) as usize
                };
                if rest.len() < wanted {
                    return MatchStatus::NeedsGame {
                        phase: p,
                        game: rest.len() as u32,
                    };
                }
                let (these, later) = rest.split_at(wanted);
                let h: u32 = these.iter().map(|g| match_points(g, high)).sum();
                let l: u32 = these.iter().map(|g| match_points(g, low)).sum();
                if h != l {
                    return MatchStatus::Won(if h > l { high } else { low });
                }
                rest = later;
            }
        }
    }
    MatchStatus::ChainExhausted
}

/// Builds the bracket from the seeds (best first) and the knockout's rounds (stage s = the s-th
/// round of `rounds`).
pub fn bracket(
    options: &KnockoutOptions,
    seeds: &[EntrantId],
    rounds: &[Round],
) -> Result<Bracket, KnockoutError> {
    if seeds.len() < 2 {
        return Err(KnockoutError::TooFewPlayers);
    }
    if options.phases.is_empty() {
        return Err(KnockoutError::NoPhases);
    }
    if let Some(i) = options.phases.iter().position(|p| !p.kind.is_match_game()) {
        return Err(KnockoutError::RegularPhase(i));
    }
    let mut rank: HashMap<EntrantId, usize> = HashMap::new();
    for (i, &s) in seeds.iter().enumerate() {
        if rank.insert(s, i).is_some() {
            return Err(KnockoutError::DuplicateSeed(s));
        }
    }
    let players = seeds.len() as u32;
    let size = players.next_power_of_two();
    let order = bracket_order(size);
    let seeded = |n: u32| seeds.get(n as usize - 1).copied();
    let build =
        |stage: u32, position: u32, a: Option<EntrantId>, b: Option<EntrantId>, bye: bool| {
            let (high, low) = match (a, b) {
                (Some(x), Some(y)) if rank[&y] < rank[&x] => (Some(y), Some(x)),
                (None, Some(y)) => (Some(y), None),
                other => other,
            };
            let mut m = Match {
                stage,
                position,
                high,
                low,
                bye,
                games: Vec::new(),
                status: MatchStatus::Waiting,
            };
            if let (Some(h), Some(l)) = (high, low) {
                if let Some(round) = rounds.get(stage as usize - 1) {
                    m.games = round
                        .games
                        .iter()
                        .filter(|g| g.phase.is_match_game())
                        .filter(|g| g.side_of(h).is_some() && g.side_of(l).is_some())
                        .cloned()
                        .collect();
                    m.games.sort_by_key(|g| g.board);
                }
                m.status = evaluate(options, h, l, &m.games);
            } else if bye {
                m.status = high.map_or(MatchStatus::Waiting, MatchStatus::Won);
            }
            m
        };
    let mut stages: Vec<Vec<Match>> = Vec::new();
    let first: Vec<Match> = order
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let (a, b) = (seeded(pair[0]), seeded(pair[1]));
            build(1, i as u32, a, b, a.is_none() || b.is_none())
        })
        .collect();
    stages.push(first);
    let mut third_place = None;
    while stages[stages.len() - 1].len() > 1 {
        let prev = &stages[stages.len() - 1];
        let stage = stages.len() as u32 + 1;
        let next: Vec<Match> = prev
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| build(stage, i as u32, pair[0].winner(), pair[1].winner(), false))
            .collect();
        // A semi-final against a bye has no loser: then there is no match for third place.
        if next.len() == 1 && options.third_place_match && !prev[0].bye && !prev[1].bye {
            let (a, b) = (prev[0].loser(), prev[1].loser());
            third_place = Some(build(stage, 1, a, b, false));
        }
        stages.push(next);
    }
    Ok(Bracket {
        players,
        size,
        stages,
        third_place,
    })
}

/// The games to pair next, for the stage now being played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NextGames {
    /// The stage they belong to (from 1): add them to the stage's round, creating it if needed.
    pub stage: u32,
    /// New games, boards numbered after the stage round's highest board ([`add_next_games`]
    /// renumbers them after the round's highest board at the time they are added).
    pub games: Vec<Game>,
    /// Players who must choose a colour before their match's next game can be paired; pass
    /// their choice in `choices` on the next call.
    pub awaiting_choice: Vec<EntrantId>,
}

/// Pairs the next game of every match of the current stage that needs one. Colours follow the
/// phase's [`ColourRule`]; lots are drawn from `seed` per stage, position and game, so asking
/// again gives the same colours. `choices` carries the colour a chooser has taken.
pub fn next_games(
    options: &KnockoutOptions,
    seeds: &[EntrantId],
    rounds: &[Round],
    seed: u64,
    choices: &[(EntrantId, Side)],
) -> Result<NextGames, KnockoutError> {
    let b = bracket(options, seeds, rounds)?;
    let mut out = NextGames::default();
    let Some(stage_index) = b.current_stage() else {
        return Ok(out);
    };
    out.stage = stage_index as u32 + 1;
    let mut board = rounds
        .get(stage_index)
        .and_then(|r| r.games.iter().map(|g| g.board).max())
        .unwrap_or(0);
    for m in b.stage_matches(stage_index) {
        let (MatchStatus::NeedsGame { phase, game }, Some(high), Some(low)) =
            (m.status, m.high, m.low)
        else {
            continue;
        };
        let last = m.games.last();
        let reverse_last = last.map(|g| (g.black, g.red));
        let mut lots = Lots::new(
            seed ^ (u64::from(m.stage) << 48 | u64::from(m.position) << 24 | m.games.len() as u64),
        );
        let by_lot = |lots: &mut Lots| {
            if lots.below(2) == 0 {
                (high, low)
            } else {
                (low, high)
            }
        };
        let chooser = |who: EntrantId| -> Option<(EntrantId, EntrantId)> {
            let other = if who == high { low } else { high };
            choices
                .iter()
                .find(|(c, _)| *c == who)
                .map(|&(_, side)| match side {
                    Side::Red => (who, other),
                    Side::Black => (other, who),
                })
        };
        let colours = if game > 0 {
            reverse_last
        } else {
            match options.phases[phase].first_colours {
                ColourRule::Lot => Some(by_lot(&mut lots)),
                ColourRule::SwapPrevious => reverse_last.or_else(|| Some(by_lot(&mut lots))),
                ColourRule::HigherSeedChooses => {
                    let c = chooser(high);
                    if c.is_none() {
                        out.awaiting_choice.push(high);
                    }
                    c
                }
                ColourRule::LotWinnerChooses => {
                    let (who, _) = by_lot(&mut lots);
                    let c = chooser(who);
                    if c.is_none() {
                        out.awaiting_choice.push(who);
                    }
                    c
                }
            }
        };
        if let Some((red, black)) = colours {
            board += 1;
            let mut g = Game::new(board, red, black);
            g.phase = options.phases[phase].kind;
            out.games.push(g);
        }
    }
    Ok(out)
}

/// Adds `next` to a section's rounds: into the round numbered `first_round_number + stage − 1`
/// (where the knockout's stage 1 is round `first_round_number`), creating it if the stage has
/// just begun. Other games already in that round (a Swiss played on beside a playoff) stay.
pub fn add_next_games(rounds: &mut Vec<Round>, first_round_number: u32, next: NextGames) {
    if next.games.is_empty() {
        return;
    }
    let number = first_round_number + next.stage - 1;
    let index = match rounds.iter().position(|r| r.number == number) {
        Some(i) => i,
        None => {
            rounds.push(Round {
                number,
                ..Round::default()
            });
            rounds.len() - 1
        }
    };
    let round = &mut rounds[index];
    let mut board = round.games.iter().map(|g| g.board).max().unwrap_or(0);
    for mut g in next.games {
        board += 1;
        g.board = board;
        round.games.push(g);
    }
}

/// A place range (名次): `first == last` for a single place, otherwise shared (e.g. 5–8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub entrant: EntrantId,
    pub first: u32,
    pub last: u32,
}

/// Places by stage so far: the losers of the stage with 2^k matches share places
/// 2^k + 1 … min(2^(k+1), players); the final gives 1 and 2; the semi-final losers share 3–4
/// unless a third-place match decides them. Best places first; players still in play are absent.
pub fn places(b: &Bracket) -> Vec<Place> {
    let mut out = Vec::new();
    let stages = b.stages.len();
    if let Some(w) = b.stages[stages - 1][0].winner() {
        out.push(Place {
            entrant: w,
            first: 1,
            last: 1,
        });
    }
    for (i, stage) in b.stages.iter().enumerate().rev() {
        let matches = stage.len() as u32;
        let first = matches + 1;
        let last = (2 * matches).min(b.players);
        if i + 2 == stages
            && let Some(t) = &b.third_place
        {
            if let (Some(w), Some(l)) = (t.winner(), t.loser()) {
                out.push(Place {
                    entrant: w,
                    first: 3,
                    last: 3,
                });
                out.push(Place {
                    entrant: l,
                    first: 4,
                    last: 4,
                });
            }
            continue;
        }
        for m in stage {
            if let Some(l) = m.loser() {
                out.push(Place {
                    entrant: l,
                    first,
                    last,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn bracket_orders_match_rules_md_5_1() {
        assert_eq!(bracket_order(4), vec![1, 4, 2, 3]);
        assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            bracket_order(16),
            vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
        assert_eq!(
            bracket_order(32),
            vec![
                1, 32, 16, 17, 8, 25, 9, 24, 4, 29, 13, 20, 5, 28, 12, 21, 2, 31, 15, 18, 7, 26,
                10, 23, 3, 30, 14, 19, 6, 27, 11, 22
            ]
        );
    }

    fn game(board: u32, red: i64, black: i64, phase: GamePhase, o: Outcome) -> Game {
        Game {
            phase,
            outcome: Some(o),
            ..Game::new(board, EntrantId(red), EntrantId(black))
        }
    }

    #[test]
    fn armageddon_draw_is_a_black_win() {
        let g = game(1, 1, 2, GamePhase::Armageddon, Outcome::Draw);
        assert_eq!(game_winner(&g), Some(EntrantId(2)));
        let g = game(1, 1, 2, GamePhase::Rapid, Outcome::Draw);
        assert_eq!(game_winner(&g), None);
    }

    #[test]
    fn byes_go_to_the_top_seeds() {
        let seeds: Vec<EntrantId> = (1..=6).map(EntrantId).collect();
        let b = bracket(&KnockoutOptions::default(), &seeds, &[]).unwrap();
        assert_eq!(b.size, 8);
        // Slots (1,8) (4,5) (2,7) (3,6): seeds 1 and 2 meet the missing 8 and 7.
        let won: Vec<Option<EntrantId>> = b.stages[0].iter().map(Match::winner).collect();
        assert_eq!(
            won,
            vec![Some(EntrantId(1)), None, Some(EntrantId(2)), None]
        );
        assert_eq!(b.stages[1][0].high, Some(EntrantId(1)));
        assert_eq!(b.stages[1][0].low, None, "waits for 4 v 5");
    }

    #[test]
    fn two_game_match_level_goes_to_rapid_then_sudden_death() {
        use GamePhase::*;
        use Outcome::*;
        let o = KnockoutOptions::default();
        let (a, b) = (EntrantId(1), EntrantId(2));
        // 1-1 after the slow games: a rapid game is due, colours swapped from game 2.
        let slow = vec![game(1, 1, 2, Slow, RedWin), game(2, 2, 1, Slow, RedWin)];
        assert_eq!(
            evaluate(&o, a, b, &slow),
            MatchStatus::NeedsGame { phase: 1, game: 0 }
        );
        let mut g = slow.clone();
        g.push(game(3, 1, 2, Rapid, Draw));
        g.push(game(4, 2, 1, Rapid, Draw));
        assert_eq!(
            evaluate(&o, a, b, &g),
            MatchStatus::NeedsGame { phase: 2, game: 0 }
        );
        g.push(game(5, 2, 1, SuddenDeath, Draw));
        assert_eq!(
            evaluate(&o, a, b, &g),
            MatchStatus::NeedsGame { phase: 2, game: 1 }
        );
        g.push(game(6, 1, 2, SuddenDeath, BlackWin));
        assert_eq!(evaluate(&o, a, b, &g), MatchStatus::Won(b));
        // 1½–½ decides in the slow games.
        let won = vec![game(1, 1, 2, Slow, Draw), game(2, 2, 1, Slow, BlackWin)];
        assert_eq!(evaluate(&o, a, b, &won), MatchStatus::Won(a));
    }

    /// Red wins every unfinished game of the stage.
    fn red_wins_all(rounds: &mut [Round], stage: usize) {
        for g in rounds[stage]
            .games
            .iter_mut()
            .filter(|g| g.outcome.is_none())
        {
            g.outcome = Some(Outcome::RedWin);
        }
    }

    #[test]
    fn six_players_places_by_stage_with_third_place_match() {
        // One slow game, red always wins; the top two seeds have byes in stage 1.
        let o = KnockoutOptions {
            phases: vec![MatchPhase {
                kind: GamePhase::Slow,
                games: 1,
                first_colours: ColourRule::HigherSeedChooses,
            }],
            third_place_match: true,
        };
        let seeds: Vec<EntrantId> = (1..=6).map(EntrantId).collect();
        let mut rounds = Vec::new();
        for _ in 0..3 {
            // Every higher seed takes red, so the higher seed wins every match.
            let b = bracket(&o, &seeds, &rounds).unwrap();
            let choosers: Vec<(EntrantId, Side)> = b
                .stages
                .iter()
                .flatten()
                .chain(&b.third_place)
                .filter_map(|m| m.high)
                .map(|h| (h, Side::Red))
                .collect();
            let next = next_games(&o, &seeds, &rounds, 1, &choosers).unwrap();
            let stage = next.stage as usize - 1;
            add_next_games(&mut rounds, 1, next);
            red_wins_all(&mut rounds, stage);
        }
        let b = bracket(&o, &seeds, &rounds).unwrap();
        let mut p = places(&b);
        p.sort_by_key(|p| (p.first, p.entrant));
        let got: Vec<(i64, u32, u32)> = p.iter().map(|p| (p.entrant.0, p.first, p.last)).collect();
        // Stage 1: 4 v 5 and 3 v 6 (1 and 2 have byes); semi-finals 1 v 4, 2 v 3; losers of
        // stage 1 share 5–6 (six players), 3 beats 4 for third place.
        assert_eq!(
            got,
            vec![
                (1, 1, 1),
                (2, 2, 2),
                (3, 3, 3),
                (4, 4, 4),
                (5, 5, 6),
                (6, 5, 6)
            ]
        );
    }

    #[test]
    fn a_level_match_with_no_phase_left_is_reported_and_bad_seeds_refused() {
        let o = KnockoutOptions {
            phases: vec![MatchPhase {
                kind: GamePhase::Slow,
                games: 1,
                first_colours: ColourRule::Lot,
            }],
            third_place_match: false,
        };
        let g = game(1, 1, 2, GamePhase::Slow, Outcome::Draw);
        assert_eq!(
            evaluate(&o, EntrantId(1), EntrantId(2), &[g]),
            MatchStatus::ChainExhausted
        );
        let dup = [EntrantId(1), EntrantId(2), EntrantId(1)];
        assert_eq!(
            bracket(&o, &dup, &[]),
            Err(KnockoutError::DuplicateSeed(EntrantId(1)))
        );
        assert_eq!(
            bracket(&o, &dup[..1], &[]),
            Err(KnockoutError::TooFewPlayers)
        );
        let mut regular = o.clone();
        regular.phases[0].kind = GamePhase::Regular;
        assert_eq!(
            bracket(&regular, &dup[..2], &[]),
            Err(KnockoutError::RegularPhase(0))
        );
    }

    #[test]
    fn colours_by_lot_are_fixed_by_the_seed_and_go_both_ways() {
        let o = KnockoutOptions::default();
        let seeds = [EntrantId(1), EntrantId(2)];
        let red = |seed| next_games(&o, &seeds, &[], seed, &[]).unwrap().games[0].red;
        assert_eq!(red(7), red(7));
        let reds: HashSet<EntrantId> = (0..40).map(red).collect();
        assert_eq!(reds.len(), 2, "either player can draw red");
    }

    #[test]
    fn three_players_have_no_third_place_match() {
        let o = KnockoutOptions::default();
        let seeds = [EntrantId(1), EntrantId(2), EntrantId(3)];
        let b = bracket(&o, &seeds, &[]).unwrap();
        assert!(b.third_place.is_none(), "seed 1's semi-final is a bye");
    }

    #[test]
    fn settings_written_before_these_options_still_load() {
        let s: crate::model::SectionSettings = serde_json::from_str(r#"{"rounds": 9}"#).unwrap();
        assert_eq!(s.rounds, 9);
        assert_eq!(s.knockout, KnockoutOptions::default());
        let g: Game = serde_json::from_str(
            r#"{"board":1,"red":1,"black":2,"outcome":null,"fouls_red":0,"fouls_black":0}"#,
        )
        .unwrap();
        assert_eq!(
            g.phase,
            GamePhase::Regular,
            "games without a phase are regular"
        );
    }
}
