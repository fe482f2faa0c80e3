//! Issue 25: the prohibited pairings of a Swiss section are entered in the Event tab, in Chinese
//! words: two entrants picked from lists, added, saved with the section's settings; the next
//! round is paired around them; a listed pair is removed again. Round 1 of six players by the
//! seeds' pattern would pair 1-2, 4-3, 5-6.

use crate::common;
use bianpai::app::Tournament;
use bianpai::model::{Entrant, EntrantId, ProhibitedPair, Section, Sex};
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

const NAMES: [&str; 6] = ["甲一", "乙二", "丙三", "丁四", "戊五", "己六"];

fn section() -> Section {
    let mut s = Section {
        name: "男子组".into(),
        ..Section::default()
    };
    s.settings.rounds = 5;
    for (k, name) in NAMES.iter().enumerate() {
        s.entrants.push(Entrant {
            number: Some(k as u32 + 1),
            ..common::entrant(name, &format!("单位{k}"), Sex::Male)
        });
    }
    s
}

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn tournament<'a>(h: &'a mut Harness<'static, BianpaiApp>) -> &'a mut Tournament {
    h.state_mut().desk.tournament.as_mut().expect("open")
}

fn prohibited(h: &mut Harness<'static, BianpaiApp>) -> Vec<ProhibitedPair> {
    tournament(h).event().sections[0]
        .settings
        .prohibited
        .clone()
}

/// Chosen as a screen reader does (the harness's one-frame click does not choose an item of an
/// open list).
fn pick(h: &mut Harness<'static, BianpaiApp>, list: &str, entrant: &str) {
    h.get_by_role_and_label(Role::ComboBox, list).click();
    h.run();
    h.get_by_label(entrant).click_accesskit();
    h.run();
    assert_eq!(
        h.get_by_role_and_label(Role::ComboBox, list).value(),
        Some(entrant.to_string())
    );
}

#[test]
fn two_entrants_picked_in_the_event_tab_are_not_paired() {
    let (_dir, t) = common::create(&common::event("象棋锦标赛", vec![section()]));
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    assert_eq!(h.state().tab, TabKind::Event);
    let ids: Vec<EntrantId> = tournament(&mut h).event().sections[0]
        .entrants
        .iter()
        .map(|e| e.id)
        .collect();
    let section_id = tournament(&mut h).event().sections[0].id;

    h.get_by_label("禁止配对");
    pick(&mut h, "选手甲", "1 甲一");
    pick(&mut h, "选手乙", "2 乙二");
    h.get_by_label("添加禁止配对").click();
    h.run();
    h.get_by_label("1 甲一 与 2 乙二");
    assert!(prohibited(&mut h).is_empty(), "not saved yet");
    h.get_by_label("保存组别设置").click();
    h.run();
    assert_eq!(
        prohibited(&mut h),
        vec![ProhibitedPair::new(ids[0], ids[1]).unwrap()]
    );

    assert_eq!(
        tournament(&mut h)
            .pair_next_round(section_id)
            .expect("pairs"),
        1
    );
    let round = tournament(&mut h).event().sections[0].rounds[0].clone();
    assert_eq!(round.games.len(), 3);
    assert!(
        !round.games.iter().any(|g| {
            (g.red, g.black) == (ids[0], ids[1]) || (g.red, g.black) == (ids[1], ids[0])
        }),
        "{round:?}"
    );

    // Removed again, and saved.
    h.get_by_label("删除").click();
    h.run();
    h.get_by_label("保存组别设置").click();
    h.run();
    assert!(prohibited(&mut h).is_empty());
}
