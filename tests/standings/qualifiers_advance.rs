//! 晋级正赛 (seed 002: "前8名晋级正赛" from the 海选赛 into the 正赛): once the qualifier is over,
//! its qualified list is entered into the main event's empty section, numbered 1, 2, … in the
//! list's order — from the window's Awards tab, from `bianpai advance`, and refused (nothing
//! written) while the qualifier is not over or into a section that has players already.
//!
//! The qualifier here: 8 players, 3 Swiss rounds under 2-1-0, the first 4 qualify; every game
//! is won by the lower pairing number. Worked out from that rule alone: whoever had number 1
//! wins all three (6 points), and exactly three others win two (4 points) — those four qualify.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{AppError, Tournament};
use bianpai::model::{EntrantId, Outcome, Section, SectionId, SectionSettings};
use bianpai::ui::{BianpaiApp, TabKind};
use egui_kittest::{Harness, kittest::Queryable};
use std::collections::BTreeSet;

/// The event: 海选赛 (played through `rounds` of its 3 rounds) and an empty 正赛.
fn event(rounds: u32) -> (tempfile::TempDir, Tournament, SectionId, SectionId) {
    let (dir, mut t) = common::create(&common::event("第六届上海杯象棋大师公开赛", vec![]));
    let mut settings = SectionSettings {
        rounds: 3,
        ..SectionSettings::default()
    };
    settings.awards.qualifiers = 4;
    let q = SectionBuilder::new()
        .name("海选赛")
        .settings(settings)
        .lot_seed(2026)
        .unit("一队", &["甲", "乙", "丙", "丁"])
        .unit("二队", &["戊", "己", "庚", "辛"])
        .enter(&mut t);
    let main = SectionBuilder::new().name("正赛").enter(&mut t);
    for r in 1..=rounds {
        t.pair_next_round(q).unwrap();
        common::finish_round(&mut t, q, r, |s, g| {
            if s.entrant(g.red).unwrap().number < s.entrant(g.black).unwrap().number {
                Outcome::RedWin
            } else {
                Outcome::BlackWin
            }
        });
    }
    (dir, t, q, main)
}

/// The qualifiers by the rule of the games: the 6-point player and the three 4-point ones, as
/// names (the first is the 6-point player).
fn expected(q: &Section) -> (String, BTreeSet<String>) {
    let wins = |id: EntrantId| {
        q.rounds
            .iter()
            .flat_map(|r| &r.games)
            .filter(|g| {
                let winner = if g.outcome == Some(Outcome::RedWin) {
                    g.red
                } else {
                    g.black
                };
                winner == id
            })
            .count()
    };
    let top = q.entrants.iter().find(|e| wins(e.id) == 3).unwrap();
    let all: BTreeSet<String> = q
        .entrants
        .iter()
        .filter(|e| wins(e.id) >= 2)
        .map(|e| e.name.clone())
        .collect();
    assert_eq!(all.len(), 4, "one 3-win and three 2-win players");
    (top.name.clone(), all)
}

fn names_by_number(s: &Section) -> Vec<String> {
    s.entrants_by_number()
        .into_iter()
        .map(|e| e.name.clone())
        .collect()
}

#[test]
fn the_qualified_list_becomes_the_main_event_numbered_in_its_order() {
    let (_dir, mut t, q, main) = event(2);
    // Round 3 not played: the list is not settled.
    let err = t.enter_qualifiers(q, main).unwrap_err();
    assert!(matches!(err, AppError::QualifierNotOver(_)), "{err:?}");
    assert_eq!(
        err.message(bianpai::i18n::Lang::Zh),
        "“海选赛”的比赛尚未全部结束，晋级名单未定。"
    );
    t.pair_next_round(q).unwrap();
    common::finish_round(&mut t, q, 3, |s, g| {
        if s.entrant(g.red).unwrap().number < s.entrant(g.black).unwrap().number {
            Outcome::RedWin
        } else {
            Outcome::BlackWin
        }
    });
    let qual = t.event().section(q).unwrap().clone();
    let (top, four) = expected(&qual);
    let ids = t.enter_qualifiers(q, main).unwrap();
    assert_eq!(ids.len(), 4);
    let m = t.event().section(main).unwrap().clone();
    let names = names_by_number(&m);
    assert_eq!(names[0], top, "number 1 is the 6-point player");
    assert_eq!(names.iter().cloned().collect::<BTreeSet<_>>(), four);
    assert_eq!(
        m.entrants
            .iter()
            .map(|e| e.number.unwrap())
            .collect::<BTreeSet<_>>(),
        (1..=4).collect()
    );
    // Their units come with them, and the qualifier keeps its players.
    for e in &m.entrants {
        let source = qual.entrants.iter().find(|x| x.name == e.name).unwrap();
        assert_eq!((&e.unit, e.sex), (&source.unit, source.sex));
        assert_ne!(e.id, source.id, "a new entrant of the main event");
    }
    assert_eq!(t.event().section(q).unwrap().entrants.len(), 8);
    // Not twice: the main event has players now.
    assert!(matches!(
        t.enter_qualifiers(q, main),
        Err(AppError::QualifiersTargetTaken(_))
    ));
    // One action: undo takes all four back.
    t.undo().unwrap();
    assert!(t.event().section(main).unwrap().entrants.is_empty());
}

/// Seed 002 六(三)1(3): 承办方外卡 — an organiser's wildcard who did not play the qualifier is
/// entered in the main event beforehand, marked 外卡; the list comes in numbered 1, 2, … and
/// he is numbered after it. More wildcards than the qualification allows are refused, and
/// undo puts the main event back as it was.
#[test]
fn an_organisers_wildcard_entered_beforehand_is_numbered_after_the_list() {
    let (_dir, mut t, q, main) = event(3);
    let mut settings = t.event().section(q).unwrap().settings.clone();
    settings.awards.qualifiers = 0;
    settings.qualification = bianpai::model::QualificationOptions::parse("3:3, 外卡:1").unwrap();
    t.update_section(q, "海选赛", &settings).unwrap();
    let wildcard = |name: &str| bianpai::model::Entrant {
        name: name.into(),
        unit: "承办方".into(),
        flags: vec!["外卡".into()],
        ..bianpai::model::Entrant::default()
    };
    t.add_entrant(main, &wildcard("外卡甲")).unwrap();
    let ids = t.enter_qualifiers(q, main).unwrap();
    assert_eq!(ids.len(), 3, "3:3 — the best three after round 3");
    let m = t.event().section(main).unwrap().clone();
    let names = names_by_number(&m);
    assert_eq!(names.len(), 4);
    assert_eq!(names[3], "外卡甲", "number 4: the wildcard, after the list");
    let (top, four) = expected(&t.event().section(q).unwrap().clone());
    assert_eq!(names[0], top);
    assert!(names[..3].iter().all(|n| four.contains(n)));
    // Undo: the list leaves, the wildcard stays as he was entered.
    t.undo().unwrap();
    let m = t.event().section(main).unwrap();
    assert_eq!(names_by_number(m), vec!["外卡甲".to_string()]);
    assert_eq!(m.entrants[0].number, None);
    // A second wildcard where the qualification allows one: refused, nothing written.
    t.add_entrant(main, &wildcard("外卡乙")).unwrap();
    let err = t.enter_qualifiers(q, main).unwrap_err();
    assert!(matches!(err, AppError::TooManyWildcards(1, 2)), "{err:?}");
    assert_eq!(t.event().section(main).unwrap().entrants.len(), 2);
    // A player who is no wildcard in the main event: it is taken.
    t.add_entrant(
        main,
        &common::entrant("乙", "二队", bianpai::model::Sex::Male),
    )
    .unwrap();
    assert!(matches!(
        t.enter_qualifiers(q, main),
        Err(AppError::QualifiersTargetTaken(_))
    ));
}

#[test]
fn the_command_line_advances_and_refuses_with_exit_2() {
    let (dir, t, q, _) = event(3);
    let (top, four) = expected(t.event().section(q).unwrap());
    let path = t.path().to_path_buf();
    drop(t);
    let file = path.to_str().unwrap();
    let out = common::ok(&["advance", file, "--from", "海选赛", "--to", "正赛"]);
    let lines: Vec<(u32, String)> = out
        .lines()
        .map(|l| {
            let (n, name) = l.split_once('\t').unwrap();
            (n.parse().unwrap(), name.to_string())
        })
        .collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], (1, top));
    assert_eq!(
        lines
            .iter()
            .map(|(_, n)| n.clone())
            .collect::<BTreeSet<_>>(),
        four
    );
    let err = common::refused(&["advance", file, "--from", "海选赛", "--to", "正赛"]);
    assert!(
        err.contains("组别“正赛”已有外卡以外的选手或已有轮次"),
        "{err}"
    );
    drop(dir);
}

#[test]
fn the_awards_tab_enters_the_qualifiers_into_the_empty_section() {
    let (_dir, t, q, main) = event(3);
    let (top, four) = expected(t.event().section(q).unwrap());
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 2000.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    h.state_mut().desk.section = Some(q);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num7);
    h.run();
    assert_eq!(h.state().tab, TabKind::Awards);
    h.get_by_label("晋级名单转入该组别").click();
    h.run();
    let m = h
        .state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .event()
        .section(main)
        .unwrap()
        .clone();
    let names = names_by_number(&m);
    assert_eq!(names[0], top);
    assert_eq!(names.into_iter().collect::<BTreeSet<_>>(), four);
    let (error, message) = h.state().desk.message.clone().unwrap();
    assert!(!error);
    assert_eq!(message, "海选赛的晋级名单转入正赛：4名选手");
}
