//! Issue 42, the window of a team section: a team typed into the Entrants tab (Enter saves
//! it), a line-up typed into the round's grid (Enter sets it; a changed order is refused in
//! words naming team, board and player), Ctrl+P pairs the round and the Pairings tab shows the
//! match above its boards.

use crate::common;
use crate::common::window::{self, ctrl, no_error, retype_nth, shows, tab};
use bianpai::app::{BoardRef, ResultEntry, Tournament};
use bianpai::model::{Outcome, PairingSystem, SectionSettings, TeamSectionOptions};
use bianpai::ui::TabKind;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn team_section() -> (tempfile::TempDir, Tournament) {
    let (dir, mut t) = common::create(&common::event("团体赛", vec![]));
    let settings = SectionSettings {
        system: PairingSystem::RoundRobin,
        rounds: 1,
        team_section: Some(TeamSectionOptions {
            boards: 2,
            reserves: 1,
            ..TeamSectionOptions::default()
        }),
        ..SectionSettings::default()
    };
    t.add_section("团体组", &settings).unwrap();
    (dir, t)
}

/// Types a team into the form and presses Enter in the players' field.
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

#[test]
fn teams_and_a_line_up_typed_then_a_round_paired_in_the_window() {
    let (_dir, t) = team_section();
    let mut h = window::harness(t);
    h.run();
    tab(&mut h, TabKind::Entrants);
    type_team(&mut h, "甲队", "甲一,甲二,甲三");
    type_team(&mut h, "乙队", "乙一,乙二");
    let id = window::shown_section(&h).id;
    let records = |h: &window::Window| {
        h.state()
            .desk
            .tournament
            .as_ref()
            .unwrap()
            .team_records(id)
            .unwrap()
    };
    let r = records(&h);
    assert_eq!(r.teams.len(), 2);
    assert_eq!(r.teams[0].name, "甲队");
    assert_eq!(r.teams[0].players.len(), 3);
    // The grid of round 1 shows the default line-ups: the first two of each team.
    assert!(shows(&h, "甲一, 甲二"));
    // 甲三 above 甲一 is refused, naming team, board and player.
    // Each team's line-up field is named by the team.
    h.get_by_role_and_label(Role::TextInput, "1 甲队").focus();
    h.run();
    ctrl(&mut h, Key::A);
    h.event(egui::Event::Text("甲三,甲一".into()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let message = h.state().desk.message.clone().expect("a message");
    assert!(message.0, "refused: {message:?}");
    assert!(
        message.1.contains("甲队") && message.1.contains("第2台") && message.1.contains("甲一"),
        "{}",
        message.1
    );
    // 甲三 (the reserve) plays board 2 in place of 甲二.
    h.get_by_role_and_label(Role::TextInput, "1 甲队").focus();
    h.run();
    ctrl(&mut h, Key::A);
    h.event(egui::Event::Text("甲一,甲三".into()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    no_error(&h, "setting the line-up");
    let s = window::shown_section(&h);
    let name = |id| s.entrant(id).unwrap().name.clone();
    let r = records(&h);
    let lineup: Vec<String> = r
        .lineup(1, 1)
        .unwrap()
        .players
        .iter()
        .map(|p| name(*p))
        .collect();
    assert_eq!(lineup, ["甲一", "甲三"]);

    // Ctrl+P pairs round 1: 甲队 v 乙队, 甲队 red on board 1 and black on board 2.
    tab(&mut h, TabKind::Pairings);
    ctrl(&mut h, Key::P);
    no_error(&h, "pairing");
    let s = window::shown_section(&h);
    let round = s.round(1).expect("round 1 paired");
    let boards: Vec<(String, String)> = round
        .games
        .iter()
        .map(|g| (name(g.red), name(g.black)))
        .collect();
    assert_eq!(
        boards,
        [
            ("甲一".to_string(), "乙一".to_string()),
            ("乙二".to_string(), "甲三".to_string())
        ]
    );
    assert!(
        shows(&h, "第1场 1 甲队 0:0 2 乙队"),
        "the match above the boards"
    );

    // Board 1 甲一 (甲队) beats 乙一, board 2 drawn: 甲队 wins 3:1 (2-1-0 a board), 场分 2:0.
    let t = h.state_mut().desk.tournament.as_mut().unwrap();
    for (board, outcome) in [(1, Outcome::RedWin), (2, Outcome::Draw)] {
        t.enter_result(
            BoardRef::new(id, 1, board),
            ResultEntry::result(Some(outcome)),
        )
        .unwrap();
    }
    h.run();
    assert!(shows(&h, "第1场 1 甲队 3:1 2 乙队"), "the match's 局分");
    tab(&mut h, TabKind::Standings);
    assert!(shows(&h, "团体名次"));
    let lines = h
        .state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .team_standings(id, None)
        .unwrap();
    let got: Vec<(u32, u32, f64, f64)> = lines
        .iter()
        .map(|l| {
            (
                l.rank,
                l.team,
                l.match_points.as_f64(),
                l.game_points.as_f64(),
            )
        })
        .collect();
    assert_eq!(got, [(1, 1, 2.0, 3.0), (2, 2, 0.0, 1.0)]);
}
