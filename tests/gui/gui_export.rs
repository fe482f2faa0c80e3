//! Issue 21 part 2 and issue 20's regulation templates, in the window: the Documents tab writes
//! a section's lists as XLSX, CSV (UTF-8 or GB18030) and HTML, and the Event tab saves a
//! section's settings as a template file that another section (next year's event) loads as
//! one undoable action.

use crate::common;
use bianpai::app::{Tournament, demo_event, read_entrant_file};
use bianpai::ui::{BianpaiApp, TabKind};
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn names(h: &Harness<'static, BianpaiApp>) -> Vec<String> {
    h.state().desk.tournament.as_ref().unwrap().event().sections[0]
        .entrants
        .iter()
        .filter(|e| !e.house)
        .map(|e| e.name.clone())
        .collect()
}

#[test]
fn the_documents_tab_exports_lists_as_spreadsheets_and_pages() {
    let (dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num8);
    h.run();
    assert_eq!(h.state().tab, TabKind::Documents);
    let everyone = names(&h);

    // The entrants as XLSX: one row per entrant under the headers, every name there.
    let xlsx = dir.path().join("名单.xlsx");
    h.state_mut().desk.dialog_override = Some(xlsx.clone());
    h.get_by_label("参赛名单").click();
    h.get_by_label("Excel表格（XLSX）").click();
    h.run();
    h.get_by_label("导出…").click();
    h.run();
    let table = read_entrant_file(&xlsx).expect("an XLSX the import reads");
    let cells: Vec<&String> = table.rows.iter().flatten().collect();
    for name in &everyone {
        assert!(cells.contains(&name), "{name} is in the sheet");
    }

    // The standings as CSV for older Excel: GB18030 bytes that decode to the names.
    let csv = dir.path().join("排名.csv");
    h.state_mut().desk.dialog_override = Some(csv.clone());
    h.get_by_label("排名").click();
    h.get_by_label("CSV（GB18030，旧版Excel）").click();
    h.run();
    h.get_by_label("导出…").click();
    h.run();
    let bytes = std::fs::read(&csv).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err(), "not UTF-8");
    let (text, _, bad) = encoding_rs::GB18030.decode(&bytes);
    assert!(!bad);
    for name in &everyone {
        assert!(text.contains(name.as_str()), "{name} in the standings");
    }

    // The results as a web page.
    let html = dir.path().join("成绩.html");
    h.state_mut().desk.dialog_override = Some(html.clone());
    h.get_by_label("成绩").click();
    h.get_by_label("网页（HTML）").click();
    h.run();
    h.get_by_label("导出…").click();
    h.run();
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<table"));
    assert!(everyone.iter().any(|n| page.contains(n.as_str())));
    let (error, message) = h.state().desk.message.clone().unwrap();
    assert!(!error && message.contains("已导出"), "{message}");
    // A xiangqi section offers no TRF.
    assert!(h.query_by_label("FIDE TRF（等级分上报）").is_none());
}

#[test]
fn a_regulation_template_carries_a_sections_settings_to_another() {
    let (dir, mut t) = common::create(&demo_event());
    common::SectionBuilder::new()
        .name("明年男子组")
        .enter(&mut t);
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    let event = |h: &Harness<'static, BianpaiApp>| {
        h.state().desk.tournament.as_ref().unwrap().event().clone()
    };
    let template = dir.path().join("男子组规程模板.toml");
    h.state_mut().desk.dialog_override = Some(template.clone());
    h.get_by_label("保存为规程模板…").click();
    h.run();
    let text = std::fs::read_to_string(&template).expect("the template was written");
    assert!(!text.is_empty());

    // Next year's section loads it: its settings become the demo men's, as one action.
    let last = event(&h).sections.len() - 1;
    let next_year = event(&h).sections[last].id;
    h.state_mut().desk.section = Some(next_year);
    h.run();
    h.run();
    let before = event(&h).sections[last].settings.clone();
    assert_ne!(before, event(&h).sections[0].settings);
    h.get_by_label("从规程模板载入…").click();
    h.run();
    assert_eq!(
        event(&h).sections[last].settings,
        event(&h).sections[0].settings
    );
    assert!(
        !h.query_all_by(|n| n.value().is_some_and(|v| v.contains("有未保存的修改")))
            .any(|_| true)
    );
    h.key_press(egui::Key::Escape);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(event(&h).sections[last].settings, before);
}
