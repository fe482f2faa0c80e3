//! Issue 37: the window at the venue laptop's sizes. First the layout check's self-test — tiny
//! windows built to be wrong in one way each (two texts on one spot, a button below the window
//! with nothing to scroll, a column narrower than its words, a list with more than it shows and
//! no bar) must each fail it, and the same windows done right must pass; then the walk over
//! every tab and panel of the program in the states an arbiter reaches, at 1024×768 and
//! 1366×768, in Chinese and English, which must pass it.

use crate::common::layout::{self, Kind};
use egui_kittest::Harness;

fn kinds(mut h: Harness<'_>) -> Vec<Kind> {
    let w = layout::watch(&h.ctx);
    h.run();
    h.run();
    let found = layout::check(&mut h, &w, "self-test");
    // Shown when a self-test fails: what the check said.
    for p in &found {
        eprintln!("{:?}: {}", p.kind, p.what);
    }
    found.into_iter().map(|p| p.kind).collect()
}

fn small(app: impl FnMut(&mut egui::Ui) + 'static) -> Harness<'static> {
    Harness::builder()
        .with_size(egui::vec2(400.0, 300.0))
        .build_ui(app)
}

#[test]
fn the_check_finds_two_texts_on_one_spot() {
    let over = small(|ui| {
        let at = egui::Rect::from_min_size(egui::pos2(20.0, 40.0), egui::vec2(200.0, 24.0));
        ui.put(at, egui::Label::new("First round by rating"));
        ui.put(
            at.translate(egui::vec2(30.0, 8.0)),
            egui::Label::new("Born from"),
        );
    });
    assert!(kinds(over).contains(&Kind::Overlap));
    let apart = small(|ui| {
        ui.label("First round by rating");
        ui.label("Born from");
    });
    assert_eq!(kinds(apart), vec![]);
}

#[test]
fn the_check_finds_a_button_below_the_window() {
    let below = small(|ui| {
        for i in 0..30 {
            ui.label(format!("row {i}"));
        }
        let _ = ui.button("Import 60 entrants");
    });
    let found = kinds(below);
    assert!(found.contains(&Kind::Hidden), "{found:?}");
    let scrolled = small(|ui| {
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical().show(ui, |ui| {
            for i in 0..30 {
                ui.label(format!("row {i}"));
            }
            let _ = ui.button("Import 60 entrants");
        });
    });
    // Reached by scrolling, with a bar that shows there is more.
    assert_eq!(kinds(scrolled), vec![]);
}

#[test]
fn the_check_finds_a_cut_column() {
    let table = |width: Option<f32>| {
        small(move |ui| {
            let column = match width {
                Some(w) => egui_extras::Column::exact(w).clip(true),
                None => egui_extras::Column::auto(),
            };
            egui_extras::TableBuilder::new(ui)
                .column(column)
                .column(egui_extras::Column::auto())
                .header(24.0, |mut h| {
                    h.col(|ui| {
                        ui.label("Previous round opponent");
                    });
                    h.col(|ui| {
                        ui.label("Pts");
                    });
                })
                .body(|mut b| {
                    b.row(24.0, |mut r| {
                        r.col(|ui| {
                            ui.label("Beijing Xicheng District Chess Association");
                        });
                        r.col(|ui| {
                            ui.label("3");
                        });
                    });
                });
        })
    };
    assert!(kinds(table(Some(60.0))).contains(&Kind::Cut));
    assert_eq!(kinds(table(None)), vec![]);
    let narrow = small(|ui| {
        ui.allocate_ui(egui::vec2(80.0, 30.0), |ui| {
            ui.add(egui::Label::new("Beijing Xicheng District Chess Association").truncate());
        });
    });
    assert!(kinds(narrow).contains(&Kind::Cut));
}

#[test]
fn the_check_finds_a_list_that_hides_items_without_a_bar() {
    let list = |solid: bool| {
        small(move |ui| {
            if solid {
                ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            }
            egui::ScrollArea::vertical()
                .max_height(90.0)
                .show(ui, |ui| {
                    for kind in ["Order book", "Pairings", "Wall sheet", "Slips", "Standings"] {
                        let _ = ui.selectable_label(false, kind);
                    }
                    for kind in ["Crosstable", "Result book", "Certificates", "Prizes"] {
                        let _ = ui.selectable_label(false, kind);
                    }
                });
        })
    };
    let found = kinds(list(false));
    assert!(found.contains(&Kind::NoScrollBar), "{found:?}");
    assert_eq!(kinds(list(true)), vec![]);
}

// ---- The walk over the program --------------------------------------------------------------

use crate::common::layout::Problem;
use bianpai::app::Tournament;
use bianpai::i18n::Lang;
use bianpai::ui::{BianpaiApp, TabKind};

type Window = Harness<'static, BianpaiApp>;

/// The venue laptop's sizes.
const SIZES: [(f32, f32); 2] = [(1024.0, 768.0), (1366.0, 768.0)];

fn window(t: Tournament, (w, h): (f32, f32), lang: Lang) -> (Window, layout::Watch) {
    let mut h = Harness::builder()
        .with_size(egui::vec2(w, h))
        .with_max_steps(64)
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    let watch = layout::watch(&h.ctx);
    h.state_mut().desk.lang = lang;
    h.run();
    (h, watch)
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh",
        Lang::En => "en",
    }
}

/// Every tab of every section of the open event, checked; the problems of all.
fn every_tab(h: &mut Window, watch: &layout::Watch, at: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    let sections = h
        .state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .event()
        .sections
        .len();
    for _ in 0..sections.max(1) {
        for kind in TabKind::ALL {
            h.state_mut().tab = kind;
            h.run();
            h.run();
            let section = h
                .state()
                .desk
                .section()
                .map(|s| s.name.clone())
                .unwrap_or_default();
            problems.extend(layout::check(
                h,
                watch,
                &format!("{at}, {section}, {kind:?}"),
            ));
        }
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::PageDown);
        h.run();
    }
    problems
}

#[test]
fn every_tab_of_the_demo_event_at_both_sizes_in_both_languages() {
    let mut problems = Vec::new();
    for size in SIZES {
        for lang in [Lang::Zh, Lang::En] {
            let dir = tempfile::tempdir().unwrap();
            let t = Tournament::create_demo(&dir.path().join("demo.bianpai")).unwrap();
            let (mut h, watch) = window(t, size, lang);
            let at = format!("{}×{} {}", size.0, size.1, lang_name(lang));
            problems.extend(every_tab(&mut h, &watch, &at));
        }
    }
    layout::report(&problems);
}

/// The guide (帮助 → 使用指南, F1) at the small laptop's size, in Chinese and in English: every
/// chapter, chosen with →, checked (headings, lists, key tables and code blocks wrap inside the
/// panel; the contents beside them scroll).
#[test]
fn every_chapter_of_the_guide_at_1024_in_both_languages() {
    let mut problems = Vec::new();
    for lang in [Lang::Zh, Lang::En] {
        let dir = tempfile::tempdir().unwrap();
        let t = Tournament::create_demo(&dir.path().join("demo.bianpai")).unwrap();
        let (mut h, watch) = window(t, SIZES[0], lang);
        h.key_press(egui::Key::F1);
        h.run();
        let chapters = h.state_mut().help.chapters(lang);
        assert!(chapters > 5, "{chapters} chapters");
        for chapter in 0..chapters {
            assert!(h.state().help.is_open());
            assert_eq!(h.state().help.chapter(), chapter);
            problems.extend(layout::check(
                &mut h,
                &watch,
                &format!(
                    "1024×768 {}, the guide, chapter {}",
                    lang_name(lang),
                    chapter + 1
                ),
            ));
            h.key_press(egui::Key::ArrowRight);
            h.run();
        }
    }
    layout::report(&problems);
}

/// Units as organisers' sheets spell them, long enough to test every column that shows one.
const UNITS: [&str; 4] = [
    "北京市西城区青少年活动中心象棋俱乐部代表队",
    "上海市浦东新区少年宫国际象棋与中国象棋联合集训队",
    "广东省深圳市南山区教育局棋类运动协会",
    "Hong Kong Chinese Chess Association Youth Training Squad",
];

/// An event of the sizes the issue names: a Swiss section of 60 with long unit names, a
/// knockout of 32, an empty section to import into. [`play_big_event`] plays its first round.
fn big_event() -> (tempfile::TempDir, Tournament) {
    use crate::common::{self, SectionBuilder};
    use bianpai::model::{Entrant, PairingSystem, SectionSettings, Sex};
    let (dir, mut t) = common::create(&common::event("2026年全市青少年象棋锦标赛暨等级赛", vec![]));
    let entrants = (1..=60u32).map(|k| Entrant {
        name: format!("选手{k:02}号欧阳"),
        unit: UNITS[k as usize % UNITS.len()].into(),
        sex: if k % 2 == 0 { Sex::Female } else { Sex::Male },
        rating: Some(1500 + k as i32 * 7),
        ..Entrant::default()
    });
    SectionBuilder::new()
        .name("公开组（男女混合，含外省市特邀选手）")
        .settings(SectionSettings {
            rounds: 7,
            ..SectionSettings::default()
        })
        .entrants(entrants)
        .lot_seed(11)
        .enter(&mut t);
    SectionBuilder::new()
        .name("少年淘汰赛")
        .settings(SectionSettings {
            system: PairingSystem::Knockout,
            rounds: 5,
            ..SectionSettings::default()
        })
        .named("淘汰选手", 32)
        .lot_seed(7)
        .enter(&mut t);
    SectionBuilder::new().name("导入组").enter(&mut t);
    (dir, t)
}

/// The Swiss section of [`big_event`] in the window: round 1 paired and played (red wins
/// everywhere), round 2 paired with no result in. Returns the event file.
fn play_big_event(dir: &std::path::Path, t: Tournament) -> std::path::PathBuf {
    use crate::common::window;
    use bianpai::model::Outcome;
    let path = t.path().to_path_buf();
    let (mut h, _) = self::window(t, SIZES[1], Lang::Zh);
    window::pair_next_round(&mut h);
    window::enter_results(&mut h, |_, _| Outcome::RedWin);
    window::pair_next_round(&mut h);
    drop(h);
    let _ = dir;
    // BIANPAI_KEEP_LAYOUT_FILE=path: the event kept there, to look at it in the window.
    if let Ok(keep) = std::env::var("BIANPAI_KEEP_LAYOUT_FILE") {
        std::fs::copy(&path, keep).unwrap();
    }
    path
}

/// A file of `rows` entrants for the import panel, as an organiser's sheet (CSV) has them.
fn entrant_sheet(dir: &std::path::Path, rows: usize) -> std::path::PathBuf {
    let mut text = String::from("姓名,性别,出生日期,单位\n");
    for k in 1..=rows {
        let sex = if k % 2 == 0 { "女" } else { "男" };
        text += &format!(
            "导入选手{k},{sex},2010-05-{:02},{}\n",
            k % 28 + 1,
            UNITS[k % UNITS.len()]
        );
    }
    let path = dir.join(format!("报名表{rows}.csv"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The states of the big event an arbiter reaches, each checked: every tab of every section,
/// every pairing system's settings in the Event tab, the import preview of 60 and of 5,000
/// rows, the 文件种类 list open, a desk's list chosen (its Save XLSX), the venue window (off and on), the settings menu, the about
/// window, manual pairing.
fn big_event_states(
    path: &std::path::Path,
    dir: &std::path::Path,
    size: (f32, f32),
    lang: Lang,
) -> Vec<Problem> {
    use bianpai::i18n::T;
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable;
    let at = format!("{}×{} {}", size.0, size.1, lang_name(lang));
    let t = Tournament::open(path).unwrap();
    let (mut h, watch) = window(t, size, lang);
    let mut problems = every_tab(&mut h, &watch, &at);
    let tr = |k: T| k.get(lang);

    // The Event tab with each pairing system's settings shown (not saved).
    h.state_mut().tab = TabKind::Event;
    h.run();
    for system in [
        T::SystemXiangqiSwiss,
        T::SystemDutch,
        T::SystemRoundRobin,
        T::SystemKnockout,
    ] {
        h.get_by_label(tr(system)).click();
        h.run();
        problems.extend(layout::check(
            &mut h,
            &watch,
            &format!("{at}, Event tab, {}", tr(system)),
        ));
    }
    h.state_mut().event_tab = Default::default();

    // The import preview of 60 rows and of 5,000, in the empty section.
    for rows in [60, 5000] {
        let file = entrant_sheet(dir, rows);
        while h.state().desk.section().unwrap().name != "导入组" {
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::PageDown);
            h.run();
        }
        h.state_mut().tab = TabKind::Entrants;
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::I);
        h.run();
        h.event(egui::Event::Text(file.display().to_string()));
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        let confirm = bianpai::i18n::fill(tr(T::ImportConfirm), &[&rows]);
        assert!(
            h.query_by_label(&confirm).is_some(),
            "the preview of {rows} rows is read"
        );
        problems.extend(layout::check(
            &mut h,
            &watch,
            &format!("{at}, import preview of {rows}"),
        ));
        h.get_by_label(tr(T::ImportClose)).click();
        h.run();
    }

    // The 文件种类 list open.
    h.state_mut().tab = TabKind::Documents;
    h.run();
    h.get_by_role_and_label(Role::ComboBox, tr(T::DocumentKind))
        .click();
    h.run();
    problems.extend(layout::check(
        &mut h,
        &watch,
        &format!("{at}, Documents, the list open"),
    ));
    h.key_press(egui::Key::Escape);
    h.run();
    // A desk's list chosen (issue 40): its Save XLSX button beside the PDF's.
    h.get_by_role_and_label(Role::ComboBox, tr(T::DocumentKind))
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, tr(T::DocPrizeReceipts))
        .click_accesskit();
    h.run();
    assert!(h.query_by_label(tr(T::SaveWorkbook)).is_some());
    problems.extend(layout::check(
        &mut h,
        &watch,
        &format!("{at}, Documents, {}", tr(T::DocPrizeReceipts)),
    ));

    // The venue window open, then with the page on (its address and QR code shown).
    h.get_by_label(tr(T::VenueMenu)).click();
    h.run();
    problems.extend(layout::check(
        &mut h,
        &watch,
        &format!("{at}, the venue window"),
    ));
    h.state_mut().venue.bind = "127.0.0.1".into();
    h.state_mut().venue.port = "0".into();
    h.get_by_label(tr(T::VenueServe)).click();
    h.run();
    assert!(h.state().venue.is_on(), "the venue page is on");
    problems.extend(layout::check(
        &mut h,
        &watch,
        &format!("{at}, the venue window, the page on"),
    ));
    h.get_by_label(tr(T::VenueServe)).click();
    h.run();
    // Escape leaves the address field, then closes the window.
    h.key_press(egui::Key::Escape);
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.state().venue.open, "Escape closes the venue window");

    // 设置 (the renderer) open, then 帮助 → 关于编排.
    h.get_by_label(tr(T::MenuSettings)).click();
    h.run();
    problems.extend(layout::check(
        &mut h,
        &watch,
        &format!("{at}, the settings menu"),
    ));
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label(tr(T::MenuHelp)).click();
    h.run();
    h.get_by_label(tr(T::HelpAbout)).click();
    h.run();
    problems.extend(layout::check(
        &mut h,
        &watch,
        &format!("{at}, the about window"),
    ));
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(
        h.query_by_label(tr(T::AboutLog)).is_none(),
        "Escape closes the about window"
    );

    // Manual pairing (M) of the Swiss section's last round.
    let swiss = h.state().desk.tournament.as_ref().unwrap().event().sections[0].id;
    h.state_mut().desk.section = Some(swiss);
    h.state_mut().tab = TabKind::Pairings;
    h.run();
    h.key_press(egui::Key::M);
    h.run();
    problems.extend(layout::check(
        &mut h,
        &watch,
        &format!("{at}, manual pairing"),
    ));
    problems
}

#[test]
fn every_state_of_a_big_event_at_both_sizes_in_both_languages() {
    let (dir, t) = big_event();
    let path = play_big_event(dir.path(), t);
    let mut problems = Vec::new();
    for size in SIZES {
        for lang in [Lang::Zh, Lang::En] {
            problems.extend(big_event_states(&path, dir.path(), size, lang));
        }
    }
    layout::report(&problems);
}

/// Issue 40: the check-in desk (签到台, Ctrl+K in the Entrants tab) at the venue laptop's
/// sizes, in both languages: empty, with several matches listed, and asking to close.
#[test]
fn the_check_in_desk_at_both_sizes_in_both_languages() {
    use bianpai::i18n::T;
    let mut problems = Vec::new();
    for size in SIZES {
        for lang in [Lang::Zh, Lang::En] {
            let dir = tempfile::tempdir().unwrap();
            let (_d, t) = big_event();
            let t = {
                let path = dir.path().join("desk.bianpai");
                t.save_as(&path).unwrap()
            };
            let (mut h, watch) = window(t, size, lang);
            let at = format!("{}×{} {}, check-in desk", size.0, size.1, lang_name(lang));
            h.state_mut().tab = TabKind::Entrants;
            h.run();
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::K);
            h.run();
            h.run();
            problems.extend(layout::check(&mut h, &watch, &format!("{at}, empty")));
            // "xs" names several (选手 … xs): the list of matches is shown.
            h.event(egui::Event::Text("xs".into()));
            h.run();
            h.run();
            problems.extend(layout::check(&mut h, &watch, &format!("{at}, matches")));
            use egui_kittest::kittest::Queryable;
            h.get_by_label(T::CheckInClose.get(lang)).click();
            h.run();
            h.run();
            problems.extend(layout::check(&mut h, &watch, &format!("{at}, closing")));
        }
    }
    layout::report(&problems);
}

/// Issue 40, fees: the desk's fee row (F2 on a player the field names) and the entrant form's
/// fee row, in a section that charges a fee with a member rate, at the venue laptop's sizes in
/// both languages.
#[test]
fn the_fee_rows_at_both_sizes_in_both_languages() {
    use bianpai::model::FeeOptions;
    let mut problems = Vec::new();
    for size in SIZES {
        for lang in [Lang::Zh, Lang::En] {
            let dir = tempfile::tempdir().unwrap();
            let (_d, t) = big_event();
            let mut t = t.save_as(&dir.path().join("fees.bianpai")).unwrap();
            let s = t.event().sections[0].clone();
            let mut settings = s.settings.clone();
            settings.fees = FeeOptions {
                name: "赛事服务费（含意外伤害保险）".into(),
                amount: Some(150),
                member: Some(100),
                ..FeeOptions::default()
            };
            t.update_section(s.id, &s.name, &settings).unwrap();
            // The player numbered 1 has the longest unit name: the entrant form's unit field
            // shows it whole.
            let mut first = s.entrants_by_number()[0].clone();
            first.unit = UNITS[3].into();
            first.member = true;
            t.update_entrant(s.id, &first).unwrap();
            let (mut h, watch) = window(t, size, lang);
            let at = format!("{}×{} {}, fees", size.0, size.1, lang_name(lang));
            h.state_mut().tab = TabKind::Entrants;
            h.run();
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::K);
            h.run();
            h.event(egui::Event::Text("1".into()));
            h.run();
            h.key_press(egui::Key::F2);
            h.run();
            h.run();
            use egui_kittest::kittest::Queryable;
            let pay = bianpai::i18n::T::FeePayButton.get(lang);
            h.get_by_label(pay); // the row is open
            problems.extend(layout::check(
                &mut h,
                &watch,
                &format!("{at}, desk fee row"),
            ));
            h.key_press(egui::Key::Escape);
            h.run();
            h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::K);
            h.run();
            h.get_by_label(&first.name).click();
            h.run();
            h.run();
            h.get_by_label(pay); // the form's fee row
            problems.extend(layout::check(
                &mut h,
                &watch,
                &format!("{at}, entrant fee row"),
            ));
        }
    }
    layout::report(&problems);
}

/// Issue 42: a team section — six teams of four boards and a reserve, with long names and
/// units, round 1 paired — every tab at the venue laptop's sizes in both languages (the
/// Entrants tab is the teams' list and line-up grid, the Pairings tab shows matches first).
#[test]
fn every_tab_of_a_team_section_at_both_sizes_in_both_languages() {
    use bianpai::app::{PlayerForm, TeamForm};
    use bianpai::model::{PairingSystem, SectionSettings, Sex, TeamSectionOptions};
    let mut problems = Vec::new();
    for size in SIZES {
        for lang in [Lang::Zh, Lang::En] {
            let (_dir, mut t) = crate::common::create(&crate::common::event("团体赛", vec![]));
            let settings = SectionSettings {
                system: PairingSystem::RoundRobin,
                rounds: 5,
                team_section: Some(TeamSectionOptions::default()),
                ..SectionSettings::default()
            };
            let id = t.add_section("团体组", &settings).unwrap();
            for k in 0..6 {
                let form = TeamForm {
                    name: format!("{}{k}队", &UNITS[k % 4][..12]),
                    unit: UNITS[k % 4].to_string(),
                    captain: "王领队".into(),
                    players: (1..=5)
                        .map(|p| PlayerForm {
                            name: format!("队员{k}-{p}号"),
                            sex: Sex::Unknown,
                        })
                        .collect(),
                };
                t.add_team(id, &form).unwrap();
            }
            t.pair_next_round(id).unwrap();
            let (mut h, watch) = window(t, size, lang);
            let at = format!("{}×{} {}", size.0, size.1, lang_name(lang));
            problems.extend(every_tab(&mut h, &watch, &at));
        }
    }
    layout::report(&problems);
}
