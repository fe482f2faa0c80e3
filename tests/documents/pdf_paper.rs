//! Issue 37, paper an arbiter would post without a second look (points 3, 7 and 8): a
//! knockout's documents show its bracket places and its matches; words, unit names and the
//! certificate's fixed phrase stay whole; English headings are spaced and punctuated as
//! English; the wall sheet uses its page; the order book carries the parts of a 秩序册.
//! Every expected value is worked out here by hand from the rules, never read back from the
//! program. The PDFs are read with `pdftotext` (poppler-utils).

use crate::common::SectionBuilder;
use bianpai::app::{DocumentKind, DocumentRequest, make_document};
use bianpai::i18n::Lang;
use bianpai::model::{Event, GamePhase, Outcome, PairingSystem, SectionId};
use std::process::Command;

/// The text of `kind` (of section 1 where it needs one) made from `event`, as `pdftotext
/// -layout` reads it; pages separated by form feeds.
fn text(event: &Event, kind: DocumentKind, lang: Lang) -> String {
    let req = DocumentRequest {
        section: kind.for_a_round().then_some(SectionId(1)),
        ..DocumentRequest::event(kind, lang)
    };
    let pdf = make_document(event, &req).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .unwrap_or_else(|e| panic!("pdftotext not found ({e}); install poppler-utils"));
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The printed line that holds `needle` (the first one).
fn line_with<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle} in:\n{text}"))
}

/// The cells of a printed line, split at runs of spaces.
fn cells(line: &str) -> Vec<&str> {
    line.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

const KNOCKOUT_NAMES: [&str; 8] = [
    "甲一", "乙二", "丙三", "丁四", "戊五", "己六", "庚七", "辛八",
];

/// Eight players numbered 1–8, a knockout with seed 002's match (two slow games, tie-breaks
/// after), its quarter-finals (round 1) played out. The bracket pairs seeds 1–8, 4–5, 2–7,
/// 3–6 (rules.md §5.1):
/// - 1 beats 8 twice: 2:0;
/// - 4 beats 5 and draws: 1.5:0.5;
/// - 7 beats 2 twice: 2:0 for 7 (2 loses);
/// - 3 and 6 draw, then 3 wins: 1.5:0.5.
///
/// So the quarter-final losers 8, 5, 2 and 6 share places 5–8 (rules.md §5.2), and the four
/// still in play, 1, 4, 7 and 3, share 1–4 above them.
fn knockout_event() -> Event {
    use Outcome::{BlackWin, Draw, RedWin};
    let settings = bianpai::model::SectionSettings {
        system: PairingSystem::Knockout,
        ..Default::default()
    };
    let mut s = SectionBuilder::new()
        .name("少年淘汰赛")
        .entrants(KNOCKOUT_NAMES.iter().map(|n| bianpai::model::Entrant {
            name: n.to_string(),
            unit: "黄浦区".into(),
            ..bianpai::model::Entrant::default()
        }))
        .settings(settings)
        .round(&[
            (1, 8, RedWin),
            (8, 1, BlackWin),
            (4, 5, RedWin),
            (5, 4, Draw),
            (2, 7, BlackWin),
            (7, 2, RedWin),
            (3, 6, Draw),
            (6, 3, BlackWin),
        ])
        .build();
    s.id = SectionId(1);
    for g in &mut s.rounds[0].games {
        g.phase = GamePhase::Slow;
    }
    Event {
        name: "淘汰赛".into(),
        sections: vec![s],
        ..Event::default()
    }
}

/// Point 3: the knockout's standings, crosstable, result book and certificates show the
/// bracket's places (5–8 for the quarter-final losers, 1–4 for those still in play), no
/// points, and the matches of round 1 with who won them and their scores.
#[test]
fn a_knockout_is_printed_by_its_bracket_places_and_its_matches() {
    let e = knockout_event();
    let place = |text: &str, name: &str| cells(line_with(text, name))[0].to_string();
    for kind in [DocumentKind::Standings, DocumentKind::ResultBook] {
        let text = text(&e, kind, Lang::Zh);
        for name in ["辛八", "戊五", "乙二", "己六"] {
            assert_eq!(place(&text, name), "5–8", "{kind:?}: {name}");
        }
        for name in ["甲一", "丁四", "庚七", "丙三"] {
            assert_eq!(place(&text, name), "1–4", "{kind:?}: {name}");
        }
        assert!(
            !text.contains("积分"),
            "{kind:?}: no points column:\n{text}"
        );
    }
    // The crosstable (also in the result book): the round's match, own score first.
    let want = [
        ("甲一", "8胜 2:0"),
        ("辛八", "1负 0:2"),
        ("丁四", "5胜 1.5:0.5"),
        ("戊五", "4负 0.5:1.5"),
        ("乙二", "7负 0:2"),
        ("庚七", "2胜 2:0"),
        ("丙三", "6胜 1.5:0.5"),
        ("己六", "3负 0.5:1.5"),
    ];
    let cross = text(&e, DocumentKind::Crosstable, Lang::Zh);
    let book = text(&e, DocumentKind::ResultBook, Lang::Zh);
    let book_cross = &book[book.find("成绩交叉表").expect("the book's crosstable")..];
    for (name, cell) in want {
        for t in [&cross, &book_cross.to_string()] {
            let line = line_with(t, name);
            assert!(line.contains(cell), "{name}: {cell} in {line}");
            assert!(
                cells(line).first().is_some_and(|c| c.contains('–')),
                "{line}"
            );
        }
    }
    // The round's games with their results, in the book.
    let games = &book[book.find("第1轮对阵及成绩").expect("round 1's games")..];
    let board = |b: &str| {
        games
            .lines()
            .find(|l| cells(l).first() == Some(&b))
            .unwrap_or_else(|| panic!("board {b} in {games}"))
    };
    assert!(board("1").contains("红胜（慢棋）") && board("1").contains("甲一"));
    assert!(board("4").contains("和（慢棋）") && board("4").contains("戊五"));
    assert!(board("8").contains("黑胜（慢棋）") && board("8").contains("丙三"));
    // Certificates: 8 players, 录取 places 1–7 (减一录取名次 below 9); 1–4 are undecided and
    // get none yet; the four who share 5–8 each get 并列第五名.
    let certs = text(&e, DocumentKind::Certificates, Lang::Zh);
    let squeezed: String = certs.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(squeezed.matches("并列第五名").count(), 4, "{certs}");
    for name in ["辛八", "戊五", "乙二", "己六"] {
        assert!(squeezed.contains(name), "{name}");
    }
    for name in ["甲一", "丁四", "庚七", "丙三"] {
        assert!(!squeezed.contains(name), "{name} is still in play");
    }
}

/// The text of page `page` (from 1) of a PDF made from `event`, white space taken out.
fn page_text(event: &Event, kind: DocumentKind, page: usize) -> String {
    let pdf = make_document(event, &DocumentRequest::event(kind, Lang::Zh)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let n = page.to_string();
    let out = Command::new("pdftotext")
        .args(["-f", &n, "-l", &n, path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8(out.stdout)
        .unwrap()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// Two small sections (one page each) and every detail of a 秩序册 filled.
fn order_book_event(details: bool) -> Event {
    let section = |id: i64, name: &str| {
        let mut s = SectionBuilder::new()
            .name(name)
            .unit("深圳市宝安区少年宫", &["王一", "李二", "张三", "赵四"])
            .build();
        s.id = SectionId(id);
        s
    };
    let mut e = Event {
        name: "2026年深圳市少年象棋锦标赛".into(),
        start_date: chrono::NaiveDate::from_ymd_opt(2026, 8, 29),
        end_date: chrono::NaiveDate::from_ymd_opt(2026, 8, 30),
        sections: vec![section(1, "男子组"), section(2, "女子组")],
        ..Event::default()
    };
    if details {
        e.organiser = "深圳市体育总会".into();
        e.chief_arbiter = "周裁判".into();
        e.details = bianpai::model::EventDetails {
            hosts: "深圳市宝安区少年宫\n宝安区文化广电旅游体育局".into(),
            co_organisers: "深圳市棋院".into(),
            committee: "主任：王主任\n副主任：李副主任".into(),
            deputy_arbiters: "吴副裁判".into(),
            arbiters: "郑一、冯二\n陈三".into(),
            regulations: "一、竞赛日期和地点\n二、竞赛办法".into(),
            venue_rules: "选手须提前十五分钟入场。\n赛场内保持安静。".into(),
        };
    }
    e
}

/// Point 8: the order book carries 目录, 组织机构, 裁判员名单, 竞赛规程 and 赛场须知 from the
/// event's details, each page number of the 目录 right; the cover has no page number; the
/// dates are written 2026年8月29日—30日. Laid out by hand: the cover is page 1, the 目录 page
/// 2, 组织机构 and 裁判员名单 share page 3 (both short), 竞赛规程 page 4, 赛场须知 page 5, and
/// each section of four entrants takes a page: 男子组 6, 女子组 7.
#[test]
fn the_order_book_has_the_parts_of_a_chinese_order_book_with_their_pages() {
    let e = order_book_event(true);
    let cover = page_text(&e, DocumentKind::OrderBook, 1);
    assert!(cover.contains("2026年8月29日—30日"), "{cover}");
    assert!(
        !cover.contains('页'),
        "no page number on the cover: {cover}"
    );
    let contents = page_text(&e, DocumentKind::OrderBook, 2);
    let want = [
        ("组织机构", 3),
        ("裁判员名单", 3),
        ("竞赛规程", 4),
        ("赛场须知", 5),
        ("男子组", 6),
        ("女子组", 7),
    ];
    let listed: String = want.iter().map(|(t, p)| format!("{t}{p}")).collect();
    assert!(
        contents.starts_with("2026年深圳市少年象棋锦标赛目录"),
        "{contents}"
    );
    assert!(contents.contains(&listed), "{listed} in {contents}");
    assert!(contents.ends_with("第2页/共7页"), "{contents}");
    for (part, page) in want {
        let text = page_text(&e, DocumentKind::OrderBook, page);
        assert!(text.contains(part), "{part} on page {page}: {text}");
        assert!(text.ends_with(&format!("第{page}页/共7页")), "{text}");
    }
    let p3 = page_text(&e, DocumentKind::OrderBook, 3);
    for item in [
        "主办单位：深圳市体育总会",
        "承办单位：深圳市宝安区少年宫宝安区文化广电旅游体育局",
        "协办单位：深圳市棋院",
        "组委会：主任：王主任副主任：李副主任",
        "裁判长：周裁判",
        "副裁判长：吴副裁判",
        "裁判员：郑一、冯二陈三",
    ] {
        assert!(p3.contains(item), "{item} in {p3}");
    }
    assert!(page_text(&e, DocumentKind::OrderBook, 4).contains("一、竞赛日期和地点二、竞赛办法"));
    assert!(page_text(&e, DocumentKind::OrderBook, 5).contains("选手须提前十五分钟入场。"));

    // No details: no empty part, in the book or in its 目录: the sections follow on pages 3
    // and 4.
    let bare = order_book_event(false);
    let contents = page_text(&bare, DocumentKind::OrderBook, 2);
    assert!(
        contents.contains("目录男子组3女子组4第2页/共4页"),
        "{contents}"
    );
    for part in ["组织机构", "裁判员名单", "竞赛规程", "赛场须知"] {
        for page in 1..=4 {
            assert!(!page_text(&bare, DocumentKind::OrderBook, page).contains(part));
        }
    }
}

/// `n` distinct names without digits: a surname and one or two given characters.
fn names(n: usize) -> Vec<String> {
    let surnames: Vec<char> = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜"
        .chars()
        .collect();
    let given: Vec<char> = "一二三四五六七八九十明亮".chars().collect();
    (0..n)
        .map(|i| {
            let s = surnames[i % surnames.len()];
            let g = given[i / surnames.len() % given.len()];
            format!("{s}{g}")
        })
        .collect()
}

/// One Swiss section of `n` players of `unit` (n even), round 1 paired 1–2, 3–4 … without
/// results: board b has players 2b − 1 (red) and 2b.
fn paired_event(n: usize, unit: &str, name: &str) -> Event {
    let list = names(n);
    let games: Vec<(u32, u32, Outcome)> = (1..=n as u32 / 2)
        .map(|b| (2 * b - 1, 2 * b, Outcome::Draw))
        .collect();
    let mut s = SectionBuilder::new()
        .name("公开组")
        .entrants(list.iter().map(|n| bianpai::model::Entrant {
            name: n.clone(),
            unit: unit.into(),
            ..bianpai::model::Entrant::default()
        }))
        .round(&games)
        .build();
    s.id = SectionId(1);
    for g in &mut s.rounds[0].games {
        g.outcome = None;
    }
    Event {
        name: name.into(),
        sections: vec![s],
        ..Event::default()
    }
}

/// The pages of a `pdftotext -layout` text.
fn pages(text: &str) -> Vec<&str> {
    text.split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect()
}

/// Point 8: the wall sheet uses its page. At 16 pt on rows of 8.5 mm (the reasons in
/// `SheetStyle::Wall`), A4 landscape leaves 210 − 15 − 8 = 187 mm for the table's bottom and
/// the header of 12.8, 20 and 9.6 pt ends at 15 + (4.52 + 2) + (7.05 + 2) + (3.39 + 2) + 3 =
/// 41.96 mm (each line 1.2 times its size, 2.835 pt a mm): 145 mm, 17 rows of 8.5 mm, the
/// header row and 16 boards. 40 boards: two columns of 16 on page 1 (boards 1–16 and
/// 17–32), the other 8 on page 2. A round of 10 boards stays in one column with its points.
#[test]
fn the_wall_sheet_holds_32_boards_a_page_in_two_columns() {
    let e = paired_event(80, "黄浦区", "公开赛");
    let all = names(80);
    let text = text(&e, DocumentKind::WallSheet, Lang::Zh);
    let pages = pages(&text);
    assert_eq!(pages.len(), 2, "{text}");
    for (i, name) in all.iter().enumerate() {
        let board = i / 2 + 1;
        let page = if board <= 32 { 0 } else { 1 };
        assert!(pages[page].contains(name.as_str()), "board {board}: {name}");
        assert!(!pages[1 - page].contains(name.as_str()), "{name} once");
    }
    // Board 1 and board 17 side by side: the first column is filled first.
    let first = pages[0]
        .lines()
        .find(|l| cells(l).first() == Some(&"1"))
        .expect("board 1");
    assert!(
        first.contains(&all[0]) && first.contains(&all[32]),
        "{first}"
    );
    assert!(
        !pages[0].contains("积分"),
        "two columns leave the points out"
    );
    // The printing time is a Chinese date too (2026年12月6日 18:54).
    let printed = &text[text.find("打印时间").expect("printing time")..];
    let date: String = printed.chars().skip(5).take(12).collect();
    assert!(date.contains('年') && date.contains('月'), "{printed}");

    let small = paired_event(20, "黄浦区", "公开赛");
    let text = crate::pdf_paper::text(&small, DocumentKind::WallSheet, Lang::Zh);
    assert_eq!(pages_of(&text), 1);
    assert!(text.contains("积分"), "one column keeps the points");
}

fn pages_of(text: &str) -> usize {
    pages(text).len()
}

/// Point 8: a unit's name is printed whole where its cell holds it, and where the cell is too
/// narrow it breaks between its words (深圳市 / 宝安区少年宫), never inside one (深圳市宝 /
/// 安区少年宫).
#[test]
fn a_unit_name_breaks_only_between_its_words() {
    let unit = "深圳市宝安区少年宫";
    // One column (10 boards): a unit cell of 42 mm holds it at 70 % of 16 pt.
    let one = text(
        &paired_event(20, unit, "公开赛"),
        DocumentKind::WallSheet,
        Lang::Zh,
    );
    assert!(one.contains(unit), "{one}");
    // Two columns: 21 mm cells, too narrow: two lines, cut after 市 or 区.
    let two = text(
        &paired_event(80, unit, "公开赛"),
        DocumentKind::WallSheet,
        Lang::Zh,
    );
    let mut pieces = 0;
    for line in two.lines() {
        for cell in cells(line) {
            if "深圳市宝安区少年宫".contains(cell) && cell.chars().count() >= 2 {
                pieces += 1;
                assert!(
                    ["深圳市", "宝安区少年宫", "深圳市宝安区", "少年宫", unit].contains(&cell),
                    "{cell} in {line}"
                );
            }
        }
    }
    assert!(pieces >= 80, "every unit printed: {pieces}");
    // The arbiters' sheet and the result book's round tables too.
    for kind in [DocumentKind::PairingSheet, DocumentKind::Crosstable] {
        let t = text(&paired_event(20, unit, "公开赛"), kind, Lang::Zh);
        assert!(
            !t.contains("深圳市宝\n") && !t.contains("\n安区"),
            "{kind:?}: {t}"
        );
    }
}

/// Point 8: the certificate's closing formula 特发此证 is never broken over two lines, wherever
/// the body's line breaks fall: the event's name grows a character at a time, moving the
/// phrase through every place on a line.
#[test]
fn the_certificate_keeps_its_formula_whole() {
    use Outcome::RedWin;
    for extra in 0..30 {
        let name = format!("2026年{}象棋锦标赛", "深".repeat(extra));
        let mut s = SectionBuilder::new()
            .name("男子组")
            .unit("黄浦区", &["王一", "李二", "张三"])
            .round(&[(1, 2, RedWin)])
            .build();
        s.id = SectionId(1);
        let e = Event {
            name,
            sections: vec![s],
            ..Event::default()
        };
        let req = DocumentRequest::event(DocumentKind::Certificates, Lang::Zh);
        let pdf = make_document(&e, &req).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.pdf");
        std::fs::write(&path, &pdf.bytes).unwrap();
        let out = Command::new("pdftotext")
            .args([path.to_str().unwrap(), "-"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.lines().any(|l| l.contains("特发此证")),
            "{extra} more: {text}"
        );
        assert!(text.lines().any(|l| l.contains("以资鼓励")), "{text}");
    }
}

/// Point 8: English sheets read as English: “Round 1 pairings”, spaced; no full-width colon,
/// bracket, comma of enumeration or space in any document (the event, names and units here
/// are Latin, so any such character comes from the program).
#[test]
fn english_documents_have_english_headings_and_punctuation() {
    let mut e = paired_event(8, "Club", "Open");
    for (i, en) in e.sections[0].entrants.iter_mut().enumerate() {
        en.name = format!("Player {}", char::from(b'A' + i as u8));
    }
    e.sections[0].name = "Men".into();
    e.organiser = "Chess Association".into();
    e.venue = "Hall".into();
    e.chief_arbiter = "Arbiter".into();
    e.start_date = chrono::NaiveDate::from_ymd_opt(2026, 8, 29);
    e.end_date = chrono::NaiveDate::from_ymd_opt(2026, 8, 30);
    for g in &mut e.sections[0].rounds[0].games {
        g.outcome = Some(Outcome::RedWin);
    }
    let headings = [
        (DocumentKind::PairingSheet, "Men Round 1 pairings"),
        (DocumentKind::WallSheet, "Men Round 1 pairings"),
        (
            DocumentKind::Standings,
            "Men Standings after round 1 (Results not final)",
        ),
        (DocumentKind::Crosstable, "Men Crosstable after round 1"),
        (DocumentKind::OrderBook, "Round 1 pairings"),
        (DocumentKind::ResultBook, "Round 1: pairings and results"),
        (DocumentKind::Certificates, "Certificate"),
        (DocumentKind::Slips, "Men Round 1 Board 1"),
        (DocumentKind::PinyinList, "Men Round 1"),
    ];
    for (kind, heading) in headings {
        let text = text(&e, kind, Lang::En);
        let one_spaced: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            one_spaced.contains(heading),
            "{kind:?}: {heading} in {text}"
        );
        for c in ['：', '（', '）', '、', '；', '　', '，'] {
            assert!(!text.contains(c), "{kind:?}: {c} in {text}");
        }
    }
    let book = text(&e, DocumentKind::OrderBook, Lang::En);
    assert!(book.contains("Organiser: Chess Association"), "{book}");
    assert!(book.contains("2026-08-29 – 2026-08-30"), "{book}");
}

/// Point 8: the result book's signature never stands on a page alone, and no table leaves a
/// lone row on a page: for every field from 20 to 70 players (the standings table ending at
/// every height of the page), the page with the chief arbiter's signature holds at least the
/// standings' last two rows, and every page of the standings holds two rows or more.
#[test]
fn the_result_book_keeps_rows_with_the_signature() {
    for n in (20..=70).step_by(2) {
        let mut e = paired_event(n, "黄浦区", "公开赛");
        e.chief_arbiter = "周裁判".into();
        for g in &mut e.sections[0].rounds[0].games {
            g.outcome = Some(Outcome::RedWin);
        }
        let text = text(&e, DocumentKind::ResultBook, Lang::Zh);
        let all = pages(&text);
        let standings: Vec<&&str> = all
            .iter()
            .skip(1)
            .take_while(|p| !p.contains("成绩交叉表"))
            .collect();
        let rows = |p: &str| {
            p.lines()
                .filter(|l| {
                    let c = cells(l);
                    // A place (“3”, “3*” when drawn by lot) and a number.
                    let place = c.first().map(|p| p.trim_end_matches('*'));
                    c.len() >= 3
                        && place.is_some_and(|p| p.parse::<u32>().is_ok())
                        && c[1].parse::<u32>().is_ok()
                })
                .count()
        };
        let signed = standings
            .iter()
            .find(|p| p.contains("签字"))
            .unwrap_or_else(|| panic!("{n}: a signature"));
        assert!(rows(signed) >= 2, "{n} players: {signed}");
        for p in &standings {
            assert!(rows(p) >= 2, "{n} players, a lone row: {p}");
        }
    }
}

/// Point 3 in the exported lists too: the knockout's standings and crosstable as a spreadsheet
/// carry the bracket's places and the matches, not points.
#[test]
fn a_knockout_s_exported_lists_show_its_places_and_matches() {
    use bianpai::app::{ListKind, list_table};
    use bianpai::interchange::export::Cell;
    let e = knockout_event();
    let s = &e.sections[0];
    let text = |c: &Cell| match c {
        Cell::Text(t) => t.clone(),
        Cell::Int(i) => i.to_string(),
        _ => String::new(),
    };
    let row_of = |rows: &[Vec<Cell>], name: &str| -> Vec<String> {
        rows.iter()
            .find(|r| text(&r[2]) == name)
            .unwrap_or_else(|| panic!("{name}"))
            .iter()
            .map(text)
            .collect()
    };
    let st = list_table(s, ListKind::Standings, None, Lang::Zh).unwrap();
    assert_eq!(st.headers, ["名次", "序号", "姓名", "单位"]);
    assert_eq!(row_of(&st.rows, "辛八")[0], "5–8");
    assert_eq!(row_of(&st.rows, "甲一")[0], "1–4");
    let ct = list_table(s, ListKind::Crosstable, None, Lang::Zh).unwrap();
    assert_eq!(
        ct.headers.len(),
        5,
        "four columns and round 1: {:?}",
        ct.headers
    );
    assert_eq!(row_of(&ct.rows, "丁四")[4], "5胜 1.5:0.5");
    assert_eq!(row_of(&ct.rows, "乙二")[4], "7负 0:2");
}
