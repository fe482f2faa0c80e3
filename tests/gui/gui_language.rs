//! The desk speaks the arbiter's language: every tab of every section, in Chinese and in
//! English, on the demo event and on a 300-player event, read as an arbiter reads it — through
//! the window's accessibility output, every label and value it shows. In Chinese no English
//! word shows (but a short list of names everyone uses: FIDE, TRF, PDF, Excel, Ctrl …); in
//! English no Chinese shows (but the names the arbiter typed: players, units, sections, the
//! event); in neither a program identifier (CamelCase, snake_case, `round.pair`, `v 12`).

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{Tournament, demo_event};
use bianpai::i18n::Lang;
use bianpai::model::{Outcome, SectionSettings};
use bianpai::ui::{BianpaiApp, TabKind};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

/// Words an arbiter reads in Chinese as they are: formats, keys, bodies and the tiebreak codes
/// chess arbiters know from Swiss-Manager and chess-results.
const ALLOWED_LATIN: &[&str] = &[
    "FIDE", "TRF", "PDF", "Excel", "XLSX", "XLS", "CSV", "ODS", "HTML", "Ctrl", "Shift", "Alt",
    "Enter", "Esc", "Tab", "PgUp", "PgDn", "PageUp", "PageDown", "Home", "End", "F1", "F2",
    "Bianpai", "SQLite", "UTF", "GB", "GB18030", "A3", "A4", "BH", "SB", "ARO", "AROC", "TPR",
    "PTP", "BPG", "BWG", "WIN", "WON", "GAM", "REP", "DE", "KS", "MED", "DIRECT", "STD", "PS",
    "RB", "ACC", "AOB", "APPO", "APRO", "ARPO", "BGA", "NUM", "PTS", "TBR", "Elo", "U",
];

fn harness(t: Tournament, w: f32, h: f32) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(w, h))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

/// Every text the window shows now: labels and values of its accessibility nodes.
fn texts(h: &Harness<'static, BianpaiApp>) -> Vec<String> {
    let mut out = vec![];
    for node in h.query_all(by().predicate(|_| true)) {
        let n = node.accesskit_node();
        for t in [n.label(), n.value()].into_iter().flatten() {
            if !t.trim().is_empty() {
                out.push(t.to_string());
            }
        }
    }
    out
}

/// The names the arbiter typed, longest first (so a name is removed before its parts).
fn typed_names(t: &Tournament) -> Vec<String> {
    let e = t.event();
    let mut names = vec![
        e.name.clone(),
        e.organiser.clone(),
        e.venue.clone(),
        e.chief_arbiter.clone(),
    ];
    for s in &e.sections {
        names.push(s.name.clone());
        for x in &s.entrants {
            names.push(x.name.clone());
            names.push(x.unit.clone());
            names.push(x.grade.clone());
            names.extend(x.flags.iter().cloned());
        }
    }
    names.retain(|n| !n.trim().is_empty());
    names.sort_by_key(|n| std::cmp::Reverse(n.chars().count()));
    names.dedup();
    names
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x9FFF | 0x20000..=0x3FFFF | 0xF900..=0xFAFF)
}

/// The Latin words of a text (runs of ASCII letters and digits that hold a letter).
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .collect()
}

/// A program identifier: CamelCase, snake_case, a dotted code, or an internal id like `v 12`.
fn identifier(text: &str) -> Option<String> {
    for w in words(text) {
        let upper_after_lower = w
            .as_bytes()
            .windows(2)
            .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase());
        let dotted = w.contains('.') && !matches!(w, "e.g" | "i.e") && !w.ends_with("pdf");
        if upper_after_lower || w.contains('_') || dotted {
            return Some(w.to_string());
        }
    }
    // "v 12" naming a player by an internal number; "1 v 2" (numbers paired) is English.
    let b = text.as_bytes();
    for i in 0..b.len().saturating_sub(2) {
        let word_starts = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        let after_number = i >= 2 && b[i - 1] == b' ' && b[i - 2].is_ascii_digit();
        if word_starts
            && !after_number
            && b[i] == b'v'
            && b[i + 1] == b' '
            && b[i + 2].is_ascii_digit()
        {
            return Some(text[i..].chars().take(6).collect());
        }
    }
    None
}

/// What is wrong with `text` in `lang`, if anything.
fn fault(text: &str, lang: Lang, typed: &[String]) -> Option<String> {
    let mut rest = text.to_string();
    for name in typed {
        rest = rest.replace(name.as_str(), " ");
    }
    // File names and paths are the arbiter's, not the program's words.
    if rest.contains('/') || rest.contains(".bianpai") {
        return None;
    }
    if let Some(id) = identifier(&rest) {
        return Some(format!("identifier {id}"));
    }
    match lang {
        Lang::Zh => words(&rest)
            .into_iter()
            .find(|w| {
                !ALLOWED_LATIN.contains(w)
                    && !w.chars().all(|c| c.is_ascii_digit() || c == 'x')
                    && w.chars().filter(|c| c.is_ascii_alphabetic()).count() > 1
            })
            .map(|w| format!("English word {w}")),
        Lang::En => rest
            .chars()
            .find(|&c| is_cjk(c))
            .map(|c| format!("Chinese {c}")),
    }
}

/// Walks every tab of every section in both languages and names each fault once.
fn walk(t: Tournament, w: f32, h: f32) -> Vec<String> {
    let typed = typed_names(&t);
    let sections: Vec<_> = t.event().sections.iter().map(|s| s.id).collect();
    let mut hr = harness(t, w, h);
    let mut faults = std::collections::BTreeSet::new();
    for lang in [Lang::Zh, Lang::En] {
        hr.state_mut().desk.lang = lang;
        for &s in &sections {
            hr.state_mut().desk.section = Some(s);
            for tab in TabKind::ALL {
                hr.state_mut().tab = tab;
                hr.run();
                for text in texts(&hr) {
                    if let Some(f) = fault(&text, lang, &typed) {
                        faults.insert(format!("{lang:?} {tab:?}: {f} in 「{text}」"));
                    }
                }
            }
        }
    }
    faults.into_iter().collect()
}

#[test]
fn the_demo_event_speaks_only_the_windows_language() {
    let (_dir, t) = common::create(&demo_event());
    let faults = walk(t, 1280.0, 800.0);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn a_300_player_event_speaks_only_the_windows_language() {
    let (_dir, mut t) = common::create(&common::event("全国象棋公开赛", vec![]));
    let names: Vec<String> = (0..300).map(|i| format!("选手{i:03}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let s = SectionBuilder::new()
        .name("公开组")
        .settings(SectionSettings {
            rounds: 7,
            ..SectionSettings::default()
        })
        .names(&names)
        .lot_seed(2026)
        .enter(&mut t);
    for round in 1..=2 {
        t.pair_next_round(s).unwrap();
        common::finish_round(&mut t, s, round, |_, g| match g.board % 3 {
            0 => Outcome::RedWin,
            1 => Outcome::Draw,
            _ => Outcome::BlackWin,
        });
    }
    t.pair_next_round(s).unwrap();
    let faults = walk(t, 1280.0, 800.0);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_checks_catch_what_they_are_for() {
    let typed = vec!["王堃".to_string()];
    assert!(fault("score group 3", Lang::Zh, &typed).is_some());
    assert!(fault("colours: BothPreferences", Lang::En, &typed).is_some());
    assert!(fault("why not v 32?", Lang::En, &typed).is_some());
    assert!(fault("round.pair", Lang::En, &typed).is_some());
    assert!(fault("第2轮", Lang::En, &typed).is_some());
    assert!(fault("王堃 round 2", Lang::En, &typed).is_none());
    assert!(fault("导出 PDF（Ctrl+P）", Lang::Zh, &typed).is_none());
    assert!(fault("第2轮 王堃", Lang::Zh, &typed).is_none());
    assert!(fault("Neighbours (1 v 2, 3 v 4 …)", Lang::En, &typed).is_none());
    assert!(fault("e.g. 1:2000", Lang::En, &typed).is_none());
}

/// From 1024×768 up nothing essential is cut off: every tab, the section picker, the menu.
#[test]
fn at_1024_by_768_every_tab_and_the_section_picker_are_on_screen() {
    use egui::accesskit::Role;
    let (_dir, t) = common::create(&demo_event());
    for lang in [Lang::Zh, Lang::En] {
        let (_d, t) = common::create(t.event());
        let mut h = harness(t, 1024.0, 768.0);
        h.state_mut().desk.lang = lang;
        h.state_mut().tab = TabKind::Journal;
        h.run();
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1024.0, 768.0));
        let mut seen = 0;
        for (i, tab) in TabKind::ALL.into_iter().enumerate() {
            let title = format!("{}  Ctrl+{}", h.state_mut().tab_title(tab), i + 1);
            let node = h.get_by_label(&title);
            assert!(
                screen.contains_rect(node.rect()),
                "{lang:?}: tab 「{title}」 at {:?} is cut off",
                node.rect()
            );
            seen += 1;
        }
        assert_eq!(seen, TabKind::ALL.len());
        let picker = h.get_by_role(Role::ComboBox);
        assert!(
            screen.contains_rect(picker.rect()),
            "{lang:?}: the section picker at {:?} is cut off",
            picker.rect()
        );
    }
}

/// At 1024×768 the pairings tab's buttons all fit: every export and the undo of the round.
#[test]
fn at_1024_by_768_the_pairings_buttons_are_on_screen() {
    use egui::accesskit::Role;
    let (_dir, t) = common::create(&demo_event());
    for lang in [Lang::Zh, Lang::En] {
        let (_d, t) = common::create(t.event());
        let mut h = harness(t, 1024.0, 768.0);
        h.state_mut().desk.lang = lang;
        h.state_mut().tab = TabKind::Pairings;
        h.run();
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1024.0, 768.0));
        let buttons: Vec<_> = h.query_all_by_role(Role::Button).collect();
        assert!(buttons.len() > 10);
        for b in buttons {
            let label = b.accesskit_node().label().unwrap_or_default();
            assert!(
                screen.contains_rect(b.rect()),
                "{lang:?}: button 「{label}」 at {:?} is cut off",
                b.rect()
            );
        }
    }
}
