//! Titles by place and qualification lists, against seeds 000 and 004.

use crate::common::SectionBuilder;
use bianpai::awards::{
    AwardError, AwardOptions, AwardPreset, players_who_played, qualifiers, titles,
};
use bianpai::model::{Entrant, EntrantId, Outcome, Section};

fn ranking(n: i64) -> Vec<EntrantId> {
    (1..=n).map(EntrantId).collect()
}

/// Fifteen entrants. Round 1 pairs 1–2, 3–4, …, 13–14 over the board (15 is not paired);
/// round 2 pairs 1 with 15, and `last` says whether that game is played or forfeited.
fn section(last: Outcome) -> Section {
    let round1: Vec<(u32, u32, Outcome)> = (0..7)
        .map(|i| (2 * i + 1, 2 * i + 2, Outcome::Draw))
        .collect();
    SectionBuilder::new()
        .name("男子组")
        .players(15)
        .round(&round1)
        .round(&[(1, 15, last), (2, 3, Outcome::RedWin)])
        .build()
}

#[test]
fn fourteen_who_played_and_a_forfeit_only_entrant_get_no_titles() {
    // Seed 000 十四: “男子组、女子组个人前八名可授予三级运动员等级称号，各组别须至少有 15 人
    // 上场比赛”. Entrants 1–14 played in round 1; 15's only game is a forfeit → 14 played.
    let s = section(Outcome::RedWinByForfeit);
    assert_eq!(players_who_played(&s), 14);
    let men = AwardOptions::preset(AwardPreset::Seed000Men);
    assert_eq!(titles(&s, &men, &ranking(15)).unwrap(), vec![]);
}

#[test]
fn fifteen_who_played_give_the_top_eight_the_title() {
    let s = section(Outcome::RedWin);
    assert_eq!(players_who_played(&s), 15);
    let men = AwardOptions::preset(AwardPreset::Seed000Men);
    let t = titles(&s, &men, &ranking(15)).unwrap();
    let got: Vec<(i64, u32, &str)> = t
        .iter()
        .map(|x| (x.entrant.0, x.place, x.title.as_str()))
        .collect();
    let want: Vec<(i64, u32, &str)> = (1..=8).map(|p| (p, p as u32, "三级运动员")).collect();
    assert_eq!(got, want);
}

#[test]
fn seed_004_open_titles_go_by_place() {
    // Seed 004 公开组: “前三名可申请上海棋协大师称号，第四-六名可申请上海棋协候补大师”.
    // No minimum of players here, so the forfeit-only entrant changes nothing.
    let s = section(Outcome::RedWinByForfeit);
    let open = AwardOptions::preset(AwardPreset::Seed004Open);
    let order: Vec<EntrantId> = [5, 4, 3, 2, 1, 6, 7].map(EntrantId).to_vec();
    let t = titles(&s, &open, &order).unwrap();
    let got: Vec<(i64, &str)> = t.iter().map(|x| (x.entrant.0, x.title.as_str())).collect();
    assert_eq!(
        got,
        vec![
            (5, "上海棋协大师"),
            (4, "上海棋协大师"),
            (3, "上海棋协大师"),
            (2, "上海棋协候补大师"),
            (1, "上海棋协候补大师"),
            (6, "上海棋协候补大师"),
        ]
    );
}

#[test]
fn seed_000_men_top_32_qualify() {
    // Seed 000 七: “男子个人前三十二名，获得 2026 年上海市象棋甲乙组比赛参赛资格”.
    let mut s = section(Outcome::RedWin);
    for n in 16..=40 {
        s.entrants.push(Entrant {
            id: EntrantId(n),
            ..Entrant::default()
        });
    }
    let order: Vec<EntrantId> = (1..=40).rev().map(EntrantId).collect();
    let men = AwardOptions::preset(AwardPreset::Seed000Men);
    let q = qualifiers(&s, &men, &order).unwrap();
    assert_eq!(q.len(), 32);
    assert_eq!(q[0], EntrantId(40));
    assert_eq!(q[31], EntrantId(9));
    // Women qualify no one.
    let women = AwardOptions::preset(AwardPreset::Seed000Women);
    assert_eq!(qualifiers(&s, &women, &order).unwrap(), vec![]);
}

#[test]
fn a_ranking_naming_a_stranger_is_refused() {
    let s = section(Outcome::RedWin);
    let men = AwardOptions::preset(AwardPreset::Seed000Men);
    let order = vec![EntrantId(1), EntrantId(99)];
    assert_eq!(
        titles(&s, &men, &order),
        Err(AwardError::UnknownEntrant(EntrantId(99)))
    );
}

#[test]
fn a_title_band_starting_at_place_zero_is_refused() {
    let s = section(Outcome::RedWin);
    let mut opts = AwardOptions::preset(AwardPreset::Seed000Men);
    opts.titles[0].from = 0;
    assert_eq!(
        titles(&s, &opts, &ranking(15)),
        Err(AwardError::BadBand { from: 0, to: 8 })
    );
}
