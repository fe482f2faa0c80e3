//! Issue 25: leaving FIDE mode in the window. The Event tab's FIDE-mode row of a chess section
//! opens the strong warning; its confirm button stays disabled until the section's name is
//! typed; confirming takes the section out of FIDE mode for good, the row says so, and the
//! journal keeps the reason.

use crate::common;
use crate::common::SectionBuilder;
use crate::common::window;
use crate::common::window::{Window, click, last_journal, no_error, shown_section, tab};
use bianpai::conduct::JournalEntry;
use bianpai::model::{LeaveReason, SectionSettings};
use bianpai::ui::TabKind;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

/// Types `text` into the field labelled `label` (focus, then the text; no Escape, which would
/// cancel the warning).
fn type_into(h: &mut Window, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).focus();
    h.run();
    h.event(egui::Event::Text(text.into()));
    h.run();
}

#[test]
fn leaving_fide_mode_in_the_window_takes_the_typed_section_name() {
    let (_dir, mut t) = common::create(&common::event("FIDE", vec![]));
    SectionBuilder::new()
        .name("公开组")
        .settings(SectionSettings::chess())
        .named("选手", 6)
        .lot_seed(2)
        .enter(&mut t);
    let mut h = window::harness(t);
    h.run();
    tab(&mut h, TabKind::Event);
    assert!(window::shows(&h, "FIDE模式（等级分赛）"));
    click(&mut h, "退出FIDE模式…");
    assert!(window::shows(&h, "严重警告"));
    type_into(&mut h, "退出原因", "内部练习赛");
    let name_field = "请输入组别名称“公开组”以确认：";
    // A wrong name leaves the confirm button disabled: clicking it changes nothing.
    type_into(&mut h, name_field, "公开");
    click(&mut h, "确定");
    assert!(shown_section(&h).settings.fide_mode());
    assert!(window::shows(&h, "严重警告"), "the warning is still open");
    type_into(&mut h, name_field, "组");
    click(&mut h, "确定");
    no_error(&h, "leaving FIDE mode");
    assert!(!shown_section(&h).settings.fide_mode());
    assert!(window::shows(&h, "已退出FIDE模式（不可恢复）"));
    assert!(
        h.query_by_label("退出FIDE模式…").is_none(),
        "no way to leave twice"
    );
    let (action, entry) = last_journal(&h);
    assert_eq!(action, "fide.leave");
    assert_eq!(
        entry,
        JournalEntry::FideLeft {
            section: "公开组".into(),
            after_round: 0,
            reason: LeaveReason::Arbiter("内部练习赛".into()),
        }
    );
}

/// Changing the tiebreak list after round 1 from the Event tab: the save stops at the warning,
/// which names the action and its level (strong, in FIDE mode); the section's name typed
/// saves it, journaled as an overridden warning.
#[test]
fn a_tiebreak_list_changed_after_round_one_is_saved_only_through_the_strong_warning() {
    let (_dir, mut t) = common::create(&common::event("FIDE", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .settings(SectionSettings::chess())
        .named("选手", 6)
        .lot_seed(2)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    let mut h = window::harness(t);
    h.run();
    tab(&mut h, TabKind::Event);
    let before = shown_section(&h).settings.standings.tiebreaks.clone();
    assert!(before.len() > 2, "{before:?}");
    window::retype(&mut h, "名次区分（依次比较）", "BH, SB");
    h.get_by_label("保存组别设置").click();
    h.run();
    assert!(window::shows(&h, "严重警告：第1轮后更改名次区分办法"));
    assert_eq!(shown_section(&h).settings.standings.tiebreaks, before);
    type_into(&mut h, "请输入组别名称“公开组”以确认：", "公开组");
    click(&mut h, "确定");
    no_error(&h, "saving against the warning");
    let after = shown_section(&h).settings.standings.tiebreaks.clone();
    assert_eq!(after.len(), 2, "{after:?}");
    assert_ne!(after, before);
    let (_, entry) = last_journal(&h);
    assert!(
        matches!(&entry, JournalEntry::WarningOverridden { warnings, .. } if warnings.len() == 1),
        "{entry:?}"
    );
    // The section stays in FIDE mode: a warning overridden is logged, not a departure.
    assert!(shown_section(&h).settings.fide_mode());
}
