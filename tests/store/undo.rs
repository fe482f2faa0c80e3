//! Undo walks back every kind of action, newest first, to exactly the state before it — also
//! after the file was closed and reopened, since the inverses live in the file's journal.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::Tournament;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{
    BoardResult, Entrant, EntrantStatus, Event, Outcome, PointSystemPreset, SectionSettings,
};

#[test]
fn undo_restores_each_earlier_state_in_reverse_order() {
    let (_dir, mut t) = common::create(&common::event("撤销测试", vec![]));
    let path = t.path().to_path_buf();
    let mut states = vec![t.event().clone()];
    let step = |t: &mut Tournament, states: &mut Vec<Event>| states.push(t.event().clone());

    let s = t
        .add_section("男子组", &SectionSettings::default())
        .unwrap();
    step(&mut t, &mut states);
    let mut ids = vec![];
    for n in ["甲", "乙", "丙", "丁", "戊"] {
        ids.push(
            t.add_entrant(
                s,
                &Entrant {
                    name: n.into(),
                    unit: "队".into(),
                    ..Entrant::default()
                },
            )
            .unwrap(),
        );
        step(&mut t, &mut states);
    }
    let mut e = t
        .event()
        .section(s)
        .unwrap()
        .entrant(ids[1])
        .unwrap()
        .clone();
    e.unit = "新队".into();
    e.status = EntrantStatus::Withdrawn;
    t.update_entrant(s, &e).unwrap();
    step(&mut t, &mut states);
    t.remove_entrant(s, ids[4]).unwrap();
    step(&mut t, &mut states);
    t.draw_lots(s, 99).unwrap();
    step(&mut t, &mut states);
    t.pair_next_round(s).unwrap();
    step(&mut t, &mut states);
    t.enter_result(
        BoardRef::new(s, 1, 1),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    step(&mut t, &mut states);
    t.enter_result(BoardRef::new(s, 1, 1), ResultEntry::fouls((1, 2)))
        .unwrap();
    step(&mut t, &mut states);
    t.enter_result(
        BoardRef::new(s, 1, 1),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    step(&mut t, &mut states);
    let black = BoardResult {
        board: 1,
        outcome: Some(Outcome::BlackWin),
        fouls: (0, 1),
    };
    t.enter_result(
        BoardRef::new(s, 1, black.board),
        ResultEntry::result(black.outcome).with_fouls(black.fouls),
    )
    .unwrap();
    step(&mut t, &mut states);
    // A round's results in one action; a board the round lacks writes none of them.
    let forfeit = BoardResult {
        outcome: Some(Outcome::RedWinByForfeit),
        fouls: (2, 0),
        ..black
    };
    let bad = [forfeit, BoardResult { board: 9, ..black }];
    assert!(t.enter_round_results(s, 1, &bad).is_err());
    assert_eq!(t.event(), states.last().unwrap());
    t.enter_round_results(s, 1, &[forfeit]).unwrap();
    step(&mut t, &mut states);
    let three = SectionSettings {
        points: PointSystemPreset::ThreeOneZero.system(),
        ..SectionSettings::default()
    };
    t.update_section(s, "男子甲组", &three).unwrap();
    step(&mut t, &mut states);
    t.unpair_round(s, 1).unwrap();
    step(&mut t, &mut states);
    let info = Event {
        name: "撤销测试（改）".into(),
        venue: "赛场".into(),
        ..Event::default()
    };
    t.set_event_info(&info).unwrap();
    step(&mut t, &mut states);
    let s2 = t
        .add_section("女子组", &SectionSettings::default())
        .unwrap();
    step(&mut t, &mut states);
    t.add_entrant(
        s2,
        &Entrant {
            name: "己".into(),
            ..Entrant::default()
        },
    )
    .unwrap();
    step(&mut t, &mut states);
    t.remove_section(s2).unwrap();
    step(&mut t, &mut states);

    // Close and reopen half-way through: the journal keeps the inverses.
    drop(t);
    let mut t = Tournament::open(&path).unwrap();
    assert_eq!(t.event(), states.last().unwrap());
    // Each recorded state is one action after the one before it: one undo each.
    states.pop();
    for (undone, want) in states.into_iter().rev().enumerate() {
        t.undo().unwrap().expect("something to undo");
        assert_eq!(t.event(), &want, "after {} undos", undone + 1);
    }
    assert_eq!(
        t.undo().unwrap(),
        None,
        "the creation of the file is not undone"
    );
    assert_eq!(t.event().sections.len(), 0);
    assert_eq!(t.integrity_check().unwrap(), "ok");
}

#[test]
fn restoring_a_round_backup_puts_the_file_back_and_keeps_the_state_before() {
    let (_dir, mut t) = common::create(&common::event("备份", vec![]));
    let path = t.path().to_path_buf();
    let s = SectionBuilder::new()
        .name("组")
        .names(&["甲", "乙", "丙", "丁"])
        .lot_seed(1)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    let paired = t.event().clone();
    t.enter_result(
        BoardRef::new(s, 1, 1),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    t.enter_result(
        BoardRef::new(s, 1, 2),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    let entered = t.event().clone();
    let backups = t.backups();
    assert_eq!(backups.len(), 1, "{backups:?}");
    t.restore_backup(&backups[0]).unwrap();
    assert_eq!(
        t.event(),
        &paired,
        "the file is as it was when round 1 was paired"
    );
    assert_eq!(t.integrity_check().unwrap(), "ok");
    // The state before the restore was kept; restoring it brings the results back.
    let before = t
        .backups()
        .into_iter()
        .find(|p| p.to_string_lossy().contains("before-restore"))
        .unwrap();
    t.restore_backup(&before).unwrap();
    assert_eq!(t.event(), &entered);
    drop(t);
    assert_eq!(
        Tournament::open(&path).unwrap().event(),
        &entered,
        "and it is in the file"
    );
}

/// Four players drawn, in a new event file.
fn four_players(name: &str) -> (tempfile::TempDir, Tournament, bianpai::model::SectionId) {
    let (dir, mut t) = common::create(&common::event(name, vec![]));
    let s = SectionBuilder::new()
        .name("组")
        .names(&["甲", "乙", "丙", "丁"])
        .lot_seed(1)
        .enter(&mut t);
    (dir, t, s)
}

#[test]
fn a_restore_says_what_it_drops_and_ctrl_z_takes_it_back() {
    let (_dir, mut t, s) = four_players("备份撤销");
    t.pair_next_round(s).unwrap();
    let paired = t.event().clone();
    let journal_then = t.journal().unwrap().len();
    t.enter_result(
        BoardRef::new(s, 1, 1),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    t.enter_result(
        BoardRef::new(s, 1, 2),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    let entered = t.event().clone();
    let backup = t.backups()[0].clone();

    // Two results and their two journal rows were written after the backup.
    let loss = t.restore_loss(&backup).unwrap();
    assert_eq!((loss.results, loss.journal_rows), (2, 2));
    assert_eq!(journal_then + 2, t.journal().unwrap().len());

    t.restore_backup(&backup).unwrap();
    assert_eq!(t.event(), &paired);
    // Ctrl+Z undoes the restore, not the pairing before it.
    let (action, _) = t.undo().unwrap().unwrap();
    assert_eq!(action, "backup.restore");
    assert_eq!(t.event(), &entered, "the results are back");
    // And the next undo goes on from there: the last result entered.
    let (action, _) = t.undo().unwrap().unwrap();
    assert_eq!(action, "result.set");
    let g = &t.event().sections[0].rounds[0].games;
    assert_eq!((g[0].outcome, g[1].outcome), (Some(Outcome::RedWin), None));
    assert_eq!(t.integrity_check().unwrap(), "ok");
}

#[test]
fn a_backup_that_fails_after_pairing_is_a_warning_and_the_round_stays() {
    let (_dir, mut t, s) = four_players("备份失败");
    // The backup folder cannot be made: a file has its name.
    std::fs::write(t.backup_dir(), b"not a folder").unwrap();
    assert_eq!(t.pair_next_round(s).unwrap(), 1, "the pairing succeeds");
    assert_eq!(
        t.event().sections[0].rounds.len(),
        1,
        "and round 1 is stored"
    );
    let warning = t
        .take_backup_warning()
        .expect("the failed backup is reported");
    assert!(
        warning
            .message(bianpai::i18n::Lang::Zh)
            .contains(".backups"),
        "{}",
        warning.message(bianpai::i18n::Lang::Zh)
    );
    assert!(t.take_backup_warning().is_none(), "reported once");
    let path = t.path().to_path_buf();
    drop(t);
    assert_eq!(
        Tournament::open(&path).unwrap().event().sections[0]
            .rounds
            .len(),
        1
    );
}

#[test]
fn a_bad_backup_is_refused_in_words_and_the_event_is_untouched() {
    let (dir, mut t, _) = four_players("坏备份");
    let before = t.event().clone();
    let bad = dir.path().join("bad.bianpai");
    std::fs::write(&bad, b"not an event file at all, just some text").unwrap();
    let err = t.restore_backup(&bad).unwrap_err();
    let zh = err.message(bianpai::i18n::Lang::Zh);
    assert!(!zh.contains("SQLite") && zh.contains("bad.bianpai"), "{zh}");
    assert_eq!(t.event(), &before);
    assert_eq!(t.integrity_check().unwrap(), "ok");
}
