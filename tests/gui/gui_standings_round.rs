//! Issue 37, point 4: the standings, the awards and the result book stand after the last round
//! whose results are all in. With round 2 paired and no result in, 排名 shows 第1轮后排名 (not
//! 第2轮后排名 with the figures of round 1); once round 2's last result is in, it moves on.
//!
//! Four players; every game a red win.

use crate::common::{self, SectionBuilder, window};
use bianpai::model::Outcome;
use bianpai::ui::TabKind;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

#[test]
fn standings_and_awards_default_to_the_last_complete_round() {
    let (_dir, mut t) = common::create(&common::event("轮次测试", vec![]));
    SectionBuilder::new()
        .name("公开组")
        .settings(bianpai::model::SectionSettings {
            rounds: 3,
            ..Default::default()
        })
        .names(&["甲", "乙", "丙", "丁"])
        .lot_seed(3)
        .enter(&mut t);
    let mut h = window::harness(t);
    h.run();
    assert_eq!(window::pair_next_round(&mut h), 1);
    window::enter_results(&mut h, |_, _| Outcome::RedWin);
    assert_eq!(window::pair_next_round(&mut h), 2);

    let round_shown = |h: &mut window::Window, tab: TabKind| {
        window::tab(h, tab);
        h.get_by_role_and_label(Role::ComboBox, "轮次").value()
    };
    for tab in [TabKind::Standings, TabKind::Awards] {
        assert_eq!(round_shown(&mut h, tab), Some("第1轮".into()), "{tab:?}");
    }
    window::tab(&mut h, TabKind::Standings);
    assert!(window::shows(&h, "第1轮后排名"));
    assert!(!window::shows(&h, "第2轮后排名"));
    // Round 2's results in: the standings move on to round 2.
    window::enter_results(&mut h, |_, _| Outcome::RedWin);
    for tab in [TabKind::Standings, TabKind::Awards] {
        assert_eq!(round_shown(&mut h, tab), Some("第2轮".into()), "{tab:?}");
    }
    window::tab(&mut h, TabKind::Standings);
    assert!(window::shows(&h, "第2轮后排名"));
}

/// Issue 37, point 3: the demo's 少年淘汰赛 (eight players, each match's first slow game
/// played, no match decided) is placed by its bracket in the Standings tab: all eight are still
/// in play, so they share places 1–8 (rules.md §5.2), and there is no 积分 column of zeros.
#[test]
fn a_knockout_in_the_standings_tab_shows_its_bracket_places() {
    let (_dir, t) = common::create(&bianpai::app::demo_event());
    let mut h = window::harness(t);
    h.run();
    window::show_section(&mut h, "少年淘汰赛");
    window::tab(&mut h, TabKind::Standings);
    let places = h.query_all_by_label("1–8").count();
    assert_eq!(places, 8, "every player at 1–8");
    assert!(
        h.query_all_by_label("积分").next().is_none(),
        "no points column"
    );
}
