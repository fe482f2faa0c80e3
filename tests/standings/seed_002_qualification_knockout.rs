//! Seed 002 (第六届上海杯象棋大师公开赛), men: a 128-player qualifier (海选赛) of 11 Swiss rounds
//! from which "第9轮结束后前8名晋级正赛，第10轮结束后前8名晋级正赛，第11轮结束后前10名晋级正赛",
//! plus "境外运动员排名前4名，如与（1）重复，则按境外运动员排名顺延" and 2 wildcards (承办方外卡);
//! then the 32-player main event (正赛): "两局分先制单败淘汰赛，如打平，则换先加赛两局超快棋，胜者
//! 晋级。如再打平，则加赛超快棋（先后手抽签决定），依次换先直至分出胜负". The prize table pays 1–4
//! separately and 5–8, 9–16, 17–32 alike, so places 3 and 4 are played for and the rest are
//! shared by stage.
//!
//! The Swiss rounds come from the test scaffold (`crate::scaffold`, tests/standings/scaffold.rs).
//! The bracket is seeded in the order of the qualified list (rules.md Q7 leaves the draw open).

use crate::common::{self, SectionBuilder};
use crate::scaffold;
use bianpai::model::{EntrantId, Game, GamePhase, Outcome, Points, Round, Section};
use bianpai::pairing::knockout::{
    KnockoutOptions, Match, Place, add_next_games, bracket, next_games, places,
};
use bianpai::pairing::pair_round_one;
use bianpai::pairing::qualification::{QualificationOptions, QualifiedList, Route};
use bianpai::standings::points_after;
use std::collections::HashSet;

const LOT_SEED: u64 = 2026_0909;
/// Pairing numbers of the overseas players (境外运动员) in the qualifier.
const OVERSEAS: [u32; 8] = [4, 23, 35, 52, 66, 81, 97, 115];
/// Pairing numbers of the organiser's two wildcards.
const WILDCARDS: [u32; 2] = [127, 128];

fn qualifier() -> Section {
    let mut s = SectionBuilder::new()
        .name("男子个人公开组 海选赛")
        .ids_from(5000)
        .named("选手", 128)
        .build();
    s.settings.rounds = 11;
    s.settings.qualification = QualificationOptions::seed_002_men();
    s
}

fn id_of(s: &Section, number: u32) -> EntrantId {
    s.entrants
        .iter()
        .find(|e| e.number == Some(number))
        .map(|e| e.id)
        .expect("number")
}

/// The scaffold ranking key: (points, −number), larger is better.
fn key(s: &Section, id: EntrantId, rounds: u32) -> (Points, i64) {
    (
        points_after(s, id, rounds),
        -i64::from(common::number_of(s, id)),
    )
}

struct Qualified {
    section: Section,
    list: QualifiedList,
    stages: Vec<Vec<EntrantId>>,
    overseas: Vec<EntrantId>,
}

fn run_qualifier() -> Qualified {
    let mut s = qualifier();
    let opts = s.settings.qualification.clone();
    let all: Vec<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
    let mut list = QualifiedList::default();
    let mut stages = Vec::new();
    let mut r1 = pair_round_one(&s).unwrap();
    scaffold::play(&s, &mut r1);
    s.rounds.push(r1);
    for n in 2..=11 {
        let field = list.still_in_field(&all);
        let mut r: Round = scaffold::pair(&s, &field, n);
        scaffold::play(&s, &mut r);
        s.rounds.push(r);
        if n >= 9 {
            let ranking = scaffold::ranking(&s, n);
            stages.push(list.qualify_after_round(&opts, n, &ranking).unwrap());
        }
    }
    let ranking = scaffold::ranking(&s, 11);
    let overseas_ids: HashSet<EntrantId> = OVERSEAS.iter().map(|&k| id_of(&s, k)).collect();
    let overseas = list
        .qualify_sub_list(&opts, 0, &ranking, |e| overseas_ids.contains(&e))
        .unwrap();
    for k in WILDCARDS {
        list.add_wildcard(&opts, id_of(&s, k)).unwrap();
    }
    Qualified {
        section: s,
        list,
        stages,
        overseas,
    }
}

#[test]
fn seed_002_staged_qualification_and_overseas_quota() {
    let q = run_qualifier();
    let s = &q.section;
    let counts: Vec<usize> = q.stages.iter().map(Vec::len).collect();
    assert_eq!(counts, vec![8, 8, 10]);
    assert_eq!(q.overseas.len(), 4);
    let entrants = q.list.entrants();
    assert_eq!(entrants.len(), 32);
    assert_eq!(
        entrants.iter().collect::<HashSet<_>>().len(),
        32,
        "no one twice"
    );

    // Each stage takes the best of those not yet qualified after its round, and they leave.
    let mut qualified: HashSet<EntrantId> = HashSet::new();
    for (stage, round) in q.stages.iter().zip(9u32..) {
        let remaining: Vec<EntrantId> = s
            .entrants
            .iter()
            .map(|e| e.id)
            .filter(|e| !qualified.contains(e) && !stage.contains(e))
            .collect();
        for &w in stage {
            for &p in &remaining {
                assert!(
                    key(s, w, round) > key(s, p, round),
                    "after round {round}: a qualifier ranks below a player left behind"
                );
            }
            for later in &s.rounds[round as usize..] {
                assert!(
                    later.game_of(w).is_none(),
                    "qualified players leave the field"
                );
            }
        }
        qualified.extend(stage.iter().copied());
    }
    // Round 10 pairs the 120 not yet qualified, round 11 the 112.
    assert_eq!(s.rounds[9].games.len(), 60);
    assert_eq!(s.rounds[10].games.len(), 56);

    // Overseas quota: overseas players in the final ranking, passing over those already in.
    let ranking = scaffold::ranking(s, 11);
    let overseas_ids: Vec<EntrantId> = OVERSEAS.iter().map(|&k| id_of(s, k)).collect();
    let in_order: Vec<EntrantId> = ranking
        .iter()
        .copied()
        .filter(|e| overseas_ids.contains(e))
        .collect();
    let fell_through: Vec<EntrantId> = in_order
        .iter()
        .copied()
        .filter(|e| qualified.contains(e))
        .collect();
    assert!(
        !fell_through.is_empty(),
        "number 4 qualifies in a stage, so the quota must pass over him"
    );
    let expected: Vec<EntrantId> = in_order
        .iter()
        .copied()
        .filter(|e| !qualified.contains(e))
        .take(4)
        .collect();
    assert_eq!(q.overseas, expected);
    // The list in order: stage 1, 2, 3, overseas, wildcards.
    let routes: Vec<Route> = q.list.entries.iter().map(|e| e.route).collect();
    assert_eq!(routes[0], Route::Stage { after_round: 9 });
    assert_eq!(routes[8], Route::Stage { after_round: 10 });
    assert_eq!(routes[16], Route::Stage { after_round: 11 });
    assert_eq!(routes[26], Route::SubList(0));
    assert_eq!(routes[30], Route::Wildcard);
    assert_eq!(entrants[30..], [id_of(s, 127), id_of(s, 128)]);
}

/// The scripted winner of a match game (`None` = draw), by seed position (0 = best):
/// - (stage 1, match 0) seed 1 v 32: 1–1, rapid 1–1, sudden death: draw, then seed 1 wins;
/// - (stage 1, match 1) seed 16 v 17: 1–1, then 17 wins the rapid games 1½–½;
/// - the final, seed 1 v 2: a draw, then seed 2 wins (the match for third place, seed 3 v 4,
///   goes by the default);
/// - every other match: the higher seed wins game 1 and draws game 2.
fn scripted_winner(m: &Match, g: &Game, in_phase: usize) -> Option<EntrantId> {
    let (high, low) = (m.high.unwrap(), m.low.unwrap());
    match ((m.stage, m.position), g.phase, in_phase) {
        ((1, 0) | (1, 1), GamePhase::Slow, 0) => Some(high),
        ((1, 0) | (1, 1), GamePhase::Slow, _) => Some(low),
        ((1, 0), GamePhase::Rapid, _) => None,
        ((1, 0), GamePhase::SuddenDeath, 0) => None,
        ((1, 0), GamePhase::SuddenDeath, _) => Some(high),
        ((1, 1), GamePhase::Rapid, 0) => Some(low),
        ((1, 1), GamePhase::Rapid, _) => None,
        ((5, 0), GamePhase::Slow, 0) => None,
        ((5, 0), GamePhase::Slow, _) => Some(low),
        (_, GamePhase::Slow, 0) => Some(high),
        _ => None,
    }
}

fn b_third(opts: &KnockoutOptions, seeds: &[EntrantId], rounds: &[Round]) -> Match {
    bracket(opts, seeds, rounds)
        .unwrap()
        .third_place
        .expect("a match for third place")
}

#[test]
fn seed_002_main_event_knockout_to_a_champion() {
    let q = run_qualifier();
    let seeds = q.list.entrants();
    let mut main = Section {
        name: "男子个人公开组 正赛".into(),
        ..Section::default()
    };
    main.settings.knockout = KnockoutOptions::default();
    main.entrants = seeds
        .iter()
        .map(|&id| q.section.entrant(id).cloned().unwrap())
        .collect();
    let opts = main.settings.knockout.clone();

    let b = bracket(&opts, &seeds, &[]).unwrap();
    let seed_no = |e: Option<EntrantId>| seeds.iter().position(|&s| Some(s) == e).unwrap() + 1;
    let first: Vec<(usize, usize)> = b.stages[0]
        .iter()
        .map(|m| (seed_no(m.high), seed_no(m.low)))
        .collect();
    // rules.md §5.1, 32: (1,32) (16,17) (8,25) (9,24) (4,29) …
    assert_eq!(&first[..5], &[(1, 32), (16, 17), (8, 25), (9, 24), (4, 29)]);

    let mut sessions = 0;
    loop {
        let next = next_games(&opts, &seeds, &main.rounds, LOT_SEED, &[]).unwrap();
        assert!(
            next.awaiting_choice.is_empty(),
            "colours by lot or swap only"
        );
        if next.games.is_empty() {
            break;
        }
        add_next_games(&mut main.rounds, 1, next);
        let b = bracket(&opts, &seeds, &main.rounds).unwrap();
        for m in b.stages.iter().flatten().chain(&b.third_place) {
            for (i, g) in m.games.iter().enumerate() {
                if g.outcome.is_some() {
                    continue;
                }
                let in_phase = m.games[..i].iter().filter(|x| x.phase == g.phase).count();
                let outcome = match scripted_winner(m, g, in_phase) {
                    None => Outcome::Draw,
                    Some(w) if w == g.red => Outcome::RedWin,
                    Some(_) => Outcome::BlackWin,
                };
                let round = &mut main.rounds[m.stage as usize - 1];
                let slot = round.games.iter_mut().find(|x| x.board == g.board).unwrap();
                slot.outcome = Some(outcome);
            }
        }
        sessions += 1;
        assert!(sessions < 40, "the knockout must finish");
    }
    assert_eq!(main.rounds.len(), 5, "32 → 16 → 8 → 4 → 2 → 1");
    let third = b_third(&opts, &seeds, &main.rounds);
    assert_eq!((third.high, third.low), (Some(seeds[2]), Some(seeds[3])));
    assert_eq!(third.winner(), Some(seeds[2]));

    let b = bracket(&opts, &seeds, &main.rounds).unwrap();
    // Colours: game 2 swapped; the rapid games continue the alternation; sudden death by lot,
    // then alternating.
    for m in b.stages.iter().flatten().chain(&b.third_place) {
        for pair in m.games.windows(2) {
            if pair[1].phase != GamePhase::SuddenDeath || pair[0].phase == GamePhase::SuddenDeath {
                assert_eq!(
                    (pair[1].red, pair[1].black),
                    (pair[0].black, pair[0].red),
                    "colours swap within a match"
                );
            }
        }
    }
    let m0 = &b.stages[0][0];
    let phases: Vec<GamePhase> = m0.games.iter().map(|g| g.phase).collect();
    use GamePhase::*;
    assert_eq!(
        phases,
        vec![Slow, Slow, Rapid, Rapid, SuddenDeath, SuddenDeath]
    );
    assert_eq!(m0.winner(), Some(seeds[0]));
    assert_eq!(b.stages[0][1].games.len(), 4);
    assert_eq!(
        b.stages[0][1].winner(),
        Some(seeds[16]),
        "17 beats 16 in the rapid games"
    );
    assert!(
        main.rounds
            .iter()
            .all(|r| r.games.iter().all(|g| g.outcome.is_some())),
        "per-game results all entered"
    );
    assert_eq!(
        main.rounds[4].games.len(),
        4,
        "final and third place, two games each"
    );

    // Places by stage.
    let seed = |n: usize| seeds[n - 1];
    let mut got = places(&b);
    got.sort_by_key(|p| (p.first, seeds.iter().position(|&s| s == p.entrant)));
    let expect_range = |first, last, list: Vec<usize>| {
        list.into_iter()
            .map(move |n| Place {
                entrant: seed(n),
                first,
                last,
            })
            .collect::<Vec<_>>()
    };
    let mut expected = Vec::new();
    expected.extend(expect_range(1, 1, vec![2]));
    expected.extend(expect_range(2, 2, vec![1]));
    expected.extend(expect_range(3, 3, vec![3]));
    expected.extend(expect_range(4, 4, vec![4]));
    expected.extend(expect_range(5, 8, vec![5, 6, 7, 8]));
    expected.extend(expect_range(9, 16, (9..=15).chain([17]).collect()));
    expected.extend(expect_range(
        17,
        32,
        [16].into_iter().chain(18..=32).collect(),
    ));
    assert_eq!(got, expected);
}
