//! Issue 20, acceptance: one window test per seed — seed 001, the “中国体育彩票杯”2026年北京市
//! 象棋锦标赛, run from an empty file only through the widgets a person uses: 文件 → 新建赛事, the
//! event's details (with 全赛限报人数, 十二(三) 限报300人) and three sections' settings typed in
//! the Event tab (Ctrl+S), the entry list (with birth dates) imported in the Entrants tab
//! (Ctrl+I), the numbers drawn by lot (Ctrl+L), every round paired (Ctrl+P) and its results
//! typed with the result keys, and the order book, result book and certificates saved from the
//! Documents tab. The PDFs are read back with `pdftotext`.
//!
//! Every section of 二(二), as the regulation sets it:
//! - 男子个人组 (补充规定 二(二)1: 积分编排制，9轮, “含U18组2人”): the U18 players are ranked
//!   inside the adult group and in a U18 sub-ranking besides (七 U18组: 2008-01-01 至
//!   2009-12-31); 16 entrants, 八(一) 录取前八名.
//! - 女子个人组 (二(二)2: 一局循环制, “含U18组1人”): 4 entrants, 八(二) 录取前六名, and 十一
//!   “不足9人参赛的，减一录取名次”: three places.
//! - U16组 (二(二)3: 积分编排制，7轮; 七: 2010-01-01 至 2011-12-31): boys and girls in one
//!   ranking, 八(三) 录取前八名.
//! - U14组, U12组, U10组, U8组 (二(二)4–7: 积分编排制, 7, 7, 9 and 7 rounds; 七's birth years):
//!   each ONE section whose boys and girls are placed apart, 八(四)–(七) “男子录取前八名、女子录取
//!   前七名 / 前五名 / 前七名 / 前三名”, typed as the sub-rankings U14男子 / U14女子 … and their
//!   special prizes (places, no money: 颁发证书和奖品); the section itself awards no places of
//!   its own. Whether 十一's “减一” applies inside a sub-ranking (rules.md §1.9 reads 八(七) U8
//!   女子前三名 as four girls less one) makes no difference here: every group has at least one
//!   girl more than its girls' places, and nine boys or more, so the test does not take a side.
//!
//! 七(一) 竞赛项目：男、女个人 — no team competition: nobody is on a team form and no team
//! prize is set, so the result book has no 团体名次 (nothing to switch off).
//!
//! The birth-date ranges of 七 are checked through the import: a late form with a man born in
//! 1980 and a U14 player born in 2011 is refused by both sections' previews.
//!
//! The 技术等级 standard (十三, 三级运动员) is not checked: the regulation's standard table
//! (技术等级晋升标准表) is empty in the seed, so no place can be worked out from it.
//!
//! Every figure checked comes from the regulation's words or from the results this test typed,
//! never from the program: 2-1-0 points (rules.md §1.2: 北京 2026 does not state it, the rule's
//! default), the Swiss ranking of 补充规定 七(一) (积分, 对手分, 胜局, 犯规, 后走局数, 后走胜局; a
//! tie left after them goes to 前一轮名次 or the lot, which the test does not predict, so such a
//! player's place is not checked), the round robin's of 七(二), round 1 by 三(一) (1号对2号、4号
//! 对3号、5号对6号、8号对7号), and the places of 十一 and 八.
//!
//! The games are decided by a fixed strength order (the order of the entry list): the stronger
//! wins, two neighbours in it draw. Set BIANPAI_KEEP_SEED_FILE to a path to keep the event file.

use crate::common::window::*;
use bianpai::i18n::{Lang, tiebreak_preset_label};
use bianpai::model::{EntrantId, Game, Section, Sex};
use bianpai::standings::Preset;
use std::collections::HashMap;

const EVENT: &str = "“中国体育彩票杯”2026年北京市象棋锦标赛";
const MEN: &str = "男子个人组";
const WOMEN: &str = "女子个人组";
const U14: &str = "U14组";

/// A youth group of 二(二), 七 and 八.
struct Junior {
    name: &'static str,
    /// The age band its sub-rankings are named after: U14男子, U14女子.
    band: &'static str,
    rounds: u32,
    /// 七: born from, born to.
    born: (&'static str, &'static str),
    boys: usize,
    girls: usize,
    /// 八: the boys' and the girls' places when they are placed apart; None: one ranking of
    /// eight places (八(三) U16组).
    apart: Option<(u32, u32)>,
    /// The given names of its boys and girls, so that every player's name is his own.
    given: (&'static str, &'static str),
}

const JUNIORS: [Junior; 5] = [
    Junior {
        name: "U16组",
        band: "U16",
        rounds: 7,
        born: ("2010-01-01", "2011-12-31"),
        boys: 8,
        girls: 4,
        apart: None,
        given: ("少棋", "少萌"),
    },
    Junior {
        name: U14,
        band: "U14",
        rounds: 7,
        born: ("2012-01-01", "2013-12-31"),
        boys: 10,
        girls: 8,
        apart: Some((8, 7)),
        given: ("小棋", "小萌"),
    },
    Junior {
        name: "U12组",
        band: "U12",
        rounds: 7,
        born: ("2014-01-01", "2015-12-31"),
        boys: 10,
        girls: 6,
        apart: Some((8, 5)),
        given: ("童棋", "童萌"),
    },
    Junior {
        name: "U10组",
        band: "U10",
        rounds: 9,
        born: ("2016-01-01", "2017-12-31"),
        boys: 10,
        girls: 8,
        apart: Some((8, 7)),
        given: ("幼棋", "幼萌"),
    },
    Junior {
        name: "U8组",
        band: "U8",
        rounds: 7,
        born: ("2018-01-01", "2019-12-31"),
        boys: 10,
        girls: 4,
        apart: Some((8, 3)),
        given: ("苗棋", "苗萌"),
    },
];

/// 2-1-0: the rule's default, the regulation names no other.
const WIN: i64 = 2;
const DRAW: i64 = 1;

/// 十一: 各组别均录取前八名（八: 女子个人组前六名 …），不足9人参赛的，减一录取名次.
fn places_awarded(places: usize, entrants: usize) -> usize {
    if entrants >= 9 {
        places
    } else {
        places.min(entrants - 1)
    }
}

/// One line of the entry list (附件1).
#[derive(Clone)]
struct Entry {
    name: String,
    sex: Sex,
    born: String,
    unit: &'static str,
}

const UNITS: [&str; 6] = ["东城区", "西城区", "海淀区", "朝阳区", "丰台区", "北京棋院"];

const FAMILY: [&str; 20] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林",
    "郭", "何", "罗", "梁",
];

/// The men, strongest first: 16, of whom the 5th and the 12th strongest are U18 (born 2008 and
/// 2009).
fn men() -> Vec<Entry> {
    FAMILY[..16]
        .iter()
        .enumerate()
        .map(|(i, f)| Entry {
            name: format!("{f}京生"),
            sex: Sex::Male,
            born: match i {
                4 => "2008-03-01",
                11 => "2009-07-15",
                _ => ["1985-05-01", "1990-10-10", "1998-02-20", "2003-12-31"][i % 4],
            }
            .to_string(),
            unit: UNITS[i % UNITS.len()],
        })
        .collect()
}

/// The women, strongest first: 4, the second strongest U18 (born 2009).
fn women() -> Vec<Entry> {
    [
        ("钱丽华", "1992-04-04"),
        ("冯小雨", "2009-05-05"),
        ("蒋文静", "1988-08-08"),
        ("沈月", "2001-01-01"),
    ]
    .iter()
    .enumerate()
    .map(|(i, (name, born))| Entry {
        name: name.to_string(),
        sex: Sex::Female,
        born: born.to_string(),
        unit: UNITS[i],
    })
    .collect()
}

/// A youth group's players, strongest first, the girls spread through the order; born in
/// the group's two years, alternately.
fn juniors(j: &Junior) -> Vec<Entry> {
    let n = j.boys + j.girls;
    (0..n)
        .map(|i| {
            let girl = (i + 1) * j.girls / n > i * j.girls / n;
            let (sex, given) = if girl {
                (Sex::Female, j.given.1)
            } else {
                (Sex::Male, j.given.0)
            };
            let born = if i % 2 == 0 {
                format!("{}-06-01", &j.born.0[..4])
            } else {
                format!("{}-09-30", &j.born.1[..4])
            };
            Entry {
                name: format!("{}{given}", FAMILY[i]),
                sex,
                born,
                unit: UNITS[i % UNITS.len()],
            }
        })
        .collect()
}

/// Every section and its entry list, in the regulation's order.
fn lists() -> Vec<(&'static str, Vec<Entry>)> {
    let mut out = vec![(MEN, men()), (WOMEN, women())];
    out.extend(JUNIORS.iter().map(|j| (j.name, juniors(j))));
    out
}

/// The entry list as the units send it back: one file, a row per player with his group.
fn entry_csv(path: &std::path::Path) {
    let mut text = String::from("姓名,性别,出生日期,单位,组别\n");
    for (section, list) in lists() {
        for e in list {
            let sex = if e.sex == Sex::Male { "男" } else { "女" };
            text += &format!("{},{sex},{},{},{section}\n", e.name, e.born, e.unit);
        }
    }
    std::fs::write(path, text).unwrap();
}

/// The Event tab: one section's settings, as the regulation gives them.
struct SectionSetup {
    round_robin: bool,
    rounds: u32,
    /// Who may enter (七, 八 of the 规程): sex, born from, born to.
    sex: Option<&'static str>,
    born: (&'static str, &'static str),
    tiebreaks: Preset,
    /// 录取名次, one fewer below nine entrants.
    places: u32,
    sub_rankings: String,
    special_prizes: String,
}

fn set_up_section(h: &mut Window, name: &str, s: &SectionSetup) {
    add_section(h, name);
    if s.round_robin {
        click(h, "循环制");
    }
    retype(h, "轮数", &s.rounds.to_string());
    click(h, "2-1-0");
    retype(h, "出生日期从", s.born.0);
    retype(h, "至", s.born.1);
    if let Some(sex) = s.sex {
        click_nth(h, sex, 0);
    }
    if !s.round_robin {
        // 三(一): 1号对2号、4号对3号 … (no unit avoided); 如有选手弃权两轮，则自下一轮起不再
        // 进行编排.
        retype(h, "自第几轮", "0");
        retype(h, "至第几轮", "0");
        retype(h, "弃权几轮后不再编排（0＝不限）", "2");
        click(h, "累计");
    }
    click(h, &tiebreak_preset_label(s.tiebreaks, Lang::Zh));
    type_number(h, "录取", 0, s.places);
    if !s.sub_rankings.is_empty() {
        retype_lines(h, "分组排名（每行一个）", &s.sub_rankings);
    }
    if !s.special_prizes.is_empty() {
        retype_lines(h, "特别奖（每行一个）", &s.special_prizes);
    }
    save_section(h);

    let saved = shown_section(h).settings;
    assert_eq!(saved.rounds, s.rounds);
    assert_eq!(
        saved.eligibility.born_from.unwrap().to_string(),
        s.born.0,
        "{name}: born from"
    );
    assert_eq!(saved.eligibility.born_to.unwrap().to_string(), s.born.1);
    assert_eq!(saved.standings.tiebreaks, s.tiebreaks.list());
    assert_eq!(
        saved.awards.places,
        bianpai::awards::PlacesRule::ReduceIfFewer { places: s.places }
    );
}

/// 补充规定 七(一): 积分, 对手分 (the sum of the opponents' scores), 胜局, 犯规 (none were
/// entered), 后走局数, 后走胜局. Larger is better in every place.
fn swiss_key(recs: &HashMap<EntrantId, Record>, id: EntrantId) -> Vec<i64> {
    let r = &recs[&id];
    let opp: i64 = r.opponents.iter().map(|o| recs[o].points).sum();
    vec![r.points, opp, r.wins, 0, r.black_games, r.black_wins]
}

/// 补充规定 七(二) as far as these games need it: 积分, 小分 (the points of the opponents beaten
/// plus half those drawn with), 胜局. (The test's round robin leaves no tie on points.)
fn round_robin_key(recs: &HashMap<EntrantId, Record>, id: EntrantId) -> Vec<i64> {
    vec![recs[&id].points, 0, recs[&id].wins]
}

/// The players in order, as groups the rule's steps above cannot separate.
fn ranking(
    recs: &HashMap<EntrantId, Record>,
    key: impl Fn(&HashMap<EntrantId, Record>, EntrantId) -> Vec<i64>,
) -> Vec<Vec<EntrantId>> {
    let mut ids: Vec<EntrantId> = recs.keys().copied().collect();
    ids.sort_by_key(|&id| (std::cmp::Reverse(key(recs, id)), id));
    let mut groups: Vec<Vec<EntrantId>> = Vec::new();
    for id in ids {
        match groups.last_mut() {
            Some(g) if key(recs, g[0]) == key(recs, id) => g.push(id),
            _ => groups.push(vec![id]),
        }
    }
    groups
}

/// The place of each player whose place the rule decides, within the players `within` takes:
/// (place, player).
fn decided_places(
    groups: &[Vec<EntrantId>],
    within: impl Fn(EntrantId) -> bool,
) -> Vec<(u32, EntrantId)> {
    let mut out = Vec::new();
    let mut next = 1;
    for g in groups {
        let members: Vec<EntrantId> = g.iter().copied().filter(|&id| within(id)).collect();
        if members.len() == 1 {
            out.push((next, members[0]));
        }
        next += members.len() as u32;
    }
    out
}

/// The certificate pages of the PDF, squeezed.
fn certificate_pages(text: &str) -> Vec<String> {
    text.split('\u{c}')
        .map(squeeze)
        .filter(|p| !p.is_empty())
        .collect()
}

/// 第一名, 第二名 … as a certificate writes a place.
fn place_words(place: u32) -> String {
    let digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    format!("第{}名", digits[place as usize])
}

#[test]
fn seed_001_from_an_empty_file_to_the_result_book_through_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = empty_window(dir.path());
    let file = dir.path().join("北京市象棋锦标赛.bianpai");
    new_event(&mut h, &file);

    // 一、四、五; 十二(三) 限报300人，额满即止.
    type_event_details(
        &mut h,
        [
            EVENT,
            "北京市体育局",
            "北京中成天坛假日酒店天坛厅",
            "2026-09-26",
            "2026-09-27",
        ],
    );
    retype(&mut h, "全赛限报人数", "300");
    click(&mut h, "保存赛事信息");
    no_error(&h, "saving the entry cap");
    assert_eq!(event(&h).entry_cap, Some(300));

    // 七 (分组), 补充规定 二(二), 三, 七, 八.
    let u18 = "U18 2008-01-01~2009-12-31".to_string();
    set_up_section(
        &mut h,
        MEN,
        &SectionSetup {
            round_robin: false,
            rounds: 9,
            sex: Some("男"),
            born: ("1981-01-01", "2014-12-31"),
            tiebreaks: Preset::Xiangqi1431,
            places: 8,
            sub_rankings: u18.clone(),
            special_prizes: String::new(),
        },
    );
    set_up_section(
        &mut h,
        WOMEN,
        &SectionSetup {
            round_robin: true,
            rounds: 3,
            sex: Some("女"),
            born: ("1981-01-01", "2014-12-31"),
            tiebreaks: Preset::Seed001RoundRobin,
            places: 6,
            sub_rankings: u18,
            special_prizes: String::new(),
        },
    );
    for j in &JUNIORS {
        let (places, sub_rankings, special_prizes) = match j.apart {
            None => (8, String::new(), String::new()),
            Some((boys, girls)) => (
                0,
                format!("{b}男子 男\n{b}女子 女", b = j.band),
                format!("{b}男子 1-{boys}:0\n{b}女子 1-{girls}:0", b = j.band),
            ),
        };
        set_up_section(
            &mut h,
            j.name,
            &SectionSetup {
                round_robin: false,
                rounds: j.rounds,
                sex: None,
                born: j.born,
                tiebreaks: Preset::Xiangqi1431,
                places,
                sub_rankings,
                special_prizes,
            },
        );
    }

    // The entry list, imported into each section (its 组别 column sends each row to its own).
    let csv = dir.path().join("报名表.csv");
    entry_csv(&csv);
    let lists = lists();
    // 七: the birth-date ranges. A late form with a man born in 1980 and a U14 player born in
    // 2011 is refused, row named, and nothing is entered.
    let late = dir.path().join("补报.csv");
    std::fs::write(
        &late,
        format!(
            "姓名,性别,出生日期,单位,组别\n宋长青,男,1980-12-31,东城区,{MEN}\n\
             柳小棋,男,2011-12-31,西城区,{U14}\n"
        ),
    )
    .unwrap();
    for (name, first) in [(MEN, "1981-01-01"), (U14, "2012-01-01")] {
        show_section(&mut h, name);
        refused_import(&mut h, &late, 1, &format!("出生日期早于本组规定的 {first}"));
    }
    for (i, (name, list)) in lists.iter().enumerate() {
        show_section(&mut h, name);
        import_entrants(&mut h, &csv, list.len());
        draw_lots(&mut h, 2026_0926 + i as u64);
        let s = shown_section(&h);
        for e in list {
            let x = s.entrants.iter().find(|x| x.name == e.name).unwrap();
            assert_eq!((x.unit.as_str(), x.sex), (e.unit, e.sex));
            assert_eq!(x.birth_date.unwrap().to_string(), e.born);
        }
    }

    // Round 1 of every section, then the order book.
    for (name, _) in &lists {
        show_section(&mut h, name);
        assert_eq!(pair_next_round(&mut h), 1);
    }
    let order_book = dir.path().join("秩序册.pdf");
    save_document(&mut h, "秩序册", &order_book);

    // Every round, every section.
    let rounds_of = |name: &str| match name {
        MEN => 9,
        WOMEN => 3,
        _ => JUNIORS.iter().find(|j| j.name == name).unwrap().rounds,
    };
    let mut typed: HashMap<&str, Vec<(u32, Game)>> = HashMap::new();
    let mut sections: HashMap<&str, Section> = HashMap::new();
    for (name, list) in &lists {
        show_section(&mut h, name);
        let names: Vec<String> = list.iter().map(|e| e.name.clone()).collect();
        typed.insert(name, play_rounds(&mut h, &names, rounds_of(name)));
        sections.insert(name, shown_section(&h));
    }

    let result_book = dir.path().join("成绩册.pdf");
    save_document(&mut h, "成绩册", &result_book);
    let certificates = dir.path().join("获奖证书.pdf");
    save_document(&mut h, "获奖证书", &certificates);

    dump_texts(&[
        (&order_book, "order.txt"),
        (&result_book, "result.txt"),
        (&certificates, "certs.txt"),
    ]);

    // ---- The places the regulation gives, from the results typed. ----
    struct Places {
        all: Vec<(u32, EntrantId)>,
        groups: Vec<Vec<EntrantId>>,
    }
    let points_of = |name: &str| {
        let s = &sections[name];
        let ids: Vec<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
        records(&typed[name], &ids, u32::MAX, (WIN, DRAW))
    };
    let places: HashMap<&str, Places> = lists
        .iter()
        .map(|(name, _)| {
            let recs = points_of(name);
            let groups = if *name == WOMEN {
                ranking(&recs, round_robin_key)
            } else {
                ranking(&recs, swiss_key)
            };
            let all = decided_places(&groups, |_| true);
            (*name, Places { all, groups })
        })
        .collect();
    // The strength order decides the women's round robin outright (十一: three places of four).
    let ws = &sections[WOMEN];
    let women_order: Vec<String> = places[WOMEN]
        .all
        .iter()
        .map(|&(_, id)| ws.entrant(id).unwrap().name.clone())
        .collect();
    assert_eq!(women_order, ["钱丽华", "冯小雨", "蒋文静", "沈月"]);
    for name in [MEN, JUNIORS[0].name] {
        assert!(
            places[name].all.iter().filter(|x| x.0 <= 8).count() >= 6,
            "{name}: most of places 1–8 are decided before 前一轮名次: {:?}",
            places[name].groups
        );
    }

    // ---- The order book. ----
    let ob_text = pdf_text(&order_book);
    let ob = squeeze(&ob_text);
    assert!(ob.contains(&squeeze(EVENT)));
    let part_of = |i: usize| {
        let next = lists
            .get(i + 1)
            .map_or("\u{0}".to_string(), |(n, _)| format!("{n}（"));
        between(&ob, &format!("{}（", lists[i].0), &next)
    };
    let (ob_men, ob_women) = (part_of(0), part_of(1));
    for (part, n, places) in [(ob_men, 16, 8), (ob_women, 4, 6), (part_of(2), 12, 8)] {
        let line = format!("录取名次：{n}人参赛录取前{}名", places_awarded(places, n));
        assert!(part.contains(&line), "{line} in {part}");
    }
    assert!(ob_men.contains("积分编排制，共9轮"), "{ob_men}");
    assert!(ob_men.contains("参赛资格：限男子；1981-01-01至2014-12-31出生"));
    assert!(ob_women.contains("参赛资格：限女子；1981-01-01至2014-12-31出生"));
    assert!(ob_men.contains("弃权2轮者取消比赛资格，后续不再编排"));
    for (i, j) in JUNIORS.iter().enumerate() {
        let part = part_of(i + 2);
        assert!(
            part.contains(&format!("积分编排制，共{}轮", j.rounds)),
            "{part}"
        );
        // 七: the age group's birth dates.
        let born = format!("参赛资格：{}至{}出生", j.born.0, j.born.1);
        assert!(part.contains(&born), "{born} in {part}");
        assert!(part.contains("弃权2轮者取消比赛资格，后续不再编排"));
        // 八(四)–(七): 男子录取前八名、女子录取前七名 … — the group's own places are its
        // boys' and its girls'.
        if let Some((boys, girls)) = j.apart {
            assert!(
                part.contains(&format!("{}男子：录取前{boys}名", j.band)),
                "{part}"
            );
            assert!(
                part.contains(&format!("{}女子：录取前{girls}名", j.band)),
                "{part}"
            );
            assert!(!part.contains("录取前0名"), "{part}");
        }
    }
    // Round 1 (补充规定 三(一)): 1号对2号、4号对3号、5号对6号、8号对7号 …, the first-named red.
    for (section, _) in lists.iter().filter(|(n, _)| *n != WOMEN) {
        let s = &sections[section];
        let part = ob_text
            .split(&format!("{section}（"))
            .nth(1)
            .and_then(|p| p.split("第1轮对阵表").nth(1))
            .expect("round 1 in the order book");
        let boards: Vec<Vec<&str>> = part
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .take_while(|c| !c.iter().any(|x| x.contains("组（")))
            .filter(|c| c.len() == 9 && c[0].parse::<u32>().is_ok())
            .collect();
        assert_eq!(boards.len(), s.entrants.len() / 2, "{section}: every board");
        for c in &boards {
            let k: u32 = c[0].parse().unwrap();
            let (odd, even) = (2 * k - 1, 2 * k);
            let (red, black) = if k % 2 == 1 { (odd, even) } else { (even, odd) };
            assert_eq!(
                (c[1], c[8]),
                (red.to_string().as_str(), black.to_string().as_str()),
                "{section}, board {k}"
            );
        }
    }

    // ---- The result book. ----
    let rb = squeeze(&pdf_text(&result_book));
    assert!(rb.contains(&squeeze(EVENT)) && rb.contains("北京市体育局"));
    assert!(!rb.contains("非最终成绩"), "every result is in");
    assert!(!rb.contains("团体名次"), "individual events only");
    let number = |s: &Section, id: EntrantId| s.entrant(id).unwrap().number.unwrap();
    // A youth group placed apart: (band, boys' places, girls' places).
    let apart = |name: &str| {
        JUNIORS
            .iter()
            .find(|j| j.name == name)
            .and_then(|j| j.apart.map(|(b, g)| (j.band, b, g)))
    };
    // Final standings: every place the rule decides.
    for (name, _) in &lists {
        let s = &sections[name];
        let next = match apart(name) {
            Some((band, ..)) => format!("{band}男子名次"),
            None if *name == MEN || *name == WOMEN => "U18名次".to_string(),
            None => "裁判长".to_string(),
        };
        let part = between(between(&rb, &format!("{name}最终名次"), "\u{0}"), "", &next);
        let recs = points_of(name);
        for &(place, id) in &places[name].all {
            let e = s.entrant(id).unwrap();
            let r = format!(
                "{place}{}{}{}{}",
                number(s, id),
                e.name,
                e.unit,
                recs[&id].points
            );
            assert!(part.contains(&r), "{name}: {r} in the standings");
        }
    }
    // Sub-rankings: U18 inside the adult groups (七), boys and girls apart in U14 … U8 (八).
    let is_u18 = |s: &Section, id: EntrantId| {
        let y = s.entrant(id).unwrap().birth_date.unwrap().to_string();
        y.as_str() >= "2008-01-01" && y.as_str() <= "2009-12-31"
    };
    let boy = |s: &Section, id: EntrantId| s.entrant(id).unwrap().sex == Sex::Male;
    struct Sub {
        section: &'static str,
        name: String,
        /// Who is in it.
        members: Vec<EntrantId>,
        /// Places awarded (0: a ranking only) and the table that follows its own.
        places: u32,
        end: String,
    }
    let mut subs: Vec<Sub> = Vec::new();
    for name in [MEN, WOMEN] {
        let s = &sections[name];
        subs.push(Sub {
            section: name,
            name: "U18".into(),
            members: s
                .entrants
                .iter()
                .map(|e| e.id)
                .filter(|&id| is_u18(s, id))
                .collect(),
            places: 0,
            end: "裁判长".into(),
        });
    }
    for j in &JUNIORS {
        let Some((boys, girls)) = j.apart else {
            continue;
        };
        let s = &sections[j.name];
        let ids = || s.entrants.iter().map(|e| e.id);
        subs.push(Sub {
            section: j.name,
            name: format!("{}男子", j.band),
            members: ids().filter(|&id| boy(s, id)).collect(),
            places: boys,
            end: format!("{}女子名次", j.band),
        });
        subs.push(Sub {
            section: j.name,
            name: format!("{}女子", j.band),
            members: ids().filter(|&id| !boy(s, id)).collect(),
            places: girls,
            end: "裁判长".into(),
        });
    }
    assert_eq!(subs[0].members.len(), 2, "七: 男子个人组含U18组2人");
    assert_eq!(subs[1].members.len(), 1, "七: 女子个人组含U18组1人");
    let overall = |p: &Places, id: EntrantId| p.all.iter().find(|x| x.1 == id).map(|x| x.0);
    for sub in &subs {
        let (s, p) = (&sections[sub.section], &places[sub.section]);
        let table = between(
            between(&rb, &format!("{}最终名次", sub.section), "\u{0}"),
            &format!("{}名次", sub.name),
            &sub.end,
        );
        let mine = decided_places(&p.groups, |id| sub.members.contains(&id));
        assert!(
            mine.len() + 1 >= sub.members.len(),
            "{} {}: the places are decided",
            sub.section,
            sub.name
        );
        for &(place, id) in &mine {
            let e = s.entrant(id).unwrap();
            let r = match overall(p, id) {
                Some(o) => format!("{place}{o}{}{}{}", number(s, id), e.name, e.unit),
                None => format!("{}{}{}", number(s, id), e.name, e.unit),
            };
            assert!(
                table.contains(&r),
                "{} {}: {r} in {table}",
                sub.section,
                sub.name
            );
        }
    }

    // The youth groups' places (八(四)–(七)), boys and girls apart, with 证书和奖品 and no
    // money (十一).
    for sub in subs.iter().filter(|x| x.places > 0) {
        let s = &sections[sub.section];
        let part = between(&rb, &format!("{}最终名次", sub.section), "\u{0}");
        assert!(!part.contains("奖金"), "no prize money: {part}");
        let list = between(part, &format!("{}录取名次", sub.name), "裁判长");
        assert_eq!(
            list.matches(sub.name.as_str()).count(),
            sub.places as usize,
            "{}: {} places in {list}",
            sub.name,
            sub.places
        );
        for (place, id) in
            decided_places(&places[sub.section].groups, |id| sub.members.contains(&id))
                .into_iter()
                .filter(|x| x.0 <= sub.places)
        {
            let e = s.entrant(id).unwrap();
            let r = format!("{place}{}{}{}{}", sub.name, number(s, id), e.name, e.unit);
            assert!(list.contains(&r), "{r} in {list}");
        }
    }

    // ---- The certificates: 十一 / 八 — the places awarded, each to the player the rule
    // puts there. ----
    let pages = certificate_pages(&pdf_text(&certificates));
    let with = |section: &str, award: &str| {
        pages
            .iter()
            .filter(|p| p.contains(section) && p.contains(award))
            .cloned()
            .collect::<Vec<String>>()
    };
    // The certificates of a section's own places (not of its sub-rankings).
    let plain = |section: &str| {
        pages
            .iter()
            .filter(|p| {
                p.contains(section)
                    && !subs
                        .iter()
                        .any(|x| x.section == section && x.places > 0 && p.contains(&x.name))
            })
            .count()
    };
    let own_places = [(MEN, 8u32), (WOMEN, 3), (JUNIORS[0].name, 8)];
    for (name, places) in own_places {
        assert_eq!(plain(name), places as usize, "{name}: {places} places");
    }
    assert_eq!(
        places_awarded(6, 4),
        3,
        "十一: the women's 4 entrants, 6 − 3 places"
    );
    for j in JUNIORS.iter().filter(|j| j.apart.is_some()) {
        assert_eq!(
            plain(j.name),
            0,
            "{} places its boys and girls apart, not together",
            j.name
        );
    }
    for (name, upto) in own_places {
        let s = &sections[name];
        for &(place, id) in places[name].all.iter().filter(|x| x.0 <= upto) {
            let who = &s.entrant(id).unwrap().name;
            let found = with(name, &place_words(place));
            assert!(
                found.iter().any(|pg| pg.contains(who.as_str())),
                "{name}: {who} holds {}",
                place_words(place)
            );
        }
    }
    // 八(四)–(七): 男子录取前八名、女子录取前七名 / 五名 / 七名 / 三名.
    for sub in subs.iter().filter(|x| x.places > 0) {
        let s = &sections[sub.section];
        let all: Vec<&String> = pages.iter().filter(|p| p.contains(&sub.name)).collect();
        assert_eq!(
            all.len(),
            sub.places as usize,
            "{}: {} places",
            sub.name,
            sub.places
        );
        for (place, id) in
            decided_places(&places[sub.section].groups, |id| sub.members.contains(&id))
                .into_iter()
                .filter(|x| x.0 <= sub.places)
        {
            let who = &s.entrant(id).unwrap().name;
            let award = format!("{}{}", sub.name, place_words(place));
            assert!(
                with(sub.section, &award)
                    .iter()
                    .any(|pg| pg.contains(who.as_str())),
                "{who} holds {award}"
            );
        }
    }

    keep_event_file(h, &file);
}
