//! 日志 — the journal is what an arbiter shows in a dispute: each action's entry is kept as data
//! and put into words in the window's language when shown, so switching language translates
//! the whole journal, and no program code ("result.correct", "section 1") ever shows.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::app::{PairingEdit, Tournament};
use bianpai::conduct::JournalEntry;
use bianpai::i18n::Lang;
use bianpai::model::Outcome;
use bianpai::ui::{BianpaiApp, TabKind};
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

/// An event with a correction, a manual colour swap and an undone result.
fn worked_event() -> (tempfile::TempDir, Tournament) {
    let (dir, mut t) = common::create(&common::event("日志测试", vec![]));
    let s = SectionBuilder::new()
        .name("男子组")
        .names(&["王堃", "李明", "张三", "赵四", "钱五", "孙六"])
        .lot_seed(1)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    common::finish_round(&mut t, s, 1, |_, _| Outcome::RedWin);
    t.pair_next_round(s).unwrap();
    t.enter_result(
        BoardRef::new(s, 1, 1),
        ResultEntry::result(Some(Outcome::Draw))
            .with_fouls((1, 0))
            .because("记分单填错"),
    )
    .unwrap();
    // Board 2's players each had the other colour in round 1: the swap is against both their
    // preferences, a warning the arbiter confirms.
    let warnings = t
        .preview_edit(s, 2, PairingEdit::SwapColours(2))
        .unwrap()
        .warnings;
    t.edit_pairing(s, 2, PairingEdit::SwapColours(2), &warnings)
        .unwrap();
    t.enter_result(
        BoardRef::new(s, 2, 1),
        ResultEntry::result(Some(Outcome::BlackWin)),
    )
    .unwrap();
    let (action, entry) = t.undo().unwrap().expect("the result can be undone");
    assert_eq!(action, "result.set");
    assert!(matches!(
        entry,
        JournalEntry::Result {
            round: 2,
            board: 1,
            outcome: Some(Outcome::BlackWin),
            ..
        }
    ));
    (dir, t)
}

#[test]
fn the_journal_reads_in_the_windows_language() {
    let (_dir, t) = worked_event();
    let mut h = harness(t);
    h.state_mut().tab = TabKind::Journal;
    h.run();

    // Chinese: the correction with its reason, the manual change, the undo.
    for text in [
        "男子组 第1轮 第1台：和；犯规 红方1次 黑方0次；更正原因：记分单填错",
        "男子组 第2轮：第2台交换先后手；已确认的警告：第2台：两人执子方都与应得的相反，互换即两全",
        "录入成绩：男子组 第2轮 第1台：黑胜",
        "男子组 第2轮",
    ] {
        assert!(
            h.query_by_label(text).is_some(),
            "the journal shows 「{text}」"
        );
    }
    for code in ["result.", "round.", "section ", "board ", "fouls"] {
        assert!(
            h.query_all_by_label_contains(code).next().is_none(),
            "no program text 「{code}」 in Chinese"
        );
    }

    // English: the same entries in English, nothing left in Chinese but the names.
    h.state_mut().desk.lang = Lang::En;
    h.run();
    for text in [
        "男子组 round 1 board 1: draw; fouls red 1 black 0; reason: 记分单填错",
        "男子组 round 2: board 2 swapped colours; warnings accepted: Board 2: each player has the colour the other is due; swapping them would suit both",
    ] {
        assert!(
            h.query_by_label(text).is_some(),
            "the journal shows 「{text}」"
        );
    }
    assert!(h.query_all_by_label_contains("第1轮").next().is_none());
}
