//! A team section in the event file (issue 42): an older file gains the team tables empty and
//! takes a team section; every team action is undone to exactly the state before it, also
//! after the file was closed and reopened.

use crate::common;
use bianpai::app::{BoardRef, PlayerForm, ResultEntry, TeamForm, Tournament};
use bianpai::model::{
    Event, MatchForfeit, Outcome, PairingSystem, SectionId, SectionSettings, Sex, TeamRecords,
    TeamSectionOptions,
};

fn form(name: &str, players: &[&str]) -> TeamForm {
    TeamForm {
        name: name.into(),
        unit: format!("{name}单位"),
        captain: String::new(),
        players: players
            .iter()
            .map(|p| PlayerForm {
                name: (*p).into(),
                sex: Sex::Unknown,
            })
            .collect(),
    }
}

/// A team round robin of `rounds` rounds, two boards and one reserve.
fn team_settings(rounds: u32) -> SectionSettings {
    SectionSettings {
        system: PairingSystem::RoundRobin,
        rounds,
        team_section: Some(TeamSectionOptions {
            boards: 2,
            reserves: 1,
            ..TeamSectionOptions::default()
        }),
        ..SectionSettings::default()
    }
}

/// What the file holds: the event and each section's team rows.
fn state(t: &Tournament) -> (Event, Vec<TeamRecords>) {
    let records = t
        .event()
        .sections
        .iter()
        .map(|s| t.team_records(s.id).unwrap())
        .collect();
    (t.event().clone(), records)
}

#[test]
fn an_old_file_gains_empty_team_tables_and_takes_a_team_section() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.bianpai");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/old_file/demo-schema3.bianpai"
        ),
        &path,
    )
    .unwrap();
    let mut t = Tournament::open(&path).unwrap();
    let before = t.event().clone();
    for s in &before.sections {
        assert_eq!(
            t.team_records(s.id).unwrap(),
            TeamRecords::default(),
            "{}: an old section has no teams",
            s.name
        );
    }
    let id = t.add_section("团体组", &team_settings(3)).unwrap();
    for (name, players) in [("甲队", ["a", "b"]), ("乙队", ["c", "d"])] {
        t.add_team(id, &form(name, &players)).unwrap();
    }
    assert_eq!(t.pair_next_round(id).unwrap(), 1);
    drop(t);
    let t = Tournament::open(&path).unwrap();
    let records = t.team_records(id).unwrap();
    assert_eq!(records.teams.len(), 2);
    assert_eq!(records.matches.len(), 1, "round 1: 甲队 v 乙队");
    assert_eq!(
        t.event().sections[..before.sections.len()],
        before.sections[..],
        "the old sections read as before"
    );
}

#[test]
fn undo_walks_back_every_team_action_to_the_state_before_it() {
    let (_dir, mut t) = common::create(&common::event("团体撤销", vec![]));
    let path = t.path().to_path_buf();
    let mut states = vec![state(&t)];
    let id: SectionId = t.add_section("团体组", &team_settings(3)).unwrap();
    states.push(state(&t));
    for (name, players) in [
        ("甲队", &["a1", "a2", "a3"][..]),
        ("乙队", &["b1", "b2"][..]),
        ("丙队", &["c1", "c2", "c3"][..]),
        ("丁队", &["d1", "d2"][..]),
    ] {
        t.add_team(id, &form(name, players)).unwrap();
        states.push(state(&t));
    }
    // 乙队 renamed with a new player in b2's place; 丁队 removed, so 丙队 stays team 3.
    t.edit_team(id, 2, &form("乙队新", &["b1", "b9"])).unwrap();
    states.push(state(&t));
    t.remove_team(id, 4).unwrap();
    states.push(state(&t));
    assert_eq!(t.team_records(id).unwrap().teams.len(), 3);
    // 甲队's reserve a3 plays round 1 in place of a2.
    let a = t.team_records(id).unwrap().teams[0].players.clone();
    t.set_lineup(id, 1, 1, &[a[0], a[2]]).unwrap();
    states.push(state(&t));
    t.pair_next_round(id).unwrap();
    states.push(state(&t));
    let records = t.team_records(id).unwrap();
    // Three teams on the four table: team 1 has the bye (1–4), 2 v 3.
    assert_eq!(records.matches.len(), 1);
    assert_eq!(records.byes.len(), 1);
    assert_eq!(records.byes[0].team, 1);
    t.enter_result(
        BoardRef::new(id, 1, 1),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    states.push(state(&t));
    t.forfeit_match(id, 1, 1, Some(MatchForfeit::SecondWins))
        .unwrap();
    states.push(state(&t));
    let r = t.event().section(id).unwrap().round(1).unwrap().clone();
    assert!(
        r.games
            .iter()
            .all(|g| g.outcome.is_some_and(|o| o.is_forfeit())),
        "every board of the forfeited match is a forfeit"
    );
    t.set_team_bye(id, 1, 1, None).unwrap();
    states.push(state(&t));

    // The inverses live in the file: close it and undo from a fresh open.
    drop(t);
    let mut t = Tournament::open(&path).unwrap();
    let last = states.pop().unwrap();
    assert_eq!(state(&t), last);
    while let Some(expected) = states.pop() {
        t.undo().unwrap().expect("an action to undo");
        assert_eq!(state(&t), expected, "{} actions left", states.len());
    }
}

#[test]
fn a_team_round_taken_back_and_a_team_section_removed_come_back_with_undo() {
    let (_dir, mut t) = common::create(&common::event("团体撤销", vec![]));
    let id = t.add_section("团体组", &team_settings(3)).unwrap();
    for (name, players) in [("甲队", ["a", "b"]), ("乙队", ["c", "d"])] {
        t.add_team(id, &form(name, &players)).unwrap();
    }
    t.pair_next_round(id).unwrap();
    let paired = state(&t);
    t.unpair_round(id, 1).unwrap();
    assert!(t.team_records(id).unwrap().matches.is_empty());
    t.undo().unwrap();
    assert_eq!(state(&t), paired, "the match is back with its round");
    t.remove_section(id).unwrap();
    assert!(t.event().section(id).is_none());
    t.undo().unwrap();
    assert_eq!(state(&t), paired, "the section is back with its teams");
}

#[test]
fn a_line_up_changed_after_pairing_reseats_the_boards_until_a_result_is_in() {
    let (_dir, mut t) = common::create(&common::event("团体出场", vec![]));
    let id = t.add_section("团体组", &team_settings(1)).unwrap();
    t.add_team(id, &form("甲队", &["a1", "a2", "a3"])).unwrap();
    t.add_team(id, &form("乙队", &["b1", "b2"])).unwrap();
    t.pair_next_round(id).unwrap();
    let names = |t: &Tournament| -> Vec<(String, String)> {
        let s = t.event().section(id).unwrap();
        s.round(1)
            .unwrap()
            .games
            .iter()
            .map(|g| {
                (
                    s.entrant(g.red).unwrap().name.clone(),
                    s.entrant(g.black).unwrap().name.clone(),
                )
            })
            .collect()
    };
    // The default line-ups: 甲队 (先走) red on board 1, black on board 2.
    assert_eq!(
        names(&t),
        [("a1".into(), "b1".into()), ("b2".into(), "a2".into())]
    );
    // 甲队 names its reserve a3 in place of a1: a2 moves up to board 1, a3 plays board 2.
    let a = t.team_records(id).unwrap().teams[0].players.clone();
    t.set_lineup(id, 1, 1, &[a[1], a[2]]).unwrap();
    assert_eq!(
        names(&t),
        [("a2".into(), "b1".into()), ("b2".into(), "a3".into())]
    );
    t.enter_result(
        BoardRef::new(id, 1, 2),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    let err = t.set_lineup(id, 1, 1, &[a[0], a[1]]).unwrap_err();
    let text = err.message(bianpai::i18n::Lang::Zh);
    assert!(text.contains("甲队") && text.contains("第1轮"), "{text}");
    assert_eq!(
        names(&t),
        [("a2".into(), "b1".into()), ("b2".into(), "a3".into())],
        "nothing written"
    );
}
