//! Issue 24: the edition of the FIDE Dutch rules is chosen per section in the Event tab, in
//! Chinese words, and the section is paired by it. Case 930111 of the 2017 data (35 players,
//! round 5 of 5): bbpPairings 5.0.1 (the 2017 rules) pairs 16–22 and 33–21, the 2026 rules
//! 16–21 and 33–22.
//! A section added to an event that began before 1 February 2026 takes the 2017 edition.

use crate::common;
use bianpai::app::Tournament;
use bianpai::interchange::TrfFile;
use bianpai::model::{ByeKind, DutchEdition, Section};
use bianpai::ui::{BianpaiApp, TabKind};
use egui_kittest::{Harness, kittest::Queryable};
use std::path::PathBuf;

fn case_file() -> PathBuf {
    common::shared_data("dutch2017_cases/case_930111_n035_r05_of05.trf")
}

/// bbpPairings 5.0.1's pairing of round 5: `white black` by starting rank, the bye as `N 0`.
fn expected_2017() -> Vec<String> {
    std::fs::read_to_string(case_file().with_extension("expected"))
        .expect("expected")
        .lines()
        .filter(|l| l.contains(' '))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

fn section() -> Section {
    let text = std::fs::read_to_string(case_file()).expect("case");
    let mut s = TrfFile::parse(&text)
        .expect("TRF")
        .to_section()
        .expect("section");
    s.name = "公开组".into();
    s
}

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        // A new section's form shows and hides its scroll bars over a few frames.
        .with_max_steps(16)
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn tournament<'a>(h: &'a mut Harness<'static, BianpaiApp>) -> &'a mut Tournament {
    h.state_mut().desk.tournament.as_mut().expect("open")
}

/// Round 5 as paired in the file: games by starting rank, then the pairing-allocated bye.
fn round_five(h: &mut Harness<'static, BianpaiApp>) -> Vec<String> {
    let s = &tournament(h).event().sections[0];
    let num = |id| s.entrant(id).and_then(|e| e.number).unwrap_or(0);
    let r = s.rounds.iter().find(|r| r.number == 5).expect("round 5");
    let mut out: Vec<String> = r
        .games
        .iter()
        .map(|g| format!("{} {}", num(g.red), num(g.black)))
        .collect();
    out.extend(
        r.byes
            .iter()
            .filter(|b| b.kind == ByeKind::Pairing)
            .map(|b| format!("{} 0", num(b.entrant))),
    );
    out
}

fn choose_and_save(h: &mut Harness<'static, BianpaiApp>, edition: &str) {
    h.get_by_label(edition).click();
    h.run();
    h.get_by_label("保存组别设置").click();
    h.run();
}

#[test]
fn the_edition_chosen_in_the_event_tab_pairs_the_section() {
    let mut event = common::event("国际象棋公开赛", vec![section()]);
    event.start_date = chrono::NaiveDate::from_ymd_opt(2026, 1, 1);
    let (_dir, t) = common::create(&event);
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    assert_eq!(h.state().tab, TabKind::Event);
    let id = tournament(&mut h).event().sections[0].id;

    // The row is there in Chinese; the file's section was written with the 2026 edition.
    h.get_by_label("荷兰制规则版本");
    assert_eq!(
        tournament(&mut h).event().sections[0]
            .settings
            .dutch
            .edition,
        DutchEdition::Fide2026
    );
    choose_and_save(&mut h, "2017版（2026年2月1日前施行）");
    assert_eq!(
        tournament(&mut h).event().sections[0]
            .settings
            .dutch
            .edition,
        DutchEdition::Fide2017
    );
    assert_eq!(tournament(&mut h).pair_next_round(id).expect("pairs"), 5);
    assert_eq!(round_five(&mut h), expected_2017());

    // The same round by the 2026 rules: two boards change.
    tournament(&mut h)
        .undo()
        .expect("the pairing is taken back");
    choose_and_save(&mut h, "2026版（2026年2月1日起施行）");
    assert_eq!(tournament(&mut h).pair_next_round(id).expect("pairs"), 5);
    let by_2026 = round_five(&mut h);
    assert_ne!(by_2026, expected_2017());
    assert!(by_2026.contains(&"16 21".to_string()), "{by_2026:?}");

    // A section added now, the event having begun on 1 January 2026, is paired by 2017 rules.
    let new_name = |h: &Harness<'static, BianpaiApp>| {
        h.get_all_by_role_and_label(egui::accesskit::Role::TextInput, "新组别名称")
            .next()
            .expect("the new section's name")
            .focus();
    };
    new_name(&h);
    h.run();
    h.get_all_by_role_and_label(egui::accesskit::Role::TextInput, "新组别名称")
        .next()
        .expect("the new section's name")
        .type_text("女子组");
    h.run();
    h.get_by_label("添加组别").click();
    h.run();
    let sections = &tournament(&mut h).event().sections;
    assert_eq!(sections.len(), 2);
    assert_eq!(sections[1].settings.dutch.edition, DutchEdition::Fide2017);
}
