//! 帮助 → 使用指南 (issue 37): F1, or the Help menu, shows the arbiters' guide of the window's
//! language inside the window — the text of docs/guide.zh.md or docs/guide.en.md as the
//! repository holds it — one chapter at a time; → goes to the next chapter, Esc (or F1 again, or
//! a tab) goes back to the tabs.

use bianpai::app::Tournament;
use bianpai::i18n::Lang;
use bianpai::ui::{BianpaiApp, TabKind};
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1024.0, 768.0))
        .with_max_steps(64)
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

/// The guide's headings as the repository's file has them, read here line by line: the `#`
/// title, then each `##` chapter's.
fn headings(lang: Lang) -> (String, Vec<String>) {
    let file = match lang {
        Lang::Zh => "docs/guide.zh.md",
        Lang::En => "docs/guide.en.md",
    };
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap();
    let mut in_code = false;
    let mut title = None;
    let mut chapters = vec![];
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if in_code {
        } else if let Some(t) = line.strip_prefix("# ") {
            title.get_or_insert(t.trim().to_string());
        } else if let Some(t) = line.strip_prefix("## ") {
            chapters.push(t.trim().to_string());
        }
    }
    (title.expect("the guide has a # title"), chapters)
}

/// Is `text` shown anywhere (a button's label or a label's value)?
fn shows(h: &Harness<'static, BianpaiApp>, text: &str) -> bool {
    h.query_all_by(|n| {
        n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))
    })
    .next()
    .is_some()
}

#[test]
fn f1_shows_the_guide_of_the_window_language_and_esc_goes_back() {
    let dir = tempfile::tempdir().unwrap();
    let t = Tournament::create_demo(&dir.path().join("demo.bianpai")).unwrap();
    let mut h = harness(t);
    h.run();
    for lang in [Lang::Zh, Lang::En] {
        let (title, chapters) = headings(lang);
        assert!(chapters.len() > 5, "{lang:?}: {} chapters", chapters.len());
        h.state_mut().desk.lang = lang;
        h.state_mut().tab = TabKind::Pairings;
        h.run();
        assert!(
            !shows(&h, &title),
            "{lang:?}: the guide is not shown before F1"
        );

        h.key_press(egui::Key::F1);
        h.run();
        assert!(shows(&h, &title), "{lang:?}: F1 shows the title “{title}”");
        // The chapters are listed beside the text, in the file's order.
        for c in &chapters {
            assert!(shows(&h, c), "{lang:?}: the contents name “{c}”");
        }
        // → is the next chapter: its heading is written above its text, besides in the contents.
        // (The guide opens where it was left: in English, at the chapter the Chinese left.)
        let at = h.state().help.chapter();
        let next = &chapters[at];
        let count = |h: &Harness<'static, BianpaiApp>| {
            h.query_all_by(|n| n.label().or(n.value()).is_some_and(|l| &l == next))
                .count()
        };
        let listed = count(&h);
        assert!(listed >= 1, "“{next}” is in the contents");
        h.key_press(egui::Key::ArrowRight);
        h.run();
        assert_eq!(h.state().help.chapter(), at + 1);
        assert!(count(&h) > listed, "“{next}” is the heading shown");

        h.key_press(egui::Key::Escape);
        h.run();
        assert!(!h.state().help.is_open(), "{lang:?}: Esc closes the guide");
        assert!(!shows(&h, next), "{lang:?}: the tab is back");
        assert_eq!(h.state().tab, TabKind::Pairings);

        // F1 twice: open and closed again.
        h.key_press(egui::Key::F1);
        h.run();
        assert!(h.state().help.is_open());
        h.key_press(egui::Key::F1);
        h.run();
        assert!(!h.state().help.is_open(), "{lang:?}: F1 again closes it");
    }
}

#[test]
fn the_help_menu_opens_the_guide_and_a_tab_closes_it() {
    let dir = tempfile::tempdir().unwrap();
    let t = Tournament::create_demo(&dir.path().join("demo.bianpai")).unwrap();
    let mut h = harness(t);
    h.run();
    let (title, _) = headings(Lang::Zh);
    h.get_by_label("帮助").click();
    h.run();
    h.get_by_label("使用指南  F1").click();
    h.run();
    assert!(shows(&h, &title), "帮助 → 使用指南 shows “{title}”");
    assert!(shows(&h, "目录"));

    // Ctrl+4: the Results tab, the guide closed.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num4);
    h.run();
    assert!(!h.state().help.is_open());
    assert_eq!(h.state().tab, TabKind::Results);

    h.state_mut().desk.lang = Lang::En;
    h.run();
    let (title, _) = headings(Lang::En);
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Guide  F1").click();
    h.run();
    assert!(shows(&h, &title), "Help → Guide shows “{title}”");
    assert!(shows(&h, "Contents"));
}
