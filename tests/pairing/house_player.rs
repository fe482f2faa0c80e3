//! The house player (补双选手, rules.md §6) through the app services: the organiser adds him to
//! a field of seven so that nobody needs a bye; he plays every round while the other seven are
//! active, and sits the round out (no game, no bye) once a withdrawal leaves six others. The
//! checker (`bianpai check`) finds nothing wrong with any of those rounds, and does name a
//! house player paired when he should not be, or left out while a bye was given.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{AppError, Tournament};
use bianpai::conduct::PairingNote;
use bianpai::model::{
    ByeKind, Entrant, EntrantId, EntrantStatus, Event, Outcome, PairingSystem, Round, Section,
    SectionId, SectionSettings,
};
use bianpai::pairing::xiangqi::XiangqiSwissOptions;
use bianpai::pairing::xiangqi::checker::{Break, breaks, check_round};

/// Seven players of four units and the house player the organiser adds, numbers drawn.
fn field_of_seven(system: PairingSystem) -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = common::create(&Event {
        organiser: "市棋协".into(),
        ..common::event("补双测试赛", vec![])
    });
    let settings = SectionSettings {
        system,
        rounds: 6,
        ..SectionSettings::default()
    };
    let s = SectionBuilder::new()
        .name("公开组")
        .settings(settings)
        .entrants((1..=7).map(|i| Entrant {
            name: format!("选手{i}"),
            unit: format!("第{}队", i % 4),
            ..Entrant::default()
        }))
        .enter(&mut t);
    assert!(t.event().section(s).unwrap().wants_house_player());
    t.add_house_player(s).unwrap();
    t.draw_lots(s, 20260829).unwrap();
    (dir, t, s)
}

fn house_of(t: &Tournament, s: SectionId) -> EntrantId {
    let section = t.event().section(s).unwrap();
    let house: Vec<&Entrant> = section.entrants.iter().filter(|e| e.house).collect();
    assert_eq!(house.len(), 1);
    assert_eq!(house[0].name, "补双");
    assert_eq!(house[0].unit, "市棋协", "the event's organiser");
    house[0].id
}

/// Pairs the next round and gives every board a result (a win for the higher board's red on
/// odd boards, a draw on even ones), then returns the stored round.
fn play_round(t: &mut Tournament, s: SectionId) -> Round {
    let n = t.pair_next_round(s).unwrap();
    common::finish_round(t, s, n, |_, g| {
        if g.board % 2 == 1 {
            Outcome::RedWin
        } else {
            Outcome::Draw
        }
    });
    t.event().section(s).unwrap().round(n).unwrap().clone()
}

fn withdraw(t: &mut Tournament, s: SectionId, who: EntrantId) {
    let mut e = t.event().section(s).unwrap().entrant(who).unwrap().clone();
    e.status = EntrantStatus::Withdrawn;
    t.update_entrant(s, &e).unwrap();
}

fn the_house_player_plays_while_seven_others_are_active_and_sits_out_beside_six(
    system: PairingSystem,
) {
    let (_dir, mut t, s) = field_of_seven(system);
    let house = house_of(&t, s);
    assert!(
        !t.event().section(s).unwrap().wants_house_player(),
        "seven and the house player make eight"
    );
    assert!(matches!(
        t.add_house_player(s),
        Err(AppError::HouseNotWanted)
    ));

    // Rounds 1–4: 7 others + the house player = 8 players, 4 boards, no bye, and the house
    // player on one of the boards every round.
    for n in 1..=4 {
        let r = play_round(&mut t, s);
        assert_eq!(
            r.games.len(),
            4,
            "{system:?} round {n}: 8 players → 4 boards"
        );
        assert!(r.byes.is_empty(), "{system:?} round {n}: no bye");
        assert!(
            r.game_of(house).is_some(),
            "{system:?} round {n}: the house player plays"
        );
    }

    // A real player withdraws: 6 others are even, so the house player sits round 5 out —
    // 3 boards, no bye, neither the house player nor the withdrawn player in the round.
    let gone = t
        .event()
        .section(s)
        .unwrap()
        .entrants
        .iter()
        .find(|e| !e.house)
        .unwrap()
        .id;
    withdraw(&mut t, s, gone);
    assert!(!t.event().section(s).unwrap().wants_house_player());
    let r5 = play_round(&mut t, s);
    assert_eq!(
        r5.games.len(),
        3,
        "{system:?} round 5: 6 players → 3 boards"
    );
    assert!(r5.byes.is_empty(), "{system:?} round 5: no bye");
    assert!(r5.game_of(house).is_none() && r5.bye_of(house).is_none());
    assert!(r5.game_of(gone).is_none() && r5.bye_of(gone).is_none());
    let notes = t.round_notes(s, 5).unwrap();
    assert!(
        notes.iter().any(|(b, n)| *b == 0
            && matches!(n, PairingNote::House { sits_out, .. } if sits_out.contains(&house))),
        "the round's note says why: {notes:?}"
    );

    if system == PairingSystem::XiangqiSwiss {
        let section = t.event().section(s).unwrap();
        for n in 1..=5 {
            let rep = check_round(section, n, &section.settings.xiangqi).unwrap();
            assert!(rep.breaks.is_empty(), "round {n}: {:?}", rep.breaks);
        }
    }
}

#[test]
fn xiangqi_swiss_pairs_the_house_player_only_while_the_others_are_odd() {
    the_house_player_plays_while_seven_others_are_active_and_sits_out_beside_six(
        PairingSystem::XiangqiSwiss,
    );
}

#[test]
fn dutch_pairs_the_house_player_only_while_the_others_are_odd() {
    the_house_player_plays_while_seven_others_are_active_and_sits_out_beside_six(
        PairingSystem::Dutch,
    );
}

/// Players 1–7 and the house player 8, with round 1 paired as `games` and `byes`.
fn stored_round(house_active: bool, games: &[(u32, u32)], byes: &[u32]) -> Section {
    let games: Vec<(u32, u32, Outcome)> =
        games.iter().map(|&(r, b)| (r, b, Outcome::Draw)).collect();
    let mut s = SectionBuilder::new()
        .entrants((1..=8).map(|n| Entrant {
            name: format!("P{n}"),
            unit: format!("U{n}"),
            house: n == 8,
            status: if n == 8 && !house_active {
                EntrantStatus::Withdrawn
            } else {
                EntrantStatus::Active
            },
            ..Entrant::default()
        }))
        .round(&games);
    for &n in byes {
        s = s.bye(n, ByeKind::Pairing);
    }
    s.build()
}

#[test]
fn the_checker_names_a_house_player_paired_beside_an_even_field_or_left_out_of_an_odd_one() {
    let options = XiangqiSwissOptions::default();
    // Six others (7 is not in the round) and the house player on board 3: he should sit out.
    let s = stored_round(true, &[(1, 2), (3, 4), (5, 8)], &[6]);
    assert!(
        breaks(&s, 1, &options)
            .unwrap()
            .contains(&Break::HouseNotNeeded {
                player: EntrantId(8)
            })
    );
    // Seven others, one of them with the bye, the active house player left out.
    let s = stored_round(true, &[(1, 2), (3, 4), (5, 6)], &[7]);
    assert_eq!(
        breaks(&s, 1, &options).unwrap(),
        vec![Break::HouseLeftOut {
            player: EntrantId(8)
        }]
    );
    // The same round is right when the house player has withdrawn.
    let s = stored_round(false, &[(1, 2), (3, 4), (5, 6)], &[7]);
    assert_eq!(breaks(&s, 1, &options).unwrap(), vec![]);
    // Seven others and the house player: four boards, nothing to say.
    let s = stored_round(true, &[(1, 2), (3, 4), (5, 6), (7, 8)], &[]);
    assert_eq!(breaks(&s, 1, &options).unwrap(), vec![]);
}

/// Players 1–5 and the house player 6 (补双, unit 承办单位), 2-1-0, two rounds of two:
///   R1: 6 beats 1, 2 beats 3, 4 draws 5;   R2: 6 beats 2, 1 beats 5, 3 beats 4.
/// Totals: 6: 4 (the most); 1, 2, 3: 2; 4, 5: 1. 对手分: 1: 4 + 1 = 5; 2: 2 + 4 = 6; 3: 2 + 1 = 3;
/// 4: 1 + 2 = 3; 5: 1 + 2 = 3. So the places are 2, 1, 3, then 4 and 5 (by lot).
fn house_player_on_top() -> Section {
    use Outcome::*;
    use bianpai::model::{PointSystemPreset, Points};
    use bianpai::standings::Tiebreak;
    let mut settings = SectionSettings {
        system: PairingSystem::XiangqiSwiss,
        rounds: 2,
        points: PointSystemPreset::TwoOneZero.system(),
        ..SectionSettings::default()
    };
    settings.standings.tiebreaks = vec![Tiebreak::OpponentScore];
    settings.standings.shared_places = false;
    settings.standings.lots_seed = Some(1);
    let units = ["甲", "乙", "甲", "乙", "丙", "承办单位"];
    let s = SectionBuilder::new()
        .settings(settings)
        .entrants((1..=6).map(|n| Entrant {
            name: format!("P{n}"),
            unit: units[n - 1].into(),
            grade: "无级".into(),
            house: n == 6,
            ..Entrant::default()
        }))
        .round(&[(6, 1, RedWin), (2, 3, RedWin), (4, 5, Draw)])
        .round(&[(2, 6, BlackWin), (1, 5, RedWin), (3, 4, RedWin)])
        .build();
    assert_eq!(
        bianpai::standings::points_after(&s, EntrantId(6), 2),
        Points::whole(4)
    );
    s
}

#[test]
fn the_house_player_wins_no_prize_title_qualification_promotion_or_team_place() {
    use bianpai::awards::{PlacesRule, PrizeBand, PromotionStep, TitleRule};
    let mut s = house_player_on_top();
    let a = &mut s.settings.awards;
    a.places = PlacesRule::Fixed { places: 3 };
    a.prizes.bands = vec![
        PrizeBand::place(1, 1000),
        PrizeBand::place(2, 600),
        PrizeBand::place(3, 300),
    ];
    a.titles = vec![TitleRule {
        title: "三级运动员".into(),
        from: 1,
        to: 3,
        min_played: 0,
    }];
    a.qualifiers = 2;
    // 无级 → 十级 at 30 % of 2 rounds × 2 points = 1.2, rounded up to the half-point: 1.5.
    a.promotion.table = vec![PromotionStep {
        from_grade: "无级".into(),
        to_grade: "棋协十级棋士".into(),
        rate_percent: 30,
        points: None,
    }];
    s.settings.standings.team.members = 2;
    let got = bianpai::app::section_awards(&s, 2);
    let ranking: Vec<i64> = got.standings.iter().map(|r| r.entrant.0).collect();
    assert_eq!(&ranking[..3], &[2, 1, 3]);
    assert_eq!(got.standings.len(), 5, "five ranked, the house player not");
    let prizes: Vec<(i64, u32, i64)> = got
        .prize_lines()
        .iter()
        .map(|p| (p.winner.0, p.place, p.amount))
        .collect();
    assert_eq!(prizes, vec![(2, 1, 1000), (1, 2, 600), (3, 3, 300)]);
    let titles: Vec<(i64, u32)> = got
        .titles
        .as_ref()
        .unwrap()
        .iter()
        .map(|t| (t.entrant.0, t.place))
        .collect();
    assert_eq!(titles, vec![(2, 1), (1, 2), (3, 3)]);
    let qualifiers: Vec<i64> = got
        .qualifiers
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| e.0)
        .collect();
    assert_eq!(qualifiers, vec![2, 1]);
    // 1.5 points reached by 1, 2, 3 (2 each) and by the house player (4), who is left out.
    let promoted: Vec<i64> = got.promotions.iter().map(|p| p.entrant.0).collect();
    assert_eq!(promoted, vec![1, 2, 3]);
    // Teams of two, places summed: 甲 = 1 (2nd) + 3 (3rd) = 5; 乙 = 2 (1st) + 4 (4th or 5th)
    // = 5 or 6; 丙 = 5 (4th or 5th) + a missing member (5 ranked + 1 = 6). No team of the house
    // player's unit, and he is nobody's member.
    let teams: Vec<&str> = got.teams.iter().map(|t| t.team.as_str()).collect();
    assert_eq!(teams.len(), 3, "{teams:?}");
    assert!(!teams.contains(&"承办单位"));
    let jia = got.teams.iter().find(|t| t.team == "甲").unwrap();
    assert_eq!((jia.rank_sum, jia.places.clone()), (5, vec![2, 3]));
    let bing = got.teams.iter().find(|t| t.team == "丙").unwrap();
    assert_eq!(bing.members, vec![EntrantId(5)]);
    assert_eq!(bing.places[1], 6);
}

#[test]
fn the_house_player_does_not_count_toward_the_players_a_title_needs() {
    // Six played a game over the board, but only five are competitors: a title that needs six
    // players is not granted.
    let mut s = house_player_on_top();
    s.settings.awards.titles = vec![bianpai::awards::TitleRule {
        title: "三级运动员".into(),
        from: 1,
        to: 3,
        min_played: 6,
    }];
    assert_eq!(bianpai::awards::players_who_played(&s), 5);
    let got = bianpai::app::section_awards(&s, 2);
    assert_eq!(got.titles.unwrap(), vec![]);
}

#[test]
fn the_exported_crosstable_names_the_unranked_house_player_in_his_opponents_columns() {
    use bianpai::i18n::Lang;
    use bianpai::interchange::export::{Cell, RankedRow, crosstable};
    let s = house_player_on_top();
    let ranked: Vec<RankedRow> = bianpai::standings::standings(&s, 2)
        .iter()
        .map(RankedRow::from)
        .collect();
    let table = crosstable(&s, &ranked, Lang::Zh);
    // Columns: place, number, name, unit, round 1, round 2, points. Player 2 (1st) beat 3 (3rd)
    // with red, then lost to the house player with red; player 1 (2nd) lost to the house player
    // with black, then beat 5 with red.
    let row = |number: i64| {
        table
            .rows
            .iter()
            .find(|r| r[1] == Cell::Int(number))
            .unwrap()
            .clone()
    };
    assert_eq!(
        row(2)[4..6],
        [Cell::Text("3红1".into()), Cell::Text("补双红0".into())]
    );
    let five = ranked
        .iter()
        .find(|r| r.entrant == EntrantId(5))
        .unwrap()
        .rank;
    assert_eq!(
        row(1)[4..6],
        [
            Cell::Text("补双黑0".into()),
            Cell::Text(format!("{five}红1"))
        ]
    );
    assert_eq!(table.rows.len(), 5, "one row per ranked player");
}
