//! Issue 20, acceptance: one window test per seed — seed 000, the 2026 “嘉定娄塘杯” 上海市象棋
//! 锦标赛, run from an empty file only through the widgets a person uses: 文件 → 新建赛事, the
//! event's details and both sections' settings typed in the Event tab (Ctrl+S), the entry list
//! (with its 团体队员 column, 附件一) imported in the Entrants tab (Ctrl+I), the numbers drawn by
//! lot (Ctrl+L), every round paired (Ctrl+P) and its results typed with the result keys, the
//! men's top-4 playoff paired in the Bracket tab with its colour choices, and the order book,
//! result book and certificates saved from the Documents tab. The PDFs are read back with
//! `pdftotext`.
//!
//! Every figure checked comes from the regulation's words or from the results this test typed,
//! never from the program: the prize table of 补充细则 七 (men 10000 … 9–12 名 300, 13–16 名 200;
//! women 2000 … 200; 奖金合计 29700), 十三.1–2 (前八名, 不足9人（队）减一录取名次), 十四 (三级运动员
//! for places 1–8 when at least 15 played), 十三.4 (男子个人前三十二名 qualify), 十二.2 / 补充细则
//! 五 (team rank = the sum of the members' places, fewer first; equal sums: the better best
//! place first), 九.3 (3 men, 2 women from the team entry form), 补充细则 四 (3-1-0; after 7
//! rounds the men's top 4 play 1 v 4 and 2 v 3, winners the final, losers for third; a drawn
//! slow game is followed by a rapid game with colours swapped; the better placed chooses
//! colours) and 五 (places by 14.3.2: 累进分, 胜局, 犯规, 后走局数, then round 1's score taken
//! out, then round 2's …, rules.md §1.6.2; 后走胜局 as the rule book's 2026 practice adds it).
//!
//! The games are decided by a fixed strength order (the order of the entry list): the stronger
//! wins, two neighbours in it draw. The test sums the points and tiebreaks itself from the
//! games it typed. Set BIANPAI_KEEP_SEED_FILE to a path to keep the event file there.

use crate::common::window::*;
use bianpai::i18n::{Lang, award_preset_label, tiebreak_preset_label};
use bianpai::model::{AwardPreset, EntrantId, Game, GamePhase, Outcome, Section, Sex};
use bianpai::standings::Preset;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::collections::{BTreeMap, HashMap};

const EVENT: &str = "2026年“嘉定娄塘杯”上海市象棋锦标赛";
const MEN: &str = "男子组";
const WOMEN: &str = "女子组";

/// 补充细则 四: 胜方记 3 分、和棋双方各记 1 分、负方记 0 分.
const WIN: i64 = 3;
const DRAW: i64 = 1;

/// 补充细则 七, 奖金标准（税前）: (from place, to place, yuan each).
const MEN_PRIZES: [(u32, u32, i64); 10] = [
    (1, 1, 10000),
    (2, 2, 5000),
    (3, 3, 3000),
    (4, 4, 1500),
    (5, 5, 1000),
    (6, 6, 800),
    (7, 7, 600),
    (8, 8, 500),
    (9, 12, 300),
    (13, 16, 200),
];
const WOMEN_PRIZES: [(u32, u32, i64); 8] = [
    (1, 1, 2000),
    (2, 2, 1000),
    (3, 3, 700),
    (4, 4, 500),
    (5, 5, 400),
    (6, 6, 300),
    (7, 7, 200),
    (8, 8, 200),
];
/// 奖金合计：29700 元.
const PRIZE_TOTAL: i64 = 29700;

/// 十三.1–2: 取前八名，不足 9 人（队）参赛，减一录取名次.
fn places_awarded(entrants: usize) -> usize {
    if entrants >= 9 { 8 } else { entrants - 1 }
}

/// One line of the entry list (报名单, 附件一/二).
struct Entry {
    name: String,
    sex: Sex,
    /// 出生日期 and 级别: what 十's two ways in are checked by.
    born: &'static str,
    grade: &'static str,
    unit: &'static str,
    /// On the team entry form (附件一团体赛报名表).
    team: bool,
}

/// The men, strongest first: nine units with three men each on the team form, and seven more
/// men entered for the individual event only (two of them for units with no team).
fn men() -> Vec<Entry> {
    let family = [
        "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高",
        "林", "何",
    ];
    let given = ["建国", "志强"];
    let names: Vec<String> = (0..34)
        .map(|i| format!("{}{}", family[i % 17], given[i / 17]))
        .collect();
    // Each man's unit, strongest first, and whether he is on its team form.
    let units: [(&str, bool); 34] = [
        ("黄浦区", true),
        ("徐汇区", true),
        ("长宁区", true),
        ("静安区", true),
        ("嘉定区", false),
        ("普陀区", true),
        ("虹口区", true),
        ("杨浦区", true),
        ("闵行区", true),
        ("嘉定区", true),
        ("浦东新区", false),
        ("徐汇区", true),
        ("黄浦区", true),
        ("静安区", true),
        ("长宁区", true),
        ("虹口区", true),
        ("黄浦区", false),
        ("普陀区", true),
        ("闵行区", true),
        ("杨浦区", true),
        ("嘉定区", true),
        ("宝山区", false),
        ("长宁区", true),
        ("徐汇区", true),
        ("静安区", true),
        ("嘉定区", false),
        ("黄浦区", true),
        ("普陀区", true),
        ("浦东新区", false),
        ("虹口区", true),
        ("杨浦区", true),
        ("闵行区", true),
        ("徐汇区", false),
        ("嘉定区", true),
    ];
    names
        .into_iter()
        .zip(units)
        .enumerate()
        .map(|(i, (name, (unit, team)))| {
            let (born, grade) = way_in(i);
            Entry {
                name,
                sex: Sex::Male,
                born,
                grade,
                unit,
                team,
            }
        })
        .collect()
}

/// 十 参赛资格, one player's: an adult (成年人, 75 周岁以下（1951 年）, the oldest born in
/// 1951), or every fifth player a youth with one of 十.2's qualifications (a grade of (2), or
/// (1)'s 精英赛前八名, written where the entry form has the grade).
fn way_in(i: usize) -> (&'static str, &'static str) {
    const YOUTH: [(&str, &str); 4] = [
        ("2010-05-01", "中国象棋协会2级棋士"),
        ("2011-09-09", "上海象棋协会2级棋士"),
        ("2009-12-12", "三级运动员"),
        ("2012-02-02", "精英赛前八名"),
    ];
    const ADULT: [&str; 4] = ["1951-01-01", "1968-07-07", "1985-03-03", "2001-11-11"];
    if i % 5 == 4 {
        YOUTH[(i / 5) % YOUTH.len()]
    } else {
        (ADULT[i % ADULT.len()], "")
    }
}

/// 十: 成年人 75 周岁以下（1951 年） and of age when the event starts (2026-08-29); 青少年
/// (under 18) with 十.2(1) or (2) — 二级棋士 of 中国象棋协会 or of 上海象棋协会, or 三级运动员,
/// each 及以上.
const WAYS_IN: &str = "1951-01-01~2008-08-29\n\
    2008-08-30~ 二级棋士及以上、上海二级棋士及以上、三级运动员及以上、精英赛前八名";

/// The women, strongest first: four units with two women each on the team form, and two more
/// for the individual event only.
fn women() -> Vec<Entry> {
    let family = ["钱", "冯", "蒋", "沈", "韩", "曹", "许", "邓", "萧", "曾"];
    let units: [(&str, bool); 10] = [
        ("徐汇区", true),
        ("黄浦区", true),
        ("嘉定区", false),
        ("静安区", true),
        ("长宁区", true),
        ("黄浦区", true),
        ("普陀区", false),
        ("长宁区", true),
        ("静安区", true),
        ("徐汇区", true),
    ];
    family
        .iter()
        .zip(units)
        .enumerate()
        .map(|(i, (f, (unit, team)))| {
            let (born, grade) = way_in(i + 1);
            Entry {
                name: format!("{f}晓燕"),
                sex: Sex::Female,
                born,
                grade,
                unit,
                team,
            }
        })
        .collect()
}

/// The entry list as the units send it back: one file, a row per player with his section.
fn entry_csv(path: &std::path::Path) {
    let mut text = String::from("姓名,性别,出生日期,级别,单位,组别,团体队员\n");
    for (section, list) in [(MEN, men()), (WOMEN, women())] {
        for e in list {
            let sex = if e.sex == Sex::Male { "男" } else { "女" };
            let team = if e.team { "是" } else { "" };
            text += &format!(
                "{},{sex},{},{},{},{section},{team}\n",
                e.name, e.born, e.grade, e.unit
            );
        }
    }
    std::fs::write(path, text).unwrap();
}

/// The Event tab: one section's settings, as the regulation gives them.
struct SectionSetup {
    rounds: u32,
    /// 交叉赛: (players, after round).
    playoff: Option<(u32, u32)>,
    award: AwardPreset,
    /// 团体: members counted and their sex (九.3).
    team: (u32, &'static str),
    /// 录谱: boards, from round (补充细则 六).
    record_boards: u32,
    schedule: &'static str,
}

fn set_up_section(h: &mut Window, name: &str, s: &SectionSetup) {
    add_section(h, name);
    // 男女各组别分别进行比赛 (十一.3): who may enter.
    click_nth(h, s.team.1, 0);
    retype_lines(h, "或符合以下之一（每行一条）", WAYS_IN);
    retype(h, "轮数", &s.rounds.to_string());
    click(h, "3-1-0");
    // 首轮……同队队员首轮回避; 连续两轮弃权者……后续不再编排.
    retype(h, "自第几轮", "1");
    retype(h, "至第几轮", "1");
    retype(h, "弃权几轮后不再编排（0＝不限）", "2");
    click(h, "连续");
    if let Some((players, after)) = s.playoff {
        retype(h, "交叉赛人数（0＝无）", &players.to_string());
        retype(h, "交叉赛在第几轮后", &after.to_string());
        click(h, "一局慢棋，平则快棋，再平附加赛（上海锦标赛交叉赛）");
    }
    click(h, &tiebreak_preset_label(Preset::Xiangqi1432, Lang::Zh));
    // 团体: the members counted (a number field: focus, type, Enter), their sex, and only
    // those on the team form.
    h.query_all_by_role_and_label(Role::SpinButton, "每队计前几名队员")
        .next()
        .expect("the team size")
        .focus();
    h.run();
    ctrl(h, Key::A);
    type_text(h, &s.team.0.to_string());
    key(h, Key::Enter);
    click_nth(h, s.team.1, 1);
    click(h, "只计团体报名表上的队员");
    click(h, &award_preset_label(s.award, Lang::Zh));
    retype(h, "前几台", &s.record_boards.to_string());
    retype(h, "从第几轮起", "2");
    retype_lines(h, "赛程", s.schedule);
    save_section(h);

    let saved = shown_section(h).settings;
    let sex = if s.team.1 == "男" {
        Sex::Male
    } else {
        Sex::Female
    };
    assert_eq!(saved.rounds, s.rounds);
    assert_eq!(saved.eligibility.sex, Some(sex));
    assert_eq!(saved.eligibility.any_of.len(), 2, "十.1 and 十.2");
    assert_eq!(saved.standings.team.sex, Some(sex));
    assert_eq!(saved.standings.team.members, s.team.0);
    assert!(saved.standings.team.registered_only);
    assert_eq!(
        (saved.record_moves.boards, saved.record_moves.from_round),
        (s.record_boards, 2)
    );
    if let Some((players, after)) = s.playoff {
        assert_eq!(
            (saved.playoff.players, saved.playoff.after_round),
            (players, after)
        );
    }
}

/// What the test typed for one player in the Swiss games (the playoff's match games are not
/// Swiss games): his points round by round, wins, games and wins with black.
#[derive(Clone, Default)]
struct Record {
    by_round: Vec<i64>,
    wins: i64,
    black_games: i64,
    black_wins: i64,
}

/// The records of `players` over the Swiss games typed in rounds 1..=`rounds`.
fn records(
    typed: &[(u32, Game)],
    players: &[EntrantId],
    rounds: u32,
) -> HashMap<EntrantId, Record> {
    let mut out: HashMap<EntrantId, Record> = players
        .iter()
        .map(|&p| {
            (
                p,
                Record {
                    by_round: vec![0; rounds as usize],
                    ..Record::default()
                },
            )
        })
        .collect();
    for (round, g) in typed {
        if *round > rounds || g.phase != GamePhase::Regular {
            continue;
        }
        let (red, black) = match g.outcome.unwrap() {
            Outcome::RedWin => (WIN, 0),
            Outcome::BlackWin => (0, WIN),
            Outcome::Draw => (DRAW, DRAW),
            o => panic!("no {o:?} typed"),
        };
        let i = *round as usize - 1;
        if let Some(r) = out.get_mut(&g.red) {
            r.by_round[i] += red;
            r.wins += (red == WIN) as i64;
        }
        if let Some(r) = out.get_mut(&g.black) {
            r.by_round[i] += black;
            r.wins += (black == WIN) as i64;
            r.black_games += 1;
            r.black_wins += (black == WIN) as i64;
        }
    }
    out
}

/// 14.3.2 as rules.md §1.6.2 states it: points, then 累进分 (the sum of the running totals),
/// 胜局, 犯规 (none were entered), 后走局数, 后走胜局, then the 累进分 with round 1's score
/// taken out, then round 2's as well, and so on. Larger is better in every place.
fn sort_key(r: &Record) -> Vec<i64> {
    let running: Vec<i64> = r
        .by_round
        .iter()
        .scan(0, |acc, p| {
            *acc += p;
            Some(*acc)
        })
        .collect();
    let total = *running.last().unwrap_or(&0);
    let mut key = vec![
        total,
        running.iter().sum(),
        r.wins,
        0,
        r.black_games,
        r.black_wins,
    ];
    for j in 0..running.len().saturating_sub(1) {
        key.push(running[j + 1..].iter().map(|c| c - running[j]).sum());
    }
    key
}

/// The players in order of their records, as groups the rule cannot separate (a group of more
/// than one is ordered by lot, which the test does not predict).
fn ranking(recs: &HashMap<EntrantId, Record>) -> Vec<Vec<EntrantId>> {
    let mut ids: Vec<EntrantId> = recs.keys().copied().collect();
    ids.sort_by_key(|id| (std::cmp::Reverse(sort_key(&recs[id])), *id));
    let mut groups: Vec<Vec<EntrantId>> = Vec::new();
    for id in ids {
        match groups.last_mut() {
            Some(g) if sort_key(&recs[&g[0]]) == sort_key(&recs[&id]) => g.push(id),
            _ => groups.push(vec![id]),
        }
    }
    groups
}

/// The places the groups hold from place `first` on: each player with the places his group
/// spans.
fn places_from(groups: &[Vec<EntrantId>], first: u32) -> Vec<(EntrantId, u32, u32)> {
    let mut out = Vec::new();
    let mut next = first;
    for g in groups {
        let last = next + g.len() as u32 - 1;
        for &id in g {
            out.push((id, next, last));
        }
        next = last + 1;
    }
    out
}

/// The player at `place`, when the rule decides who it is.
fn at(places: &[(EntrantId, u32, u32)], place: u32) -> Option<EntrantId> {
    places
        .iter()
        .find(|(_, a, b)| *a == place && *b == place)
        .map(|x| x.0)
}

fn place_of(places: &[(EntrantId, u32, u32)], id: EntrantId) -> (u32, u32) {
    let x = places.iter().find(|x| x.0 == id).unwrap();
    (x.1, x.2)
}

fn label(s: &Section, id: EntrantId) -> String {
    s.entrant(id).unwrap().label()
}

/// A prize row of the result book, squeezed: place, 名次奖, number and name, unit, amount.
fn prize_row(s: &Section, id: EntrantId, place: u32, amount: i64) -> String {
    let e = s.entrant(id).unwrap();
    format!(
        "{place}名次奖{}{}{}{amount}",
        e.number.unwrap(),
        e.name,
        e.unit
    )
}

/// The team standings the regulation gives: per unit the places of its members on the team
/// form (十二.2: 以每队队员所获名次排名的总和决定，少者列前；若相等则比较各队所获个人最高排名，高者
/// 列前), best first: (unit, sum, places).
fn team_order(s: &Section, places: &[(EntrantId, u32, u32)]) -> Vec<(String, u32, Vec<u32>)> {
    let mut teams: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for e in s.entrants.iter().filter(|e| e.team_member) {
        let (a, b) = place_of(places, e.id);
        assert_eq!(a, b, "{}'s place is decided", e.name);
        teams.entry(e.unit.clone()).or_default().push(a);
    }
    let mut out: Vec<(String, u32, Vec<u32>)> = teams
        .into_iter()
        .map(|(unit, mut p)| {
            p.sort();
            (unit, p.iter().sum(), p)
        })
        .collect();
    out.sort_by_key(|(_, sum, p)| (*sum, p[0]));
    out
}

/// Team ranks: equal when the sum and the best place are both equal.
fn team_ranks(order: &[(String, u32, Vec<u32>)]) -> Vec<u32> {
    let mut ranks: Vec<u32> = Vec::new();
    for (i, t) in order.iter().enumerate() {
        let same = i > 0 && order[i - 1].1 == t.1 && order[i - 1].2[0] == t.2[0];
        ranks.push(if same { ranks[i - 1] } else { i as u32 + 1 });
    }
    ranks
}

/// Plays a Swiss round of the shown section: Ctrl+P, then every result by strength.
fn play_swiss_round(
    h: &mut Window,
    round: u32,
    strength: &HashMap<EntrantId, usize>,
    typed: &mut Vec<(u32, Game)>,
) {
    assert_eq!(pair_next_round(h), round);
    typed.extend(enter_results(h, |_, g| by_strength(strength, g)));
}

#[test]
fn seed_000_from_an_empty_file_to_the_result_book_through_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = empty_window(dir.path());
    let file = dir.path().join("上海市象棋锦标赛.bianpai");
    new_event(&mut h, &file);

    // 赛事信息 (一、五、六).
    type_event_details(
        &mut h,
        [
            EVENT,
            "上海市体育局",
            "上海市嘉定区娄塘镇文化体育服务中心",
            "2026-08-29",
            "2026-08-30",
        ],
    );

    // 补充细则 二 (赛程) and 四, 六, 七; 规程 九.3, 十三, 十四.
    set_up_section(
        &mut h,
        MEN,
        &SectionSetup {
            rounds: 9,
            playoff: Some((4, 7)),
            award: AwardPreset::Seed000Men,
            team: (3, "男"),
            record_boards: 12,
            schedule: "8月29日 09:00\n8月29日 09:00\n8月29日 13:00\n8月29日 13:00\n\
                       8月29日 13:00\n8月30日 09:00\n8月30日 09:00\n8月30日 13:00\n8月30日 13:00",
        },
    );
    set_up_section(
        &mut h,
        WOMEN,
        &SectionSetup {
            rounds: 7,
            playoff: None,
            award: AwardPreset::Seed000Women,
            team: (2, "女"),
            record_boards: 3,
            schedule: "8月29日 09:00\n8月29日 09:00\n8月29日 13:00\n8月29日 13:00\n\
                       8月29日 13:00\n8月30日 13:00\n8月30日 13:00",
        },
    );

    // The entry list, imported into each section (its 组别 column sends each row to its own).
    let csv = dir.path().join("报名单.csv");
    entry_csv(&csv);
    // 十: a late form with a man of 75 (born 1950) and a boy whose grade is below 二级棋士
    // (三级棋士) is refused, row named, and nothing is entered.
    let late = dir.path().join("补报.csv");
    std::fs::write(
        &late,
        format!(
            "姓名,性别,出生日期,级别,单位,组别\n宋长青,男,1950-12-31,,嘉定区,{MEN}\n\
             柳小棋,男,2011-06-06,中国象棋协会3级棋士,嘉定区,{MEN}\n"
        ),
    )
    .unwrap();
    show_section(&mut h, MEN);
    refused_import(&mut h, &late, 2, "不符合本组“符合以下要求之一”中的任何一条");
    let (men, women) = (men(), women());
    for (name, list, seed) in [(MEN, &men, 2026_0829u64), (WOMEN, &women, 2026_0830)] {
        show_section(&mut h, name);
        import_entrants(&mut h, &csv, list.len());
        draw_lots(&mut h, seed);
        let s = shown_section(&h);
        for e in list {
            let x = s.entrants.iter().find(|x| x.name == e.name).unwrap();
            assert_eq!(
                (x.unit.as_str(), x.sex, x.team_member),
                (e.unit, e.sex, e.team)
            );
        }
    }

    // Round 1 of both sections, then the order book.
    let mut typed: HashMap<&str, Vec<(u32, Game)>> = HashMap::new();
    for name in [MEN, WOMEN] {
        show_section(&mut h, name);
        assert_eq!(pair_next_round(&mut h), 1);
        typed.insert(name, Vec::new());
    }
    let order_book = dir.path().join("秩序册.pdf");
    save_document(&mut h, "秩序册", &order_book);

    let strength_of = |s: &Section, list: &[Entry]| -> HashMap<EntrantId, usize> {
        s.entrants
            .iter()
            .map(|e| (e.id, list.iter().position(|x| x.name == e.name).unwrap()))
            .collect()
    };

    // The women: seven rounds.
    show_section(&mut h, WOMEN);
    let women_strength = strength_of(&shown_section(&h), &women);
    let w_typed = typed.get_mut(WOMEN).unwrap();
    w_typed.extend(enter_results(&mut h, |_, g| {
        by_strength(&women_strength, g)
    }));
    for round in 2..=7 {
        play_swiss_round(&mut h, round, &women_strength, w_typed);
    }

    // The men: seven Swiss rounds …
    show_section(&mut h, MEN);
    let men_section = shown_section(&h);
    let men_ids: Vec<EntrantId> = men_section.entrants.iter().map(|e| e.id).collect();
    let men_strength = strength_of(&men_section, &men);
    let m_typed = typed.get_mut(MEN).unwrap();
    m_typed.extend(enter_results(&mut h, |_, g| by_strength(&men_strength, g)));
    for round in 2..=7 {
        play_swiss_round(&mut h, round, &men_strength, m_typed);
    }

    // … then the top four after round 7 play off (补充细则 四), seeded by 14.3.2.
    let after7 = ranking(&records(m_typed, &men_ids, 7));
    let top: Vec<EntrantId> = after7.iter().take(4).flatten().copied().collect();
    assert!(
        after7[..4].iter().all(|g| g.len() == 1),
        "the top four after round 7 are separated by 14.3.2: {after7:?}"
    );
    let (s1, s2, s3, s4) = (top[0], top[1], top[2], top[3]);
    let others: Vec<EntrantId> = men_ids
        .iter()
        .copied()
        .filter(|id| !top.contains(id))
        .collect();
    let ms = shown_section(&h);
    let name_of = |id: EntrantId| label(&ms, id);

    // Round 8: the others play on in the Swiss; beside them the semi-finals 1 v 4 and 2 v 3,
    // the better placed choosing colours: 1 takes black, 2 red.
    assert_eq!(pair_next_round(&mut h), 8);
    let r8: Vec<EntrantId> = shown_section(&h)
        .round(8)
        .unwrap()
        .games
        .iter()
        .flat_map(|g| [g.red, g.black])
        .collect();
    let mut sorted_others = others.clone();
    sorted_others.sort();
    let mut r8_sorted = r8.clone();
    r8_sorted.sort();
    assert_eq!(
        r8_sorted, sorted_others,
        "the playoff's four are not in the Swiss"
    );
    m_typed.extend(enter_results(&mut h, |_, g| by_strength(&men_strength, g)));
    pair_next_games(&mut h, &[(&name_of(s1), Key::B), (&name_of(s2), Key::R)]);
    // 1 v 4 is drawn, 2 beats 3.
    let semi = |g: &Game| {
        let has = |a: EntrantId, b: EntrantId| {
            (g.red == a && g.black == b) || (g.red == b && g.black == a)
        };
        if has(s1, s4) {
            outcome_for_winner(g, None)
        } else if has(s2, s3) {
            outcome_for_winner(g, Some(s2))
        } else {
            panic!("an unexpected match game {g:?}")
        }
    };
    let semis = enter_results(&mut h, |_, g| semi(g));
    assert_eq!(semis.len(), 2);
    let slow14 = semis
        .iter()
        .map(|x| &x.1)
        .find(|g| g.side_of(s1).is_some())
        .unwrap()
        .clone();
    assert_eq!((slow14.red, slow14.black), (s4, s1), "1 chose black");
    m_typed.extend(semis);
    // The drawn slow game: a rapid game, colours swapped (慢棋和棋则换先加赛快棋); 4 wins it.
    pair_next_games(&mut h, &[]);
    let rapid = enter_results(&mut h, |_, g| {
        assert_eq!(g.phase, GamePhase::Rapid);
        assert_eq!((g.red, g.black), (s1, s4), "colours swapped");
        outcome_for_winner(g, Some(s4))
    });
    assert_eq!(rapid.len(), 1);
    m_typed.extend(rapid);

    // Round 9: the Swiss goes on; the final (2 v 4) and the match for third (1 v 3), each
    // chosen by the better placed (名次靠前选手可选择先后手): both take red. 2 wins the final,
    // 3 wins the third place.
    play_swiss_round(&mut h, 9, &men_strength, m_typed);
    pair_next_games(&mut h, &[(&name_of(s2), Key::R), (&name_of(s1), Key::R)]);
    let last = enter_results(&mut h, |_, g| {
        assert_eq!(g.phase, GamePhase::Slow);
        if g.side_of(s4).is_some() {
            assert_eq!(g.red, s2);
            outcome_for_winner(g, Some(s2))
        } else {
            assert_eq!(g.red, s1);
            outcome_for_winner(g, Some(s3))
        }
    });
    assert_eq!(last.len(), 2);
    m_typed.extend(last);

    // The result book and the certificates.
    let result_book = dir.path().join("成绩册.pdf");
    save_document(&mut h, "成绩册", &result_book);
    let certificates = dir.path().join("获奖证书.pdf");
    save_document(&mut h, "获奖证书", &certificates);

    // ---- The places the regulation gives, from the results typed. ----
    // Men: 1–4 from the playoff (2 won the final over 4; 3 won the third place over 1), the
    // others by 14.3.2 over nine rounds.
    let after9 = ranking(&records(m_typed, &others, 9));
    let mut men_places = vec![(s2, 1, 1), (s4, 2, 2), (s3, 3, 3), (s1, 4, 4)];
    men_places.extend(places_from(&after9, 5));
    let ms = shown_section(&h);
    let ws = {
        show_section(&mut h, WOMEN);
        shown_section(&h)
    };
    let women_ids: Vec<EntrantId> = ws.entrants.iter().map(|e| e.id).collect();
    let women_places = places_from(&ranking(&records(&typed[WOMEN], &women_ids, 7)), 1);

    // ---- The order book. ----
    let ob = squeeze(&pdf_text(&order_book));
    assert!(ob.contains(&squeeze(EVENT)));
    let ob_men = between(&ob, "男子组（", "女子组（");
    let ob_women = between(&ob, "女子组（", "\u{0}");
    for (part, n, prizes, boards) in [
        (ob_men, men.len(), &MEN_PRIZES[..], 12),
        (ob_women, women.len(), &WOMEN_PRIZES[..], 3),
    ] {
        assert!(part.contains("记分：3-1-0"), "{part}");
        assert!(part.contains("同队队员第1轮回避"));
        assert!(
            part.contains(&format!("录取名次：{n}人参赛录取前{}名", places_awarded(n))),
            "{part}"
        );
        for (a, b, amount) in prizes {
            let band = if a == b {
                format!("第{a}名{amount}元")
            } else {
                format!("第{a}–{b}名各{amount}元")
            };
            assert!(part.contains(&band), "{band}");
        }
        assert!(part.contains("第1–8名授予三级运动员（须至少15人上场比赛）"));
        assert!(part.contains(&format!("自第2轮起，前{boards}台须录谱")));
        assert!(part.contains("第1轮8月29日09:00"));
    }
    // 十 参赛资格 and 十二.2 / 九.3 团体名次 (3 men, 2 women from the team entry form; 十三.2:
    // 前八名，不足9队减一).
    for (part, list, members, sex) in [(ob_men, &men, 3, "男子"), (ob_women, &women, 2, "女子")]
    {
        let ways = WAYS_IN.replace('\n', "；");
        let line = squeeze(&format!("参赛资格：限{sex}；或符合以下之一：{ways}"));
        assert!(part.contains(&line), "{line} in {part}");
        let teams: std::collections::BTreeSet<&str> =
            list.iter().filter(|e| e.team).map(|e| e.unit).collect();
        let line = format!(
            "团体名次：每队计前{members}名{sex}队员的个人名次之和，少者列前，相等时依次比较各队员名次\
             （只计团体报名表上的队员）；{}个队，录取前{}名",
            teams.len(),
            places_awarded(teams.len())
        );
        assert!(part.contains(&line), "{line} in {part}");
    }
    assert!(ob_men.contains("积分编排制，共9轮"));
    assert!(ob_men.contains("第7轮后前4名交叉赛（1对4、2对3…）"));
    assert!(ob_men.contains("前32名获得参赛资格"));
    assert!(ob_women.contains("积分编排制，共7轮"));
    assert!(!ob_women.contains("交叉赛") && !ob_women.contains("获得参赛资格"));
    // Round 1 (补充细则 四): 按 1-2、4-3 依次对阵 where it can be, 同队队员首轮回避 always: no
    // board of the printed round 1 pairs two players of one unit.
    for (section, s) in [(MEN, &ms), (WOMEN, &ws)] {
        let text = pdf_text(&order_book);
        let part = text
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
            assert_ne!(c[3], c[7], "{section}, board {}: one unit", c[0]);
        }
    }
    // Entrants by unit: every player under his unit.
    for (part, s) in [(ob_men, &ms), (ob_women, &ws)] {
        for e in &s.entrants {
            assert!(
                part.contains(&format!("{}{}", e.number.unwrap(), e.name)),
                "{} in the order book",
                e.name
            );
        }
    }

    // ---- The result book. ----
    let rb = squeeze(&pdf_text(&result_book));
    assert!(rb.contains(&squeeze(EVENT)) && rb.contains("上海市体育局"));
    assert!(!rb.contains("非最终成绩"), "every result is in");
    // The playoff's games are marked in the round tables: its slow games, and the one rapid
    // game that followed the drawn slow game (补充细则 四).
    assert!(
        rb.contains("（慢棋）"),
        "the playoff's slow games are marked"
    );
    assert_eq!(rb.matches("（快棋）").count(), 1, "one rapid game");
    let rb_men = between(&rb, "男子组最终名次", "女子组最终名次");
    let rb_women = between(&rb, "女子组最终名次", "\u{0}");
    let mut total = 0;
    for (part, s, places, table) in [
        (rb_men, &ms, &men_places, &MEN_PRIZES[..]),
        (rb_women, &ws, &women_places, &WOMEN_PRIZES[..]),
    ] {
        // Every paid place (all are awarded: both fields have at least nine) holds the player
        // the rule puts there; a tie the rule leaves to the lot must not split a prize band.
        let prizes = between(part, "个人奖金", "等级称号");
        let mut sum = 0;
        for &(id, a, b) in places.iter() {
            assert!(
                (a..=b).all(|q| prize(table, q) == prize(table, a)),
                "a tie over places {a}–{b} with different prizes"
            );
            if let Some(amount) = prize(table, a) {
                sum += amount;
                if a == b {
                    let row = prize_row(s, id, a, amount);
                    assert!(prizes.contains(&row), "{row} in the prize table");
                }
            }
        }
        let line = format!("奖金合计：{sum}元（税前）");
        assert!(prizes.contains(&line), "{line}");
        total += sum;
    }
    assert_eq!(total, PRIZE_TOTAL, "补充细则 七: 奖金合计 29700 元");

    // Titles (十四): men, 34 played ≥ 15 — places 1–8 are 三级运动员; women, 10 played.
    let titles = between(rb_men, "等级称号", "获得参赛资格名单");
    for p in 1..=8 {
        let id = at(&men_places, p).expect("places 1–8 decided");
        let e = ms.entrant(id).unwrap();
        let row = format!("{p}{}{}三级运动员", e.name, e.unit);
        assert!(titles.contains(&row), "{row}");
    }
    assert_eq!(titles.matches("三级运动员").count(), 8, "places 1–8 only");
    let women_titles = between(rb_women, "等级称号", "裁判长");
    assert!(
        women_titles.contains("上场比赛10人，不足15人，不授予三级运动员。"),
        "{women_titles}"
    );
    assert!(!women_titles.contains("1钱晓燕"));

    // Qualifiers (十三.4): the men's top 32, in place order; 33 and 34 are not there.
    let qualified = between(rb_men, "获得参赛资格名单", "裁判长");
    for p in 1..=32u32 {
        if let Some(id) = at(&men_places, p) {
            let e = ms.entrant(id).unwrap();
            assert!(qualified.contains(&format!("{p}{}{}", e.name, e.unit)));
        }
    }
    // Everyone whose places are all within the top 32 is there, nobody placed below; a tie
    // the lot decides across place 32 would leave its players open.
    for &(id, a, b) in &men_places {
        let name = &ms.entrant(id).unwrap().name;
        if b <= 32 || a > 32 {
            assert_eq!(
                qualified.contains(name.as_str()),
                b <= 32,
                "{name}, place {a}"
            );
        }
    }
    let listed = ms
        .entrants
        .iter()
        .filter(|e| qualified.contains(e.name.as_str()))
        .count();
    assert_eq!(listed, 32);

    // Team ranks (十二.2), men's teams of 3 and women's of 2 from the team form.
    let mut ties = 0;
    for (part, s, places, size) in [
        (rb_men, &ms, &men_places, 3),
        (rb_women, &ws, &women_places, 2),
    ] {
        let teams = between(part, "团体名次", "个人奖金");
        let order = team_order(s, places);
        let ranks = team_ranks(&order);
        for ((unit, sum, p), rank) in order.iter().zip(&ranks) {
            assert_eq!(p.len(), size, "{unit} has {size} on the team form");
            // The members counted, best first, with their places: only those on the form.
            let members: Vec<String> = p
                .iter()
                .map(|&q| {
                    let id = at(places, q).unwrap();
                    format!("{}({q})", s.entrant(id).unwrap().name)
                })
                .collect();
            let row = format!("{rank}{unit}{sum}{}", members.join("、"));
            assert!(teams.contains(&row), "{row} in {teams}");
        }
        // A unit with nobody on the team form has no team.
        for e in s.entrants.iter().filter(|e| !e.team_member) {
            let on_form = s.entrants.iter().any(|x| x.team_member && x.unit == e.unit);
            assert_eq!(teams.contains(&e.unit), on_form, "{} in the teams", e.unit);
        }
        ties += order.windows(2).filter(|w| w[0].1 == w[1].1).count();
    }
    assert!(
        ties >= 1,
        "a tie on the sum of places puts the rule's second step to work"
    );

    // ---- The certificates: the places awarded (十三.1–2). ----
    let certs = pdf_text(&certificates);
    let pages: Vec<&str> = certs
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect();
    let count = |section: &str, team: bool| {
        pages
            .iter()
            .map(|p| squeeze(p))
            .filter(|p| p.contains(section) && p.contains("团体第") == team)
            .count()
    };
    let men_teams = team_order(&ms, &men_places).len();
    let women_teams = team_order(&ws, &women_places).len();
    assert_eq!(count(MEN, false), places_awarded(men.len()));
    assert_eq!(count(WOMEN, false), places_awarded(women.len()));
    assert_eq!(count(MEN, true), places_awarded(men_teams));
    assert_eq!(count(WOMEN, true), places_awarded(women_teams));
    assert_eq!((men_teams, women_teams), (9, 4));

    keep_event_file(h, &file);
}
