//! The lot seed typed for one section is not carried to the next: after a seed is typed in the
//! Entrants tab for 男子组 and the arbiter turns to 女子组, its seed field starts empty, so the
//! women's numbers are not drawn by the men's seed unasked (the seed 004 window test had to
//! type over it).

use crate::common;
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

#[test]
fn a_typed_lot_seed_stays_with_its_section() {
    let (_dir, mut t) = common::create(&common::event("象棋锦标赛", vec![]));
    let men = common::SectionBuilder::new()
        .name("男子组")
        .names(&["甲", "乙"])
        .enter(&mut t);
    let women = common::SectionBuilder::new()
        .name("女子组")
        .names(&["丙", "丁"])
        .enter(&mut t);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| bianpai::ui::BianpaiApp::for_test(&cc.egui_ctx, t));
    h.state_mut().desk.section = Some(men);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num2);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::L);
    h.run();
    h.event(egui::Event::Text("2026".into()));
    h.run();
    let seed = |h: &Harness<'static, bianpai::ui::BianpaiApp>| {
        h.get_by_role_and_label(Role::TextInput, "抽签种子")
            .value()
            .unwrap_or_default()
    };
    assert_eq!(seed(&h), "2026");
    h.state_mut().desk.section = Some(women);
    h.run();
    assert_eq!(seed(&h), "", "another section's seed field starts empty");
    // Nothing was drawn in either section.
    let event = h.state().desk.tournament.as_ref().unwrap().event().clone();
    assert!(event.sections.iter().all(|s| s.lot_seed.is_none()));
}
