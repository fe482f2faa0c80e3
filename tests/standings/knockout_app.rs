//! A knockout section (淘汰制) run through the app services, as the arbiter's desk does it:
//! numbers drawn by lot, each "pair next" one action, results entered board by board.
//!
//! Eight players, seed 002's main-event format (rules.md §5.2): two slow games (the first by
//! lot, the second with colours swapped); if 1–1, two rapid games with colours swapped; then
//! sudden death; a match for third place. Seeds are the pairing numbers, so the bracket of
//! rules.md §5.1 is (1,8) (4,5) (2,7) (3,6); the semi-finals are 1–8's winner v 4–5's and 2–7's
//! v 3–6's. Places: the final gives 1 and 2, the match for third place 3 and 4, the losers of
//! stage 1 share 5–8.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{AppError, PairNext, Tournament, final_standings, section_awards};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{
    EntrantId, EntrantStatus, Game, GamePhase, Outcome, PairingSystem, Section, SectionId,
    SectionSettings,
};
use bianpai::pairing::knockout::{KnockoutOptions, MatchStatus};

fn knockout(players: u32) -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = common::create(&common::event("淘汰赛", vec![]));
    let settings = SectionSettings {
        system: PairingSystem::Knockout,
        rounds: 3,
        knockout: KnockoutOptions::default(),
        ..SectionSettings::default()
    };
    let s = SectionBuilder::new()
        .name("正赛")
        .settings(settings)
        .named("选手", players)
        .lot_seed(2026_0909)
        .enter(&mut t);
    (dir, t, s)
}

fn section(t: &Tournament) -> &Section {
    &t.event().sections[0]
}

/// The entrant drawn number `n` (the knockout's seed n).
fn seed(t: &Tournament, n: u32) -> EntrantId {
    section(t)
        .entrants
        .iter()
        .find(|e| e.number == Some(n))
        .map(|e| e.id)
        .expect("drawn number")
}

fn games(t: &Tournament, round: u32) -> Vec<Game> {
    section(t).round(round).expect("round").games.clone()
}

/// The board of round `round` between `a` and `b` that has no result yet.
fn pending(t: &Tournament, round: u32, a: EntrantId, b: EntrantId) -> Game {
    games(t, round)
        .into_iter()
        .find(|g| g.outcome.is_none() && g.side_of(a).is_some() && g.side_of(b).is_some())
        .expect("a pending game between the two")
}

/// Enters the result of the pending game between `a` and `b`: `winner` wins, or a draw.
fn play(
    t: &mut Tournament,
    s: SectionId,
    round: u32,
    a: EntrantId,
    b: EntrantId,
    winner: Option<EntrantId>,
) {
    let g = pending(t, round, a, b);
    let o = match winner {
        None => Outcome::Draw,
        Some(w) if w == g.red => Outcome::RedWin,
        Some(_) => Outcome::BlackWin,
    };
    t.enter_result(
        BoardRef::new(s, round, g.board),
        ResultEntry::result(Some(o)),
    )
    .unwrap();
}

fn paired(r: Result<PairNext, AppError>) -> (u32, Vec<u32>) {
    match r.unwrap() {
        PairNext::Paired { round, boards } => (round, boards),
        other => panic!("expected games, got {other:?}"),
    }
}

#[test]
fn eight_player_knockout_with_a_rapid_tie_break_and_places_by_stage() {
    let (_dir, mut t, s) = knockout(8);
    let p: Vec<EntrantId> = (0..=8)
        .map(|n| if n == 0 { EntrantId(0) } else { seed(&t, n) })
        .collect();

    // The Pairings tab's "pair next round" sends the arbiter to the bracket.
    assert!(matches!(
        t.pair_next_round(s),
        Err(AppError::KnockoutInBracketTab)
    ));

    // Stage 1 = round 1: the first slow game of (1,8) (4,5) (2,7) (3,6), in bracket order.
    assert_eq!(paired(t.pair_next_games(s, &[])), (1, vec![1, 2, 3, 4]));
    let pairs = |gs: &[Game]| -> Vec<[EntrantId; 2]> {
        gs.iter()
            .map(|g| {
                let mut v = [g.red, g.black];
                v.sort();
                v
            })
            .collect()
    };
    let sorted = |a: EntrantId, b: EntrantId| if a < b { [a, b] } else { [b, a] };
    let first = games(&t, 1);
    assert_eq!(
        pairs(&first),
        vec![
            sorted(p[1], p[8]),
            sorted(p[4], p[5]),
            sorted(p[2], p[7]),
            sorted(p[3], p[6])
        ]
    );
    assert!(first.iter().all(|g| g.phase == GamePhase::Slow));
    assert!(
        section(&t).rounds[0].byes.is_empty(),
        "eight players: no bye"
    );
    // Nothing more until the games have results.
    assert!(matches!(
        t.pair_next_games(s, &[]),
        Err(AppError::StageInProgress(1))
    ));

    // Game 1: the higher seed wins on boards 1, 3, 4; on board 2 red wins.
    play(&mut t, s, 1, p[1], p[8], Some(p[1]));
    play(&mut t, s, 1, p[2], p[7], Some(p[2]));
    play(&mut t, s, 1, p[3], p[6], Some(p[3]));
    let g45 = pending(&t, 1, p[4], p[5]);
    t.enter_result(
        BoardRef::new(s, 1, g45.board),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();

    // Game 2 of each match, colours swapped (依次换先), on boards 5–8.
    assert_eq!(paired(t.pair_next_games(s, &[])), (1, vec![5, 6, 7, 8]));
    let all = games(&t, 1);
    for (g1, g2) in all[..4].iter().zip(&all[4..]) {
        assert_eq!((g2.red, g2.black), (g1.black, g1.red), "board {}", g2.board);
        assert_eq!(g2.phase, GamePhase::Slow);
    }
    play(&mut t, s, 1, p[1], p[8], Some(p[1]));
    play(&mut t, s, 1, p[2], p[7], Some(p[2]));
    play(&mut t, s, 1, p[3], p[6], Some(p[3]));
    // 4–5, game 2: red wins again — each has won once with red: 1–1.
    let g45b = pending(&t, 1, p[4], p[5]);
    assert_eq!(g45b.red, g45.black);
    t.enter_result(
        BoardRef::new(s, 1, g45b.board),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    let b = t.bracket(s).unwrap().expect("a knockout");
    assert_eq!(
        b.bracket.stages[0][1].status,
        MatchStatus::NeedsGame { phase: 1, game: 0 },
        "level after the slow games: a rapid game is due"
    );

    // "Pair next" adds the rapid tie-break to round 1, colours swapped from game 2; the
    // semi-finals wait for it.
    assert_eq!(paired(t.pair_next_games(s, &[])), (1, vec![9]));
    let rapid = pending(&t, 1, p[4], p[5]);
    assert_eq!(rapid.phase, GamePhase::Rapid);
    assert_eq!((rapid.red, rapid.black), (g45b.black, g45b.red));
    // Undo takes the tie-break back; pairing it again gives the same colours (fixed lots).
    t.undo().unwrap();
    assert_eq!(games(&t, 1).len(), 8);
    assert_eq!(paired(t.pair_next_games(s, &[])), (1, vec![9]));
    assert_eq!(pending(&t, 1, p[4], p[5]), rapid);
    // 5 wins the first rapid game; the second (colours swapped again) is drawn: 5 goes
    // through 1½–½.
    play(&mut t, s, 1, p[4], p[5], Some(p[5]));
    assert_eq!(paired(t.pair_next_games(s, &[])), (1, vec![10]));
    let rapid2 = pending(&t, 1, p[4], p[5]);
    assert_eq!(
        (rapid2.red, rapid2.black, rapid2.phase),
        (rapid.black, rapid.red, GamePhase::Rapid)
    );
    play(&mut t, s, 1, p[4], p[5], None);

    // Stage 2 = round 2: semi-finals 1 v 5 and 2 v 3, game 1 on boards 1 and 2.
    assert_eq!(paired(t.pair_next_games(s, &[])), (2, vec![1, 2]));
    assert_eq!(
        pairs(&games(&t, 2)),
        vec![sorted(p[1], p[5]), sorted(p[2], p[3])]
    );
    // A result of round 1 is now a correction.
    assert!(matches!(
        t.enter_result(BoardRef::new(s, 1, 1), ResultEntry::result(None)),
        Err(AppError::ReasonRequired(1))
    ));
    play(&mut t, s, 2, p[1], p[5], Some(p[1]));
    play(&mut t, s, 2, p[2], p[3], Some(p[3]));
    assert_eq!(paired(t.pair_next_games(s, &[])), (2, vec![3, 4]));
    play(&mut t, s, 2, p[1], p[5], Some(p[1]));
    play(&mut t, s, 2, p[2], p[3], Some(p[3]));

    // Stage 3 = round 3: the final 1 v 3 and the match for third place 2 v 5.
    assert_eq!(paired(t.pair_next_games(s, &[])), (3, vec![1, 2]));
    assert_eq!(
        pairs(&games(&t, 3)),
        vec![sorted(p[1], p[3]), sorted(p[2], p[5])]
    );
    play(&mut t, s, 3, p[1], p[3], Some(p[1]));
    play(&mut t, s, 3, p[2], p[5], Some(p[2]));
    assert_eq!(paired(t.pair_next_games(s, &[])), (3, vec![3, 4]));
    play(&mut t, s, 3, p[1], p[3], Some(p[1]));
    play(&mut t, s, 3, p[2], p[5], Some(p[2]));
    assert!(matches!(
        t.pair_next_games(s, &[]),
        Err(AppError::BracketDecided)
    ));

    // Places: 1 champion, 3 runner-up, 2 third, 5 fourth; 8, 4, 7, 6 share 5–8.
    let b = t.bracket(s).unwrap().expect("a knockout");
    let mut places: Vec<(EntrantId, u32, u32)> = b
        .final_places
        .expect("decided")
        .iter()
        .map(|x| (x.entrant, x.first, x.last))
        .collect();
    places.sort_by_key(|&(e, first, _)| (first, e));
    let mut shared: Vec<(EntrantId, u32, u32)> = [p[4], p[6], p[7], p[8]]
        .iter()
        .map(|&e| (e, 5, 8))
        .collect();
    shared.sort();
    let mut expected = vec![(p[1], 1, 1), (p[3], 2, 2), (p[2], 3, 3), (p[5], 4, 4)];
    expected.extend(shared);
    assert_eq!(places, expected);

    // The awards rank by those places: 1, 2, 3, 4, then 5 four times.
    let a = section_awards(section(&t), 3);
    let ranks: Vec<(EntrantId, u32)> = a.standings.iter().map(|x| (x.entrant, x.rank)).collect();
    assert_eq!(&ranks[..4], &[(p[1], 1), (p[3], 2), (p[2], 3), (p[5], 4)]);
    let mut rest: Vec<(EntrantId, u32)> = ranks[4..].to_vec();
    rest.sort();
    let mut five: Vec<(EntrantId, u32)> =
        [p[4], p[6], p[7], p[8]].iter().map(|&e| (e, 5)).collect();
    five.sort();
    assert_eq!(rest, five);
    // The Standings tab and the standings sheet rank the same way.
    let tab: Vec<(EntrantId, u32)> = final_standings(section(&t), 3)
        .iter()
        .map(|x| (x.entrant, x.rank))
        .collect();
    assert_eq!(tab, ranks);
}

#[test]
fn six_players_the_top_seeds_byes_are_kept_and_a_withdrawal_does_not_reshuffle() {
    let (_dir, mut t, s) = knockout(6);
    let p: Vec<EntrantId> = (0..=6)
        .map(|n| if n == 0 { EntrantId(0) } else { seed(&t, n) })
        .collect();
    // Bracket of 8: (1,bye) (4,5) (2,bye) (3,6) — stage 1 plays 4 v 5 and 3 v 6.
    assert_eq!(paired(t.pair_next_games(s, &[])), (1, vec![1, 2]));
    let r1 = section(&t).round(1).unwrap().clone();
    let byes: Vec<EntrantId> = r1.byes.iter().map(|b| b.entrant).collect();
    assert_eq!(byes, vec![p[1], p[2]], "the byes are stored with round 1");
    // Seed 1 withdraws before stage 2: the bracket keeps its six seeds.
    let mut e = section(&t).entrant(p[1]).unwrap().clone();
    e.status = EntrantStatus::Withdrawn;
    t.update_entrant(s, &e).unwrap();
    let b = t.bracket(s).unwrap().expect("a knockout");
    assert_eq!(b.seeds, p[1..].to_vec());
    assert_eq!(
        b.bracket.stages[1][0].high,
        Some(p[1]),
        "1 still meets 4–5's winner"
    );
}

/// Seed 002's main event is seeded in the order of the qualified list, not by lot: the arbiter
/// types the numbers by hand before stage 1. A number another entrant holds is refused with
/// that entrant's name; once round 1 is paired the numbers are fixed. With the four players'
/// numbers reversed, the bracket is the new 1 v 4 and 2 v 3 (rules.md §5.1).
#[test]
fn seeds_typed_by_hand_before_stage_one_set_the_bracket() {
    let (_dir, mut t, s) = knockout(4);
    let drawn: Vec<EntrantId> = (1..=4).map(|n| seed(&t, n)).collect();
    let entrant = |t: &Tournament, id: EntrantId| section(t).entrant(id).unwrap().clone();
    let mut e = entrant(&t, drawn[0]);
    e.number = Some(2);
    match t.update_entrant(s, &e) {
        Err(AppError::NumberTaken(2, name)) => {
            assert_eq!(name, entrant(&t, drawn[1]).name)
        }
        other => panic!("number 2 is taken: {other:?}"),
    }
    // Reverse the order through free numbers: n → 10 + n → 5 − n.
    for (k, &id) in drawn.iter().enumerate() {
        let mut e = entrant(&t, id);
        e.number = Some(11 + k as u32);
        t.update_entrant(s, &e).unwrap();
    }
    for (k, &id) in drawn.iter().enumerate() {
        let mut e = entrant(&t, id);
        e.number = Some(4 - k as u32);
        t.update_entrant(s, &e).unwrap();
    }
    // Editing other details without a number keeps the number.
    let mut e = entrant(&t, drawn[3]);
    e.number = None;
    e.unit = "晋级名单第1名".into();
    t.update_entrant(s, &e).unwrap();
    assert_eq!(entrant(&t, drawn[3]).number, Some(1));

    assert!(matches!(
        t.pair_next_games(s, &[]),
        Ok(PairNext::Paired { .. })
    ));
    let mut pairs: Vec<(EntrantId, EntrantId)> = section(&t).rounds[0]
        .games
        .iter()
        .map(|g| (g.red.min(g.black), g.red.max(g.black)))
        .collect();
    pairs.sort();
    let mut want = vec![
        (drawn[3].min(drawn[0]), drawn[3].max(drawn[0])),
        (drawn[2].min(drawn[1]), drawn[2].max(drawn[1])),
    ];
    want.sort();
    assert_eq!(
        pairs, want,
        "new 1 (drawn 4) v new 4 (drawn 1), new 2 v new 3"
    );
    let mut e = entrant(&t, drawn[0]);
    e.number = Some(9);
    assert!(matches!(
        t.update_entrant(s, &e),
        Err(AppError::NumbersFixed)
    ));
}
