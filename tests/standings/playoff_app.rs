//! A Swiss with a top-4 playoff (交叉赛) through the app, in seed 000's shape (rules.md §1.10) on
//! a small field: 12 players, 9 rounds, 3-1-0; after round 7 the top four play 1 v 4 and 2 v 3
//! (one slow game, the higher-ranked choosing colour; if drawn one rapid game with colours
//! swapped; then an Armageddon), the winners the final and the losers for third place in round
//! 9, while the other eight play rounds 8 and 9 of the Swiss.
//!
//! Results of rounds 1–7 are fixed so the top four are known by hand: players 1–4 (by pairing
//! number) beat everyone else, the lower number wins between two of them, and the others draw
//! among themselves. Each of 1–4 loses at most three games (to the other three) and so scores
//! at least 4 × 3 = 12; the others score at most 7 × 1 = 7. The order of 1–4 follows from their
//! points, summed here from the stored games.

use crate::common;
use crate::common::{SectionBuilder, finish_round, number_of};
use bianpai::app::{AppError, PairNext, Tournament, plan_next_round, section_awards};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{
    EntrantId, Game, GamePhase, Outcome, PointSystemPreset, Points, Section, SectionId,
    SectionSettings, Side,
};
use bianpai::pairing::playoff::{PlayoffOptions, seed_000_format};
use bianpai::standings::{points_after, standings};
use std::collections::{BTreeSet, HashMap};

fn event() -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = common::create(&common::event("锦标赛", vec![]));
    let settings = SectionSettings {
        rounds: 9,
        points: PointSystemPreset::ThreeOneZero.system(),
        playoff: PlayoffOptions {
            after_round: 7,
            players: 4,
            others_play_on: true,
            format: seed_000_format(),
        },
        ..SectionSettings::default()
    };
    let s = SectionBuilder::new()
        .name("男子组")
        .settings(settings)
        .named("男", 12)
        .lot_seed(2026_0830)
        .enter(&mut t);
    (dir, t, s)
}

fn section(t: &Tournament) -> &Section {
    &t.event().sections[0]
}

/// Rounds 1–7: 1–4 beat the rest, the lower number wins among them, the others draw.
fn result_by_rule(s: &Section, g: &Game) -> Outcome {
    let (r, b) = (number_of(s, g.red), number_of(s, g.black));
    let strong = |n: u32| n <= 4;
    match (strong(r), strong(b)) {
        (true, true) if r < b => Outcome::RedWin,
        (true, true) => Outcome::BlackWin,
        (true, false) => Outcome::RedWin,
        (false, true) => Outcome::BlackWin,
        (false, false) => Outcome::Draw,
    }
}

/// 3-1-0 points of every player over the regular games of rounds 1..=`upto`, summed here.
fn points_by_hand(t: &Tournament, upto: u32) -> HashMap<EntrantId, u32> {
    let mut pts: HashMap<EntrantId, u32> = section(t).entrants.iter().map(|e| (e.id, 0)).collect();
    for r in section(t).rounds.iter().filter(|r| r.number <= upto) {
        for g in r.games.iter().filter(|g| g.phase == GamePhase::Regular) {
            let (red, black) = match g.outcome.expect("result") {
                Outcome::RedWin => (3, 0),
                Outcome::BlackWin => (0, 3),
                Outcome::Draw => (1, 1),
                o => panic!("unexpected {o:?}"),
            };
            *pts.get_mut(&g.red).unwrap() += red;
            *pts.get_mut(&g.black).unwrap() += black;
        }
        assert!(r.byes.is_empty(), "an even field has no bye");
    }
    pts
}

/// Pairs and plays rounds 1–7 by the rule above.
fn swiss_to_round_seven(t: &mut Tournament, s: SectionId) {
    for round in 1..=7 {
        assert_eq!(t.pair_next_round(s).unwrap(), round);
        finish_round(t, s, round, result_by_rule);
    }
}

#[test]
fn swiss_with_a_top_four_playoff_through_the_app() {
    let (_dir, mut t, s) = event();
    swiss_to_round_seven(&mut t, s);
    // The playoff's seeds: 1–4 in the order of their points after round 7.
    let pts7 = points_by_hand(&t, 7);
    let mut top: Vec<EntrantId> = section(&t)
        .entrants
        .iter()
        .filter(|e| e.number.is_some_and(|n| n <= 4))
        .map(|e| e.id)
        .collect();
    top.sort_by_key(|id| std::cmp::Reverse(pts7[id]));
    let distinct: BTreeSet<u32> = top.iter().map(|id| pts7[id]).collect();
    assert_eq!(
        distinct.len(),
        4,
        "the four have different totals: {pts7:?}"
    );
    assert!(top.iter().all(|id| pts7[id] >= 12));
    let (s1, s2, s3, s4) = (top[0], top[1], top[2], top[3]);
    let others: BTreeSet<EntrantId> = section(&t)
        .entrants
        .iter()
        .map(|e| e.id)
        .filter(|id| !top.contains(id))
        .collect();

    // With the others not playing on, the Swiss would end here.
    let mut stop = section(&t).clone();
    stop.settings.playoff.others_play_on = false;
    assert!(matches!(
        plan_next_round(&stop),
        Err(AppError::SwissEnded(7))
    ));

    // Round 8: the Swiss pairs the eight others only.
    assert_eq!(t.pair_next_round(s).unwrap(), 8);
    let r8 = section(&t).round(8).unwrap().clone();
    let swiss8: BTreeSet<EntrantId> = r8.games.iter().flat_map(|g| [g.red, g.black]).collect();
    assert_eq!(r8.games.len(), 4);
    assert_eq!(swiss8, others, "the playoff players are not in the Swiss");

    // The semi-finals: the higher-ranked of each (1 and 2) is asked for a colour first …
    assert_eq!(
        t.pair_next_games(s, &[]).unwrap(),
        PairNext::ChooseColour(vec![s1, s2])
    );
    assert_eq!(
        section(&t).round(8).unwrap().games.len(),
        4,
        "nothing written yet"
    );
    // … 1 takes black, 2 takes red: boards 5 (4 v 1) and 6 (2 v 3) beside the Swiss.
    assert_eq!(
        t.pair_next_games(s, &[(s1, Side::Black), (s2, Side::Red)])
            .unwrap(),
        PairNext::Paired {
            round: 8,
            boards: vec![5, 6]
        }
    );
    let semis: Vec<(u32, EntrantId, EntrantId, GamePhase)> = section(&t).round(8).unwrap().games
        [4..]
        .iter()
        .map(|g| (g.board, g.red, g.black, g.phase))
        .collect();
    assert_eq!(
        semis,
        vec![(5, s4, s1, GamePhase::Slow), (6, s2, s3, GamePhase::Slow)]
    );

    // Swiss round 8: the others draw. 1 v 4 is drawn; 2 beats 3.
    finish_round(&mut t, s, 8, |_, _| Outcome::Draw);
    t.enter_result(
        BoardRef::new(s, 8, 5),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    t.enter_result(
        BoardRef::new(s, 8, 6),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    // The Swiss standings ignore the semi-finals: 1's points stand as after round 7.
    assert_eq!(
        points_after(section(&t), s1, 8),
        points_after(section(&t), s1, 7)
    );
    assert_eq!(
        points_after(section(&t), s1, 7),
        Points::whole(pts7[&s1] as i32)
    );
    let line = |round: u32| {
        standings(section(&t), round)
            .into_iter()
            .find(|x| x.entrant == s1)
            .expect("in the standings")
    };
    assert_eq!(line(8).points, line(7).points);
    assert_eq!(
        line(8).rounds_counted,
        7,
        "the semi-final is not a Swiss game"
    );

    // The level semi-final does not hold up the Swiss: round 9 is paired at once.
    assert_eq!(t.pair_next_round(s).unwrap(), 9);
    let r9 = section(&t).round(9).unwrap().clone();
    let swiss9: BTreeSet<EntrantId> = r9.games.iter().flat_map(|g| [g.red, g.black]).collect();
    assert_eq!(swiss9, others);

    // "Pair playoff games": the rapid game of 1 v 4 goes into round 8, colours swapped.
    assert_eq!(
        t.pair_next_games(s, &[]).unwrap(),
        PairNext::Paired {
            round: 8,
            boards: vec![7]
        }
    );
    let rapid = section(&t).round(8).unwrap().games[6].clone();
    assert_eq!(
        (rapid.red, rapid.black, rapid.phase),
        (s1, s4, GamePhase::Rapid)
    );
    // Its first result is no correction, though round 8 is no longer the latest: 4 wins.
    t.enter_result(
        BoardRef::new(s, 8, 7),
        ResultEntry::result(Some(Outcome::BlackWin)),
    )
    .unwrap();

    // The final (2 v 4, 2 chooses) and the match for third place (1 v 3, 1 chooses).
    assert_eq!(
        t.pair_next_games(s, &[]).unwrap(),
        PairNext::ChooseColour(vec![s2, s1])
    );
    assert_eq!(
        t.pair_next_games(s, &[(s2, Side::Red), (s1, Side::Red)])
            .unwrap(),
        PairNext::Paired {
            round: 9,
            boards: vec![5, 6]
        }
    );
    let finals: Vec<(EntrantId, EntrantId)> = section(&t).round(9).unwrap().games[4..]
        .iter()
        .map(|g| (g.red, g.black))
        .collect();
    assert_eq!(finals, vec![(s2, s4), (s1, s3)]);
    // 4 wins the final with black; 1 beats 3 for third place.
    t.enter_result(
        BoardRef::new(s, 9, 5),
        ResultEntry::result(Some(Outcome::BlackWin)),
    )
    .unwrap();
    t.enter_result(
        BoardRef::new(s, 9, 6),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    let b = t.bracket(s).unwrap().expect("a playoff");
    assert!(
        b.final_places.is_none(),
        "the Swiss's last round is still being played"
    );
    finish_round(&mut t, s, 9, |_, _| Outcome::Draw);

    // Final places: 4, 2, 1, 3 from the playoff; 5–12 the others in their Swiss order.
    let places = t
        .bracket(s)
        .unwrap()
        .expect("a playoff")
        .final_places
        .expect("all decided");
    let got: Vec<(EntrantId, u32, u32)> = places
        .iter()
        .map(|p| (p.entrant, p.first, p.last))
        .collect();
    assert_eq!(&got[..4], &[(s4, 1, 1), (s2, 2, 2), (s1, 3, 3), (s3, 4, 4)]);
    let rest: Vec<EntrantId> = places[4..].iter().map(|p| p.entrant).collect();
    assert_eq!(rest.iter().copied().collect::<BTreeSet<_>>(), others);
    assert!(
        places[4..]
            .iter()
            .enumerate()
            .all(|(i, p)| p.first == 5 + i as u32 && p.last == p.first)
    );
    let pts9 = points_by_hand(&t, 9);
    assert!(
        rest.windows(2).all(|w| pts9[&w[0]] >= pts9[&w[1]]),
        "5–12 in Swiss order"
    );
    // The awards rank by the final places.
    let a = section_awards(section(&t), 9);
    let head: Vec<(EntrantId, u32)> = a.standings[..4]
        .iter()
        .map(|x| (x.entrant, x.rank))
        .collect();
    assert_eq!(head, vec![(s4, 1), (s2, 2), (s1, 3), (s3, 4)]);
}

#[test]
fn semi_finals_paired_before_the_swiss_round_keep_their_boards_and_the_swiss_follows() {
    let (_dir, mut t, s) = event();
    // The playoff cannot start before round 7 is in.
    assert!(matches!(t.bracket(s), Err(AppError::PlayoffNotYet(7))));
    swiss_to_round_seven(&mut t, s);
    let b = t.bracket(s).unwrap().expect("a playoff");
    let (s1, s2) = (b.seeds[0], b.seeds[1]);
    // The semi-finals open round 8 on boards 1 and 2 …
    assert_eq!(
        t.pair_next_games(s, &[(s1, Side::Red), (s2, Side::Red)])
            .unwrap(),
        PairNext::Paired {
            round: 8,
            boards: vec![1, 2]
        }
    );
    // … and the Swiss's round 8 takes boards 3–6 of the same round.
    assert_eq!(t.pair_next_round(s).unwrap(), 8);
    let r8 = section(&t).round(8).unwrap().clone();
    let boards: Vec<(u32, bool)> = r8
        .games
        .iter()
        .map(|g| (g.board, g.phase.is_match_game()))
        .collect();
    assert_eq!(
        boards,
        vec![
            (1, true),
            (2, true),
            (3, false),
            (4, false),
            (5, false),
            (6, false)
        ]
    );
    // Undo takes the Swiss boards back and leaves the semi-finals.
    t.undo().unwrap();
    let r8 = section(&t).round(8).unwrap().clone();
    assert_eq!(r8.games.len(), 2);
    assert!(r8.games.iter().all(|g| g.phase == GamePhase::Slow));
}
