//! Issue 20, part 1, in the window: the settings the seed regulations need beyond the pairing —
//! who may enter, 录谱, the schedule, places rules, the promotion table and the early stop — are
//! typed in the Event tab and saved; a section whose form has unsaved changes is not left
//! silently: the tab marks it and asks before another section is shown.
//!
//! The expected settings are the regulations' own words: seed 001 U12组 "2014年1月1日至2015年
//! 12月31日出生", 限报300人; seed 000 "男子组1-12台、女子组1-3台自第二轮起录谱"; seed 001 十一
//! "女子组 录取前六名"; seed 004 精英组 "上海一级棋士 → 上海棋协候补大师 4.5分" and "已达标晋级者
//! 和中途升级无望者不再进入之后轮次的比赛".

use crate::common;
use bianpai::app::{Tournament, demo_event};
use bianpai::model::{
    EarlyStop, Eligibility, EntryRoute, PlacesRule, Points, PromotionStep, RecordMoves,
    SectionSettings, Sex,
};
use bianpai::ui::{BianpaiApp, TabKind};
use chrono::NaiveDate;
use egui::accesskit::Role;
use egui_kittest::{Harness, kittest::Queryable};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

fn settings(h: &Harness<'static, BianpaiApp>, i: usize) -> SectionSettings {
    h.state().desk.tournament.as_ref().unwrap().event().sections[i]
        .settings
        .clone()
}

fn retype(h: &mut Harness<'static, BianpaiApp>, role: Role, label: &str, text: &str) {
    h.get_by_role_and_label(role, label).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_role_and_label(role, label).type_text(text);
    h.run();
}

fn shows(h: &Harness<'static, BianpaiApp>, text: &str) -> bool {
    h.query_all_by(|n| {
        n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))
    })
    .next()
    .is_some()
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

const UNSAVED: &str = "有未保存的修改";

#[test]
fn entry_rules_recording_schedule_places_and_promotion_are_saved() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    assert_eq!(h.state().tab, TabKind::Event);
    // Every section's form, as loaded, is what is stored: nothing is marked unsaved.
    for i in 0..h
        .state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .event()
        .sections
        .len()
    {
        let id = h.state().desk.tournament.as_ref().unwrap().event().sections[i].id;
        h.state_mut().desk.section = Some(id);
        h.run();
        assert!(!shows(&h, UNSAVED), "section {i} loads unchanged");
    }
    let first = h.state().desk.tournament.as_ref().unwrap().event().sections[0].id;
    h.state_mut().desk.section = Some(first);
    h.run();

    retype(&mut h, Role::TextInput, "出生日期从", "2014-01-01");
    retype(&mut h, Role::TextInput, "至", "2015.12.31");
    // The eligibility row's 女 (the team row below has its own).
    h.query_all_by_label("女")
        .next()
        .expect("a sex button")
        .click();
    h.run();
    retype(&mut h, Role::TextInput, "限报人数", "300");
    retype(
        &mut h,
        Role::TextInput,
        "允许的级别",
        "棋协二级棋士、棋协一级棋士",
    );
    // Seed 004 公开组: "须符合以下要求之一" — a grade or above, or 年满18周岁 on 2026-01-31.
    retype(
        &mut h,
        Role::MultilineTextInput,
        "或符合以下之一（每行一条）",
        "上海1级、上海候补大师、上海大师\n~2008-01-31",
    );
    retype(&mut h, Role::TextInput, "前几台", "12");
    retype(&mut h, Role::TextInput, "从第几轮起", "2");
    retype(
        &mut h,
        Role::MultilineTextInput,
        "赛程",
        "8月29日 09:00\n8月29日 13:30\n\n8月30日 09:00",
    );
    // The first row is the individual places, the second the team places.
    h.query_all_by_label("固定名次")
        .next()
        .expect("the places rule")
        .click();
    h.run();
    retype(
        &mut h,
        Role::TextInput,
        "晋级标准",
        "上海一级棋士>上海棋协候补大师:4.5分，棋协二级棋士>棋协一级棋士:55%",
    );
    h.get_by_label("达标或无望者不再编排").click();
    h.run();
    // Seed 000's women's section counts its women on the team entry form.
    h.query_all_by_label("女")
        .nth(1)
        .expect("the team row's 女")
        .click();
    h.run();
    h.get_by_label("只计团体报名表上的队员").click();
    h.run();
    assert!(shows(&h, UNSAVED), "the edits are marked before saving");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!shows(&h, UNSAVED), "{:?}", h.state().desk.message);

    let s = settings(&h, 0);
    assert_eq!(
        s.eligibility,
        Eligibility {
            born_from: Some(d(2014, 1, 1)),
            born_to: Some(d(2015, 12, 31)),
            grades: vec!["棋协二级棋士".into(), "棋协一级棋士".into()],
            sex: Some(Sex::Female),
            cap: Some(300),
            any_of: vec![
                EntryRoute {
                    grades: vec!["上海1级".into(), "上海候补大师".into(), "上海大师".into()],
                    ..EntryRoute::default()
                },
                EntryRoute {
                    born_to: Some(d(2008, 1, 31)),
                    ..EntryRoute::default()
                },
            ],
        }
    );
    assert_eq!(
        s.record_moves,
        RecordMoves {
            from_round: 2,
            boards: 12
        }
    );
    // Line 3 is left blank: round 3's time is not known, round 4 keeps its line.
    assert_eq!(
        s.round_times,
        vec!["8月29日 09:00", "8月29日 13:30", "", "8月30日 09:00"]
    );
    assert_eq!(s.round_time(4), Some("8月30日 09:00"));
    // The demo's men's section awards 8 places; the kind changes, the count stays.
    assert_eq!(s.awards.places, PlacesRule::Fixed { places: 8 });
    assert_eq!(
        s.awards.promotion.table,
        vec![
            PromotionStep {
                from_grade: "上海一级棋士".into(),
                to_grade: "上海棋协候补大师".into(),
                rate_percent: 0,
                points: Some(Points(9)),
            },
            PromotionStep {
                from_grade: "棋协二级棋士".into(),
                to_grade: "棋协一级棋士".into(),
                rate_percent: 55,
                points: None,
            },
        ]
    );
    assert_eq!(s.awards.promotion.early_stop, EarlyStop::StopAtFirst);
    assert_eq!(s.standings.team.sex, Some(Sex::Female));
    assert!(s.standings.team.registered_only);

    // One action: Ctrl+Z (outside a field) gives the settings before it back.
    h.key_press(egui::Key::Escape);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(settings(&h, 0).eligibility, Eligibility::default());

    // A date that is no date is named, and nothing is saved.
    retype(&mut h, Role::TextInput, "出生日期从", "2014-13-01");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert_eq!(settings(&h, 0).eligibility, Eligibility::default());
    assert!(shows(&h, "出生日期从"));
    assert!(matches!(&h.state().desk.message, Some((true, m)) if m.contains("2014-13-01")));
}

#[test]
fn leaving_a_section_with_unsaved_changes_asks_first() {
    let (_dir, t) = common::create(&demo_event());
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    let ids: Vec<_> = h.state().desk.tournament.as_ref().unwrap().event().sections[..2]
        .iter()
        .map(|s| s.id)
        .collect();
    let name = |h: &Harness<'static, BianpaiApp>, i: usize| {
        h.state().desk.tournament.as_ref().unwrap().event().sections[i]
            .name
            .clone()
    };
    let first = name(&h, 0);
    let before = settings(&h, 0);

    retype(&mut h, Role::TextInput, "限报人数", "64");
    // The section picker chooses the second section: the tab holds on and asks.
    h.state_mut().desk.section = Some(ids[1]);
    h.run();
    h.run();
    assert!(shows(&h, &format!("“{first}”的设置有未保存的修改。")));
    assert_eq!(h.state().desk.section, Some(ids[0]));
    h.get_by_label("返回修改").click();
    h.run();
    assert_eq!(h.state().desk.section, Some(ids[0]));
    assert_eq!(
        h.get_by_role_and_label(Role::TextInput, "限报人数").value(),
        Some("64".to_string()),
        "the edit is still in the form"
    );

    // Discard: the second section is shown, the first is as it was.
    h.state_mut().desk.section = Some(ids[1]);
    h.run();
    h.run();
    h.get_by_label("放弃修改").click();
    h.run();
    h.run();
    assert_eq!(h.state().desk.section, Some(ids[1]));
    assert_eq!(settings(&h, 0), before);

    // Save and switch: the edit is stored, then the other section is shown.
    retype(&mut h, Role::TextInput, "限报人数", "32");
    h.state_mut().desk.section = Some(ids[0]);
    h.run();
    h.run();
    h.get_by_label("保存并切换").click();
    h.run();
    h.run();
    assert_eq!(h.state().desk.section, Some(ids[0]));
    assert_eq!(settings(&h, 1).eligibility.cap, Some(32));
}

/// The entry rules set in the Event tab refuse an entrant typed in the Entrants tab, naming him
/// and the rule, and the cap refuses the one too many.
#[test]
fn the_entry_rules_refuse_an_entrant_typed_by_hand() {
    let (_dir, mut t) = common::create(&common::event("2026年北京市青少年象棋赛", vec![]));
    common::SectionBuilder::new().name("U12组").enter(&mut t);
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    retype(&mut h, Role::TextInput, "出生日期从", "2014-01-01");
    retype(&mut h, Role::TextInput, "至", "2015-12-31");
    retype(&mut h, Role::TextInput, "限报人数", "1");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num2);
    h.run();
    let entrants = |h: &Harness<'static, BianpaiApp>| {
        h.state().desk.tournament.as_ref().unwrap().event().sections[0]
            .entrants
            .iter()
            .map(|e| e.name.clone())
            .collect::<Vec<_>>()
    };
    let add = |h: &mut Harness<'static, BianpaiApp>, name: &str, born: &str| {
        retype(h, Role::TextInput, "姓名", name);
        retype(h, Role::TextInput, "出生日期", born);
        h.get_by_label("添加选手").click();
        h.run();
    };
    add(&mut h, "陈晨", "2016-02-01");
    assert!(entrants(&h).is_empty());
    let (error, message) = h.state().desk.message.clone().unwrap();
    assert!(error);
    assert_eq!(
        message,
        "陈晨不能报名本组：出生日期晚于本组规定的 2015-12-31"
    );
    add(&mut h, "王小明", "2014-03-15");
    assert_eq!(entrants(&h), vec!["王小明"]);
    add(&mut h, "李华", "2015-07-01");
    assert_eq!(entrants(&h), vec!["王小明"]);
    let (_, message) = h.state().desk.message.clone().unwrap();
    assert_eq!(message, "本组限报 1 人，已满，李华未能报名");
}

/// Choosing 国际象棋 brings the chess defaults the rule book names (FIDE Dutch, 1-½-0, the FIDE
/// tiebreaks); choosing 象棋 again brings the xiangqi ones back.
#[test]
fn choosing_chess_sets_the_chess_defaults() {
    let (_dir, mut t) = common::create(&common::event("小世界杯", vec![]));
    common::SectionBuilder::new().name("公开组").enter(&mut t);
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    h.get_by_label("国际象棋").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let chess = SectionSettings::chess();
    let s = settings(&h, 0);
    assert_eq!(
        (s.game, s.system, s.points, s.standings.tiebreaks),
        (
            chess.game,
            chess.system,
            chess.points,
            chess.standings.tiebreaks
        )
    );
    h.get_by_label("象棋").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let xq = SectionSettings::default();
    let s = settings(&h, 0);
    assert_eq!(
        (s.game, s.system, s.points, s.standings.tiebreaks),
        (xq.game, xq.system, xq.points, xq.standings.tiebreaks)
    );
}

/// Seed 001's U14组 places its boys and girls apart (男子 8 places, 女子 7), and seed 002 gives
/// the best overseas players a prize they keep besides their place prize (可兼得): typed one
/// per line, saved, and read back in the same words.
#[test]
fn sub_rankings_and_special_prizes_are_typed_one_per_line() {
    let (_dir, mut t) = common::create(&common::event("2026年北京市青少年象棋赛", vec![]));
    common::SectionBuilder::new().name("U14组").enter(&mut t);
    let mut h = harness(t);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1);
    h.run();
    retype(
        &mut h,
        Role::MultilineTextInput,
        "分组排名（每行一个）",
        "U14男子 男\nU14女子 女\n境外运动员 境外",
    );
    retype(
        &mut h,
        Role::MultilineTextInput,
        "特别奖（每行一个）",
        "U14男子 1-8:0\nU14女子 1-7:0\n境外运动员 1-8:1000 可兼得",
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    let s = settings(&h, 0);
    let subs: Vec<(String, bianpai::model::Filter)> = s
        .standings
        .sub_rankings
        .iter()
        .map(|r| (r.name.clone(), r.filter.clone()))
        .collect();
    use bianpai::model::Filter;
    assert_eq!(
        subs,
        vec![
            ("U14男子".into(), Filter::Sex(Sex::Male)),
            ("U14女子".into(), Filter::Sex(Sex::Female)),
            ("境外运动员".into(), Filter::Overseas),
        ]
    );
    let prizes: Vec<(String, u32, u32, bool)> = s
        .awards
        .special_prizes
        .iter()
        .map(|p| {
            let last = p.table.bands.last().unwrap();
            (p.name.clone(), last.from, last.to, p.stacks)
        })
        .collect();
    assert_eq!(
        prizes,
        vec![
            ("U14男子".into(), 1, 8, false),
            ("U14女子".into(), 1, 7, false),
            ("境外运动员".into(), 1, 8, true),
        ]
    );
    // A condition the program does not know is named, and nothing is saved.
    retype(
        &mut h,
        Role::MultilineTextInput,
        "分组排名（每行一个）",
        "U14男子 男孩",
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert_eq!(settings(&h, 0).standings.sub_rankings.len(), 3);
    assert!(shows(&h, "第1行：不认识的条件“男孩”"));
}
