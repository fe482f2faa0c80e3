//! Round robin (循环制): the Berger order table against FIDE C.05 Annex 1, its construction rules
//! for sizes beyond the published tables, a xiangqi section with an odd field (seed 001's women's
//! section plays a single round robin), and both branches of the withdrawal rule (rules.md §1.7).

use crate::common;
use bianpai::model::{
    ByeKind, Entrant, EntrantId, Outcome, PointSystemPreset, Points, Round, Section,
};
use bianpai::pairing::draw_numbers;
use bianpai::pairing::round_robin::{
    RoundRobinOptions, WithdrawalRuling, berger_table, pair_round, schedule, withdraw,
};
use bianpai::standings::points_after;
use std::collections::{BTreeMap, HashSet};

/// The tables of `fide_berger_tables_C05_annex1.json`: players -> rounds -> boards.
fn fide_tables() -> BTreeMap<u32, Vec<Vec<(u32, u32)>>> {
    let path = common::shared_data("fide_tiebreak_exercises/fide_berger_tables_C05_annex1.json");
    let text = std::fs::read_to_string(&path).expect("Berger tables file");
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let tables = json["tables"].as_object().expect("tables object");
    let mut out = BTreeMap::new();
    for (players, rounds) in tables {
        let rounds = rounds.as_object().expect("rounds object");
        let mut list: Vec<(u32, Vec<(u32, u32)>)> = rounds
            .iter()
            .map(|(r, boards)| {
                let boards = boards
                    .as_array()
                    .expect("boards")
                    .iter()
                    .map(|b| {
                        (
                            b[0].as_u64().expect("white") as u32,
                            b[1].as_u64().expect("black") as u32,
                        )
                    })
                    .collect();
                (r.parse().expect("round number"), boards)
            })
            .collect();
        list.sort_by_key(|(r, _)| *r);
        out.insert(
            players.parse().expect("players"),
            list.into_iter().map(|(_, b)| b).collect(),
        );
    }
    out
}

#[test]
fn berger_tables_equal_fide_c05_annex1_for_every_size_held() {
    let tables = fide_tables();
    assert!(tables.len() >= 9, "sizes 2, 3, 4, 6, … 16");
    for (players, expected) in &tables {
        assert_eq!(&berger_table(*players), expected, "{players} players");
    }
}

/// The Berger table in closed form (the classical description of the same table): with n even
/// and m = n − 1, players i, j < n meet in round r when i + j ≡ r + 1 (mod m); the one for whom
/// (other − self) mod m is odd is listed first; n meets the i with 2i ≡ r + 1 (mod m) and is
/// listed first in even rounds. Checked against the FIDE file first, then used for 17–24.
fn closed_form_games(n: u32, r: u32) -> HashSet<(u32, u32)> {
    let m = n - 1;
    let res = |x: u32| (x - 1) % m + 1;
    let mut games = HashSet::new();
    for i in 1..n {
        for j in (i + 1)..n {
            if res(i + j) == res(r + 1) {
                let first = if (j + m - i) % m % 2 == 1 { i } else { j };
                let second = i + j - first;
                games.insert((first, second));
            }
        }
        if res(2 * i) == res(r + 1) {
            games.insert(if r.is_multiple_of(2) { (n, i) } else { (i, n) });
        }
    }
    games
}

#[test]
fn closed_form_reproduces_the_fide_file() {
    for (players, rounds) in fide_tables() {
        let n = players + players % 2;
        for (r, boards) in rounds.iter().enumerate() {
            let got: HashSet<(u32, u32)> = boards.iter().copied().collect();
            assert_eq!(got, closed_form_games(n, r as u32 + 1), "{players} r{r}");
        }
    }
}

#[test]
fn sizes_17_to_24_follow_the_same_construction() {
    for players in 17..=24u32 {
        let n = players + players % 2;
        let table = berger_table(players);
        assert_eq!(table.len() as u32, n - 1, "{players}: n − 1 rounds");
        let mut met = HashSet::new();
        for (i, boards) in table.iter().enumerate() {
            let r = i as u32 + 1;
            assert_eq!(boards.len() as u32, n / 2);
            let got: HashSet<(u32, u32)> = boards.iter().copied().collect();
            assert_eq!(got, closed_form_games(n, r), "{players} players, round {r}");
            // Round 1: 首尾相对，依次靠拢 — board b is b v n+1−b.
            if r == 1 {
                let expect: Vec<(u32, u32)> = (1..=n / 2).map(|b| (b, n + 1 - b)).collect();
                assert_eq!(boards, &expect);
            } else {
                // n sits on board 1, red in even rounds; its opponent is the number listed
                // last in the previous round.
                let prev_last = table[i - 1].last().map(|&(_, b)| b).unwrap();
                let expect = if r.is_multiple_of(2) {
                    (n, prev_last)
                } else {
                    (prev_last, n)
                };
                assert_eq!(boards[0], expect, "{players} players, round {r}, board 1");
            }
            for &(a, b) in boards {
                assert!(met.insert((a.min(b), a.max(b))), "{a}-{b} meet twice");
            }
        }
        assert_eq!(
            met.len() as u32,
            n * (n - 1) / 2,
            "everyone meets everyone once"
        );
    }
}

#[test]
fn double_round_robin_second_cycle_swaps_colours() {
    let opts = RoundRobinOptions {
        cycles: 2,
        ..RoundRobinOptions::default()
    };
    let all = schedule(6, &opts);
    assert_eq!(all.len(), 10);
    for r in 0..5 {
        let swapped: Vec<(u32, u32)> = all[r].iter().map(|&(a, b)| (b, a)).collect();
        assert_eq!(all[r + 5], swapped);
    }
}

/// A section of `n` entrants with ids 101.. and numbers drawn by lot from `seed`.
fn section(n: i64, seed: u64) -> Section {
    let mut s = Section::default();
    let ids: Vec<EntrantId> = (1..=n).map(|k| EntrantId(100 + k)).collect();
    for (id, number) in draw_numbers(&ids, seed) {
        s.entrants.push(Entrant {
            id,
            number: Some(number),
            name: format!("P{}", id.0),
            ..Entrant::default()
        });
    }
    s
}

fn id_of(s: &Section, number: u32) -> EntrantId {
    s.entrants
        .iter()
        .find(|e| e.number == Some(number))
        .map(|e| e.id)
        .unwrap()
}

fn number_of(s: &Section, id: EntrantId) -> u32 {
    s.entrant(id).and_then(|e| e.number).unwrap()
}

/// Results by a fixed rule for the tests: the lower pairing number wins.
fn play_lower_number_wins(s: &Section, r: &mut Round) {
    for g in &mut r.games {
        if g.outcome.is_none() {
            g.outcome = Some(if number_of(s, g.red) < number_of(s, g.black) {
                Outcome::RedWin
            } else {
                Outcome::BlackWin
            });
        }
    }
}

#[test]
fn odd_field_round_robin_with_numbers_by_lot() {
    // Seed 001: 女子个人组 一局循环制, numbers by lot; 7 players → the 8 table, 8 is the dummy.
    let mut s = section(7, 2026);
    s.settings.points = PointSystemPreset::TwoOneZero.system();
    let opts = RoundRobinOptions::default();
    for number in 1..=7 {
        let mut r = pair_round(&s, &opts, number).unwrap();
        play_lower_number_wins(&s, &mut r);
        s.rounds.push(r);
    }
    assert!(pair_round(&s, &opts, 8).is_err(), "7 rounds only");
    // Round 1 of the 8 table: 1-8 (bye for 1), 2-7, 3-6, 4-5; the first-listed plays red.
    let r1 = &s.rounds[0];
    let got: Vec<(u32, u32)> = r1
        .games
        .iter()
        .map(|g| (number_of(&s, g.red), number_of(&s, g.black)))
        .collect();
    assert_eq!(got, vec![(2, 7), (3, 6), (4, 5)]);
    assert_eq!(
        r1.byes
            .iter()
            .map(|b| number_of(&s, b.entrant))
            .collect::<Vec<_>>(),
        vec![1]
    );
    for e in &s.entrants {
        let games = s
            .rounds
            .iter()
            .filter(|r| r.game_of(e.id).is_some())
            .count();
        let byes: Vec<_> = s.rounds.iter().filter_map(|r| r.bye_of(e.id)).collect();
        assert_eq!(games, 6, "everyone meets the six others");
        assert_eq!(byes.len(), 1, "one round off each");
        assert_eq!(byes[0].kind, ByeKind::Zero, "遇轮空不计算成绩");
        // Lower number wins: number k beats the 7 − k higher numbers, 2 points each; the
        // round off adds nothing although the point system values a Swiss bye as a win.
        let k = number_of(&s, e.id) as i32;
        assert_eq!(points_after(&s, e.id, 7), Points::whole(2 * (7 - k)));
    }
}

fn six_players() -> Section {
    let mut s = section(6, 7);
    s.settings.points = PointSystemPreset::TwoOneZero.system();
    s
}

fn points_by_number(s: &Section) -> Vec<Points> {
    (1..=6)
        .map(|k| points_after(s, id_of(s, k), u32::MAX))
        .collect()
}

#[test]
fn withdrawal_before_half_cancels_all_results() {
    let mut s = six_players();
    let opts = RoundRobinOptions::default();
    for n in 1..=2 {
        let mut r = pair_round(&s, &opts, n).unwrap();
        play_lower_number_wins(&s, &mut r);
        s.rounds.push(r);
    }
    // Round 3 is paired (2-6 on board 1) but not played when number 2 withdraws after 2 of his
    // 5 games: 2 × 2 < 5 → all his results are cancelled.
    s.rounds.push(pair_round(&s, &opts, 3).unwrap());
    let two = id_of(&s, 2);
    // Before: 1 beat 2 in round 2, 2 beat 5 in round 1.
    assert_eq!(points_after(&s, id_of(&s, 1), 3), Points::whole(4));
    assert_eq!(
        withdraw(&mut s, &opts, two),
        Ok(WithdrawalRuling::ResultsCancelled)
    );
    assert!(s.rounds.iter().all(|r| r.game_of(two).is_none()));
    assert_eq!(
        s.rounds[2].bye_of(id_of(&s, 6)).map(|b| b.kind),
        Some(ByeKind::Zero),
        "6 loses his round-3 opponent and has the round off"
    );
    play_lower_number_wins(&s.clone(), &mut s.rounds[2]);
    for n in 4..=5 {
        let mut r = pair_round(&s, &opts, n).unwrap();
        assert!(r.game_of(two).is_none());
        play_lower_number_wins(&s, &mut r);
        s.rounds.push(r);
    }
    // Recomputed: each k beats the higher numbers other than 2 (2 points a win).
    let w = Points::whole;
    assert_eq!(
        points_by_number(&s),
        vec![w(8), w(0), w(6), w(4), w(2), w(0)]
    );
}

#[test]
fn withdrawal_at_half_or_more_forfeits_the_remaining_games() {
    let mut s = six_players();
    let opts = RoundRobinOptions::default();
    for n in 1..=3 {
        let mut r = pair_round(&s, &opts, n).unwrap();
        play_lower_number_wins(&s, &mut r);
        s.rounds.push(r);
    }
    // Round 4 (2-3 on a board) is paired when 2 withdraws after 3 of 5 games: 3 × 2 ≥ 5.
    s.rounds.push(pair_round(&s, &opts, 4).unwrap());
    let two = id_of(&s, 2);
    assert_eq!(
        withdraw(&mut s, &opts, two),
        Ok(WithdrawalRuling::RemainingForfeited)
    );
    let g4 = s.rounds[3].game_of(two).unwrap();
    assert_eq!(
        (number_of(&s, g4.red), g4.outcome),
        (2, Some(Outcome::BlackWinByForfeit)),
        "Berger round 4: 2-3, 2 forfeits"
    );
    play_lower_number_wins(&s.clone(), &mut s.rounds[3]);
    let mut r5 = pair_round(&s, &opts, 5).unwrap();
    let g5 = r5.game_of(two).unwrap();
    assert_eq!(
        (number_of(&s, g5.red), g5.outcome),
        (4, Some(Outcome::RedWinByForfeit)),
        "Berger round 5: 4-2, 2 forfeits"
    );
    play_lower_number_wins(&s, &mut r5);
    s.rounds.push(r5);
    // 2 keeps his wins over 5 (r1) and 6 (r3); 3 and 4 score forfeit wins against him.
    let w = Points::whole;
    assert_eq!(
        points_by_number(&s),
        vec![w(10), w(4), w(8), w(6), w(2), w(0)]
    );
}

#[test]
fn team_round_robin_uses_the_table_over_team_numbers() {
    // Three teams → the 4 table; round 1: 1-4 (team 1 has the round off), 2-3: team 2 is listed
    // first, so its players are red on boards 1 and 3 and black on board 2 (rules.md §1.5).
    let table = berger_table(3);
    assert_eq!(table[0], vec![(1, 4), (2, 3)]);
    let team2 = [EntrantId(21), EntrantId(22), EntrantId(23)];
    let team3 = [EntrantId(31), EntrantId(32), EntrantId(33)];
    let (first, second) = table[0][1];
    let lineups = |t: u32| if t == 2 { &team2 } else { &team3 };
    let games = bianpai::pairing::round_robin::team_match_games(lineups(first), lineups(second));
    let reds: Vec<EntrantId> = games.iter().map(|g| g.red).collect();
    assert_eq!(reds, vec![EntrantId(21), EntrantId(32), EntrantId(23)]);
}

#[test]
fn numbers_must_run_from_one_without_gaps() {
    let mut s = section(4, 1);
    let opts = RoundRobinOptions::default();
    assert!(pair_round(&s, &opts, 0).is_err(), "rounds count from 1");
    assert!(pair_round(&s, &opts, 4).is_err(), "4 players play 3 rounds");
    s.entrants[0].number = Some(9);
    assert!(matches!(
        pair_round(&s, &opts, 1),
        Err(bianpai::pairing::round_robin::RoundRobinError::BadNumbers { .. })
    ));
}
