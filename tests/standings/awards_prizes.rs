//! Prize tables and places awarded, checked against the seed regulations' own numbers.

use bianpai::awards::{
    AwardError, AwardOptions, AwardPreset, Counted, PlacesRule, PrizeBand, PrizeKind, PrizeTable,
    SpecialPrize, TaxBasis, prizes, team_prizes,
};
use bianpai::model::EntrantId;
use std::collections::{BTreeMap, BTreeSet};

fn ranking(n: i64) -> Vec<EntrantId> {
    (1..=n).map(EntrantId).collect()
}

fn no_lists() -> BTreeMap<String, BTreeSet<EntrantId>> {
    BTreeMap::new()
}

fn overseas(ids: &[i64]) -> BTreeMap<String, BTreeSet<EntrantId>> {
    BTreeMap::from([(
        "境外运动员".to_string(),
        ids.iter().copied().map(EntrantId).collect(),
    )])
}

#[test]
fn seed_000_full_fields_pay_the_published_29700() {
    // Seed 000 七、奖金标准（税前）: men 10000+5000+3000+1500+1000+800+600+500 = 22400,
    // 9–12 名 4 × 300 = 1200, 13–16 名 4 × 200 = 800 → 24400; women
    // 2000+1000+700+500+400+300+200+200 = 5300; 奖金合计 29700.
    let men = AwardOptions::preset(AwardPreset::Seed000Men);
    let women = AwardOptions::preset(AwardPreset::Seed000Women);
    assert_eq!(men.prizes.full_total(), 24_400);
    assert_eq!(women.prizes.full_total(), 5_300);
    let m = prizes(&men, &ranking(40), &no_lists(), &Counted::Everyone).unwrap();
    let w = prizes(&women, &ranking(20), &no_lists(), &Counted::Everyone).unwrap();
    assert_eq!(m.total(), 24_400);
    assert_eq!(w.total(), 5_300);
    assert_eq!(m.total() + w.total(), 29_700);
    assert_eq!(m.tax, TaxBasis::BeforeTax);
    assert_eq!(
        bianpai::i18n::tax_basis(m.tax, bianpai::i18n::Lang::Zh),
        "税前"
    );
    // Sixteen men are paid, eight women.
    assert_eq!(m.prizes.len(), 16);
    assert_eq!(w.prizes.len(), 8);
}

#[test]
fn seed_000_bands_pay_300_and_200_each() {
    let men = AwardOptions::preset(AwardPreset::Seed000Men);
    let m = prizes(&men, &ranking(40), &no_lists(), &Counted::Everyone).unwrap();
    for place in 9..=12 {
        assert_eq!(m.total_of(&EntrantId(place)), 300, "place {place}");
    }
    for place in 13..=16 {
        assert_eq!(m.total_of(&EntrantId(place)), 200, "place {place}");
    }
    assert_eq!(m.total_of(&EntrantId(17)), 0);
    assert_eq!(m.total_of(&EntrantId(1)), 10_000);
    assert_eq!(m.total_of(&EntrantId(8)), 500);
}

#[test]
fn fewer_than_nine_entrants_award_one_place_fewer() {
    // “不足9人参赛，减一录取名次” → min(8, N − 1) (rules.md §1.9).
    let rule = PlacesRule::ReduceIfFewer { places: 8 };
    let expected = [
        (0, 0),
        (1, 0),
        (2, 1),
        (5, 4),
        (7, 6),
        (8, 7),
        (9, 8),
        (40, 8),
    ];
    for (n, places) in expected {
        assert_eq!(rule.places_awarded(n), places, "{n} entrants");
    }
    // An 8-entrant men's section: places 1–7 paid, 8th not:
    // 10000+5000+3000+1500+1000+800+600 = 21900.
    let men = AwardOptions::preset(AwardPreset::Seed000Men);
    let m = prizes(&men, &ranking(8), &no_lists(), &Counted::Everyone).unwrap();
    assert_eq!(m.prizes.len(), 7);
    assert_eq!(m.total(), 21_900);
    assert_eq!(m.total_of(&EntrantId(8)), 0);
    // Nine entrants: all eight places paid (22400), nobody holds 9–16 except the 9th (300).
    let m9 = prizes(&men, &ranking(9), &no_lists(), &Counted::Everyone).unwrap();
    assert_eq!(m9.total(), 22_400 + 300);
}

#[test]
fn seed_001_listed_places_agree_with_the_reduction_rule() {
    // Seed 001 八、录取名次: 女子个人组 前六名 — 7 entrants under “减一录取名次”.
    let women = AwardOptions::seed_001("女子个人组").unwrap();
    assert_eq!(women.places.places_awarded(7), 6);
    assert_eq!(women.places.places_awarded(20), 6);
    assert_eq!(
        AwardOptions::seed_001("U8女子组").unwrap().places,
        PlacesRule::Fixed { places: 3 }
    );
    assert!(AwardOptions::seed_001("不存在的组").is_none());
    // A fixed count never exceeds the field.
    assert_eq!(women.places.places_awarded(4), 4);
}

#[test]
fn seed_004_places_follow_the_field_size() {
    // Seed 004: “人数80名(含)以内录取前八名，80名以上录取前16名，不足八人则酌情减少”.
    let open = AwardOptions::preset(AwardPreset::Seed004Open);
    assert_eq!(open.places.places_awarded(80), 8);
    assert_eq!(open.places.places_awarded(81), 16);
    assert_eq!(open.places.places_awarded(5), 5);
    // 公开组奖金(税后): 2000 + 1200 + 800 + 3 × 500 + 2 × 300 = 6100.
    let p = prizes(&open, &ranking(30), &no_lists(), &Counted::Everyone).unwrap();
    assert_eq!(p.total(), 6_100);
    assert_eq!(
        bianpai::i18n::tax_basis(p.tax, bianpai::i18n::Lang::Zh),
        "税后"
    );
}

#[test]
fn seed_002_tables_add_up_to_the_published_totals() {
    // 海选赛 (total 136000): men 8 × 5000 + 8 × 3000 + 16 × 1000 + 8 overseas × 1000 = 88000;
    // women 8 × 3000 + 8 × 2000 + 8 overseas × 1000 = 48000.
    let qm = AwardOptions::preset(AwardPreset::Seed002QualifierMen);
    let qw = AwardOptions::preset(AwardPreset::Seed002QualifierWomen);
    // 128 men with 10 overseas players ranked 51–60; 64 women with 8 overseas ranked 41–48.
    let men_overseas: Vec<i64> = (51..=60).collect();
    let women_overseas: Vec<i64> = (41..=48).collect();
    let m = prizes(
        &qm,
        &ranking(128),
        &overseas(&men_overseas),
        &Counted::Everyone,
    )
    .unwrap();
    let w = prizes(
        &qw,
        &ranking(64),
        &overseas(&women_overseas),
        &Counted::Everyone,
    )
    .unwrap();
    assert_eq!(m.total(), 88_000);
    assert_eq!(w.total(), 48_000);
    assert_eq!(m.total() + w.total(), 136_000);
    // 正赛 (total 900000): men 200000+120000+70000+50000 + 4 × 12000 + 8 × 8000 + 16 × 4000
    // = 616000; women 100000+60000+35000+25000 + 4 × 8000 + 8 × 4000 = 284000.
    let mm = AwardOptions::preset(AwardPreset::Seed002MainMen);
    let mw = AwardOptions::preset(AwardPreset::Seed002MainWomen);
    let m = prizes(&mm, &ranking(32), &no_lists(), &Counted::Everyone).unwrap();
    let w = prizes(&mw, &ranking(16), &no_lists(), &Counted::Everyone).unwrap();
    assert_eq!(m.total(), 616_000);
    assert_eq!(w.total(), 284_000);
    assert_eq!(m.total() + w.total(), 900_000);
}

#[test]
fn an_overseas_player_in_the_top_eight_gets_both_prizes() {
    // 可兼得: the overseas player ranked 3rd gets 5000 for the place and 1000 as best overseas.
    let qm = AwardOptions::preset(AwardPreset::Seed002QualifierMen);
    let list = overseas(&[3, 40, 41, 42, 43, 44, 45, 46, 47]);
    let p = prizes(&qm, &ranking(128), &list, &Counted::Everyone).unwrap();
    assert_eq!(p.total_of(&EntrantId(3)), 6_000);
    // The 8 best overseas players are 3, 40 … 46: the 9th (47) gets nothing.
    assert_eq!(p.total_of(&EntrantId(46)), 1_000);
    assert_eq!(p.total_of(&EntrantId(47)), 0);
    let special: Vec<(i64, u32)> = p
        .prizes
        .iter()
        .filter(|x| x.kind == PrizeKind::Special("境外运动员".into()))
        .map(|x| (x.winner.0, x.place))
        .collect();
    assert_eq!(special[0], (3, 1));
    assert_eq!(special.len(), 8);
    assert_eq!(p.total(), 88_000);
}

#[test]
fn without_stacking_a_player_keeps_the_larger_prize() {
    let mut qm = AwardOptions::preset(AwardPreset::Seed002QualifierMen);
    qm.special_prizes[0].stacks = false;
    let list = overseas(&[3, 40, 41, 42, 43, 44, 45, 46, 47]);
    let p = prizes(&qm, &ranking(128), &list, &Counted::Everyone).unwrap();
    // Player 3 keeps the 5000 place prize and not the 1000; the 1000 is not passed on, so
    // the table pays 88000 − 1000.
    assert_eq!(p.total_of(&EntrantId(3)), 5_000);
    assert_eq!(p.total_of(&EntrantId(47)), 0);
    assert_eq!(p.total(), 87_000);

    // A special prize larger than the place prize replaces it: place 20 pays 1000, a special
    // first prize of 2000 wins.
    let opts = AwardOptions {
        special_prizes: vec![SpecialPrize {
            places: None,
            name: "境外运动员".into(),
            table: PrizeTable {
                bands: vec![PrizeBand::place(1, 2_000)],
                tax: TaxBasis::BeforeTax,
            },
            stacks: false,
        }],
        ..AwardOptions::preset(AwardPreset::Seed002QualifierMen)
    };
    let p = prizes(&opts, &ranking(128), &overseas(&[20]), &Counted::Everyone).unwrap();
    assert_eq!(p.total_of(&EntrantId(20)), 2_000);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let qm = AwardOptions::preset(AwardPreset::Seed002QualifierMen);
    assert_eq!(
        prizes(&qm, &ranking(10), &no_lists(), &Counted::Everyone),
        Err(AwardError::MissingSubList("境外运动员".into()))
    );
    let men = AwardOptions::preset(AwardPreset::Seed000Men);
    let dup = vec![EntrantId(1), EntrantId(2), EntrantId(1)];
    assert_eq!(
        prizes(&men, &dup, &no_lists(), &Counted::Everyone),
        Err(AwardError::DuplicateInRanking(EntrantId(1)))
    );
    let overlapping = AwardOptions {
        prizes: PrizeTable {
            bands: vec![PrizeBand::range(1, 4, 100), PrizeBand::place(4, 50)],
            tax: TaxBasis::BeforeTax,
        },
        ..AwardOptions::default()
    };
    assert_eq!(
        prizes(&overlapping, &ranking(10), &no_lists(), &Counted::Everyone),
        Err(AwardError::OverlappingBands(4))
    );
    let backwards = AwardOptions {
        prizes: PrizeTable {
            bands: vec![PrizeBand::range(5, 4, 100)],
            tax: TaxBasis::BeforeTax,
        },
        ..AwardOptions::default()
    };
    assert_eq!(
        prizes(&backwards, &ranking(10), &no_lists(), &Counted::Everyone),
        Err(AwardError::BadBand { from: 5, to: 4 })
    );
}

#[test]
fn team_prizes_follow_the_team_places_rule() {
    // Seed 000 十三、1: “男、女团体均取前八名，不足 9 队参赛，减一录取名次”. Six teams → 5 places.
    let opts = AwardOptions {
        team_prizes: PrizeTable {
            bands: vec![PrizeBand::place(1, 3_000), PrizeBand::range(2, 8, 1_000)],
            tax: TaxBasis::BeforeTax,
        },
        ..AwardOptions::preset(AwardPreset::Seed000Men)
    };
    let teams: Vec<String> = ["嘉定", "静安", "浦东", "徐汇", "黄浦", "闵行"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let p = team_prizes(&opts, &teams).unwrap();
    // 3000 + 4 × 1000 = 7000; the 6th team (闵行) gets nothing.
    assert_eq!(p.total(), 7_000);
    assert_eq!(p.total_of(&"闵行".to_string()), 0);
    assert_eq!(p.prizes.len(), 5);
    let twice = vec!["嘉定".to_string(), "嘉定".to_string()];
    assert_eq!(
        team_prizes(&opts, &twice),
        Err(AwardError::DuplicateTeam("嘉定".into()))
    );
}

#[test]
fn award_options_travel_with_the_section_settings() {
    use bianpai::model::SectionSettings;
    let settings = SectionSettings {
        awards: Box::new(AwardOptions::preset(AwardPreset::Seed002QualifierMen)),
        ..SectionSettings::default()
    };
    let json = serde_json::to_string(&settings).unwrap();
    let back: SectionSettings = serde_json::from_str(&json).unwrap();
    assert_eq!(back, settings);
    // Settings written before awards existed open with the rule book's default: 8 places, one
    // fewer below nine entrants, no money.
    let mut old: serde_json::Value = serde_json::from_str(&json).unwrap();
    old.as_object_mut().unwrap().remove("awards");
    let back: SectionSettings = serde_json::from_value(old).unwrap();
    assert_eq!(back.awards.places, PlacesRule::ReduceIfFewer { places: 8 });
    assert_eq!(back.awards.prizes.full_total(), 0);
}

#[test]
fn a_list_with_places_of_its_own_reads_its_own_field() {
    // Seed 001 U14组: 男子录取前八名、女子录取前七名, 不足9人参赛的减一. The group places nobody
    // by itself. Ranked 1–17: the girls are 2, 4, …, 14 (seven), the boys the other ten.
    // Girl 14 never played: six girls played, so 7 is cut to min(7, 6 − 1) = 5; ten boys
    // played: eight places. Every place awarded is a prize of 0 元 (a certificate).
    let options = AwardOptions {
        places: PlacesRule::Fixed { places: 0 },
        special_prizes: ["男子", "女子"]
            .iter()
            .zip([8, 7])
            .map(|(name, places)| SpecialPrize {
                name: name.to_string(),
                table: PrizeTable::default(),
                stacks: false,
                places: Some(PlacesRule::ReduceIfFewer { places }),
            })
            .collect(),
        ..AwardOptions::default()
    };
    let girls: BTreeSet<EntrantId> = (1..=7).map(|i| EntrantId(2 * i)).collect();
    let boys: BTreeSet<EntrantId> = ranking(17)
        .into_iter()
        .filter(|e| !girls.contains(e))
        .collect();
    let lists = BTreeMap::from([
        ("男子".to_string(), boys.clone()),
        ("女子".to_string(), girls.clone()),
    ]);
    let played = Counted::Only(
        ranking(17)
            .into_iter()
            .filter(|e| *e != EntrantId(14))
            .collect(),
    );
    let p = prizes(&options, &ranking(17), &lists, &played).unwrap();
    let won = |list: &str| -> Vec<(i64, u32)> {
        p.prizes
            .iter()
            .filter(|x| x.kind == PrizeKind::Special(list.into()))
            .map(|x| (x.winner.0, x.place))
            .collect()
    };
    assert_eq!(won("女子"), vec![(2, 1), (4, 2), (6, 3), (8, 4), (10, 5)]);
    assert_eq!(
        won("男子"),
        vec![
            (1, 1),
            (3, 2),
            (5, 3),
            (7, 4),
            (9, 5),
            (11, 6),
            (13, 7),
            (15, 8)
        ]
    );
    assert!(p.prizes.iter().all(|x| x.amount == 0));
    // Everyone counted (报名): seven girls, min(7, 6) = 6 places.
    let p = prizes(&options, &ranking(17), &lists, &Counted::Everyone).unwrap();
    let girls_placed = p
        .prizes
        .iter()
        .filter(|x| x.kind == PrizeKind::Special("女子".into()))
        .count();
    assert_eq!(girls_placed, 6);
}
