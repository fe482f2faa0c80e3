//! Property test of the team round robin through the app services (issue 42): generated team
//! sections — 2 to 9 teams, 1 to 5 boards, one or two cycles, random results — played to the
//! end. No two teams meet more than once a cycle; every team is in one match or has the bye
//! each round (the bye only in an odd field); boards are numbered table by table and the
//! first-named team has red on odd boards; and each match's 局分 is the sum of its boards, its
//! 场分 2-1-0 from comparing the sums, computed here from the raw games.

use crate::common;
use bianpai::app::{PlayerForm, TeamForm};
use bianpai::model::{
    BoardResult, Outcome, PairingSystem, RoundRobinOptions, SectionSettings, Sex,
    TeamSectionOptions,
};
use proptest::prelude::*;
use std::collections::HashMap;

fn run(teams: u32, boards: u32, reserves: u32, cycles: u32, seed: u64) {
    let (_dir, mut t) = common::create(&common::event("团体循环", vec![]));
    let settings = SectionSettings {
        system: PairingSystem::RoundRobin,
        round_robin: RoundRobinOptions {
            cycles,
            ..RoundRobinOptions::default()
        },
        rounds: (teams + teams % 2 - 1) * cycles,
        team_section: Some(TeamSectionOptions {
            boards,
            reserves,
            ..TeamSectionOptions::default()
        }),
        ..SectionSettings::default()
    };
    let id = t.add_section("团体组", &settings).unwrap();
    for k in 1..=teams {
        let form = TeamForm {
            name: format!("队{k}"),
            players: (1..=boards + reserves)
                .map(|p| PlayerForm {
                    name: format!("{k}-{p}"),
                    sex: Sex::Unknown,
                })
                .collect(),
            ..TeamForm::default()
        };
        t.add_team(id, &form).unwrap();
    }
    let mut rng = seed;
    let mut next = move || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng >> 33) % 3
    };
    let per_cycle = teams + teams % 2 - 1;
    let mut met: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
    for round in 1..=settings.rounds {
        assert_eq!(t.pair_next_round(id).unwrap(), round);
        let s = t.event().section(id).unwrap().clone();
        let records = t.team_records(id).unwrap();
        let r = s.round(round).unwrap();
        let team_of = |p| records.team_of(p).unwrap().number;
        let matches = records.matches_of(round);
        let byes: Vec<u32> = records
            .byes
            .iter()
            .filter(|b| b.round == round)
            .map(|b| b.team)
            .collect();
        let mut seen: Vec<u32> = matches.iter().flat_map(|m| [m.first, m.second]).collect();
        seen.extend(&byes);
        seen.sort();
        assert_eq!(seen, (1..=teams).collect::<Vec<_>>(), "round {round}");
        assert_eq!(byes.len() as u32, teams % 2, "a bye only in an odd field");
        assert_eq!(r.games.len() as u32, matches.len() as u32 * boards);
        for m in &matches {
            let cycle = (round - 1) / per_cycle;
            let key = (m.first.min(m.second), m.first.max(m.second));
            let cycles_met = met.entry(key).or_default();
            assert!(
                !cycles_met.contains(&cycle),
                "rematch {key:?} in cycle {cycle}"
            );
            cycles_met.push(cycle);
            for b in 1..=boards {
                let g = r
                    .games
                    .iter()
                    .find(|g| g.board == (m.table - 1) * boards + b)
                    .expect("every board of the table");
                let (red, black) = (team_of(g.red), team_of(g.black));
                if b % 2 == 1 {
                    assert_eq!((red, black), (m.first, m.second));
                } else {
                    assert_eq!((red, black), (m.second, m.first));
                }
            }
        }
        let results: Vec<BoardResult> = r
            .games
            .iter()
            .map(|g| BoardResult {
                board: g.board,
                outcome: Some([Outcome::RedWin, Outcome::Draw, Outcome::BlackWin][next() as usize]),
                fouls: (0, 0),
            })
            .collect();
        t.enter_round_results(id, round, &results).unwrap();
    }
    assert_eq!(
        met.values().map(Vec::len).sum::<usize>() as u32,
        teams * (teams - 1) / 2 * cycles,
        "every pair met once a cycle"
    );
    // 局分 of every match from its raw games (2-1-0 a board), 场分 from comparing the sums.
    let s = t.event().section(id).unwrap().clone();
    let records = t.team_records(id).unwrap();
    let event = t.team_event(id).unwrap();
    let mut totals: HashMap<u32, (i32, i32)> = HashMap::new();
    for m in &records.matches {
        let r = s.round(m.round).unwrap();
        let (mut a, mut b) = (0, 0);
        for g in r
            .games
            .iter()
            .filter(|g| (g.board - 1) / boards + 1 == m.table)
        {
            let first_red = records.team_of(g.red).unwrap().number == m.first;
            let (red, black) = match g.outcome.unwrap() {
                Outcome::RedWin => (2, 0),
                Outcome::Draw => (1, 1),
                _ => (0, 2),
            };
            if first_red {
                a += red;
                b += black;
            } else {
                a += black;
                b += red;
            }
        }
        let pm = event
            .matches
            .iter()
            .find(|x| x.round == m.round && x.first == m.first)
            .unwrap();
        let (ga, gb) = pm.game_points(boards);
        assert_eq!((ga.as_f64(), gb.as_f64()), (f64::from(a), f64::from(b)));
        let mp = |own: i32, other: i32| match own.cmp(&other) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        };
        for (team, own, other) in [(m.first, a, b), (m.second, b, a)] {
            let e = totals.entry(team).or_default();
            e.0 += mp(own, other);
            e.1 += own;
        }
    }
    for line in t.team_standings(id, None).unwrap() {
        let (mp, gp) = totals.get(&line.team).copied().unwrap_or_default();
        assert_eq!(
            (line.match_points.as_f64(), line.game_points.as_f64()),
            (f64::from(mp), f64::from(gp)),
            "team {}",
            line.team
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn generated_team_round_robins_keep_the_rules(
        teams in 2u32..10,
        boards in 1u32..6,
        reserves in 0u32..3,
        double in any::<bool>(),
        seed in any::<u64>(),
    ) {
        run(teams, boards, reserves, if double { 2 } else { 1 }, seed);
    }
}
