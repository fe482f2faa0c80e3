//! Acceptance of issue 8: for a generated 300-player, 9-round xiangqi Swiss with seed 000's
//! settings (3-1-0, 录谱 from round 2 on boards 1–12, the men's prize table, 三级运动员, top 32
//! qualify) plus a women's sub-ranking, overseas prizes and registered teams, every document
//! is produced; `pdftotext` finds every name, unit and score it should (worked out here from
//! the model, not read back from the program); header rows repeat on every page; no text is
//! wider than its box (measured again with the font); the round sheet stays under 300 KB and
//! the result book under 1.5 MB.
//!
//! Set BIANPAI_PDF_DIR to keep the PDFs for looking at them (pdftoppm -r 100 -png).
//! Needs poppler-utils (pdftotext, pdfinfo); .ci/run installs it.

use crate::common;
use bianpai::app::{DocumentKind, DocumentRequest, Tournament};
use bianpai::awards::{AwardOptions, AwardPreset, PrizeBand, PrizeTable, SpecialPrize, TaxBasis};
use bianpai::i18n::Lang;
use bianpai::model::{
    ByeKind, EntrantId, Event, Outcome, PointSystemPreset, RecordMoves, Section, SectionId, Sex,
    Side,
};
use bianpai::pairing::xiangqi::rtg::{RtgConfig, generate};
use bianpai::report::layout::{Font, Pdf};
use bianpai::standings::subrank::{Filter, SubRanking};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

const SURNAMES: &str = "周王李张陈刘杨赵黄吴孙郭何马林胡徐朱高罗梁宋唐许韩冯邓曹彭曾";
const GIVEN: &[&str] = &[
    "喆", "堃", "珺", "玥", "昇", "镕", "一帆", "志强", "晓东", "子龙", "佳怡", "思琪",
];
/// 30 units, no digits in them (the score checks read the first number after a name); two are
/// long enough to need shrinking or a second line.
const UNITS: [&str; 30] = [
    "嘉定区象棋协会",
    "浦东新区",
    "黄浦区少年宫",
    "徐汇区",
    "静安区棋院",
    "闵行区",
    "宝山区",
    "长宁区",
    "普陀区",
    "虹口区",
    "杨浦区",
    "松江区",
    "青浦区",
    "奉贤区",
    "金山区",
    "崇明区",
    "上海市嘉定区娄塘镇文化体育服务中心象棋俱乐部",
    "上海胡荣华教育培训有限公司",
    "上海棋院",
    "交通大学",
    "复旦大学",
    "同济大学",
    "华东师范大学",
    "上海财经大学",
    "铁路系统",
    "电力系统",
    "邮政系统",
    "Singapore Chinese Chess Federation",
    "香港象棋总会",
    "澳门象棋总会",
];
const LATIN: [&str; 4] = [
    "Nguyen Van An",
    "Lim Wei Ming",
    "Tan Ah Kow",
    "Ng Kok Leong",
];

fn event() -> Event {
    let cfg = RtgConfig {
        players: 300,
        rounds: 9,
        points: PointSystemPreset::ThreeOneZero.system(),
        units: 30,
        forfeit_permille: 10,
        withdraw_permille: 2,
        late_entries: 0,
        ..RtgConfig::default()
    };
    let g = generate(&cfg, 2026).unwrap();
    assert_eq!(g.stopped_at, None, "all 9 rounds paired");
    let mut s: Section = g.section;
    let surnames: Vec<char> = SURNAMES.chars().collect();
    for (i, e) in s.entrants.iter_mut().enumerate() {
        // The generator names units U0…U29; give them real names one for one.
        let k: usize = e.unit.trim_start_matches('U').parse().unwrap();
        e.unit = UNITS[k].to_string();
        e.name = format!("{}{}", surnames[i % 30], GIVEN[i / 30 % GIVEN.len()]);
        if i / 30 >= GIVEN.len() {
            e.name.push('二');
        }
        e.sex = if i % 4 == 0 { Sex::Female } else { Sex::Male };
        if i % 29 == 7 {
            e.overseas = true;
            if i % 2 == 1 {
                e.name = LATIN[i % LATIN.len()].to_string() + &i.to_string();
            }
        }
    }
    // The first three of each unit are on the team entry form.
    let mut count: BTreeMap<String, u32> = BTreeMap::new();
    for e in &mut s.entrants {
        let c = count.entry(e.unit.clone()).or_default();
        *c += 1;
        e.team_member = *c <= 3;
    }
    s.id = SectionId(1);
    s.name = "男子个人组".into();
    s.settings.record_moves = RecordMoves {
        from_round: 2,
        boards: 12,
    };
    s.settings.round_times = (1..=9)
        .map(|r| format!("8月{}日 {}:00", 28 + (r + 4) / 5, 8 + r))
        .collect();
    let mut awards = AwardOptions::preset(AwardPreset::Seed000Men);
    awards.special_prizes.push(SpecialPrize {
        places: None,
        name: "境外运动员".into(),
        table: PrizeTable {
            bands: vec![PrizeBand::range(1, 8, 1000)],
            tax: TaxBasis::BeforeTax,
        },
        stacks: true,
    });
    s.settings.awards = Box::new(awards);
    // Seed 000: only the members on the team entry form count.
    s.settings.standings.team.registered_only = true;
    s.settings.standings.sub_rankings = vec![SubRanking {
        name: "女子".into(),
        filter: Filter::Sex(Sex::Female),
    }];
    Event {
        name: "2026年“嘉定娄塘杯”上海市象棋锦标赛".into(),
        organiser: "上海市体育局".into(),
        venue: "上海市嘉定区娄塘镇文化体育服务中心".into(),
        start_date: chrono::NaiveDate::from_ymd_opt(2026, 8, 29),
        end_date: chrono::NaiveDate::from_ymd_opt(2026, 8, 30),
        chief_arbiter: "吴良".into(),
        entry_cap: None,
        details: Default::default(),
        sections: vec![s],
    }
}

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{name} not found ({e}); install poppler-utils"));
    assert!(out.status.success(), "{name} {args:?} failed");
    String::from_utf8(out.stdout).unwrap()
}

fn text_of(pdf: &Path) -> String {
    tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"])
}

fn page_text(pdf: &Path, page: usize) -> String {
    let p = page.to_string();
    tool(
        "pdftotext",
        &["-layout", "-f", &p, "-l", &p, pdf.to_str().unwrap(), "-"],
    )
}

fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Is `want` in the squeezed text `sq`, whole or as the two lines of a wrapped cell (which
/// `pdftotext -layout` prints apart, with the row's other cells between them)?
fn printed(sq: &str, want: &str) -> bool {
    let w: Vec<char> = squeeze(want).chars().collect();
    let whole: String = w.iter().collect();
    sq.contains(&whole)
        || (2..w.len().saturating_sub(1)).any(|k| {
            sq.contains(&w[..k].iter().collect::<String>())
                && sq.contains(&w[k..].iter().collect::<String>())
        })
}

/// 3-1-0 as seed 000 writes it (胜 3、和 1、负 0; a bye or a forfeit win scores as a win).
fn points_in(s: &Section, who: EntrantId, round: u32) -> i32 {
    let r = s.round(round).unwrap();
    if let Some(g) = r.game_of(who) {
        let side = if g.red == who { Side::Red } else { Side::Black };
        return match g.outcome.unwrap() {
            Outcome::Draw => 1,
            Outcome::DoubleForfeit => 0,
            o if o.winner() == Some(side) => 3,
            _ => 0,
        };
    }
    match r.bye_of(who).map(|b| b.kind) {
        Some(ByeKind::Pairing | ByeKind::Full) => 3,
        Some(ByeKind::Half) => 1,
        _ => 0,
    }
}

fn total(s: &Section, who: EntrantId) -> i32 {
    (1..=9).map(|r| points_in(s, who, r)).sum()
}

/// The first whole number printed after `name` on its line.
fn number_after(text: &str, name: &str) -> Option<i32> {
    let line = text.lines().find(|l| l.contains(name))?;
    let rest = &line[line.find(name)? + name.len()..];
    rest.split_whitespace().find_map(|w| w.parse().ok())
}

/// Every text lies inside its box and its page, measured again with the font.
fn assert_fits(pdf: &Pdf, font: &Font, what: &str) {
    for b in &pdf.boxes {
        let w = font.width_mm(&b.text, b.size);
        assert!(
            w <= b.width + 1e-3,
            "{what}: {:?} at {} pt is {w} mm, its box {} mm",
            b.text,
            b.size,
            b.width
        );
        let page_w = pdf.pages[b.page].size().0;
        assert!(
            b.x >= 0.0 && b.x + b.width <= page_w + 1e-3,
            "{what}: box of {:?} leaves the page",
            b.text
        );
    }
}

/// Every page carries "第 x 页 / 共 y 页" (but a book's cover, page 1 when the table pages
/// begin later, which carries none: issue 37) and, for table pages, the header row.
fn assert_pages(path: &Path, pdf: &Pdf, header: &[&str], first_table_page: usize) {
    let n = pdf.pages.len();
    for p in 1..=n {
        let text = page_text(path, p);
        let numbered = squeeze(&text).contains(&format!("第{p}页/共{n}页"));
        let cover = p == 1 && first_table_page > 1;
        assert!(numbered != cover, "{}: page {p}", path.display());
        if p >= first_table_page {
            let first = text.lines().find(|l| header.iter().all(|h| l.contains(h)));
            assert!(
                first.is_some(),
                "{}: page {p} lacks the header row {header:?}",
                path.display()
            );
        }
    }
}

struct Made {
    path: std::path::PathBuf,
    pdf: Pdf,
}

fn make(t: &Tournament, dir: &Path, kind: DocumentKind, round: Option<u32>) -> Made {
    let req = DocumentRequest {
        section: Some(t.event().sections[0].id),
        round,
        ..DocumentRequest::event(kind, Lang::Zh)
    };
    let pdf = t.document(&req).unwrap();
    let path = dir.join(format!("{kind:?}.pdf"));
    std::fs::write(&path, &pdf.bytes).unwrap();
    let font = Font::load().unwrap();
    assert_fits(&pdf, &font, &format!("{kind:?}"));
    // 禁则: no line of any document starts with closing punctuation.
    for b in &pdf.boxes {
        assert!(
            !b.text.starts_with([
                '，', '。', '、', '；', '：', '？', '！', '）', '」', '》', '”'
            ]),
            "{kind:?}, page {}: a line starts with closing punctuation: {}",
            b.page + 1,
            b.text
        );
    }
    Made { path, pdf }
}

#[test]
fn every_document_of_a_300_player_9_round_event() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = match std::env::var_os("BIANPAI_PDF_DIR") {
        Some(d) => {
            std::fs::create_dir_all(&d).unwrap();
            std::path::PathBuf::from(d)
        }
        None => tmp.path().to_path_buf(),
    };
    // With BIANPAI_PDF_DIR the event file is kept too, for timing the release CLI on it.
    let file = dir.join("e300.bianpai");
    let _ = std::fs::remove_file(&file);
    let t = Tournament::create(&file, &event()).unwrap();
    let s = t.event().sections[0].clone();
    let no = |id: EntrantId| s.entrant(id).unwrap().number.unwrap();
    let nm = |id: EntrantId| s.entrant(id).unwrap().name.clone();

    // Round sheet of round 9: every player of the round, 录谱 marks on boards 1–12 only.
    let sheet = make(&t, &dir, DocumentKind::PairingSheet, Some(9));
    let size = sheet.pdf.bytes.len();
    assert!(size < 300 * 1024, "round sheet {size} bytes");
    let text = text_of(&sheet.path);
    let sq = squeeze(&text);
    assert!(
        sq.contains("第9轮8月30日17:00"),
        "the round's time in the header"
    );
    let r9 = s.round(9).unwrap();
    for g in &r9.games {
        for id in [g.red, g.black] {
            assert!(text.contains(&nm(id)), "sheet lacks {}", nm(id));
            assert!(printed(&sq, &s.entrant(id).unwrap().unit));
        }
        if g.board <= 12 {
            let marked = sq.contains(&format!("★{}{}", g.board, no(g.red)));
            assert!(marked, "board {} lacks its 录谱 mark", g.board);
        }
    }
    // No other board is marked. (Looking for "★121…" alone could be fooled by board 12's mark
    // followed by a red number that starts with 1: the squeezed text has no cell borders.)
    let marks = sq
        .split('★')
        .skip(1)
        .filter(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(marks, 12, "录谱 marks on boards 1–12 only");
    assert_pages(
        &sheet.path,
        &sheet.pdf,
        &["台次", "序号", "红方", "单位", "黑方"],
        1,
    );

    let wall = make(&t, &dir, DocumentKind::WallSheet, Some(9));
    // Two columns of boards (issue 37): a long Latin name wraps at its space in the narrower
    // name cells.
    let sq = squeeze(&text_of(&wall.path));
    for g in &r9.games {
        assert!(printed(&sq, &nm(g.red)) && printed(&sq, &nm(g.black)));
    }
    assert_pages(&wall.path, &wall.pdf, &["台次", "红方", "黑方"], 1);

    let slips = make(&t, &dir, DocumentKind::Slips, Some(9));
    let text = text_of(&slips.path);
    assert_eq!(text.matches("裁判员").count(), r9.games.len());
    assert_eq!(text.matches("须录谱").count(), 12);

    let pinyin = make(&t, &dir, DocumentKind::PinyinList, Some(9));
    let text = text_of(&pinyin.path);
    for g in &r9.games {
        assert!(text.contains(&nm(g.red)) && text.contains(&nm(g.black)));
    }
    assert_pages(
        &pinyin.path,
        &pinyin.pdf,
        &["姓名", "序号", "台次", "对手"],
        1,
    );

    // Standings after round 9: every player with the points worked out here, in order, and
    // the tiebreak columns under the regulations' names.
    let st = make(&t, &dir, DocumentKind::Standings, None);
    let text = text_of(&st.path);
    let header = [
        "名次",
        "序号",
        "姓名",
        "单位",
        "积分",
        "对手分",
        "胜局",
        "犯规",
        "后走局数",
        "后走胜局",
        "前一轮名次",
    ];
    assert_pages(&st.path, &st.pdf, &header, 1);
    let mut printed_points = Vec::new();
    for line in text.lines() {
        if let Some(e) = s.entrants.iter().find(|e| line.contains(&e.name)) {
            printed_points.push((e.id, number_after(line, &e.name)));
        }
    }
    assert_eq!(printed_points.len(), 300, "every player once");
    for (id, p) in &printed_points {
        assert_eq!(*p, Some(total(&s, *id)), "points of {}", nm(*id));
    }
    assert!(
        printed_points.windows(2).all(|w| w[0].1 >= w[1].1),
        "standings are in order of points"
    );

    // Crosstable: per round the opponent's number, colour and result, worked out here.
    let ct = make(&t, &dir, DocumentKind::Crosstable, None);
    let text = text_of(&ct.path);
    assert_pages(
        &ct.path,
        &ct.pdf,
        &["名次", "姓名", "第1轮", "第9轮", "积分"],
        1,
    );
    assert!(
        ct.pdf.pages.iter().all(|p| p.size().0 > p.size().1),
        "landscape"
    );
    for e in &s.entrants {
        let line = text.lines().find(|l| l.contains(&e.name)).unwrap();
        for r in 1..=9 {
            let round = s.round(r).unwrap();
            let want = if let Some(g) = round.game_of(e.id) {
                let (opp, colour) = if g.red == e.id {
                    (g.black, "红")
                } else {
                    (g.red, "黑")
                };
                let o = g.outcome.unwrap();
                let won = o.winner()
                    == Some(if g.red == e.id {
                        Side::Red
                    } else {
                        Side::Black
                    });
                let res = match (o.is_played(), o) {
                    (true, Outcome::Draw) => "和",
                    (true, _) if won => "胜",
                    (true, _) => "负",
                    (false, _) if won => "+",
                    (false, _) => "-",
                };
                format!("{}{colour}{res}", no(opp))
            } else if round.bye_of(e.id).is_some() {
                "轮空".to_string()
            } else {
                continue;
            };
            assert!(
                line.split_whitespace().any(|w| w == want),
                "{} round {r}: {want} not in {line}",
                e.name
            );
        }
        assert_eq!(
            line.split_whitespace().last().and_then(|w| w.parse().ok()),
            Some(total(&s, e.id)),
            "{line}"
        );
    }

    // Order book: every entrant under the unit, round 1.
    let ob = make(&t, &dir, DocumentKind::OrderBook, None);
    let sq = squeeze(&text_of(&ob.path));
    for e in &s.entrants {
        assert!(sq.contains(&squeeze(&format!("{} {}", e.number.unwrap(), e.name))));
        assert!(printed(&sq, &e.unit));
    }
    assert!(sq.contains("第1轮对阵表") && sq.contains("上海市体育局"));
    assert!(sq.contains("自第2轮起，前12台须录谱"));
    // The rules in brief come from the settings: tiebreaks, places, money, titles, qualifiers,
    // and the schedule.
    for line in [
        "名次区分：对手分、胜局、犯规、后走局数、后走胜局、前一轮名次",
        "录取名次：300人参赛录取前8名",
        "奖金（税前）：第1名10000元、第2名5000元",
        "第9–12名各300元、第13–16名各200元",
        "第1–8名授予三级运动员（须至少15人上场比赛）",
        "前32名获得参赛资格",
        "赛程",
        "第1轮8月29日9:00",
        "第9轮8月30日17:00",
    ] {
        assert!(sq.contains(line), "order book lacks {line}");
    }

    // Result book.
    let rb = make(&t, &dir, DocumentKind::ResultBook, None);
    let size = rb.pdf.bytes.len();
    assert!(size < 1536 * 1024, "result book {size} bytes");
    let text = text_of(&rb.path);
    let sq = squeeze(&text);
    assert!(sq.contains("成绩册") && sq.contains("男子个人组最终名次"));
    for e in &s.entrants {
        assert!(text.contains(&e.name) && printed(&sq, &e.unit));
    }
    // Every round's pairings with results.
    for r in &s.rounds {
        assert!(sq.contains(&format!("第{}轮对阵及成绩", r.number)));
    }
    let words = |o: Outcome| match o {
        Outcome::RedWin => "红胜",
        Outcome::Draw => "和",
        Outcome::BlackWin => "黑胜",
        Outcome::RedWinByForfeit => "黑方弃权",
        Outcome::BlackWinByForfeit => "红方弃权",
        Outcome::DoubleForfeit => "双方弃权",
    };
    let lines: Vec<&str> = text.lines().collect();
    for g in &s.round(5).unwrap().games {
        let (red, black) = (nm(g.red), nm(g.black));
        assert!(
            lines.iter().any(|l| {
                l.contains(&red)
                    && l.contains(&black)
                    && l.split_whitespace().any(|w| w == words(g.outcome.unwrap()))
            }),
            "round 5 board {}: {red} {black}",
            g.board
        );
    }
    // Final places by the program's ranking, the awards worked out here from the seed's text.
    let final_order: Vec<EntrantId> = bianpai::standings::standings(&s, 9)
        .iter()
        .map(|r| r.entrant)
        .collect();
    let men_money = [
        10000, 5000, 3000, 1500, 1000, 800, 600, 500, 300, 300, 300, 300, 200, 200, 200, 200,
    ];
    for (place, id) in final_order.iter().enumerate().take(16) {
        let want = men_money[place].to_string();
        let line = lines
            .iter()
            .find(|l| l.contains("名次奖") && l.contains(&nm(*id)))
            .unwrap_or_else(|| panic!("no prize line for place {}", place + 1));
        assert!(line.split_whitespace().any(|w| w == want), "{line}");
    }
    // The seed's 奖金合计 29700 元 covers both sections: the men's column sums to 24400, the
    // women's to 5300.
    assert_eq!(men_money.iter().sum::<i32>(), 24400);
    assert!(sq.contains("奖金合计：24400元（税前）"), "men's total");
    let overseas: Vec<EntrantId> = final_order
        .iter()
        .copied()
        .filter(|id| s.entrant(*id).unwrap().overseas)
        .collect();
    let paid = overseas.len().min(8);
    assert!(sq.contains(&format!("奖金合计：{}元（税前）", paid * 1000)));
    // 三级运动员 to the top 8 (far more than 15 played).
    assert_eq!(text.matches("三级运动员").count(), 8);
    // Top 32 qualify.
    let q = text.find("获得参赛资格名单").expect("qualifier list");
    let end = q + text[q..].find("成绩交叉表").unwrap();
    let list = &text[q..end];
    for id in &final_order[..32] {
        assert!(list.contains(&nm(*id)), "qualifier {}", nm(*id));
    }
    assert!(!list.contains(&nm(final_order[32])), "only 32 qualify");
    // Team standings: the sum of each unit's best three registered members' places, here.
    let place: BTreeMap<EntrantId, usize> = final_order
        .iter()
        .enumerate()
        .map(|(i, id)| (*id, i + 1))
        .collect();
    let mut sums: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for e in s.entrants.iter().filter(|e| e.team_member) {
        sums.entry(e.unit.as_str()).or_default().push(place[&e.id]);
    }
    for (unit, mut places) in sums {
        places.sort();
        let sum: usize = places.iter().take(3).sum();
        let members: Vec<String> = places.iter().take(3).map(|p| format!("({p})")).collect();
        let found = lines.iter().any(|l| {
            let sq = squeeze(l);
            sq.contains(&squeeze(unit))
                && l.split_whitespace().any(|w| w == sum.to_string())
                && members.iter().all(|m| sq.contains(m))
        });
        // A long unit name wraps; its line then holds only part of the name.
        if squeeze(unit).chars().count() <= 12 {
            assert!(found, "team {unit}: sum {sum}");
        }
    }
    assert!(sq.contains("女子名次"), "the women's sub-ranking");
    assert!(
        sq.contains("裁判长：吴良"),
        "chief arbiter's signature line"
    );
    assert_pages(&rb.path, &rb.pdf, &[], 2);

    // Certificates: 8 places, the overseas prize places, 8 teams; one page each, no page
    // numbers.
    let cert = make(&t, &dir, DocumentKind::Certificates, None);
    assert_eq!(cert.pdf.pages.len(), 8 + paid + 8);
    let text = text_of(&cert.path);
    assert!(!text.contains("页"));
    assert_eq!(text.matches("获奖证书").count(), 8 + paid + 8);
    for (i, id) in final_order.iter().take(8).enumerate() {
        let words = ["一", "二", "三", "四", "五", "六", "七", "八"][i];
        let page = page_text(&cert.path, i + 1);
        assert!(
            page.contains(&nm(*id)) && squeeze(&page).contains(&format!("荣获第{words}名")),
            "certificate {}: {page}",
            i + 1
        );
    }
}

#[test]
fn a3_sheets_are_a3_and_bad_requests_are_errors() {
    use bianpai::app::AppError;
    use bianpai::report::layout::PaperSize;
    let (dir, t) = common::create(&bianpai::app::demo_event());
    let id = t.event().sections[0].id;
    let req = DocumentRequest {
        section: Some(id),
        paper: PaperSize::A3,
        ..DocumentRequest::event(DocumentKind::Crosstable, Lang::Zh)
    };
    let pdf = t.document(&req).unwrap();
    assert_eq!(pdf.pages[0].size(), (420.0, 297.0), "A3 landscape");
    let wall = DocumentRequest {
        kind: DocumentKind::WallSheet,
        ..req.clone()
    };
    let pdf = t.document(&wall).unwrap();
    assert_eq!(pdf.pages[0].size(), (420.0, 297.0));
    // No section, a round not paired: clear errors, no panic, no file.
    let none = DocumentRequest {
        section: None,
        ..req.clone()
    };
    assert!(matches!(t.document(&none), Err(AppError::NoSuch(_))));
    let later = DocumentRequest {
        round: Some(7),
        kind: DocumentKind::Standings,
        ..req.clone()
    };
    let out = dir.path().join("x.pdf");
    assert!(matches!(
        t.export_document(&later, &out, false),
        Err(AppError::NoSuch(_))
    ));
    assert!(!out.exists());
    // Every document of the demo (round 1 only) is made in English too.
    for kind in DocumentKind::ALL {
        let req = DocumentRequest {
            section: Some(id),
            ..DocumentRequest::event(kind, Lang::En)
        };
        let pdf = t.document(&req).unwrap();
        assert!(!pdf.pages.is_empty(), "{kind:?}");
    }
}
