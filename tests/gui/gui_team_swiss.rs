//! Issue 42, the acceptance's window run of a team Swiss: twelve teams of four boards
//! (xiangqi, 象棋团体瑞士制) typed into the Entrants tab, the line-ups left at their default,
//! seven rounds paired by Ctrl+P and every board's result typed with the Results tab's keys,
//! then the team result book (成绩册) saved from the Documents tab.
//!
//! The results follow a rule the test applies to whoever the pairing brings together, so the
//! 场分 and 局分 of every team are worked out here from the boards as entered (2-1-0 a game,
//! 2-1-0 a match), not by the standings code: of the two teams of a match, call the one with
//! the lower number L and the other H; on the round's board b, k = (3L + 5H + round + b²) mod 3
//! gives 0 L's player wins, 1 a draw, 2 H's player wins. Places: 场分, then 局分 (the section's
//! team tie-breaks are left empty), teams equal on both sharing the place.

use crate::common;
use crate::common::window::{self, no_error, retype_nth, squeeze, tab};
use bianpai::model::{Game, Outcome, PairingSystem, SectionSettings, TeamSectionOptions};
use bianpai::ui::TabKind;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::collections::HashMap;

const TEAMS: [&str; 12] = [
    "东城",
    "西城",
    "朝阳",
    "海淀",
    "丰台",
    "石景山",
    "门头沟",
    "房山",
    "通州",
    "顺义",
    "昌平",
    "大兴",
];
const BOARD_NAMES: [&str; 4] = ["一", "二", "三", "四"];

fn type_team(h: &mut window::Window, name: &str, players: &str) {
    retype_nth(h, Role::TextInput, "队名", 0, name);
    h.get_by_role_and_label(Role::TextInput, "队员（按队员顺序，逗号分隔）")
        .focus();
    h.run();
    h.event(egui::Event::Text(players.into()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    no_error(h, "adding a team");
}

/// The rule of the results: who wins the game on `g`'s board between teams `red` and `black`.
fn outcome(round: u32, g: &Game, red: u32, black: u32) -> Outcome {
    let (lo, hi) = (red.min(black), red.max(black));
    match (3 * lo + 5 * hi + round + g.board * g.board) % 3 {
        0 if lo == red => Outcome::RedWin,
        0 => Outcome::BlackWin,
        1 => Outcome::Draw,
        _ if hi == red => Outcome::RedWin,
        _ => Outcome::BlackWin,
    }
}

#[test]
fn twelve_teams_seven_rounds_of_team_swiss_to_the_result_book() {
    let (dir, mut t) = common::create(&common::event("区县象棋团体赛", vec![]));
    let settings = SectionSettings {
        system: PairingSystem::XiangqiSwiss,
        rounds: 7,
        team_section: Some(TeamSectionOptions {
            boards: 4,
            reserves: 1,
            ..TeamSectionOptions::default()
        }),
        ..SectionSettings::default()
    };
    t.add_section("团体组", &settings).unwrap();
    let mut h = window::harness(t);
    h.run();
    tab(&mut h, TabKind::Entrants);
    for team in TEAMS {
        let players: Vec<String> = BOARD_NAMES.iter().map(|b| format!("{team}{b}")).collect();
        type_team(&mut h, &format!("{team}队"), &players.join(","));
    }
    let id = window::shown_section(&h).id;
    let records = h
        .state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .team_records(id)
        .unwrap();
    assert_eq!(records.teams.len(), 12);
    // Each player's team number, by entrant id.
    let team_of: HashMap<_, u32> = records
        .teams
        .iter()
        .flat_map(|t| t.players.iter().map(move |p| (*p, t.number)))
        .collect();
    assert_eq!(team_of.len(), 48);
    for (i, t) in records.teams.iter().enumerate() {
        assert_eq!(t.number as usize, i + 1);
        assert_eq!(t.name, format!("{}队", TEAMS[i]));
    }

    // 场分 and 局分 of each team, from the boards as typed.
    let mut mp: HashMap<u32, i32> = HashMap::new();
    let mut gp: HashMap<u32, i32> = HashMap::new();
    for round in 1..=7 {
        assert_eq!(window::pair_next_round(&mut h), round);
        let typed = window::enter_results(&mut h, |_, g| {
            outcome(round, g, team_of[&g.red], team_of[&g.black])
        });
        assert_eq!(typed.len(), 24, "round {round}: six matches of four boards");
        // The match of two teams: each side's game points, 2-1-0 a game.
        let mut matches: HashMap<(u32, u32), (i32, i32)> = HashMap::new();
        for (_, g) in &typed {
            let (red, black) = (team_of[&g.red], team_of[&g.black]);
            let (r, b) = match g.outcome.unwrap() {
                Outcome::RedWin => (2, 0),
                Outcome::Draw => (1, 1),
                Outcome::BlackWin => (0, 2),
                other => panic!("no such key typed: {other:?}"),
            };
            let (key, own) = if red < black {
                ((red, black), (r, b))
            } else {
                ((black, red), (b, r))
            };
            let m = matches.entry(key).or_default();
            m.0 += own.0;
            m.1 += own.1;
        }
        assert_eq!(
            matches.len(),
            6,
            "round {round}: every team plays one match"
        );
        for ((a, b), (ga, gb)) in matches {
            *gp.entry(a).or_default() += ga;
            *gp.entry(b).or_default() += gb;
            let (ma, mb) = match ga.cmp(&gb) {
                std::cmp::Ordering::Greater => (2, 0),
                std::cmp::Ordering::Equal => (1, 1),
                std::cmp::Ordering::Less => (0, 2),
            };
            *mp.entry(a).or_default() += ma;
            *mp.entry(b).or_default() += mb;
        }
    }
    // Every match is 8 game points and 2 match points shared out.
    assert_eq!(gp.values().sum::<i32>(), 7 * 6 * 8);
    assert_eq!(mp.values().sum::<i32>(), 7 * 6 * 2);
    let place = |team: u32| {
        1 + (1..=12)
            .filter(|o| (mp[o], gp[o]) > (mp[&team], gp[&team]))
            .count() as u32
    };
    let lines = h
        .state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .team_standings(id, None)
        .unwrap();
    assert_eq!(lines.len(), 12);
    let mut got: Vec<(u32, u32, f64, f64)> = lines
        .iter()
        .map(|l| {
            (
                l.team,
                l.rank,
                l.match_points.as_f64(),
                l.game_points.as_f64(),
            )
        })
        .collect();
    got.sort_by_key(|l| l.0);
    let want: Vec<(u32, u32, f64, f64)> = (1..=12)
        .map(|n| (n, place(n), mp[&n] as f64, gp[&n] as f64))
        .collect();
    assert_eq!(got, want);
    // The standings run best first.
    assert!(lines.windows(2).all(|w| w[0].rank <= w[1].rank));

    // The result book holds the team standings: each team's row, place, number, name, 场分,
    // 局分.
    let pdf = dir.path().join("成绩册.pdf");
    window::save_document(&mut h, "成绩册", &pdf);
    let text = window::pdf_text(&pdf);
    if std::env::var_os("BIANPAI_DUMP").is_some() {
        println!("{text}");
    }
    let flat = squeeze(&text);
    assert!(
        flat.contains("第7轮后团体名次"),
        "the team standings' title"
    );
    // The team paper's other parts, and no individual crosstable of the boards.
    assert!(
        flat.contains("第7轮后团体成绩交叉表"),
        "the team crosstable"
    );
    assert!(flat.contains("第7轮后台次奖"), "the board prizes");
    assert!(
        !flat.contains("第7轮后成绩交叉表"),
        "an individual crosstable"
    );
    for n in 1..=12u32 {
        let row = format!(
            "{}{}{}队{}{}",
            place(n),
            n,
            TEAMS[n as usize - 1],
            mp[&n],
            gp[&n]
        );
        assert!(flat.contains(&row), "the row {row}");
    }
}
