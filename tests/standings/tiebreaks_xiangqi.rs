//! The xiangqi rule book's rankings (rules.md §1.6): the worked example of §1.6.3 under 14.3.1
//! and 14.3.2, the remove-first-round example, previous-round rank, round-robin criteria, lots
//! and shared places.

use crate::common::SectionBuilder;
use bianpai::model::{
    ByeKind, EntrantId, Outcome, PairingSystem, PointSystemPreset, Section, SectionSettings,
};
use bianpai::standings::{
    Preset, StandingsSettings, Tiebreak, parse_list, standings, standings_with,
};

/// `n` players numbered 1..=n (their ids too), 2-1-0.
fn players(n: u32) -> SectionBuilder {
    SectionBuilder::new()
        .settings(SectionSettings {
            points: PointSystemPreset::TwoOneZero.system(),
            ..SectionSettings::default()
        })
        .players(n)
}

/// rules.md §1.6.3: R1 1–2 1-0, 4–3 ½, 5–6 0-1; R2 6–1 0-1, 2–4 1-0, 3–5 1-0; R3 1–3 ½,
/// 4–6 0-1, 5–2 0-1.
fn worked_example() -> Section {
    use Outcome::*;
    players(6)
        .round(&[(1, 2, RedWin), (4, 3, Draw), (5, 6, BlackWin)])
        .round(&[(6, 1, BlackWin), (2, 4, RedWin), (3, 5, RedWin)])
        .round(&[(1, 3, Draw), (4, 6, BlackWin), (5, 2, BlackWin)])
        .build()
}

fn order(s: &Section, settings: &StandingsSettings, rounds: u32) -> Vec<(u32, i64)> {
    standings_with(s, settings, rounds)
        .iter()
        .map(|l| (l.rank, l.entrant.0))
        .collect()
}

#[test]
fn rule_14_3_1_orders_1_6_2_3_4_5() {
    let s = worked_example();
    let settings = StandingsSettings::with_list(Preset::Xiangqi1431.list());
    assert_eq!(
        order(&s, &settings, 3),
        vec![(1, 1), (2, 6), (3, 2), (4, 3), (5, 4), (6, 5)]
    );
    // The table of §1.6.3: 对手分 12, 6, 6, 6, 12, 12; 胜局 2, 2, 1, 2, 0, 0 (by the order
    // 1, 2, 3, 6, 4, 5); 后走局数 1, 2, 2, 2, 1, 1; 后走胜局 1, 1, 0, 2, 0, 0.
    let lines = standings_with(&s, &settings, 3);
    let value = |id: i64, t: usize| lines.iter().find(|l| l.entrant.0 == id).unwrap().tiebreaks[t];
    let ids = [1, 2, 3, 6, 4, 5];
    let column = |t: usize| ids.iter().map(|&id| value(id, t)).collect::<Vec<f64>>();
    assert_eq!(column(0), vec![12.0, 6.0, 6.0, 6.0, 12.0, 12.0]);
    assert_eq!(column(1), vec![2.0, 2.0, 1.0, 2.0, 0.0, 0.0]);
    assert_eq!(column(3), vec![1.0, 2.0, 2.0, 2.0, 1.0, 1.0]);
    assert_eq!(column(4), vec![1.0, 1.0, 0.0, 2.0, 0.0, 0.0]);
}

#[test]
fn rule_14_3_2_orders_1_6_3_2_4_5() {
    let s = worked_example();
    let settings = StandingsSettings::with_list(Preset::Xiangqi1432.list());
    assert_eq!(
        order(&s, &settings, 3),
        vec![(1, 1), (2, 6), (3, 3), (4, 2), (5, 4), (6, 5)]
    );
    // 累进分 of §1.6.3: 1 → 11, 2 → 6, 3 → 8, 6 → 8, 4 → 3, 5 → 0.
    let lines = standings_with(&s, &settings, 3);
    let ps: Vec<(i64, f64)> = lines
        .iter()
        .map(|l| (l.entrant.0, l.tiebreaks[0]))
        .collect();
    assert_eq!(
        ps,
        vec![(1, 11.0), (6, 8.0), (3, 8.0), (2, 6.0), (4, 3.0), (5, 0.0)]
    );
}

#[test]
fn the_section_setting_is_the_list_used() {
    let mut s = worked_example();
    s.settings.standings.tiebreaks = Preset::Xiangqi1432.list();
    let got: Vec<i64> = standings(&s, 3).iter().map(|l| l.entrant.0).collect();
    assert_eq!(got, vec![1, 6, 3, 2, 4, 5]);
}

/// rules.md §1.6.3: A scores (2, 1, 0, 1), B (1, 2, 1, 0); both total 4 and 累进分 12; with
/// 胜局/犯规/后走局数 equal too, removing round 1 puts B ahead.
#[test]
fn remove_first_round_puts_b_ahead() {
    let kind = |pts: i32| match pts {
        2 => ByeKind::Pairing,
        1 => ByeKind::Half,
        _ => ByeKind::Zero,
    };
    let (a, b) = ([2, 1, 0, 1], [1, 2, 1, 0]);
    let mut s = players(2);
    for (pa, pb) in a.into_iter().zip(b) {
        s = s.round(&[]).bye(1, kind(pa)).bye(2, kind(pb));
    }
    let s = s.build();
    let settings = StandingsSettings::with_list(Preset::Xiangqi1432.list());
    let lines = standings_with(&s, &settings, 4);
    assert_eq!(lines[0].entrant, EntrantId(2), "B ahead");
    assert_eq!(lines[0].tiebreaks[0], 12.0);
    assert_eq!(lines[1].tiebreaks[0], 12.0);
    // The remove-round value shown is the progressive score without round 1: B 8, A 4.
    assert_eq!((lines[0].tiebreaks[5], lines[1].tiebreaks[5]), (8.0, 4.0));
    assert!(!lines[0].by_lot);
}

#[test]
fn previous_round_rank_and_score_decide_the_last_ties() {
    // Only points, then 前一轮名次: in the worked example players 2, 3 and 6 end on 4 points.
    // After round 2 (totals 1: 4, 3: 3, 2: 2, 6: 2, 4: 1, 5: 0), ranked with the same list,
    // 3 is 2nd and 6 is 3rd ahead of 2 by their ranks after round 1 (6: 1st, 2: 5th).
    let s = worked_example();
    let settings = StandingsSettings::with_list(vec![Tiebreak::PreviousRank]);
    assert_eq!(
        order(&s, &settings, 3),
        vec![(1, 1), (2, 3), (3, 6), (4, 2), (5, 4), (6, 5)]
    );
    // 前一轮成绩 compares totals after round 2 then round 1: 3 (3), then 6 (2, 2) over 2 (2, 0).
    let settings = StandingsSettings::with_list(vec![Tiebreak::PreviousScore]);
    assert_eq!(
        order(&s, &settings, 3),
        vec![(1, 1), (2, 3), (3, 6), (4, 2), (5, 4), (6, 5)]
    );
}

#[test]
fn fouls_fewer_is_better_and_lots_are_recorded_and_repeatable() {
    let mut s = worked_example();
    // A foul against player 6 in round 2: with 对手分, 胜局, 犯规 only, 2 now ranks above 6.
    s.rounds[1].games[0].fouls_red = 1;
    let mut settings = StandingsSettings::with_list(parse_list("OPP,WIN,FOUL").unwrap());
    settings.lots_seed = Some(7);
    let lines = standings_with(&s, &settings, 3);
    let ids: Vec<i64> = lines.iter().map(|l| l.entrant.0).collect();
    assert_eq!(&ids[..3], &[1, 2, 6]);
    assert_eq!(lines[2].tiebreaks[2], 1.0);
    // Without fouls, 2 and 6 stay tied on these three criteria: lots decide, the same way
    // every time for the same seed, and the lines say so.
    s.rounds[1].games[0].fouls_red = 0;
    let first = standings_with(&s, &settings, 3);
    assert_eq!(first, standings_with(&s, &settings, 3));
    let tied: Vec<_> = first.iter().filter(|l| l.by_lot).collect();
    assert_eq!(tied.len(), 2);
    assert_eq!((tied[0].rank, tied[1].rank), (2, 3));
    // Shared places instead: 1, 2, 2, 4 …
    settings.shared_places = true;
    let shared = standings_with(&s, &settings, 3);
    let ranks: Vec<u32> = shared.iter().map(|l| l.rank).collect();
    assert_eq!(ranks, vec![1, 2, 2, 4, 5, 6]);
}

#[test]
fn round_robin_small_score_direct_win_and_black_in_mutual_game() {
    // 4-player single round robin, 2-1-0. Results (red first):
    // R1 1–4 ½, 2–3 ½; R2 4–3 0-1, 1–2 0-1; R3 2–4 1-0, 3–1 0-1.
    // Totals: 1: 1+0+2 = 3, 2: 1+2+2 = 5, 3: 1+2+0 = 3, 4: 1+0+0 = 1.
    use Outcome::*;
    let mut s = players(4)
        .round(&[(1, 4, Draw), (2, 3, Draw)])
        .round(&[(4, 3, BlackWin), (1, 2, BlackWin)])
        .round(&[(2, 4, RedWin), (3, 1, BlackWin)])
        .build();
    s.settings.system = PairingSystem::RoundRobin;
    // 小分 (wins: full opponent score, draws: half): 1: ½·1 (4) + 3 (3) = 3.5;
    // 3: ½·5 (2) + 1 (4) = 3.5. 胜局 1 each. 直胜: 1 beat 3 → 1 ahead.
    let settings = StandingsSettings::with_list(Preset::Xiangqi141.list());
    let lines = standings_with(&s, &settings, 3);
    let got: Vec<(i64, f64)> = lines
        .iter()
        .map(|l| (l.entrant.0, l.tiebreaks[0]))
        .collect();
    assert_eq!(got, vec![(2, 5.5), (1, 3.5), (3, 3.5), (4, 1.5)]);
    assert_eq!(
        lines[1].tiebreaks[2], 1.0,
        "直胜 puts one tied player below 1"
    );
    // 对局时后走 alone: of 1 and 3, player 1 had black in their game → ahead.
    let settings = StandingsSettings::with_list(vec![Tiebreak::BlackInMutualGame]);
    let got: Vec<i64> = standings_with(&s, &settings, 3)
        .iter()
        .map(|l| l.entrant.0)
        .collect();
    assert_eq!(got, vec![2, 1, 3, 4]);
}

#[test]
fn bye_opponent_score_readings() {
    // 3 players, 2-1-0: R1 1–2 1-0, 3 bye; R2 3–1 ½, 2 bye. Totals: 1: 3, 2: 2, 3: 3.
    // Player 3's 对手分: R1 bye + 1 (3). Reading A: lowest score among scorers = 2 → 5;
    // reading B: lowest overall = 2 as well here; Zero → 3.
    let s = players(3)
        .round(&[(1, 2, Outcome::RedWin)])
        .bye(3, ByeKind::Pairing)
        .round(&[(3, 1, Outcome::Draw)])
        .bye(2, ByeKind::Pairing)
        .build();
    let mut settings = StandingsSettings::with_list(vec![Tiebreak::OpponentScore]);
    settings.shared_places = true;
    let opp = |settings: &StandingsSettings, id: i64| {
        standings_with(&s, settings, 2)
            .iter()
            .find(|l| l.entrant.0 == id)
            .unwrap()
            .tiebreaks[0]
    };
    assert_eq!(opp(&settings, 3), 5.0);
    settings.bye_opponent = bianpai::standings::ByeOpponentScore::Zero;
    assert_eq!(opp(&settings, 3), 3.0);
    // After round 1 only, player 2 has 0: reading A skips him (lowest scorer: 2 points),
    // reading B takes 0.
    settings.bye_opponent = bianpai::standings::ByeOpponentScore::LowestScoring;
    let after1 = |settings: &StandingsSettings| {
        standings_with(&s, settings, 1)
            .iter()
            .find(|l| l.entrant.0 == 3)
            .unwrap()
            .tiebreaks[0]
    };
    assert_eq!(after1(&settings), 2.0);
    settings.bye_opponent = bianpai::standings::ByeOpponentScore::LowestOverall;
    assert_eq!(after1(&settings), 0.0);
}

/// Seed 000 十二.2 end to end: team rank = Σ of the members' individual places from the
/// section's standings, fewer first; an equal sum goes to the team with the best place.
#[test]
fn team_ranks_from_the_individual_standings() {
    use bianpai::standings::team::team_standings;
    use bianpai::standings::{MissingMemberRank, TeamSettings};
    let mut s = worked_example();
    // Two-member teams: 甲 = players 1 and 4, 乙 = players 6 and 3, 丙 = players 2 and 5.
    for (id, unit) in [
        (1, "甲"),
        (4, "甲"),
        (6, "乙"),
        (3, "乙"),
        (2, "丙"),
        (5, "丙"),
    ] {
        let e = s.entrant_mut(EntrantId(id)).unwrap();
        e.unit = unit.into();
        e.team_member = true;
    }
    let team = TeamSettings {
        members: 2,
        sex: None,
        registered_only: true,
        missing: MissingMemberRank::AfterLast,
    };
    // 14.3.1 places: 1 → 1, 6 → 2, 2 → 3, 3 → 4, 4 → 5, 5 → 6.
    // 甲 1 + 5 = 6, 乙 2 + 4 = 6, 丙 3 + 6 = 9: 甲 and 乙 tie on 6, 甲 has place 1 → first.
    let settings = StandingsSettings::with_list(Preset::Xiangqi1431.list());
    let individual = standings_with(&s, &settings, 3);
    let t = team_standings(&s, &individual, &team);
    let got: Vec<(u32, &str, u32)> = t
        .iter()
        .map(|r| (r.rank, r.team.as_str(), r.rank_sum))
        .collect();
    assert_eq!(got, vec![(1, "甲", 6), (2, "乙", 6), (3, "丙", 9)]);
    // 14.3.2 places: 1, 6, 3, 2, 4, 5 → 甲 1 + 5 = 6, 乙 2 + 3 = 5, 丙 4 + 6 = 10.
    let settings = StandingsSettings::with_list(Preset::Xiangqi1432.list());
    let individual = standings_with(&s, &settings, 3);
    let t = team_standings(&s, &individual, &team);
    let got: Vec<(&str, u32)> = t.iter().map(|r| (r.team.as_str(), r.rank_sum)).collect();
    assert_eq!(got, vec![("乙", 5), ("甲", 6), ("丙", 10)]);
}
