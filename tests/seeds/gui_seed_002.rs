//! Issue 20, acceptance: one window test per seed — seed 002, the 第六届上海杯象棋大师公开赛, men's
//! event (男子个人公开组), run from an empty file only through the widgets a person uses: 文件 →
//! 新建赛事, the 海选赛 and the 正赛 set up in the Event tab (their presets, Ctrl+S), the entry
//! list imported in the Entrants tab (Ctrl+I, with its 境外 column), the two wildcards ticked
//! (外卡) in the entrant form, the numbers drawn by lot (Ctrl+L), the eleven Swiss rounds paired
//! (Ctrl+P) and their results typed with the result keys, the qualified list entered into the
//! 正赛 from the Awards tab (晋级名单转入该组别), the knockout paired from the Bracket tab and its
//! games typed, and the order book and result book saved from the Documents tab and read back
//! with `pdftotext`.
//!
//! The regulation's rules exercised:
//! - 七(二): 海选赛 积分编排制; 男子组第9轮结束后前8名晋级正赛，第10轮结束后前8名晋级正赛，第11轮结束后
//!   前10名晋级正赛 — the players who qualify leave the field, so rounds 10 and 11 pair 40 and
//!   32 players of the 48 entered (an even field at every round, and 22 who do not qualify in a
//!   stage, of whom places 27–32 are still paid and 33–48 are not).
//! - 六(三)1(2): 境外运动员排名前4名，如与（1）重复，则按境外运动员排名顺延 — ten overseas players, the
//!   strongest of whom qualifies in a stage, so the quota passes over him.
//! - 六(三)1(3): 承办方外卡2名 — two weak players who qualify only by the wildcard.
//! - 六(三)1: 正赛 32名, entered numbered 1–32 in the list's order (stages, overseas, wildcards).
//! - 七(三): 两局分先制单败淘汰赛，如打平，则换先加赛两局超快棋，胜者晋级。如再打平，则加赛超快棋 — one
//!   match goes to the sudden death, one is decided in the two rapid games.
//! - 八(二)1(1): 海选赛 1-8名各0.5万元，9-16名各0.3万元，17-32名各0.1万元，另奖境外运动员前8名各0.1万元
//!   （可兼得） — 80 000 + 8 000 元 (with the women's 48 000, the 13.6万元 of 八(二)1); the stage
//!   qualifiers hold places 1–26 in their order of qualification, the others follow by the
//!   final standings; the overseas prize goes to the first 8 overseas players by those places
//!   (ten play, so two get none).
//! - 八(二)2(1): 正赛 1-4名 200 000, 120 000, 70 000, 50 000, 5-8名各12 000, 9-16名各8 000, 17-32名
//!   各4 000 — 616 000 元 (with the women's 284 000, the 90万元 of 八(二)2); 3rd and 4th differ,
//!   so a match for third place is played; the losers of a stage share its band (5–8, 9–16,
//!   17–32).
//! - 五: individual events only — no team ranking in the result book.
//!
//! Every figure checked comes from the regulation's words or from the results this test typed:
//! the Swiss ranking is 《象棋竞赛规则》14.3.1 (the regulation names the rules, 七(一), and no
//! tiebreak of its own; the program's default preset) under 2-1-0: 积分, 对手分, 胜局, 犯规, 后走局数,
//! 后走胜局; a tie left after them (前一轮名次) is not predicted, so where players are chosen or
//! placed from a ranking the test compares their keys, never their order inside a full tie.
//!
//! The women's event (女子个人公开组) runs the same way as a test of its own, with its own
//! numbers: 七(二) 第7轮结束后前4名晋级正赛，第8轮结束后前4名晋级正赛，第9轮结束后前5名晋级正赛 (typed
//! in the 分阶段晋级 field, not a preset), 六(三)2 境外运动员前2名 and 承办方外卡1名 — 16 for the
//! 正赛; her wildcard goes to a player who did not play the 海选赛, entered in the 正赛's
//! Entrants tab (外卡) before the list comes in, and numbered 16 after it; 八(二)1(2) 1-8名各0.3万元，9-16名各0.2万元，另奖境外运动员前8名各0.1万元 (40 000 + 8 000
//! 元); 八(二)2(2) 1-4名 100 000, 60 000, 35 000, 25 000, 5-8名各8 000, 9-16名各4 000 (284 000
//! 元).
//!
//! The games are decided by a fixed strength order (the order of the entry list): the stronger
//! wins, two neighbours in it draw. Set BIANPAI_KEEP_SEED_FILE to a path
//! to keep the event file there; BIANPAI_DUMP_DIR to keep the PDFs' text.

use crate::common::window::*;
use bianpai::i18n::{Lang, award_preset_label, tiebreak_preset_label};
use bianpai::model::{AwardPreset, EntrantId, Game, GamePhase, Section};
use bianpai::standings::Preset;
use bianpai::ui::TabKind;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::collections::HashMap;

const EVENT: &str = "第六届上海杯象棋大师公开赛";

/// One event of the regulation (五: 男子个人公开组、女子个人公开组) as the test runs it.
struct Spec {
    sex: &'static str,
    qualifier: &'static str,
    main: &'static str,
    /// Entered in the 海选赛, strongest first: (family names, given names).
    names: (&'static [&'static str], &'static [&'static str]),
    /// The overseas players' places in the strength order (0 = strongest): the first
    /// qualifies in a stage, so the overseas quota passes over him.
    overseas: &'static [usize],
    /// The organiser's wildcards who play the 海选赛: the weakest.
    wildcards: &'static [usize],
    /// The organiser's wildcards who do not play it, entered in the 正赛 beforehand: (name,
    /// unit).
    host_wildcards: &'static [(&'static str, &'static str)],
    /// 七(二): the 海选赛's rounds, and its stages (after round, how many qualify).
    rounds: u32,
    stages: &'static [(u32, usize)],
    /// 六(三): 境外运动员排名前 n 名.
    overseas_quota: usize,
    /// 分阶段晋级 as typed; None: the preset's button.
    qualification: Option<&'static str>,
    award_q: AwardPreset,
    award_m: AwardPreset,
    /// 八(二)1: (from place, to place, yuan each), their sum.
    q_prizes: &'static [(u32, u32, i64)],
    q_total: i64,
    /// 八(二)2.
    m_prizes: &'static [(u32, u32, i64)],
    m_total: i64,
}

const FAMILY: [&str; 16] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林",
];

const MEN: Spec = Spec {
    sex: "男",
    qualifier: "男子个人公开组海选赛",
    main: "男子个人公开组正赛",
    names: (&FAMILY, &["天一", "海川", "国强"]),
    overseas: &[2, 11, 19, 26, 29, 32, 35, 38, 41, 44],
    wildcards: &[46, 47],
    host_wildcards: &[],
    rounds: 11,
    stages: &[(9, 8), (10, 8), (11, 10)],
    overseas_quota: 4,
    qualification: None,
    award_q: AwardPreset::Seed002QualifierMen,
    award_m: AwardPreset::Seed002MainMen,
    // 八(二)1(1): 1-8名各0.5万元，9-16名各0.3万元，17-32名各0.1万元.
    q_prizes: &[(1, 8, 5000), (9, 16, 3000), (17, 32, 1000)],
    q_total: 80_000,
    // 八(二)2(1): 1-4名分别为20万元、12万元、7万元、5万元，第5-8名各1.2万元，第9-16名各0.8万元，
    // 第17-32名各0.4万元.
    m_prizes: &[
        (1, 1, 200_000),
        (2, 2, 120_000),
        (3, 3, 70_000),
        (4, 4, 50_000),
        (5, 8, 12_000),
        (9, 16, 8_000),
        (17, 32, 4_000),
    ],
    m_total: 616_000,
};

const WOMEN: Spec = Spec {
    sex: "女",
    qualifier: "女子个人公开组海选赛",
    main: "女子个人公开组正赛",
    names: (&FAMILY, &["晓红", "雅琴"]),
    overseas: &[1, 8, 12, 15, 17, 20, 23, 26, 28, 30],
    wildcards: &[],
    host_wildcards: &[("陆佳怡", "上海")],
    rounds: 9,
    stages: &[(7, 4), (8, 4), (9, 5)],
    overseas_quota: 2,
    qualification: Some("7:4, 8:4, 9:5, 境外运动员:2, 外卡:1"),
    award_q: AwardPreset::Seed002QualifierWomen,
    award_m: AwardPreset::Seed002MainWomen,
    // 八(二)1(2): 1-8名各0.3万元，9-16名各0.2万元.
    q_prizes: &[(1, 8, 3000), (9, 16, 2000)],
    q_total: 40_000,
    // 八(二)2(2): 1-4名分别为10万元、6万元、3.5万元、2.5万元，第5-8名各0.8万元，第9-16名各0.4万元.
    m_prizes: &[
        (1, 1, 100_000),
        (2, 2, 60_000),
        (3, 3, 35_000),
        (4, 4, 25_000),
        (5, 8, 8_000),
        (9, 16, 4_000),
    ],
    m_total: 284_000,
};

const WIN: i64 = 2;
const DRAW: i64 = 1;
/// 八(二)1: 另奖境外运动员前8名各0.1万元（可兼得）.
const OVERSEAS_PRIZE: i64 = 1000;
const OVERSEAS_PRIZED: usize = 8;

impl Spec {
    fn players(&self) -> usize {
        self.names.0.len() * self.names.1.len()
    }

    /// The 正赛's field: the stages, the overseas quota and the wildcards.
    fn main_players(&self) -> usize {
        self.stage_total() + self.overseas_quota + self.wildcards.len() + self.host_wildcards.len()
    }

    fn stage_total(&self) -> usize {
        self.stages.iter().map(|s| s.1).sum()
    }

    /// The entry list, strongest first: (name, unit, overseas).
    fn entries(&self) -> Vec<(String, &'static str, bool)> {
        let home = ["上海", "北京", "广东", "浙江", "江苏", "四川"];
        let abroad = ["马来西亚", "新加坡", "越南", "澳大利亚", "加拿大"];
        let (family, given) = self.names;
        (0..self.players())
            .map(|i| {
                let overseas = self.overseas.contains(&i);
                let unit = if overseas {
                    abroad[i % abroad.len()]
                } else {
                    home[i % home.len()]
                };
                (
                    format!("{}{}", family[i % family.len()], given[i / family.len()]),
                    unit,
                    overseas,
                )
            })
            .collect()
    }

    fn entry_csv(&self, path: &std::path::Path) {
        let mut text = String::from("姓名,性别,单位,组别,境外\n");
        for (name, unit, overseas) in self.entries() {
            let flag = if overseas { "是" } else { "否" };
            text += &format!("{name},{},{unit},{},{flag}\n", self.sex, self.qualifier);
        }
        std::fs::write(path, text).unwrap();
    }
}

/// A prize table as the order book states it: 第1名200000元、第5–8名各12000元 …
fn prize_line(table: &[(u32, u32, i64)]) -> String {
    let items: Vec<String> = table
        .iter()
        .map(|&(a, b, x)| {
            if a == b {
                format!("第{a}名{x}元")
            } else {
                format!("第{a}–{b}名各{x}元")
            }
        })
        .collect();
    format!("奖金（税前）：{}", items.join("、"))
}

/// 14.3.1: 积分, 对手分, 胜局, 犯规 (none), 后走局数, 后走胜局; larger is better.
type Key = Vec<i64>;
fn swiss_key(recs: &HashMap<EntrantId, Record>, id: EntrantId) -> Key {
    let r = &recs[&id];
    let opp: i64 = r.opponents.iter().map(|o| recs[o].points).sum();
    vec![r.points, opp, r.wins, 0, r.black_games, r.black_wins]
}

/// `among`, best first by the key.
fn by_key(keys: &HashMap<EntrantId, Key>, among: &[EntrantId]) -> Vec<EntrantId> {
    let mut v = among.to_vec();
    v.sort_by(|a, b| keys[b].cmp(&keys[a]));
    v
}

/// The rows of a table in a PDF's text: the lines after the lines that read `headings` in turn
/// (white space aside), up to a line that begins with one of `stop`, that begin with a number;
/// each as its cells.
fn table_rows(text: &str, headings: &[&str], stop: &[&str]) -> Vec<Vec<String>> {
    let mut lines = text.lines();
    for heading in headings {
        assert!(
            lines.any(|l| squeeze(l) == *heading),
            "no “{heading}” in the text"
        );
    }
    let mut rows = Vec::new();
    for line in lines {
        let sq = squeeze(line);
        if stop.iter().any(|s| sq.starts_with(s)) {
            break;
        }
        let cells: Vec<String> = line.split_whitespace().map(String::from).collect();
        // A place, or a bracket's shared range (5–8).
        let place = |c: &String| c.split('–').all(|p| p.parse::<u32>().is_ok());
        if cells.first().is_some_and(place) {
            rows.push(cells);
        }
    }
    rows
}

#[test]
fn seed_002_men_qualifier_to_knockout_through_the_window() {
    run(&MEN);
}

#[test]
fn seed_002_women_qualifier_to_knockout_through_the_window() {
    run(&WOMEN);
}

fn run(spec: &Spec) {
    let (qualifier, main) = (spec.qualifier, spec.main);
    let players = spec.players();
    let n_main = spec.main_players() as u32;
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let mut h = empty_window(dir.path());
    let file = dir.path().join("上海杯.bianpai");
    new_event(&mut h, &file);

    // 一、四.
    type_event_details(
        &mut h,
        [
            EVENT,
            "中国象棋协会",
            "上海棋院",
            "2026-08-08",
            "2026-09-13",
        ],
    );

    // 七(二): the 海选赛, a Swiss, staged qualification; 八(二)1 its prizes.
    add_section(&mut h, qualifier);
    click(&mut h, "积分编排制");
    retype(&mut h, "轮数", &spec.rounds.to_string());
    click(&mut h, "2-1-0");
    // The regulation names no unit to avoid and no team ranking (五: individual events only).
    retype(&mut h, "自第几轮", "0");
    retype(&mut h, "至第几轮", "0");
    click(
        &mut h,
        &tiebreak_preset_label(Preset::Xiangqi1431, Lang::Zh),
    );
    click(&mut h, "只计团体报名表上的队员");
    match spec.qualification {
        None => click(
            &mut h,
            "上海杯海选赛（9轮后8人、10轮后8人、11轮后10人、境外4人、外卡2人）",
        ),
        Some(text) => retype(&mut h, "分阶段晋级", text),
    }
    click(&mut h, &award_preset_label(spec.award_q, Lang::Zh));
    save_section(&mut h);
    let saved = shown_section(&h).settings;
    assert_eq!(saved.rounds, spec.rounds);
    let stages: Vec<(u32, usize)> = saved
        .qualification
        .stages
        .iter()
        .map(|s| (s.after_round, s.count as usize))
        .collect();
    assert_eq!(stages, spec.stages);
    assert_eq!(
        saved.qualification.places() as usize,
        spec.main_players(),
        "六(三)"
    );
    assert_eq!(
        *saved.awards,
        bianpai::model::AwardOptions::preset(spec.award_q)
    );

    // 七(三): the 正赛, a knockout of two-game matches; 八(二)2 its prizes. Made before the
    // qualifier is over, empty.
    let main_rounds = n_main.trailing_zeros();
    add_section(&mut h, main);
    click(&mut h, "淘汰制");
    retype(&mut h, "轮数", &main_rounds.to_string());
    click(
        &mut h,
        "两局分先，平则两局超快棋，再平超快棋决胜（上海杯正赛）",
    );
    click(&mut h, "只计团体报名表上的队员");
    click(&mut h, &award_preset_label(spec.award_m, Lang::Zh));
    save_section(&mut h);
    let saved = shown_section(&h).settings;
    assert_eq!(saved.system, bianpai::model::PairingSystem::Knockout);
    assert_eq!(saved.knockout, bianpai::model::KnockoutOptions::default());
    assert!(saved.knockout.third_place_match);

    // The entry list, with its 境外 column; then the wildcards ticked in the form.
    show_section(&mut h, qualifier);
    let csv = dir.path().join("报名表.csv");
    spec.entry_csv(&csv);
    import_entrants(&mut h, &csv, players);
    let list = spec.entries();
    for &w in spec.wildcards {
        tab(&mut h, TabKind::Entrants);
        click(&mut h, &list[w].0);
        click(&mut h, "外卡");
        click(&mut h, "保存修改");
        no_error(&h, "giving a wildcard");
    }
    draw_lots(&mut h, 2026_0809);
    let q = shown_section(&h);
    let strength: HashMap<EntrantId, usize> = q
        .entrants
        .iter()
        .map(|e| (e.id, list.iter().position(|x| x.0 == e.name).unwrap()))
        .collect();
    let id_at = |k: usize| {
        *strength
            .iter()
            .find(|(_, s)| **s == k)
            .map(|(id, _)| id)
            .unwrap()
    };
    for (k, (name, _, overseas)) in list.iter().enumerate() {
        let e = q.entrant(id_at(k)).unwrap();
        assert_eq!((&e.name, e.overseas), (name, *overseas));
        assert_eq!(
            e.flags.iter().any(|f| f == "外卡"),
            spec.wildcards.contains(&k),
            "{name}: 外卡"
        );
    }
    let all: Vec<EntrantId> = q.entrants.iter().map(|e| e.id).collect();

    // Every round.
    let mut typed: Vec<(u32, Game)> = Vec::new();
    for round in 1..=spec.rounds {
        assert_eq!(pair_next_round(&mut h), round);
        typed.extend(enter_results(&mut h, |_, g| by_strength(&strength, g)));
    }
    let q = shown_section(&h);
    eprintln!("qualifier played: {:?}", started.elapsed());

    // ---- The qualified list, worked out from the regulation's words. ----
    let mut qualified: Vec<EntrantId> = Vec::new();
    let mut stage_keys: Vec<Vec<Key>> = Vec::new();
    for &(round, count) in spec.stages {
        let recs = records(&typed, &all, round, (WIN, DRAW));
        let keys: HashMap<EntrantId, Key> =
            all.iter().map(|&id| (id, swiss_key(&recs, id))).collect();
        let rest: Vec<EntrantId> = all
            .iter()
            .copied()
            .filter(|e| !qualified.contains(e))
            .collect();
        let order = by_key(&keys, &rest);
        assert_ne!(
            keys[&order[count - 1]],
            keys[&order[count]],
            "after round {round}: the stage's last place is not a full tie"
        );
        stage_keys.push(order[..count].iter().map(|e| keys[e].clone()).collect());
        qualified.extend(&order[..count]);
        // They leave the field: no game after their round.
        for later in round + 1..=spec.rounds {
            let r = q.round(later).unwrap();
            for e in &order[..count] {
                assert!(r.game_of(*e).is_none(), "round {later}: a qualifier plays");
            }
        }
    }
    // The men: 48 − 8 = 40 play round 10, 40 − 8 = 32 round 11.
    for r in 1..=spec.rounds {
        let gone: usize = spec.stages.iter().filter(|s| s.0 < r).map(|s| s.1).sum();
        assert_eq!(q.round(r).unwrap().games.len(), (players - gone) / 2);
    }
    let final_recs = records(&typed, &all, spec.rounds, (WIN, DRAW));
    let final_keys: HashMap<EntrantId, Key> = all
        .iter()
        .map(|&id| (id, swiss_key(&final_recs, id)))
        .collect();
    let overseas_rest: Vec<EntrantId> = by_key(
        &final_keys,
        &all.iter()
            .copied()
            .filter(|e| q.entrant(*e).unwrap().overseas && !qualified.contains(e))
            .collect::<Vec<_>>(),
    );
    assert!(
        qualified.contains(&id_at(spec.overseas[0])),
        "the strongest overseas player qualifies in a stage: the quota passes over him"
    );
    let quota = spec.overseas_quota;
    let overseas_keys: Vec<Key> = overseas_rest[..quota]
        .iter()
        .map(|e| final_keys[e].clone())
        .collect();
    assert_ne!(
        final_keys[&overseas_rest[quota - 1]],
        final_keys[&overseas_rest[quota]]
    );
    let overseas_set: Vec<EntrantId> = overseas_rest[..quota].to_vec();
    // 外卡: the flagged entrants, in pairing-number order.
    let mut wildcards: Vec<EntrantId> = spec.wildcards.iter().map(|&k| id_at(k)).collect();
    wildcards.sort_by_key(|e| q.entrant(*e).unwrap().number);
    for w in &wildcards {
        assert!(!qualified.contains(w) && !overseas_set.contains(w));
    }

    // ---- 承办方外卡 who did not play the 海选赛: entered in the 正赛's Entrants tab, marked
    // 外卡, before the list comes in. ----
    for (name, unit) in spec.host_wildcards {
        show_section(&mut h, main);
        tab(&mut h, TabKind::Entrants);
        retype(&mut h, "姓名", name);
        retype(&mut h, "单位", unit);
        click(&mut h, "外卡");
        click(&mut h, "添加选手");
        no_error(&h, "entering a wildcard");
    }
    show_section(&mut h, qualifier);

    // ---- 晋级名单转入 the 正赛, from the qualifier's Awards tab. ----
    tab(&mut h, TabKind::Awards);
    assert_eq!(
        h.get_by_role_and_label(Role::ComboBox, "转入组别").value(),
        Some(main.to_string())
    );
    click(&mut h, "晋级名单转入该组别");
    no_error(&h, "entering the qualifiers");
    show_section(&mut h, main);
    let m = shown_section(&h);
    assert_eq!(
        m.entrants.len(),
        n_main as usize,
        "六(三): 正赛 32名 / 16名"
    );
    // The main event's player numbered n, as the qualifier's entrant (the wildcards entered
    // in the 正赛 have none: they come last).
    let main_to_q: HashMap<EntrantId, EntrantId> = m
        .entrants
        .iter()
        .filter_map(|e| {
            q.entrants
                .iter()
                .find(|x| x.name == e.name)
                .map(|x| (e.id, x.id))
        })
        .collect();
    let from_list = n_main - spec.host_wildcards.len() as u32;
    let by_number = |n: u32| m.entrants.iter().find(|e| e.number == Some(n)).unwrap();
    let numbered: Vec<EntrantId> = (1..=from_list)
        .map(|n| main_to_q[&by_number(n).id])
        .collect();
    let hosts: Vec<&str> = (from_list + 1..=n_main)
        .map(|n| by_number(n).name.as_str())
        .collect();
    let expected_hosts: Vec<&str> = spec.host_wildcards.iter().map(|w| w.0).collect();
    assert_eq!(hosts, expected_hosts, "承办方外卡 after the list");
    // Stages in order, each by the ranking after its round.
    let mut at = 0;
    for (i, keys) in stage_keys.iter().enumerate() {
        let (round, count) = spec.stages[i];
        let recs = records(&typed, &all, round, (WIN, DRAW));
        let got: Vec<Key> = numbered[at..at + count]
            .iter()
            .map(|&e| swiss_key(&recs, e))
            .collect();
        assert_eq!(
            &got,
            keys,
            "numbers {}–{}: the stage after round {round}",
            at + 1,
            at + count
        );
        at += count;
    }
    let staged = spec.stage_total();
    let mut first = numbered[..staged].to_vec();
    let mut expected = qualified.clone();
    first.sort();
    expected.sort();
    assert_eq!(
        first, expected,
        "the stage qualifiers (六(三): 前26名 / 前13名)"
    );
    let got: Vec<Key> = numbered[staged..staged + quota]
        .iter()
        .map(|e| final_keys[e].clone())
        .collect();
    assert_eq!(got, overseas_keys, "境外运动员前{quota}名，顺延");
    for e in &numbered[staged..staged + quota] {
        assert!(overseas_set.contains(e));
    }
    assert_eq!(numbered[staged + quota..], wildcards[..], "外卡");

    eprintln!("advanced: {:?}", started.elapsed());
    let order_book = dir.path().join("秩序册.pdf");
    save_document(&mut h, "秩序册", &order_book);

    // ---- The knockout. ----
    let main_strength: HashMap<EntrantId, usize> = m
        .entrants
        .iter()
        .map(|e| {
            // An organiser's wildcard who did not play the 海选赛: the weakest of all.
            let s = main_to_q.get(&e.id).map_or(players, |q| strength[q]);
            (e.id, s)
        })
        .collect();
    let num = |m: &Section, id: EntrantId| m.entrant(id).unwrap().number.unwrap();
    // Which match is scripted how: {1, last} to the sudden death, the middle one ({16, 17} of
    // 32) to the rapid games (the weaker wins them).
    let (sudden, rapid_pair) = ((1, n_main), (n_main / 2, n_main / 2 + 1));
    let decide = |m: &Section, g: &Game| {
        let pair = {
            let (a, b) = (num(m, g.red), num(m, g.black));
            (a.min(b), a.max(b))
        };
        let stronger = if main_strength[&g.red] < main_strength[&g.black] {
            g.red
        } else {
            g.black
        };
        let weaker = if stronger == g.red { g.black } else { g.red };
        let same = |x: &Game| {
            x.phase == g.phase
                && x.board < g.board
                && ((x.red, x.black) == (g.red, g.black) || (x.red, x.black) == (g.black, g.red))
        };
        let earlier = m
            .rounds
            .iter()
            .flat_map(|r| &r.games)
            .filter(|x| same(x))
            .count();
        let winner = match (pair, g.phase, earlier) {
            (p, GamePhase::SuddenDeath, 0) if p == sudden => None,
            (p, GamePhase::SuddenDeath, _) if p == sudden => Some(stronger),
            (p, _, _) if p == sudden => None,
            (p, GamePhase::Slow, 0) if p == rapid_pair => Some(stronger),
            (p, GamePhase::Slow, _) if p == rapid_pair => Some(weaker),
            (p, GamePhase::Rapid, 0) if p == rapid_pair => Some(weaker),
            (p, _, _) if p == rapid_pair => None,
            (_, GamePhase::Slow, 0) => Some(stronger),
            _ => None,
        };
        outcome_for_winner(g, winner)
    };
    let match_winner = |m: &Section, a: EntrantId, b: EntrantId| {
        let pair = (num(m, a).min(num(m, b)), num(m, a).max(num(m, b)));
        let (s, w) = if main_strength[&a] < main_strength[&b] {
            (a, b)
        } else {
            (b, a)
        };
        if pair == rapid_pair { w } else { s }
    };
    let mut sessions = 0;
    // The final and the match for third place are plain matches: over after their two slow
    // games.
    let over = |m: &Section| {
        m.round(main_rounds)
            .is_some_and(|r| r.games.len() == 4 && r.games.iter().all(|g| g.outcome.is_some()))
    };
    while !over(&shown_section(&h)) {
        pair_next_games(&mut h, &[]);
        enter_results(&mut h, |s, g| decide(s, g));
        sessions += 1;
        assert!(sessions < 20, "the knockout must finish");
    }
    let m = shown_section(&h);
    assert_eq!(m.rounds.len() as u32, main_rounds, "32 → 16 → 8 → 4 → 2");
    // Round 1: 1号对末号、2号对次末号…
    let pairs_of = |round: u32| {
        let mut v: Vec<(EntrantId, EntrantId)> = Vec::new();
        for g in &m.round(round).unwrap().games {
            let p = if num(&m, g.red) < num(&m, g.black) {
                (g.red, g.black)
            } else {
                (g.black, g.red)
            };
            if !v.contains(&p) {
                v.push(p);
            }
        }
        v
    };
    let first = pairs_of(1);
    assert_eq!(first.len() as u32, n_main / 2);
    for (a, b) in &first {
        assert_eq!(num(&m, *a) + num(&m, *b), n_main + 1, "1号对末号 …");
    }
    // The scripted matches' games: 2 slow + 2 rapid + 2 sudden death; 2 slow + 2 rapid.
    let games_between = |a: u32, b: u32| {
        m.round(1)
            .unwrap()
            .games
            .iter()
            .filter(|g| {
                let p = (num(&m, g.red), num(&m, g.black));
                p == (a, b) || p == (b, a)
            })
            .map(|g| (g.phase, num(&m, g.red)))
            .collect::<Vec<_>>()
    };
    use GamePhase::*;
    let phases = |v: &[(GamePhase, u32)]| v.iter().map(|x| x.0).collect::<Vec<_>>();
    let long = games_between(sudden.0, sudden.1);
    assert_eq!(
        phases(&long),
        vec![Slow, Slow, Rapid, Rapid, SuddenDeath, SuddenDeath]
    );
    let rapid = games_between(rapid_pair.0, rapid_pair.1);
    assert_eq!(phases(&rapid), vec![Slow, Slow, Rapid, Rapid]);
    // 两局分先, 换先加赛两局超快棋: red changes hands from game to game through the slow and
    // rapid games (the sudden death's first colours go by lot).
    for v in [&long[..4], &rapid[..]] {
        for w in v.windows(2) {
            assert_ne!(w[0].1, w[1].1, "colours swap: {v:?}");
        }
    }
    for r in &m.rounds {
        let mut firsts: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
        for g in &r.games {
            let (a, b) = (num(&m, g.red), num(&m, g.black));
            firsts
                .entry((a.min(b), a.max(b)))
                .or_default()
                .push(num(&m, g.red));
        }
        for (pair, reds) in firsts {
            assert!(
                reds.len() >= 2 && reds[0] != reds[1],
                "round {}, {pair:?}: 两局分先",
                r.number
            );
        }
    }

    // Places by the regulation's bracket: losers of round r share the stage's places.
    let mut place_of: HashMap<EntrantId, (u32, u32)> = HashMap::new();
    let mut alive: Vec<EntrantId> = m.entrants.iter().map(|e| e.id).collect();
    for round in 1..main_rounds - 1 {
        let band = (n_main >> round) + 1..=n_main >> (round - 1);
        let band = (*band.start(), *band.end());
        for (a, b) in pairs_of(round) {
            let w = match_winner(&m, a, b);
            let l = if w == a { b } else { a };
            place_of.insert(l, band);
            alive.retain(|x| *x != l);
        }
    }
    assert_eq!(alive.len(), 4);
    let semis = pairs_of(main_rounds - 1);
    let semi_winners: Vec<EntrantId> = semis.iter().map(|&(a, b)| match_winner(&m, a, b)).collect();
    let last = pairs_of(main_rounds);
    assert_eq!(last.len(), 2, "the final and the match for third place");
    for (a, b) in last {
        let w = match_winner(&m, a, b);
        let l = if w == a { b } else { a };
        let fin = semi_winners.contains(&a);
        place_of.insert(w, if fin { (1, 1) } else { (3, 3) });
        place_of.insert(l, if fin { (2, 2) } else { (4, 4) });
    }
    assert_eq!(place_of.len() as u32, n_main);

    let result_book = dir.path().join("成绩册.pdf");
    save_document(&mut h, "成绩册", &result_book);
    eprintln!("done: {:?}", started.elapsed());
    let qn = |id: EntrantId| q.entrant(id).unwrap().number.unwrap();
    let q_by_number = |n: &str| {
        let n: u32 = n.parse().unwrap();
        q.entrants.iter().find(|e| e.number == Some(n)).unwrap().id
    };
    let m_by_number = |n: &str| {
        let n: u32 = n.parse().unwrap();
        m.entrants.iter().find(|e| e.number == Some(n)).unwrap().id
    };

    // ---- The order book. ----
    let ob_text = pdf_text(&order_book);
    let ob = squeeze(&ob_text);
    assert!(ob.contains(EVENT));
    let ob_q = between(
        &ob,
        &format!("{qualifier}（{players}人）"),
        &format!("{main}（"),
    );
    let stages: Vec<String> = spec
        .stages
        .iter()
        .map(|(r, n)| format!("第{r}轮后前{n}名晋级（已晋级者不再编排）"))
        .collect();
    for line in [
        format!("积分编排制，共{}轮", spec.rounds),
        format!(
            "晋级办法：{}、境外运动员前{quota}名、外卡{}名",
            stages.join("、"),
            spec.wildcards.len() + spec.host_wildcards.len()
        ),
        prize_line(spec.q_prizes),
        format!("境外运动员：录取前{OVERSEAS_PRIZED}名，奖金（税前）：第1–8名各{OVERSEAS_PRIZE}元"),
    ] {
        assert!(ob_q.contains(&line), "{line} in {ob_q}");
    }
    let ob_m = between(&ob, &format!("{main}（{n_main}人）"), "\u{0}");
    for line in [
        "淘汰制".to_string(),
        "慢棋2局（猜先）→快棋2局（换先）→超快棋决胜（猜先）；三四名决赛".to_string(),
        prize_line(spec.m_prizes),
    ] {
        assert!(ob_m.contains(&line), "{line} in {ob_m}");
    }
    for e in &m.entrants {
        let who = format!("{}{}", e.number.unwrap(), e.name);
        assert!(ob_m.contains(&who), "{who} in the 正赛's list");
    }
    // Round 1 of the 海选赛 (《象棋竞赛规则》: 1号对2号、4号对3号 …, the first-named red).
    let boards = table_rows(&ob_text, &["第1轮对阵表"], &[main]);
    let boards: Vec<&Vec<String>> = boards.iter().filter(|c| c.len() == 9).collect();
    assert_eq!(boards.len(), players / 2);
    for c in boards {
        let k: u32 = c[0].parse().unwrap();
        let (odd, even) = (2 * k - 1, 2 * k);
        let (red, black) = if k % 2 == 1 { (odd, even) } else { (even, odd) };
        assert_eq!(
            (c[1].as_str(), c[8].as_str()),
            (red.to_string().as_str(), black.to_string().as_str())
        );
    }

    // ---- The result book: the 海选赛. ----
    let rb_text = pdf_text(&result_book);
    let rb = squeeze(&rb_text);
    assert!(!rb.contains("非最终成绩"), "every result is in");
    assert!(!rb.contains("团体名次"), "五: individual events only");
    let q_heading = format!("{qualifier}最终名次");
    let rows = table_rows(&rb_text, &[&q_heading], &["个人奖金", "团体名次"]);
    assert_eq!(rows.len(), players);
    let places: Vec<(u32, EntrantId)> = rows
        .iter()
        .map(|r| (r[0].parse().unwrap(), q_by_number(&r[1])))
        .collect();
    // Places 1–26 (1–13): the stage qualifiers in their order of qualification (the list's
    // order).
    for (i, &(p, id)) in places.iter().take(staged).enumerate() {
        assert_eq!((p, id), (i as u32 + 1, numbered[i]), "place {}", i + 1);
    }
    // The places after them: the others by the final standings.
    let others = by_key(
        &final_keys,
        &all.iter()
            .copied()
            .filter(|e| !qualified.contains(e))
            .collect::<Vec<_>>(),
    );
    for (i, &(p, id)) in places.iter().skip(staged).enumerate() {
        assert_eq!(p as usize, staged + 1 + i);
        assert_eq!(final_keys[&id], final_keys[&others[i]], "place {p}");
    }
    // 1-8名各0.5万元，9-16名各0.3万元，17-32名各0.1万元 (the women: 0.3万元, 0.2万元 to 16).
    let rows = table_rows(&rb_text, &[&q_heading, "个人奖金"], &["奖金合计"]);
    assert_eq!(rows.len() as u32, spec.q_prizes.last().unwrap().1);
    let mut sum = 0;
    for (r, &(p, id)) in rows.iter().zip(&places) {
        let amount = prize(spec.q_prizes, p).unwrap();
        assert_eq!(
            (r[0].as_str(), r[2].as_str(), r[5].as_str()),
            (
                p.to_string().as_str(),
                qn(id).to_string().as_str(),
                amount.to_string().as_str()
            ),
            "{r:?}"
        );
        sum += amount;
    }
    assert_eq!(sum, spec.q_total);
    assert!(rb.contains(&format!("奖金合计：{}元（税前）", spec.q_total)));
    // 另奖境外运动员前8名各0.1万元（可兼得）: the overseas players in place order.
    let overseas_by_place: Vec<EntrantId> = places
        .iter()
        .map(|x| x.1)
        .filter(|e| q.entrant(*e).unwrap().overseas)
        .collect();
    assert_eq!(overseas_by_place.len(), spec.overseas.len());
    let rows = table_rows(
        &rb_text,
        &[&q_heading, "个人奖金（境外运动员）"],
        &["奖金合计"],
    );
    let got: Vec<(String, String)> = rows.iter().map(|r| (r[2].clone(), r[5].clone())).collect();
    let want: Vec<(String, String)> = overseas_by_place[..OVERSEAS_PRIZED]
        .iter()
        .map(|&e| (qn(e).to_string(), OVERSEAS_PRIZE.to_string()))
        .collect();
    assert_eq!(got, want, "境外运动员前8名");
    let overseas_total = OVERSEAS_PRIZE * OVERSEAS_PRIZED as i64;
    assert!(rb.contains(&format!("奖金合计：{overseas_total}元（税前）")));
    // 获得参赛资格名单: the 32 (16), in the list's order.
    let rows = table_rows(&rb_text, &[&q_heading, "获得参赛资格名单"], &["裁判长"]);
    let got: Vec<String> = rows.iter().map(|r| r[1].clone()).collect();
    let want: Vec<String> = numbered
        .iter()
        .map(|&e| q.entrant(e).unwrap().name.clone())
        .collect();
    assert_eq!(got, want);

    // ---- The result book: the 正赛. ----
    let m_heading = format!("{main}最终名次");
    let rows = table_rows(&rb_text, &[&m_heading], &["个人奖金", "团体名次"]);
    assert_eq!(rows.len() as u32, n_main);
    for r in &rows {
        // Each at the range his stage shares (issue 37, point 3): 5–8, or 1 alone.
        let (first, last) = place_of[&m_by_number(&r[1])];
        let want = if last > first {
            format!("{first}–{last}")
        } else {
            first.to_string()
        };
        assert_eq!(r[0], want, "{r:?}");
    }
    let rows = table_rows(&rb_text, &[&m_heading, "个人奖金"], &["奖金合计"]);
    assert_eq!(rows.len() as u32, n_main);
    let mut sum = 0;
    for (r, p) in rows.iter().zip(1u32..) {
        let (first, last) = place_of[&m_by_number(&r[2])];
        let amount = prize(spec.m_prizes, p).unwrap();
        assert_eq!(r[0], p.to_string());
        assert!((first..=last).contains(&p), "{r:?}: places {first}–{last}");
        assert_eq!(r[5], amount.to_string(), "{r:?}");
        sum += amount;
    }
    assert_eq!(sum, spec.m_total);
    assert!(rb.contains(&format!("奖金合计：{}元（税前）", spec.m_total)));
    // The 正赛 is placed by its bracket (七(三)): its table has no Swiss points or tiebreak
    // columns, its book's crosstable holds its matches (issue 37: who won each round's match
    // and its score), its order book no 名次区分 line; the 海选赛 keeps them.
    let m_part = between(&rb, &m_heading, "\u{0}");
    assert!(
        !m_part.contains("对手分") && m_part.contains("该轮比赛胜负"),
        "{m_part}"
    );
    let m_table = between(&rb, &m_heading, "个人奖金");
    assert!(
        !m_table.contains("积分"),
        "no empty points column: {m_table}"
    );
    assert!(between(&rb, &q_heading, &m_heading).contains("交叉表"));
    assert!(!ob_m.contains("名次区分") && ob_q.contains("名次区分"));
    eprintln!("checked: {:?}", started.elapsed());

    dump_texts(&[(&order_book, "order.txt"), (&result_book, "result.txt")]);
    keep_event_file(h, &file);
}
