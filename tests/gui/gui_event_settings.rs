//! The section settings of the event tab: a tiebreak preset named after its regulation fills
//! the list, an unreadable list is refused with a message and nothing saved, and the xiangqi
//! pairing options (absolute-rule switches, same-unit rounds, positional rule) are saved.

use crate::common;
use bianpai::app::{Tournament, demo_event};
use bianpai::awards::{AwardOptions, AwardPreset, PrizeBand};
use bianpai::i18n::{Lang, tiebreak_preset_label};
use bianpai::pairing::qualification::QualificationOptions;
use bianpai::pairing::xiangqi::PositionalRule;
use bianpai::standings::Preset;
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn settings(h: &Harness<'static, BianpaiApp>) -> bianpai::model::SectionSettings {
    h.state().desk.tournament.as_ref().unwrap().event().sections[0]
        .settings
        .clone()
}

/// Replaces the text of a labelled field by keyboard: focus, Ctrl+A, type.
fn retype(h: &mut Harness<'static, BianpaiApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_role_and_label(Role::TextInput, label)
        .type_text(text);
    h.run();
}

#[test]
fn tiebreak_presets_validation_and_xiangqi_options_are_saved() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    assert_eq!(h.state().tab, TabKind::Event);
    let before = settings(&h);

    // An unknown tiebreak: the save is refused and nothing changes.
    retype(&mut h, "名次区分（依次比较）", "对手分、胜局、不存在的分");
    h.get_by_label("保存组别设置").click();
    h.run();
    assert_eq!(settings(&h), before);
    assert!(
        matches!(h.state().desk.message, Some((true, _))),
        "an error is shown"
    );

    // The 14.3.2 preset fills the list; the options are switched; saved.
    h.get_by_label(&tiebreak_preset_label(Preset::Xiangqi1432, Lang::Zh))
        .click();
    h.run();
    h.get_by_label("禁连三（不连续三次同先后手）").click();
    h.run();
    h.get_by_label("临近配对（1-2、3-4…）").click();
    h.run();
    retype(&mut h, "至第几轮", "3");
    h.get_by_label("保存组别设置").click();
    h.run();
    let after = settings(&h);
    assert_eq!(after.standings.tiebreaks, Preset::Xiangqi1432.list());
    assert!(!after.xiangqi.no_three_in_a_row);
    assert_eq!(after.xiangqi.positional, PositionalRule::Adjacent);
    assert_eq!(
        (after.xiangqi.same_unit_from, after.xiangqi.same_unit_to),
        (1, 3)
    );

    // An award preset named after what it holds, then a prize table typed by hand.
    h.get_by_label(
        "前八名（不足9人减一）·奖金至第16名·三级运动员·前32名获参赛资格（上海锦标赛男子组）",
    )
    .click();
    h.run();
    h.get_by_label("保存组别设置").click();
    h.run();
    assert_eq!(
        *settings(&h).awards,
        AwardOptions::preset(AwardPreset::Seed000Men)
    );
    retype(&mut h, "个人奖金", "1:1000, 2-3：500");
    h.get_by_label("保存组别设置").click();
    h.run();
    assert_eq!(
        settings(&h).awards.prizes.bands,
        vec![PrizeBand::place(1, 1000), PrizeBand::range(2, 3, 500)]
    );
    // Overlapping bands are refused with the rule book's reason.
    retype(&mut h, "个人奖金", "1-3:1000, 3:500");
    h.get_by_label("保存组别设置").click();
    h.run();
    assert_eq!(settings(&h).awards.prizes.bands.len(), 2);
    assert!(matches!(&h.state().desk.message, Some((true, m)) if m.contains("place 3")));

    // From round 3 to round 2 is refused by the service as well.
    retype(&mut h, "自第几轮", "3");
    retype(&mut h, "至第几轮", "2");
    h.get_by_label("保存组别设置").click();
    h.run();
    assert_eq!(settings(&h).xiangqi.same_unit_to, 3);
    retype(&mut h, "自第几轮", "1");
    retype(&mut h, "至第几轮", "7");
    retype(&mut h, "个人奖金", "1:1000, 2-3：500");

    // 分阶段晋级: the seed 002 preset fills the line and is saved; a count that is not a
    // number is refused and nothing is saved.
    h.get_by_label("上海杯海选赛（9轮后8人、10轮后8人、11轮后10人、境外4人、外卡2人）")
        .click();
    h.run();
    h.get_by_label("保存组别设置").click();
    h.run();
    assert_eq!(
        settings(&h).qualification,
        QualificationOptions::seed_002_men(),
        "{:?}",
        h.state().desk.message
    );
    retype(&mut h, "分阶段晋级", "3:2, 4:两");
    h.get_by_label("保存组别设置").click();
    h.run();
    assert_eq!(
        settings(&h).qualification,
        QualificationOptions::seed_002_men()
    );
    retype(&mut h, "分阶段晋级", "3：2，境外运动员：1");
    h.get_by_label("保存组别设置").click();
    h.run();
    // 等级称号 typed as a line: places, title, players who must have played.
    retype(&mut h, "等级称号", "1-6：三级运动员：12，7-10:四级运动员");
    h.get_by_label("保存组别设置").click();
    h.run();
    let titles: Vec<(u32, u32, String, u32)> = settings(&h)
        .awards
        .titles
        .iter()
        .map(|r| (r.from, r.to, r.title.clone(), r.min_played))
        .collect();
    assert_eq!(
        titles,
        vec![
            (1, 6, "三级运动员".to_string(), 12),
            (7, 10, "四级运动员".to_string(), 0)
        ]
    );
    let q = settings(&h).qualification;
    assert_eq!(
        (q.stages.len(), q.stages[0].after_round, q.stages[0].count),
        (1, 3, 2)
    );
    assert_eq!(
        (q.sub_lists[0].name.as_str(), q.sub_lists[0].count),
        ("境外运动员", 1)
    );
}

/// The point table names each cell for what it holds: the black row's first cell is black's
/// win (黑方 胜), never "红胜"; the forfeit rows say who is credited. Typing into a cell changes
/// that value and no other.
#[test]
fn the_point_table_labels_say_what_each_cell_holds() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    let p = settings(&h).points;
    let value = |h: &Harness<'static, BianpaiApp>, label: &str| {
        h.get_by_role_and_label(Role::TextInput, label)
            .value()
            .unwrap_or_default()
    };
    assert_eq!(value(&h, "黑方 胜"), p.black.win.to_string());
    assert_eq!(value(&h, "红方 负"), p.red.loss.to_string());
    assert_eq!(value(&h, "对方弃权（判胜）"), p.forfeit_win.to_string());
    assert!(h.query_by_label("红方 红胜").is_none() && h.query_by_label("黑方 红胜").is_none());

    retype(&mut h, "黑方 胜", "4");
    h.get_by_label("保存组别设置").click();
    h.run();
    let after = settings(&h).points;
    assert_eq!(after.black.win, bianpai::model::Points::whole(4));
    assert_eq!(after.red.win, p.red.win, "red's win is untouched");
}
