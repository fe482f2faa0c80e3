//! The awards of a section as the app computes them for the awards tab: prizes (a place table
//! and a stacking special prize for a sub-ranking), titles, qualifiers, the sub-ranking and the
//! team standings with team prizes, for a small field whose order is worked out by hand.
//!
//! Six players, three rounds, 2/1/0; first named plays red:
//! R1 A–C 1-0, B–D 1-0, E–F 1-0; R2 A–D 1-0, B–E 1-0, C–F 1-0; R3 A–E 1-0, B–F ½, C–D 1-0.
//! Totals: A 6, B 5, C 4, E 2, F 1, D 0 — all different, so the order is A B C E F D.
//! Units: 甲 = A C E, 乙 = B D F; women: C and F.

use crate::common::SectionBuilder;
use bianpai::app::section_awards;
use bianpai::awards::{
    AwardOptions, PlacesRule, PrizeBand, PrizeKind, PrizeTable, SpecialPrize, TitleRule,
};
use bianpai::model::{EntrantId, Outcome, Section, SectionSettings, Sex};
use bianpai::standings::subrank::{Filter, SubRanking};

fn section() -> Section {
    use Outcome::{Draw, RedWin};
    let mut settings = SectionSettings {
        rounds: 3,
        ..SectionSettings::default()
    };
    settings.standings.sub_rankings = vec![SubRanking {
        name: "女子".into(),
        filter: Filter::Sex(Sex::Female),
    }];
    settings.standings.team.members = 2;
    let table = |bands: Vec<PrizeBand>| PrizeTable {
        bands,
        ..PrizeTable::default()
    };
    settings.awards = Box::new(AwardOptions {
        places: PlacesRule::Fixed { places: 3 },
        prizes: table(vec![
            PrizeBand::place(1, 300),
            PrizeBand::place(2, 200),
            PrizeBand::place(3, 100),
        ]),
        special_prizes: vec![SpecialPrize {
            places: None,
            name: "女子".into(),
            table: table(vec![PrizeBand::place(1, 50)]),
            stacks: true,
        }],
        team_places: PlacesRule::Fixed { places: 1 },
        team_prizes: table(vec![PrizeBand::place(1, 500)]),
        titles: vec![TitleRule {
            title: "三级运动员".into(),
            from: 1,
            to: 2,
            min_played: 0,
        }],
        qualifiers: 2,
        ..AwardOptions::default()
    });
    // A is number 1, B number 2, …
    let n = |c: char| u32::from(c) - u32::from('A') + 1;
    SectionBuilder::new()
        .name("公开组")
        .settings(settings)
        .lot_seed(1)
        .entrant("A", "甲", Sex::Male)
        .entrant("B", "乙", Sex::Male)
        .entrant("C", "甲", Sex::Female)
        .entrant("D", "乙", Sex::Male)
        .entrant("E", "甲", Sex::Male)
        .entrant("F", "乙", Sex::Female)
        .round(&[
            (n('A'), n('C'), RedWin),
            (n('B'), n('D'), RedWin),
            (n('E'), n('F'), RedWin),
        ])
        .round(&[
            (n('A'), n('D'), RedWin),
            (n('B'), n('E'), RedWin),
            (n('C'), n('F'), RedWin),
        ])
        .round(&[
            (n('A'), n('E'), RedWin),
            (n('B'), n('F'), Draw),
            (n('C'), n('D'), RedWin),
        ])
        .build()
}

#[test]
fn prizes_titles_qualifiers_sub_ranking_and_teams_follow_the_hand_worked_order() {
    let s = section();
    let id = |c: char| EntrantId((c as u8 - b'A') as i64 + 1);
    let a = section_awards(&s, 3);
    let order: Vec<EntrantId> = a.standings.iter().map(|r| r.entrant).collect();
    assert_eq!(order, "ABCEFD".chars().map(id).collect::<Vec<_>>());

    // 300 / 200 / 100 to A, B, C, and C also 50 as the best woman (可兼得): 650 in all.
    let prizes = a.prizes.as_ref().unwrap();
    let lines: Vec<(EntrantId, i64, bool)> = prizes
        .prizes
        .iter()
        .map(|p| (p.winner, p.amount, p.kind == PrizeKind::Place))
        .collect();
    assert_eq!(
        lines,
        vec![
            (id('A'), 300, true),
            (id('B'), 200, true),
            (id('C'), 100, true),
            (id('C'), 50, false)
        ]
    );
    assert_eq!(prizes.total(), 650);

    let titles: Vec<(EntrantId, u32)> = a
        .titles
        .as_ref()
        .unwrap()
        .iter()
        .map(|t| (t.entrant, t.place))
        .collect();
    assert_eq!(titles, vec![(id('A'), 1), (id('B'), 2)]);
    assert_eq!(a.qualifiers.as_ref().unwrap(), &vec![id('A'), id('B')]);

    // 女子: C (3rd overall) first, F (5th) second.
    let (name, women) = &a.sub_rankings[0];
    assert_eq!(name, "女子");
    let women: Vec<(u32, u32, EntrantId)> = women
        .iter()
        .map(|w| (w.place, w.overall, w.entrant))
        .collect();
    assert_eq!(women, vec![(1, 3, id('C')), (2, 5, id('F'))]);

    // Teams of two: 甲 = A 1 + C 3 = 4, 乙 = B 2 + F 5 = 7.
    let teams: Vec<(u32, &str, u32)> = a
        .teams
        .iter()
        .map(|t| (t.rank, t.team.as_str(), t.rank_sum))
        .collect();
    assert_eq!(teams, vec![(1, "甲", 4), (2, "乙", 7)]);
    let team_prizes = a.team_prizes.as_ref().unwrap();
    assert_eq!(team_prizes.prizes.len(), 1);
    assert_eq!(
        (
            team_prizes.prizes[0].winner.as_str(),
            team_prizes.prizes[0].amount
        ),
        ("甲", 500)
    );
}

/// A special prize needs no sub-ranking of its own name when the name says who may win it:
/// 境外运动员 are the overseas entrants (the seed 002 qualifiers' preset). A name that says
/// nothing is an error that names the prize, not an empty prize.
#[test]
fn a_special_prize_for_overseas_players_needs_no_sub_ranking_of_its_name() {
    let mut s = section();
    let id = |c: char| EntrantId((c as u8 - b'A') as i64 + 1);
    for e in &mut s.entrants {
        e.overseas = e.name == "E" || e.name == "D";
    }
    let special = |name: &str| SpecialPrize {
        places: None,
        name: name.into(),
        table: PrizeTable {
            bands: vec![PrizeBand::place(1, 80)],
            ..PrizeTable::default()
        },
        stacks: true,
    };
    s.settings.awards.special_prizes = vec![special("境外运动员")];
    // Order A B C E F D: the best overseas player is E (4th), ahead of D (6th).
    let a = section_awards(&s, 3);
    let overseas: Vec<(EntrantId, i64)> = a
        .prize_lines()
        .iter()
        .filter(|p| p.kind == PrizeKind::Special("境外运动员".into()))
        .map(|p| (p.winner, p.amount))
        .collect();
    assert_eq!(overseas, vec![(id('E'), 80)]);

    s.settings.awards.special_prizes = vec![special("青年组")];
    assert_eq!(
        section_awards(&s, 3).prizes,
        Err(bianpai::awards::AwardError::MissingSubList("青年组".into()))
    );
}
