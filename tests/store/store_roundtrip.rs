//! What goes into the file comes back out of it, for fields added by later schema versions.
//! (Kept apart from store_files.rs, whose child process may briefly share this process's file
//! descriptors while it starts, and so its locks.)

use bianpai::app::{Tournament, demo_event};

#[test]
fn match_game_phases_survive_reopening() {
    use bianpai::model::GamePhase;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ko.bianpai");
    let mut event = demo_event();
    let games = &mut event.sections[0].rounds[0].games;
    games[0].phase = GamePhase::Rapid;
    games[1].phase = GamePhase::Armageddon;
    drop(Tournament::create(&path, &event).unwrap());
    let t = Tournament::open(&path).unwrap();
    let phases: Vec<GamePhase> = t.event().sections[0].rounds[0]
        .games
        .iter()
        .map(|g| g.phase)
        .collect();
    assert_eq!(
        &phases[..3],
        &[GamePhase::Rapid, GamePhase::Armageddon, GamePhase::Regular]
    );
}

#[test]
fn entrant_flags_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flags.bianpai");
    let mut event = demo_event();
    let e = &mut event.sections[0].entrants[0];
    e.member = true;
    e.overseas = true;
    e.team_member = true;
    e.flags = vec!["U12".into(), "女".into()];
    let want = e.clone();
    drop(Tournament::create(&path, &event).unwrap());
    let t = Tournament::open(&path).unwrap();
    let got = t.event().sections[0]
        .entrants
        .iter()
        .find(|x| x.name == want.name)
        .unwrap();
    assert_eq!(
        (got.member, got.overseas, got.team_member, &got.flags),
        (true, true, true, &want.flags)
    );
}

#[test]
fn the_house_player_flag_survives_adding_editing_and_reopening() {
    use bianpai::model::Entrant;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("house.bianpai");
    let event = demo_event();
    drop(Tournament::create(&path, &event).unwrap());
    let mut t = Tournament::open(&path).unwrap();
    let s = t.event().sections[0].id;
    let id = t.add_entrant(s, &Entrant::house_player("主办方")).unwrap();
    // An existing entrant made a house player by an edit.
    let mut real = t.event().sections[0].entrants[0].clone();
    real.house = true;
    t.update_entrant(s, &real).unwrap();
    drop(t);
    let t = Tournament::open(&path).unwrap();
    let section = &t.event().sections[0];
    let house = section.entrant(id).unwrap();
    assert!(house.house);
    assert_eq!(
        (house.name.as_str(), house.unit.as_str()),
        ("补双", "主办方")
    );
    assert!(section.entrant(real.id).unwrap().house);
    let real_players = section.entrants.iter().filter(|e| !e.house).count();
    assert_eq!(real_players, event.sections[0].entrants.len() - 1);
}
