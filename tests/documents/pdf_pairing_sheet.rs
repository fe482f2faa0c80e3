//! Acceptance (issue 2, point 4): the round-1 sheet of a 60-entrant section. Every Chinese name
//! and unit is found by `pdftotext`, the file is under 300 KB and embeds only a font subset, and
//! the glyph check refuses characters the font lacks instead of dropping them silently.
//! Needs poppler-utils (pdftotext, pdffonts); .ci/run installs it.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::i18n::Lang;
use bianpai::model::{Entrant, Event};
use bianpai::pairing::pair_round_one;
use bianpai::report::layout::{Font, fit_text};
use std::process::Command;

const SURNAMES: &str = "周王李张陈刘杨赵黄吴孙郭何马林胡徐朱高罗梁宋唐许韩冯邓曹彭曾";
const GIVEN: &[&str] = &[
    "喆", "堃", "珺", "玥", "昇", "镕", "一帆", "志强", "晓东", "子龙", "佳怡", "思琪",
];
const UNITS: &[&str] = &[
    "嘉定区象棋协会",
    "浦东新区",
    "黄浦区少年宫",
    "徐汇区",
    "静安区棋院",
    "闵行区",
    "宝山区",
];

fn sixty() -> Event {
    let surnames: Vec<char> = SURNAMES.chars().collect();
    let mut s = SectionBuilder::new()
        .name("男子组")
        .entrants((0..60usize).map(|i| Entrant {
            name: format!("{}{}", surnames[i % surnames.len()], GIVEN[i % GIVEN.len()]),
            unit: UNITS[i % UNITS.len()].into(),
            ..Entrant::default()
        }))
        .build();
    // One very long unit to check that it stays inside its cell.
    s.entrants[59].unit = "上海市嘉定区娄塘镇文化体育服务中心象棋俱乐部".into();
    let r = pair_round_one(&s).unwrap();
    s.rounds.push(r);
    common::event("2026年“嘉定娄塘杯”上海市象棋锦标赛", vec![s])
}

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{name} not found ({e}); install poppler-utils"));
    assert!(out.status.success(), "{name} failed");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn sixty_entrant_round_one_sheet() {
    let (dir, t) = common::create(&sixty());
    let pdf = dir.path().join("r1.pdf");
    let section = t.event().sections[0].id;
    t.export_pairing_sheet(section, 1, &pdf, Lang::Zh).unwrap();
    let size = std::fs::metadata(&pdf).unwrap().len();
    assert!(size < 300 * 1024, "{size} bytes");
    let text = tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    // A long unit wraps onto two lines, which pdftotext prints apart with the row's other
    // cells between them: look for the unit whole or as two halves.
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let printed = |unit: &str| {
        let u: Vec<char> = unit.chars().collect();
        squeezed.contains(unit)
            || (2..u.len() - 1).any(|k| {
                squeezed.contains(&u[..k].iter().collect::<String>())
                    && squeezed.contains(&u[k..].iter().collect::<String>())
            })
    };
    for e in &t.event().sections[0].entrants {
        assert!(text.contains(&e.name), "{} missing", e.name);
        assert!(printed(&e.unit), "{} missing", e.unit);
    }
    assert!(text.contains("男子组") && text.contains("第1轮对阵表"));
    let fonts = tool("pdffonts", &[pdf.to_str().unwrap()]);
    assert!(fonts.contains("NotoSansSC"), "{fonts}");
    let line = fonts.lines().find(|l| l.contains("NotoSansSC")).unwrap();
    let cols: Vec<&str> = line.split_whitespace().collect();
    // emb sub uni: yes yes yes — embedded, subset.
    assert_eq!(
        &cols[cols.len() - 5..cols.len() - 2],
        ["yes", "yes", "yes"],
        "{line}"
    );
}

#[test]
fn text_never_leaves_its_cell() {
    let font = Font::load().unwrap();
    for text in [
        "周喆",
        "上海市嘉定区娄塘镇文化体育服务中心象棋俱乐部",
        "Wang Kun (Shanghai Pudong New Area Chess Club)",
    ] {
        for width in [10.0f32, 24.0, 26.0, 60.0] {
            let (lines, size) = fit_text(&font, text, width, 11.0, 7.7);
            assert!(lines.len() <= 2);
            // Nothing is dropped but the space where a Latin line breaks.
            let squeeze = |t: &str| t.replace(' ', "");
            assert_eq!(
                squeeze(&lines.concat()),
                squeeze(text),
                "nothing is dropped"
            );
            for l in &lines {
                assert!(
                    font.width_mm(l, size) <= width + 1e-3,
                    "{l:?} at {size} pt is wider than {width} mm"
                );
            }
        }
    }
}

#[test]
fn wall_sheet_is_landscape_and_slips_have_one_per_board() {
    use bianpai::app::RoundDocument;
    let (dir, t) = common::create(&sixty());
    let section = t.event().sections[0].id;
    let wall = dir.path().join("wall.pdf");
    t.export_round_document(RoundDocument::WallSheet, section, 1, &wall, Lang::Zh, false)
        .unwrap();
    let info = tool("pdfinfo", &[wall.to_str().unwrap()]);
    assert!(
        info.contains("841.89 x 595.276") || info.contains("842 x 595"),
        "A4 landscape: {info}"
    );
    let text = tool("pdftotext", &["-layout", wall.to_str().unwrap(), "-"]);
    for e in &t.event().sections[0].entrants {
        assert!(text.contains(&e.name), "wall sheet lacks {}", e.name);
    }

    let slips = dir.path().join("slips.pdf");
    t.export_round_document(RoundDocument::Slips, section, 1, &slips, Lang::Zh, false)
        .unwrap();
    let text = tool("pdftotext", &["-layout", slips.to_str().unwrap(), "-"]);
    // 60 players → 30 boards → 30 slips, four to a page → 8 pages.
    for board in 1..=30 {
        assert!(
            text.contains(&format!("第{board}台")),
            "no slip for board {board}"
        );
    }
    assert!(!text.contains("第31台"));
    assert_eq!(
        text.matches("裁判员").count(),
        30,
        "one arbiter signature line per slip"
    );
    let info = tool("pdfinfo", &[slips.to_str().unwrap()]);
    assert!(
        info.lines()
            .any(|l| l.starts_with("Pages:") && l.trim_end().ends_with(" 8")),
        "{info}"
    );
}

#[test]
fn the_pinyin_list_names_every_player_once_in_pinyin_order_with_their_board() {
    use bianpai::app::RoundDocument;
    use bianpai::names::name_key;
    let (dir, t) = common::create(&sixty());
    let s = &t.event().sections[0];
    let pdf = dir.path().join("py.pdf");
    t.export_round_document(RoundDocument::PinyinList, s.id, 1, &pdf, Lang::Zh, false)
        .unwrap();
    let text = tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    // Each row starts with the player's name; read the names in printed order.
    let names: Vec<&str> = s.entrants.iter().map(|e| e.name.as_str()).collect();
    let printed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| names.contains(w))
        .collect();
    assert_eq!(printed.len(), 60, "every player once");
    let keys: Vec<String> = printed.iter().map(|n| name_key(n)).collect();
    assert!(
        keys.windows(2).all(|w| w[0] <= w[1]),
        "pinyin order: {printed:?}"
    );
    // Player number 1 plays on board 1 (round 1: 1-2).
    let one = &s
        .entrants
        .iter()
        .find(|e| e.number == Some(1))
        .unwrap()
        .name;
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with(one.as_str()))
        .unwrap();
    let cols: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        (cols[1], cols[3]),
        ("1", "1"),
        "number 1 on board 1: {line}"
    );
}

#[test]
fn the_order_book_has_a_cover_every_section_its_entrants_by_unit_and_round_one() {
    use bianpai::app::demo_event;
    // The 60-entrant section plus the demo's two sections.
    let mut event = sixty();
    let demo = demo_event();
    event.organiser = demo.organiser.clone();
    event.venue = demo.venue.clone();
    for (i, mut s) in demo.sections.into_iter().enumerate() {
        s.id = bianpai::model::SectionId(10 + i as i64);
        for e in &mut s.entrants {
            e.id.0 += 1000;
        }
        for r in &mut s.rounds {
            for g in &mut r.games {
                g.red.0 += 1000;
                g.black.0 += 1000;
            }
            for b in &mut r.byes {
                b.entrant.0 += 1000;
            }
        }
        event.sections.push(s);
    }
    let (dir, t) = common::create(&event);
    let pdf = dir.path().join("ob.pdf");
    t.export_order_book(&pdf, Lang::Zh).unwrap();
    let text = tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(
        text.contains("秩序册") && text.contains(&event.organiser) && text.contains(&event.venue)
    );
    for s in &t.event().sections {
        assert!(text.contains(&s.name), "section {}", s.name);
        for e in &s.entrants {
            assert!(
                squeezed.contains(&format!("{}{}", e.number.unwrap(), e.name)),
                "{} in the list by unit",
                e.name
            );
            assert!(squeezed.contains(&e.unit));
        }
    }
    // 60 entrants over 7 units in turn: units 0–3 get 9, units 4–6 get 8; entrant 60 (unit 3,
    // 徐汇区) was moved to a long club name, so three units of 9 and that club with 1.
    assert_eq!(squeezed.matches("（9）：").count(), 3, "{squeezed}");
    assert!(squeezed.contains("上海市嘉定区娄塘镇文化体育服务中心象棋俱乐部（1）：60"));
    assert!(text.contains("第1轮对阵表"));
}

/// A knockout round's sheet names each game's phase: the demo's eight juniors have the first
/// slow game of each match in round 1, so the sheet has a 局别 column and four rows reading
/// 慢棋, one per board, each beside its board number, and no points.
#[test]
fn a_knockout_round_sheet_names_the_phase_of_each_game() {
    use bianpai::app::RoundDocument;
    let (dir, t) = common::create(&bianpai::app::demo_event());
    let s = t
        .event()
        .sections
        .iter()
        .find(|s| s.settings.system == bianpai::model::PairingSystem::Knockout)
        .expect("the demo's knockout");
    let pdf = dir.path().join("ko.pdf");
    t.export_round_document(RoundDocument::PairingSheet, s.id, 1, &pdf, Lang::Zh, false)
        .unwrap();
    let text = tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    assert!(text.contains("局别"), "{text}");
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim_start)
        .filter(|l| l.split_whitespace().nth(1) == Some("慢棋"))
        .collect();
    let boards: Vec<&str> = rows
        .iter()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(boards, vec!["1", "2", "3", "4"], "{text}");
    // A knockout is not played on points: no points are printed.
    assert!(
        rows.iter().all(|l| l.split_whitespace().all(|w| w != "0")),
        "{text}"
    );
    // A Swiss round has no such column.
    let swiss = dir.path().join("swiss.pdf");
    let men = t.event().sections[0].id;
    t.export_round_document(RoundDocument::PairingSheet, men, 1, &swiss, Lang::Zh, false)
        .unwrap();
    let text = tool("pdftotext", &["-layout", swiss.to_str().unwrap(), "-"]);
    assert!(!text.contains("局别"));
}

/// The wall sheet on A3: the section-and-round title is at least as large as the table's
/// print, every cell's text keeps clear of its left border, and the bye row has no board
/// number, as in the window.
#[test]
fn the_wall_sheet_title_is_in_proportion_and_the_bye_has_no_board() {
    use bianpai::app::{DocumentKind, DocumentRequest};
    use bianpai::report::layout::PaperSize;
    let mut event = sixty();
    // 59 players: round 1 has a bye.
    let s = &mut event.sections[0];
    s.entrants.pop();
    s.rounds.clear();
    let r = pair_round_one(s).unwrap();
    s.rounds.push(r);
    let (_dir, t) = common::create(&event);
    let section = t.event().sections[0].id;
    let pdf = t
        .document(&DocumentRequest {
            section: Some(section),
            round: Some(1),
            paper: PaperSize::A3,
            ..DocumentRequest::event(DocumentKind::WallSheet, Lang::Zh)
        })
        .unwrap();
    let title = pdf
        .boxes
        .iter()
        .find(|b| b.text.contains("第1轮"))
        .expect("the title");
    let name = pdf
        .boxes
        .iter()
        .find(|b| b.text == t.event().sections[0].entrants[0].name)
        .expect("a name in the table");
    assert!(
        title.size >= name.size,
        "title {} pt, table {} pt",
        title.size,
        name.size
    );
    assert!(name.size > 20.0, "A3 wall print: {} pt", name.size);

    assert!(pdf.boxes.iter().any(|b| b.text == "轮空"), "the bye row");
    // 29 boards: "30" is printed once, as player 30's number, never as a board for the bye.
    let games = t.event().sections[0].rounds[0].games.len();
    assert_eq!(games, 29);
    let numbers = pdf
        .boxes
        .iter()
        .filter(|b| b.text == (games + 1).to_string())
        .count();
    assert_eq!(numbers, 1, "board {} is not printed", games + 1);
}
