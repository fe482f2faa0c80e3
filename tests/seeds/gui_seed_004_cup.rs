//! Issue 20, acceptance: one window test per seed — seed 004's other regulation, the 第二十一届
//! “小世界杯”国际象棋公开赛 (上海市象棋协会, 2026年1月31日–2月1日), run from an empty file only
//! through the widgets a person uses: 文件 → 新建赛事, the event's details and every group's
//! settings typed in the Event tab (Ctrl+S), the entry list imported in the Entrants tab
//! (Ctrl+I), the numbers drawn by lot (Ctrl+L), every round paired (Ctrl+P) and its results
//! typed with the result keys, and the order book and the result book saved from the
//! Documents tab and read back with `pdftotext`.
//!
//! The regulation's rules exercised:
//! - 六 1: 公开组，须符合以下要求之一：(1) 上海1级级位证书及以上；(2) 中国国际象棋协会国际象棋一级
//!   棋士证书及以上；(3) 年满18周岁 — typed as three ways in (one a grade “及以上”, one a birth
//!   date: 18 on 2026-01-31); a late form of a 17-year-old 二级棋士 is refused by row.
//! - 六 2–11: 二级组 … 十级组 (须持有 … 棋士证书) and 无级组 (anyone).
//! - 七 2–4: 公开组、二级至四级 “共赛?轮” — the number is missing in the regulation; the test
//!   plays 7, as 五级至七级 do; 八级至无级组 5 rounds. 七 5: 全程参赛，中途没有淘汰 — everyone
//!   plays every round (no early stop, unlike the 级位赛).
//! - 七 6: 公开组男女并组，录取名次 (one ranking); 棋士组 原则上男女分组 — 无级组 is split into a
//!   boys' and a girls' section; the smaller groups play 男女并组、分开录取名次: one section, its
//!   boys and girls placed apart (two sub-rankings with their places, the section none of its
//!   own).
//! - 八 1: 参赛人数80名(含)以内录取前八名，80名以上录取前16名 … 参赛人数不足八人则酌情减少 — 无级组
//!   男子 has 82 players (16 places); a sub-list of fewer than eight gets one place fewer than
//!   its players (the arbiter's 酌情, typed).
//! - 八 2: 公开组奖金(税后) 第一名2000元；第二名1200元；第三名800元；第四-六名500元；第七-八名300元
//!   (6 100 元), typed in the 个人奖金 field; 八 3: 前三名 上海棋协大师, 第四—六名 上海棋协候补大师,
//!   typed in the 等级称号 field.
//! - 九 1: the promotion table (各级晋升得分率), for every group, the 公开组's graded players too.
//!
//! Every figure checked comes from the regulation's words or from the results this test typed:
//! the ranking is the FIDE one the program sets for 国际象棋 (the regulation names 2020版《国际象棋
//! 裁判手册》 and no tiebreak of its own): points, Buchholz cut 1, Buchholz, Sonneborn-Berger — a
//! tie left after them is not predicted, so such a player's place is not checked. The games are
//! decided by a fixed strength order (the order of the entry list): the stronger wins, two
//! neighbours in it draw.

use crate::common::window::*;
use bianpai::i18n::{Lang, award_preset_label};
use bianpai::model::{AwardPreset, EntrantId, Game, Outcome, Section, Sex};
use std::collections::HashMap;

const EVENT: &str = "第二十一届“小世界杯”国际象棋公开赛";
const OPEN: &str = "公开组";

/// 八 2 (税后): (from place, to place, yuan each).
const OPEN_PRIZES: [(u32, u32, i64); 5] = [
    (1, 1, 2000),
    (2, 2, 1200),
    (3, 3, 800),
    (4, 6, 500),
    (7, 8, 300),
];
const OPEN_PRIZE_TOTAL: i64 = 6100;
/// 八 3: (from place, to place, title).
const OPEN_TITLES: [(u32, u32, &str); 2] = [(1, 3, "上海棋协大师"), (4, 6, "上海棋协候补大师")];

/// A group of 六 as the test enters it.
struct Group {
    name: &'static str,
    /// The grade its players hold; 无级 for 无级组.
    grade: &'static str,
    rounds: u32,
    boys: usize,
    girls: usize,
    /// 九 1: (target grade, score rate %).
    targets: &'static [(&'static str, u32)],
    /// 男女并组、分开录取名次: its boys and girls placed apart. Otherwise one sex (无级组's two
    /// sections) or one ranking (公开组).
    apart: bool,
}

const GROUPS: [Group; 11] = [
    Group {
        name: "二级组",
        grade: "棋协二级棋士",
        rounds: 7,
        boys: 8,
        girls: 6,
        targets: &[("棋协一级棋士", 55)],
        apart: true,
    },
    Group {
        name: "三级组",
        grade: "棋协三级棋士",
        rounds: 7,
        boys: 8,
        girls: 6,
        targets: &[("棋协二级棋士", 55)],
        apart: true,
    },
    Group {
        name: "四级组",
        grade: "棋协四级棋士",
        rounds: 7,
        boys: 9,
        girls: 5,
        targets: &[("棋协三级棋士", 50)],
        apart: true,
    },
    Group {
        name: "五级组",
        grade: "棋协五级棋士",
        rounds: 7,
        boys: 7,
        girls: 7,
        targets: &[("棋协四级棋士", 50)],
        apart: true,
    },
    Group {
        name: "六级组",
        grade: "棋协六级棋士",
        rounds: 7,
        boys: 10,
        girls: 4,
        targets: &[("棋协五级棋士", 50)],
        apart: true,
    },
    Group {
        name: "七级组",
        grade: "棋协七级棋士",
        rounds: 7,
        boys: 8,
        girls: 6,
        targets: &[("棋协六级棋士", 40)],
        apart: true,
    },
    Group {
        name: "八级组",
        grade: "棋协八级棋士",
        rounds: 5,
        boys: 6,
        girls: 6,
        targets: &[("棋协七级棋士", 40)],
        apart: true,
    },
    Group {
        name: "九级组",
        grade: "棋协九级棋士",
        rounds: 5,
        boys: 7,
        girls: 5,
        targets: &[("棋协七级棋士", 70), ("棋协八级棋士", 40)],
        apart: true,
    },
    Group {
        name: "十级组",
        grade: "棋协十级棋士",
        rounds: 5,
        boys: 8,
        girls: 4,
        targets: &[("棋协八级棋士", 50), ("棋协九级棋士", 30)],
        apart: true,
    },
    Group {
        name: "无级组男子",
        grade: "无级",
        rounds: 5,
        boys: 82,
        girls: 0,
        targets: &[("棋协九级棋士", 50), ("棋协十级棋士", 30)],
        apart: false,
    },
    Group {
        name: "无级组女子",
        grade: "无级",
        rounds: 5,
        boys: 0,
        girls: 12,
        targets: &[("棋协九级棋士", 50), ("棋协十级棋士", 30)],
        apart: false,
    },
];

/// 公开组: 7 rounds (七 2 leaves the number out), men and women together.
const OPEN_ROUNDS: u32 = 7;
const OPEN_PLAYERS: usize = 20;
/// 九 1: 棋协一级棋士 → 候补棋协大师 at 65 %, 候补棋协大师 → 棋协大师 at 65 %; and the table's
/// 无级 rows (九级 at 50 %, 十级 at 30 %), which reach the adults of no grade who enter by 年满18
/// 周岁: a grade left blank is 无级 (issue 36).
const OPEN_TARGETS: [(&str, &str, u32); 4] = [
    ("棋协一级棋士", "候补棋协大师", 65),
    ("候补棋协大师", "棋协大师", 65),
    ("无级", "棋协九级棋士", 50),
    ("无级", "棋协十级棋士", 30),
];

const FAMILY: [&str; 20] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林",
    "郭", "何", "罗", "梁",
];
const UNITS: [&str; 4] = ["小世界俱乐部", "弈园", "罗阳小学", "林峰图书馆"];

/// One line of the entry list.
struct Entry {
    name: String,
    sex: Sex,
    born: &'static str,
    grade: &'static str,
    unit: &'static str,
}

/// 八 1: 80名(含)以内录取前八名，80名以上录取前16名；不足八人则酌情减少 (the arbiter here: one
/// fewer than the players).
fn places_for(players: usize) -> usize {
    match players {
        0..8 => players.saturating_sub(1),
        8..=80 => 8,
        _ => 16,
    }
}

/// The points a rate needs over `rounds` rounds, in half points (rules.md §3.3: rounded up to
/// a half point).
fn need_halves(rate: u32, rounds: u32) -> u32 {
    (rate * rounds * 2).div_ceil(100)
}

fn points_text(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// The 公开组, strongest first: graded youths (上海一级棋士, 棋协一级棋士, 候补棋协大师) and adults
/// of no grade, every third a woman.
fn open_entries() -> Vec<Entry> {
    const WAYS: [(&str, &str); 4] = [
        ("2010-05-05", "棋协一级棋士"),
        ("2012-03-03", "上海一级棋士"),
        ("1990-01-01", ""),
        ("2009-09-09", "候补棋协大师"),
    ];
    (0..OPEN_PLAYERS)
        .map(|i| {
            let (born, grade) = WAYS[i % WAYS.len()];
            Entry {
                name: format!("{}公开", FAMILY[i]),
                sex: if i % 3 == 2 { Sex::Female } else { Sex::Male },
                born,
                grade,
                unit: UNITS[i % UNITS.len()],
            }
        })
        .collect()
}

/// A group's players, strongest first, the girls spread through the order.
fn group_entries(g: &Group) -> Vec<Entry> {
    let n = g.boys + g.girls;
    let given = ["子", "一", "小", "天", "思"];
    (0..n)
        .map(|i| {
            let girl = (i + 1) * g.girls / n > i * g.girls / n;
            Entry {
                name: format!("{}{}", FAMILY[i % FAMILY.len()], given[i / FAMILY.len()]),
                sex: if girl { Sex::Female } else { Sex::Male },
                born: "2015-01-01",
                grade: g.grade,
                unit: UNITS[i % UNITS.len()],
            }
        })
        .collect()
}

fn entry_csv(path: &std::path::Path) {
    let mut text = String::from("姓名,性别,出生日期,级别,单位,组别\n");
    let mut add = |section: &str, list: Vec<Entry>| {
        for e in list {
            let sex = if e.sex == Sex::Male { "男" } else { "女" };
            text += &format!(
                "{},{sex},{},{},{},{section}\n",
                e.name, e.born, e.grade, e.unit
            );
        }
    };
    add(OPEN, open_entries());
    for g in &GROUPS {
        add(g.name, group_entries(g));
    }
    std::fs::write(path, text).unwrap();
}

/// Each player's score (half points), opponents and the half points he took off each, over
/// the games typed.
#[derive(Default, Clone)]
struct Card {
    halves: u32,
    /// (opponent, half points scored against him).
    games: Vec<(EntrantId, u32)>,
}

fn cards(typed: &[(u32, Game)], players: &[EntrantId]) -> HashMap<EntrantId, Card> {
    let mut out: HashMap<EntrantId, Card> = players.iter().map(|&p| (p, Card::default())).collect();
    for (_, g) in typed {
        let (w, b) = match g.outcome.unwrap() {
            Outcome::RedWin => (2, 0),
            Outcome::BlackWin => (0, 2),
            Outcome::Draw => (1, 1),
            o => panic!("no {o:?} typed"),
        };
        let white = out.get_mut(&g.red).unwrap();
        white.halves += w;
        white.games.push((g.black, w));
        let black = out.get_mut(&g.black).unwrap();
        black.halves += b;
        black.games.push((g.red, b));
    }
    out
}

/// C.07 as the FIDE Swiss list orders it: points, Buchholz cut 1, Buchholz, Sonneborn-Berger
/// (every field here is even and nobody misses a round: no virtual opponents).
fn fide_key(c: &HashMap<EntrantId, Card>, id: EntrantId) -> Vec<u32> {
    let me = &c[&id];
    let mut opp: Vec<u32> = me.games.iter().map(|(o, _)| c[o].halves).collect();
    opp.sort();
    let bh: u32 = opp.iter().sum();
    let cut1 = bh - opp.first().copied().unwrap_or(0);
    let sb: u32 = me.games.iter().map(|(o, h)| c[o].halves * h).sum();
    vec![me.halves, cut1, bh, sb]
}

/// The places of `within`'s players that the key decides: (place, player).
fn decided_places(c: &HashMap<EntrantId, Card>, within: &[EntrantId]) -> Vec<(u32, EntrantId)> {
    let mut ids = within.to_vec();
    ids.sort_by_key(|&id| std::cmp::Reverse(fide_key(c, id)));
    let mut out = Vec::new();
    let mut place = 1;
    let mut i = 0;
    while i < ids.len() {
        let key = fide_key(c, ids[i]);
        let tied = ids[i..]
            .iter()
            .take_while(|&&x| fide_key(c, x) == key)
            .count();
        if tied == 1 {
            out.push((place, ids[i]));
        }
        place += tied as u32;
        i += tied;
    }
    out
}

/// 第一, 第十六 … as a certificate writes a place.
fn place_words(place: u32) -> String {
    let digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match place {
        1..=9 => digits[place as usize].to_string(),
        10 => "十".to_string(),
        11..=19 => format!("十{}", digits[place as usize - 10]),
        _ => panic!("no place {place} here"),
    }
}

fn set_up_open(h: &mut Window) {
    add_section(h, OPEN);
    click(h, "国际象棋");
    retype(h, "轮数", &OPEN_ROUNDS.to_string());
    // A chess section speaks of white, and its round 1 is the Dutch system's, not xiangqi's
    // 1-2、4-3 with the first-named red.
    assert!(shows(h, "白方 胜") && !shows(h, "红方"), "白方, not 红方");
    assert!(shows(h, "上半区对下半区") && !shows(h, "执红"));
    // 六 1: 符合以下要求之一 — (1) 上海1级 及以上, (2) 一级棋士 及以上, (3) 年满18周岁 on the
    // first day (born on or before 2008-01-31).
    retype_lines(
        h,
        "或符合以下之一（每行一条）",
        "上海1级级位证书及以上\n中国国际象棋协会国际象棋一级棋士证书及以上\n~2008-01-31",
    );
    // 八 1 and 九 from the preset (80人以内前八名、以上前十六名, the promotion table); the
    // prizes and titles typed as the regulation writes them.
    click(h, &award_preset_label(AwardPreset::Seed004Open, Lang::Zh));
    retype(h, "个人奖金", "1:2000, 2:1200, 3:800, 4-6:500, 7-8:300");
    retype(h, "等级称号", "1-3:上海棋协大师, 4-6:上海棋协候补大师");
    click(h, "全程参赛");
    save_section(h);
    let s = shown_section(h).settings;
    assert_eq!(s.rounds, OPEN_ROUNDS);
    assert_eq!(s.game, bianpai::model::GameKind::Chess);
    assert_eq!(s.eligibility.any_of.len(), 3);
    assert_eq!(s.awards.prizes.bands.len(), OPEN_PRIZES.len());
    assert_eq!(s.awards.prizes.tax, bianpai::model::TaxBasis::AfterTax);
    assert_eq!(s.awards.titles.len(), 2);
}

fn set_up_group(h: &mut Window, g: &Group) {
    add_section(h, g.name);
    click(h, "国际象棋");
    retype(h, "轮数", &g.rounds.to_string());
    if g.grade != "无级" {
        retype(h, "允许的级别", g.grade);
    }
    if g.girls == 0 {
        click_nth(h, "男", 0);
    } else if g.boys == 0 {
        click_nth(h, "女", 0);
    }
    click(
        h,
        &award_preset_label(AwardPreset::Seed004GradeEvent, Lang::Zh),
    );
    // 七 5: 全程参赛，中途没有淘汰.
    click(h, "全程参赛");
    if g.apart {
        // 男女并组(分开录取名次): no places of the group's own; each sex's its own.
        click_nth(h, "前几名（人数不足时减一）", 0);
        type_number(h, "录取", 0, 0);
        retype_lines(h, "分组排名（每行一个）", "男子 男\n女子 女");
        retype_lines(
            h,
            "特别奖（每行一个）",
            &format!(
                "男子 1-{}:0\n女子 1-{}:0",
                places_for(g.boys),
                places_for(g.girls)
            ),
        );
    }
    save_section(h);
    let s = shown_section(h).settings;
    assert_eq!(s.rounds, g.rounds);
    assert_eq!(
        s.awards.promotion.early_stop,
        bianpai::model::EarlyStop::Never
    );
}

#[test]
fn seed_004_little_world_cup_from_an_empty_file_to_the_result_book_through_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = empty_window(dir.path());
    let file = dir.path().join("小世界杯.bianpai");
    new_event(&mut h, &file);

    // 一、三.
    type_event_details(
        &mut h,
        [
            EVENT,
            "上海市象棋协会",
            "闵行区罗阳小学",
            "2026-01-31",
            "2026-02-01",
        ],
    );

    set_up_open(&mut h);
    for g in &GROUPS {
        set_up_group(&mut h, g);
    }

    // 六 1: a 17-year-old 二级棋士 meets none of the 公开组's ways in.
    let late = dir.path().join("补报.csv");
    std::fs::write(
        &late,
        format!(
            "姓名,性别,出生日期,级别,单位,组别\n宋小棋,男,2009-06-01,棋协二级棋士,弈园,{OPEN}\n"
        ),
    )
    .unwrap();
    show_section(&mut h, OPEN);
    refused_import(&mut h, &late, 1, "不符合本组“符合以下要求之一”中的任何一条");

    let csv = dir.path().join("报名表.csv");
    entry_csv(&csv);
    let mut lists: Vec<(&str, Vec<Entry>, u32)> = vec![(OPEN, open_entries(), OPEN_ROUNDS)];
    lists.extend(GROUPS.iter().map(|g| (g.name, group_entries(g), g.rounds)));
    for (k, (name, list, _)) in lists.iter().enumerate() {
        show_section(&mut h, name);
        import_entrants(&mut h, &csv, list.len());
        draw_lots(&mut h, 2026_0131 + k as u64);
        assert_eq!(pair_next_round(&mut h), 1);
    }
    let order_book = dir.path().join("秩序册.pdf");
    save_document(&mut h, "秩序册", &order_book);

    // Every round of every group: everyone plays (七 5).
    let mut typed: HashMap<&str, Vec<(u32, Game)>> = HashMap::new();
    let mut sections: HashMap<&str, Section> = HashMap::new();
    for (name, list, rounds) in &lists {
        show_section(&mut h, name);
        let names: Vec<String> = list.iter().map(|e| e.name.clone()).collect();
        typed.insert(name, play_rounds(&mut h, &names, *rounds));
        let s = shown_section(&h);
        for r in &s.rounds {
            assert_eq!(
                r.games.len(),
                list.len() / 2,
                "{name} round {}: everyone plays",
                r.number
            );
        }
        assert_eq!(s.rounds.len() as u32, *rounds);
        sections.insert(name, s);
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

    let ob = squeeze(&pdf_text(&order_book));
    let rb = squeeze(&pdf_text(&result_book));
    assert!(ob.contains(&squeeze(EVENT)) && rb.contains(&squeeze(EVENT)));
    assert!(!rb.contains("非最终成绩"), "every result is in");
    assert!(!rb.contains("团体名次"), "五: individual events only");
    let part_of = |text: &'static str, doc: &str, i: usize| -> String {
        let next = lists
            .get(i + 1)
            .map_or("\u{0}".to_string(), |l| format!("{}{text}", l.0));
        between(doc, &format!("{}{text}", lists[i].0), &next).to_string()
    };

    let pages: Vec<String> = pdf_text(&certificates)
        .split('\u{c}')
        .map(squeeze)
        .filter(|p| !p.is_empty())
        .collect();
    assert_eq!(
        pages.len(),
        places_for(OPEN_PLAYERS)
            + GROUPS
                .iter()
                .map(|g| places_for(g.boys) + places_for(g.girls))
                .sum::<usize>(),
        "八 1: every place awarded, nothing more"
    );
    for (i, (name, _, rounds)) in lists.iter().enumerate() {
        let s = &sections[name];
        let ids: Vec<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
        let c = cards(&typed[name], &ids);
        let group = GROUPS.iter().find(|g| g.name == *name);

        // ---- The order book: the rules in force. ----
        let ob_part = part_of("（", &ob, i);
        assert!(ob_part.contains(&format!("共{rounds}轮")), "{ob_part}");
        assert!(ob_part.contains("记分：1-½-0"), "{ob_part}");
        assert!(
            !ob_part.contains("不再进入之后轮次"),
            "七 5: 全程参赛 — {ob_part}"
        );
        let steps: Vec<(&str, &str, u32)> = match group {
            Some(g) => g.targets.iter().map(|&(to, r)| (g.grade, to, r)).collect(),
            None => OPEN_TARGETS.to_vec(),
        };
        for (from, to, rate) in &steps {
            let step = format!("{from}→{to}{rate}%");
            assert!(ob_part.contains(&step), "{step} in {ob_part}");
        }

        // ---- The result book. ----
        let rb_part = part_of("最终名次", &rb, i);
        let number = |id: EntrantId| s.entrant(id).unwrap().number.unwrap();
        let person = |id: EntrantId| s.entrant(id).unwrap();

        // Promotions (九 1): every player whose final score reaches a target of his grade,
        // with the highest one; nobody else.
        let promotions = between(&rb_part, "级位晋升", "裁判长");
        for e in &s.entrants {
            let score = c[&e.id].halves;
            // A grade left blank is no grade, 无级 (issue 36): the 公开组's adults of no grade
            // are reached by the table's 无级 rows (OPEN_TARGETS) as a 无级组's players are.
            let grade = if e.grade.trim().is_empty() {
                "无级"
            } else {
                e.grade.as_str()
            };
            let reached = steps
                .iter()
                .filter(|(from, ..)| *from == grade)
                .map(|&(_, to, rate)| (to, need_halves(rate, *rounds)))
                .filter(|&(_, need)| score >= need)
                .max_by_key(|&(_, need)| need);
            match reached {
                Some((to, need)) => {
                    let row = format!(
                        "{}{}{}{to}{}{}",
                        e.name,
                        e.unit,
                        grade,
                        points_text(score),
                        points_text(need)
                    );
                    assert!(promotions.contains(&row), "{name}: {row} in {promotions}");
                }
                None => assert!(
                    !promotions.contains(&e.name),
                    "{name}: {} ({}) is not promoted",
                    e.name,
                    points_text(score)
                ),
            }
        }

        // Places (八 1): one ranking, or the boys and the girls apart.
        let lists_placed: Vec<(String, Vec<EntrantId>)> = match group {
            Some(g) if g.apart => [("男子", Sex::Male), ("女子", Sex::Female)]
                .into_iter()
                .map(|(sub, sex)| {
                    (
                        sub.to_string(),
                        ids.iter()
                            .copied()
                            .filter(|&x| person(x).sex == sex)
                            .collect(),
                    )
                })
                .collect(),
            _ => vec![(String::new(), ids.clone())],
        };
        // The certificates (颁发奖状): as many as the rule gives each list, each to the
        // player the ranking puts there.
        let pages_of = |sub: &str| -> Vec<&String> {
            let at = format!("公开赛{name}比赛中荣获{sub}第");
            pages.iter().filter(|p| p.contains(&at)).collect()
        };
        for (sub, members) in &lists_placed {
            let places = places_for(members.len()) as u32;
            assert_eq!(
                pages_of(sub).len(),
                places as usize,
                "{name} {sub}: {} players, {places} places",
                members.len()
            );
            let decided = decided_places(&c, members);
            assert!(
                decided.iter().filter(|x| x.0 <= places).count() + 2 >= places as usize,
                "{name} {sub}: most places are decided: {decided:?}"
            );
            for &(place, id) in decided.iter().filter(|x| x.0 <= places) {
                let e = person(id);
                let holder = format!("{}（{}）", e.name, e.unit);
                let award = format!("荣获{sub}第{}名", place_words(place));
                assert!(
                    pages_of(sub)
                        .iter()
                        .any(|p| p.contains(&holder) && p.contains(&award)),
                    "{name}: {holder} {award}"
                );
                // In the result book: the places list of a sub-ranking, the standings of a
                // group ranked as one.
                let row = if sub.is_empty() {
                    format!(
                        "{place}{}{}{}{}",
                        number(id),
                        e.name,
                        e.unit,
                        points_text(c[&id].halves)
                    )
                } else {
                    format!("{place}{sub}{}{}{}", number(id), e.name, e.unit)
                };
                let table = if sub.is_empty() {
                    &rb_part
                } else {
                    between(&rb_part, &format!("{sub}录取名次"), "裁判长")
                };
                assert!(table.contains(&row), "{name}: {row} in {table}");
            }
        }
    }

    // ---- 公开组: 八 2 prizes (税后) and 八 3 titles. ----
    let s = &sections[OPEN];
    let ids: Vec<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
    let c = cards(&typed[OPEN], &ids);
    let open_part = part_of("最终名次", &rb, 0);
    let prizes = between(&open_part, "个人奖金", "奖金合计");
    let decided = decided_places(&c, &ids);
    for &(place, id) in decided.iter().filter(|x| x.0 <= 8) {
        let e = s.entrant(id).unwrap();
        let amount = prize(&OPEN_PRIZES, place).unwrap();
        let row = format!(
            "{place}名次奖{}{}{}{amount}",
            e.number.unwrap(),
            e.name,
            e.unit
        );
        assert!(prizes.contains(&row), "{row} in {prizes}");
        let (.., title) = OPEN_TITLES
            .iter()
            .find(|(a, b, _)| (*a..=*b).contains(&place))
            .copied()
            .unwrap_or((0, 0, ""));
        if !title.is_empty() {
            let titles = between(&open_part, "等级称号", "裁判长");
            let row = format!("{place}{}{}{title}", e.name, e.unit);
            assert!(titles.contains(&row), "{row} in {titles}");
        }
    }
    // 八 3: three of each title, nobody else.
    let titles = between(&open_part, "等级称号", "裁判长");
    assert_eq!(titles.matches("上海棋协大师").count(), 3, "{titles}");
    assert_eq!(titles.matches("上海棋协候补大师").count(), 3, "{titles}");
    let prize_rows = prizes
        .split("名次奖")
        .skip(1)
        .filter(|row| row.starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(prize_rows, 8, "八 2: 第一名 … 第七-八名: {prizes}");
    let total: i64 = (1..=8).map(|p| prize(&OPEN_PRIZES, p).unwrap()).sum();
    assert_eq!(total, OPEN_PRIZE_TOTAL);
    assert!(
        open_part.contains(&format!("奖金合计：{OPEN_PRIZE_TOTAL}元（税后）")),
        "{open_part}"
    );

    keep_event_file(h, &file);
}
