//! Issue 37 point 7, the window's smaller rough edges, each as a person sees it: the pairing
//! note's tooltip shown once, the active point preset shown chosen, save dialogs opening in the
//! event file's folder with a name that says what the file is, 保存并打开 saying so when no
//! viewer opens, backups listed by round and time, tiebreaks and dates in Chinese words, and
//! the demo marked as the demo.

use crate::common::{self, layout, window};
use bianpai::app::Tournament;
use bianpai::i18n::{Lang, pairing_notes};
use bianpai::model::Outcome;
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui_kittest::{
    Harness,
    kittest::{NodeT, Queryable},
};
use window::{Window, click, shows, tab};

/// The demo event in the window, `width`×768, in a temp folder of its own, with the layout
/// check's record of what is painted.
fn demo_at(width: f32) -> (tempfile::TempDir, Window, layout::Watch) {
    let dir = tempfile::tempdir().unwrap();
    let t = Tournament::create_demo(&dir.path().join("示例.bianpai")).unwrap();
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, 768.0))
        .with_max_steps(64)
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    let watch = layout::watch(&h.ctx);
    h.run();
    (dir, h, watch)
}

/// The demo event in the window at 1366×768.
fn demo() -> (tempfile::TempDir, Window) {
    let (dir, h, _) = demo_at(1366.0);
    (dir, h)
}

/// How many widgets read exactly `text`.
fn count(h: &Window, text: &str) -> usize {
    h.query_all_by(|n| n.label().is_some_and(|l| l == text))
        .count()
}

/// The pairing notes of round 2 of the demo's 男子组, paired in the window at `width`, and the
/// tooltips painted while the pointer rests on the first board's note: (note, cell shown
/// whole, tooltips with the note's words).
fn hover_a_note(width: f32) -> (String, bool, usize) {
    let (_dir, mut h, watch) = demo_at(width);
    window::pair_next_round(&mut h);
    let s = window::shown_section(&h);
    let notes = h
        .state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .round_notes(s.id, 2)
        .unwrap();
    let board = notes.first().expect("round 2 has a note").0;
    let on_board: Vec<_> = notes
        .iter()
        .filter(|(b, _)| *b == board)
        .map(|(_, n)| n.clone())
        .collect();
    let text = pairing_notes(&on_board, &s, Lang::Zh);
    let start: String = text.chars().take(3).collect();
    h.run();
    let (painted, cell, _) = watch
        .texts()
        .into_iter()
        .find(|(w, _, order)| w.starts_with(&start) && *order != egui::Order::Tooltip)
        .unwrap_or_else(|| panic!("the note {text:?} is painted"));
    // Whole: painted in full, and inside the window.
    let whole = painted == text && cell.max.x <= width;
    for _ in 0..90 {
        // On its first words (a cut note's middle may be past the window's edge).
        h.event(egui::Event::PointerMoved(egui::pos2(
            cell.min.x + 12.0,
            cell.center().y,
        )));
        h.step();
    }
    h.run();
    let tooltips = watch
        .texts()
        .into_iter()
        .filter(|(w, _, order)| *order == egui::Order::Tooltip && w.starts_with(&start))
        .count();
    (text, whole, tooltips)
}

#[test]
fn a_pairing_note_is_shown_once() {
    // Wide enough: the note in its cell, and no tooltip saying it again.
    let (text, whole, tooltips) = hover_a_note(1920.0);
    assert!(whole, "{text}");
    assert_eq!(tooltips, 0, "the note is not shown twice");
    // Too narrow for it: the cell cuts it, and the tooltip gives the whole note once.
    let (text, whole, tooltips) = hover_a_note(700.0);
    assert!(!whole, "{text}");
    assert_eq!(tooltips, 1);
}

#[test]
fn the_point_preset_the_section_uses_is_shown_chosen() {
    let (_dir, mut h) = demo();
    tab(&mut h, TabKind::Event);
    // The demo's 男子组 counts 3-1-0 (seed 000).
    let selected = |h: &Window, label: &str| {
        h.get_by_role_and_label(Role::Button, label)
            .accesskit_node()
            .toggled()
            == Some(egui::accesskit::Toggled::True)
    };
    assert!(selected(&h, "3-1-0"));
    assert!(!selected(&h, "2-1-0"));
    assert!(!shows(&h, "（自定义）"));
    // The Event tab is taller than the window (the event's details above the sections):
    // brought into view first, as a person scrolls to it.
    h.get_by_label("2-1-0").scroll_to_me();
    h.run();
    click(&mut h, "2-1-0");
    assert!(selected(&h, "2-1-0"));
    assert!(!selected(&h, "3-1-0"));
}

#[test]
fn save_dialogs_open_in_the_event_files_folder_with_a_name_that_says_what_it_is() {
    let (dir, mut h) = demo();
    let event = window::event(&h).name.clone();
    let out = dir.path().join("out.pdf");
    // The result book from the Documents tab: the event's.
    window::save_document(&mut h, "成绩册", &out);
    let asked = h.state().desk.dialog_asked.borrow().clone();
    assert_eq!(
        asked,
        Some((
            Some(dir.path().to_path_buf()),
            format!("{event}-成绩册.pdf")
        ))
    );
    // A round's pairing sheet from the Pairings tab: section, round and sheet named.
    tab(&mut h, TabKind::Pairings);
    std::fs::remove_file(&out).unwrap();
    h.state_mut().desk.dialog_override = Some(out.clone());
    h.get_by_role_and_label(Role::Button, "对阵表").click();
    h.run();
    let asked = h.state().desk.dialog_asked.borrow().clone();
    assert_eq!(
        asked,
        Some((
            Some(dir.path().to_path_buf()),
            format!("{event}-男子组-第1轮-对阵表.pdf")
        ))
    );
}

/// 保存并打开 with `viewer` as the desktop's viewer: the message line afterwards.
fn save_and_open(viewer: &str) -> (bool, String, std::path::PathBuf) {
    let (dir, mut h) = demo();
    tab(&mut h, TabKind::Documents);
    let out = dir.path().join("成绩 册.pdf");
    h.state_mut().desk.dialog_override = Some(out.clone());
    h.state_mut().desk.viewer_override = Some(viewer.into());
    h.state_mut().desk.message = None;
    h.get_by_label("保存并打开").click();
    window::wait_until(&mut h, "the document", |h| h.state().desk.message.is_some());
    assert!(std::fs::read(&out).is_ok_and(|b| b.starts_with(b"%PDF")));
    let (error, text) = h.state().desk.message.clone().unwrap();
    (error, text, out)
}

#[test]
fn save_and_open_says_so_with_the_path_when_no_viewer_opens_it() {
    // A viewer that finds nothing to open the file with ends in failure (as xdg-open does).
    let (error, text, out) = save_and_open("/bin/false");
    assert!(error, "{text}");
    assert!(text.contains("没有程序打开它"), "{text}");
    assert!(text.contains(&out.display().to_string()), "{text}");
    // No viewer program at all.
    let (error, text, _) = save_and_open("/nonexistent/viewer");
    assert!(error && text.contains("没有程序打开它"), "{text}");
    // A viewer that opens it: only the path written.
    let (error, text, out) = save_and_open("/bin/true");
    assert!(!error, "{text}");
    assert!(!text.contains("没有程序打开它"), "{text}");
    assert!(text.contains(&out.display().to_string()), "{text}");
}

#[test]
fn backups_are_listed_by_section_round_and_time_in_words() {
    let (_dir, mut h) = demo();
    window::pair_next_round(&mut h);
    tab(&mut h, TabKind::Journal);
    let header = h
        .query_all_by(|n| {
            n.label()
                .is_some_and(|l| l.starts_with("备份（每轮编排后自动保存）"))
        })
        .next()
        .expect("the backups' header")
        .accesskit_node()
        .label()
        .unwrap();
    click(&mut h, &header);
    // The demo opens on 男子组; its round 2 was paired, today, as 月日 时:分.
    let today = chrono::Local::now().format("%-m月%-d日").to_string();
    let words = format!("男子组 第2轮编排后 · {today} ");
    assert!(shows(&h, &words), "{words}");
    assert!(!shows(&h, "-paired"), "no raw file name");
    // Restored from the window, the journal's row names the copy in the same words.
    h.query_all_by_label("恢复")
        .next()
        .expect("a restore button")
        .click();
    h.run();
    h.get_by_label("确定").click();
    h.run();
    // The list stays open (it grew by the copy of the state before the restore).
    let row = h
        .query_all_by(|n| {
            n.label().is_some_and(|l| l.starts_with(&words))
                || n.value().is_some_and(|v| v.starts_with(&words))
        })
        .count();
    assert!(
        row >= 2,
        "the list and the journal's row both name the copy"
    );
    assert!(!shows(&h, "-paired"), "no raw file name in the journal");
}

#[test]
fn fide_tiebreaks_and_date_hints_are_in_chinese_words() {
    let (_dir, mut t, s) = common::chess_event("国际象棋测试赛", 8, 3);
    t.pair_next_round(s).unwrap();
    common::finish_round(&mut t, s, 1, |_, _| Outcome::RedWin);
    let list = t
        .event()
        .section(s)
        .unwrap()
        .settings
        .standings
        .tiebreaks
        .clone();
    let buchholz_cut = bianpai::model::Tiebreak::Buchholz { low: 1, high: 0 };
    assert!(list.contains(&buchholz_cut), "{list:?}");
    let mut h = window::harness(t);
    h.run();
    tab(&mut h, TabKind::Standings);
    assert!(shows(&h, "布赫霍尔茨分（去掉最低1个）"), "BH-C1 in words");
    assert!(count(&h, "BH-C1") == 0, "no bare code as a column title");
    // The Event tab reads the list back in words, the code in brackets.
    tab(&mut h, TabKind::Event);
    assert!(shows(&h, "布赫霍尔茨分（去掉最低1个） [BH-C1]"));
    // A birth date that is no date is named in Chinese form, not as YYYY-MM-DD.
    tab(&mut h, TabKind::Entrants);
    window::retype(&mut h, "姓名", "陈晨");
    window::retype(&mut h, "出生日期", "2014-13-45");
    click(&mut h, "添加选手");
    let (error, text) = h.state().desk.message.clone().unwrap();
    assert!(error);
    assert!(
        text.contains("2014年5月3日") && !text.contains("YYYY"),
        "{text}"
    );
}

#[test]
fn the_demo_says_it_is_the_demo() {
    let (_dir, mut h) = demo();
    assert!(window::event(&h).name.contains("示例"), "the event's name");
    assert!(shows(&h, "示例赛事（练习用）"), "the mark in the top bar");
    // The status line says so while there is nothing else to say.
    h.state_mut().desk.message = None;
    h.run();
    assert!(shows(&h, "这是程序自带的示例赛事"));
    // Another event has no mark.
    let (_d, t) = common::create(&common::event("2026年市赛", vec![]));
    let mut other = window::harness(t);
    other.run();
    assert!(!shows(&other, "示例赛事（练习用）"));
}

#[test]
fn the_brackets_final_is_not_cut_at_1024_wide() {
    let (_dir, mut h, watch) = demo_at(1024.0);
    window::show_section(&mut h, "少年淘汰赛");
    tab(&mut h, TabKind::Bracket);
    h.run();
    let texts = watch.texts();
    // The final's column is there, and nothing of the bracket runs past the window's edge.
    assert!(
        texts.iter().any(|(w, _, _)| w.starts_with("决赛")),
        "{texts:?}"
    );
    let past: Vec<_> = texts.iter().filter(|(_, r, _)| r.max.x > 1024.0).collect();
    assert!(past.is_empty(), "cut at the right edge: {past:?}");
    // The columns fit: nothing to scroll sideways to (a bar under the bracket said the final
    // went on past the edge).
    let sideways = h
        .query_all_by_role(Role::ScrollBar)
        .filter(|b| b.rect().width() > b.rect().height())
        .count();
    assert_eq!(sideways, 0, "the bracket scrolls sideways");
}
