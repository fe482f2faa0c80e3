//! Issue 20, acceptance: one window test per seed — seed 004, the 上海市象棋协会's January 2026
//! 国际象棋级位赛 (申童), run from an empty file only through the widgets a person uses: 文件 →
//! 新建赛事, the event's details and every group's settings typed in the Event tab (Ctrl+S),
//! the entry list imported in the Entrants tab (Ctrl+I), the numbers drawn by lot (Ctrl+L),
//! every round paired (Ctrl+P) and its results typed with the result keys, and the order book
//! and the result book saved from the Documents tab and read back with `pdftotext`.
//!
//! The groups, as the regulation sets them (六, 七, 八(三), 九), all fourteen:
//! - 精英组: 男、女候补大师组 (上海棋协候补大师 → 上海棋协大师 with 4.5 points) and 男、女一级组
//!   (上海一级棋士 → 上海棋协候补大师 with 4.5 points), 7 rounds each, the men's and the women's
//!   apart.
//! - 棋士组: 二级组 to 六级组, 7 rounds (棋协二级棋士 → 棋协一级棋士 at 55 %, 三级 → 二级 55 %,
//!   四级 → 三级, 五级 → 四级, 六级 → 五级 50 %), and 七级组 to 十级组 and 无级组, 5 rounds (七级 →
//!   六级 and 八级 → 七级 40 %; 九级 → 七级 70 % or → 八级 40 %; 十级 → 八级 50 % or → 九级 30 %;
//!   无级 → 九级 50 % or → 十级 30 %).
//!
//! In every group “已达标晋级者和中途升级无望者不再进入之后轮次的比赛” (八(二)). The test works out
//! itself, from the results it typed, who reaches which grade and who sits out which round,
//! by rules.md §3.3–3.4: a score rate is points over the scheduled rounds (a win 1, a draw ½, a
//! pairing bye 1, FIDE C.04.1), the points it needs are the rate of the rounds rounded up to a
//! half point, reaching means at least that; a player stops once he has reached a target and
//! no higher one is still within reach, or once none is; when the players left cannot be paired
//! by the Dutch system's absolute criteria (C.04.3 C1–C3: one who has had his bye, or a few who
//! have all met or whose absolute colour preferences keep them apart — the test searches every
//! pairing itself), the round is refused and the group is played out. The
//! games are decided by a fixed strength order (the order of the entry list): the stronger
//! wins, neighbours draw. The 级位赛 has no team competition: no team standings are printed.
//! Set BIANPAI_KEEP_SEED_FILE to a path to keep the event file there.

use crate::common::window::*;
use bianpai::i18n::{Lang, award_preset_label};
use bianpai::model::{AwardPreset, EntrantId, Game, Outcome, Section};
use egui::Key;
use std::collections::{BTreeMap, BTreeSet, HashMap};

const EVENT: &str = "2026年1月上海市国际象棋级位赛";

/// One group as the regulation sets it, and its entrants, strongest first.
struct Group {
    name: &'static str,
    /// The grade its players hold (六); 无级组 admits anyone and its players hold none.
    grade: &'static str,
    rounds: u32,
    /// (target grade, how it is reached).
    targets: &'static [(&'static str, Need)],
    /// The promotion table typed over the preset's, if the group needs its own (the elite
    /// groups' points).
    typed_table: Option<&'static str>,
    schedule: &'static str,
    /// 男、女…组 (the elite groups) are one sex; the 棋士组 mix boys and girls.
    sex: Option<&'static str>,
    /// The players' given name: 王 + it, 李 + it, …
    given: &'static str,
}

#[derive(Clone, Copy)]
enum Need {
    Rate(u32),
    /// In half points.
    Halves(u32),
}

/// 无级组's players' grade (九(二)'s row “无级”).
const NO_GRADE: &str = "无级";

/// 七: 上午8:00开始，比赛3轮；下午12:30开始，比赛4轮.
const ELITE_10: &str = "1月10日 08:00\n1月10日 08:00\n1月10日 08:00\n1月10日 12:30\n\
                        1月10日 12:30\n1月10日 12:30\n1月10日 12:30";
const ELITE_11: &str = "1月11日 08:00\n1月11日 08:00\n1月11日 08:00\n1月11日 12:30\n\
                        1月11日 12:30\n1月11日 12:30\n1月11日 12:30";
/// 七(二): 二级组、三级组 1月10日 8:30开始，比赛一天; 四级组、五级组、六级组 1月11日.
const DAY_10: &str = "1月10日 08:30\n1月10日 08:30\n1月10日 08:30\n1月10日 08:30\n\
                      1月10日 08:30\n1月10日 08:30\n1月10日 08:30";
const DAY_11: &str = "1月11日 08:30\n1月11日 08:30\n1月11日 08:30\n1月11日 08:30\n\
                      1月11日 08:30\n1月11日 08:30\n1月11日 08:30";

/// 六 (groups), 七 (schedule), 八(三) (rounds: 精英组 and 二级至六级组 7, 七级至十级、无级组 5),
/// 九 (promotion: 精英组 4.5分; 棋士组 the score rates of the table).
const GROUPS: [Group; 14] = [
    Group {
        name: "男子候补大师组",
        grade: "上海棋协候补大师",
        rounds: 7,
        targets: &[("上海棋协大师", Need::Halves(9))],
        typed_table: Some("上海棋协候补大师>上海棋协大师:4.5分"),
        schedule: ELITE_10,
        sex: Some("男"),
        given: "立诚",
    },
    Group {
        name: "女子候补大师组",
        grade: "上海棋协候补大师",
        rounds: 7,
        targets: &[("上海棋协大师", Need::Halves(9))],
        typed_table: Some("上海棋协候补大师>上海棋协大师:4.5分"),
        schedule: ELITE_10,
        sex: Some("女"),
        given: "思琪",
    },
    Group {
        name: "男子一级组",
        grade: "上海一级棋士",
        rounds: 7,
        targets: &[("上海棋协候补大师", Need::Halves(9))],
        typed_table: Some("上海一级棋士>上海棋协候补大师:4.5分"),
        schedule: ELITE_11,
        sex: Some("男"),
        given: "子轩",
    },
    Group {
        name: "女子一级组",
        grade: "上海一级棋士",
        rounds: 7,
        targets: &[("上海棋协候补大师", Need::Halves(9))],
        typed_table: Some("上海一级棋士>上海棋协候补大师:4.5分"),
        schedule: ELITE_11,
        sex: Some("女"),
        given: "雨桐",
    },
    Group {
        name: "二级组",
        grade: "棋协二级棋士",
        rounds: 7,
        targets: &[("棋协一级棋士", Need::Rate(55))],
        typed_table: None,
        schedule: DAY_10,
        sex: None,
        given: "一诺",
    },
    Group {
        name: "三级组",
        grade: "棋协三级棋士",
        rounds: 7,
        targets: &[("棋协二级棋士", Need::Rate(55))],
        typed_table: None,
        schedule: DAY_10,
        sex: None,
        given: "思源",
    },
    Group {
        name: "四级组",
        grade: "棋协四级棋士",
        rounds: 7,
        targets: &[("棋协三级棋士", Need::Rate(50))],
        typed_table: None,
        schedule: DAY_11,
        sex: None,
        given: "可馨",
    },
    Group {
        name: "五级组",
        grade: "棋协五级棋士",
        rounds: 7,
        targets: &[("棋协四级棋士", Need::Rate(50))],
        typed_table: None,
        schedule: DAY_11,
        sex: None,
        given: "乐言",
    },
    Group {
        name: "六级组",
        grade: "棋协六级棋士",
        rounds: 7,
        targets: &[("棋协五级棋士", Need::Rate(50))],
        typed_table: None,
        schedule: DAY_11,
        sex: None,
        given: "沐阳",
    },
    Group {
        name: "七级组",
        grade: "棋协七级棋士",
        rounds: 5,
        targets: &[("棋协六级棋士", Need::Rate(40))],
        typed_table: None,
        schedule: "1月11日 12:30\n1月11日 12:30\n1月11日 12:30\n1月11日 12:30\n1月11日 12:30",
        sex: None,
        given: "若曦",
    },
    Group {
        name: "八级组",
        grade: "棋协八级棋士",
        rounds: 5,
        targets: &[("棋协七级棋士", Need::Rate(40))],
        typed_table: None,
        schedule: "1月11日 12:30\n1月11日 12:30\n1月11日 12:30\n1月11日 12:30\n1月11日 12:30",
        sex: None,
        given: "子墨",
    },
    Group {
        name: "九级组",
        grade: "棋协九级棋士",
        rounds: 5,
        targets: &[
            ("棋协七级棋士", Need::Rate(70)),
            ("棋协八级棋士", Need::Rate(40)),
        ],
        typed_table: None,
        schedule: "1月10日 14:30\n1月10日 14:30\n1月10日 14:30\n1月10日 14:30\n1月10日 14:30",
        sex: None,
        given: "雨泽",
    },
    Group {
        name: "十级组",
        grade: "棋协十级棋士",
        rounds: 5,
        targets: &[
            ("棋协八级棋士", Need::Rate(50)),
            ("棋协九级棋士", Need::Rate(30)),
        ],
        typed_table: None,
        schedule: "1月10日 15:30\n1月10日 15:30\n1月10日 15:30\n1月10日 15:30\n1月10日 15:30",
        sex: None,
        given: "安然",
    },
    Group {
        name: "无级组",
        grade: NO_GRADE,
        rounds: 5,
        targets: &[
            ("棋协九级棋士", Need::Rate(50)),
            ("棋协十级棋士", Need::Rate(30)),
        ],
        typed_table: None,
        schedule: "1月10日 15:30\n1月10日 15:30\n1月10日 15:30\n1月10日 15:30\n1月10日 15:30",
        sex: None,
        given: "星辰",
    },
];

const FAMILY: [&str; 10] = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"];

const UNITS: [&str; 3] = ["申童俱乐部", "棋艺俱乐部", "弈园"];

impl Group {
    /// Its players, strongest first.
    fn players(&self) -> Vec<String> {
        FAMILY
            .iter()
            .map(|f| format!("{f}{}", self.given))
            .collect()
    }

    /// The targets in half points over the group's rounds (rules.md §3.3: ⌈rate × R⌉ in half
    /// points), lowest first.
    fn required(&self) -> Vec<(&'static str, u32)> {
        let mut out: Vec<(&str, u32)> = self
            .targets
            .iter()
            .map(|&(grade, need)| {
                let halves = match need {
                    Need::Rate(rate) => (rate * self.rounds * 2).div_ceil(100),
                    Need::Halves(h) => h,
                };
                (grade, halves)
            })
            .collect();
        out.sort_by_key(|t| t.1);
        out
    }

    /// Does a player on `score` half points after `played` rounds sit out the rounds after?
    /// (八(二), rules.md §3.4: no target still open — each one either reached or out of reach
    /// even by winning every remaining round.)
    fn stops(&self, score: u32, played: u32) -> bool {
        let best = score + 2 * (self.rounds - played);
        !self
            .required()
            .iter()
            .any(|&(_, need)| score < need && best >= need)
    }
}

/// Points given in half points, as the documents print them: "4.5", "3".
fn points_text(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// Each player's score in half points after `rounds` rounds, from the games typed and the
/// pairing byes the rounds hold (a bye is a win's point, FIDE C.04.1).
fn scores(s: &Section, typed: &[(u32, Game)], rounds: u32) -> HashMap<EntrantId, u32> {
    let mut out: HashMap<EntrantId, u32> = s.entrants.iter().map(|e| (e.id, 0)).collect();
    for (_, g) in typed.iter().filter(|(r, _)| *r <= rounds) {
        let (w, b) = match g.outcome.unwrap() {
            Outcome::RedWin => (2, 0),
            Outcome::BlackWin => (0, 2),
            Outcome::Draw => (1, 1),
            o => panic!("no {o:?} typed"),
        };
        *out.get_mut(&g.red).unwrap() += w;
        *out.get_mut(&g.black).unwrap() += b;
    }
    for r in s.rounds.iter().filter(|r| r.number <= rounds) {
        for b in &r.byes {
            *out.get_mut(&b.entrant).unwrap() += 2;
        }
    }
    out
}

/// A colour of a game played, white first.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Colour {
    White,
    Black,
}

/// A player's absolute colour preference (C.04.1 A.6 a): the colour his colour difference
/// (whites − blacks) above +1 or below −1 demands, or the other one than in his last two
/// games when they were the same.
fn absolute_preference(colours: &[Colour]) -> Option<Colour> {
    let whites = colours.iter().filter(|c| **c == Colour::White).count() as i64;
    let difference = 2 * whites - colours.len() as i64;
    let other = |c: Colour| match c {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    };
    match (difference, colours) {
        (d, _) if d > 1 => Some(Colour::Black),
        (d, _) if d < -1 => Some(Colour::White),
        (_, [.., a, b]) if a == b => Some(other(*b)),
        _ => None,
    }
}

/// Can round `round` pair `left` at all by the Dutch system's absolute criteria (C.04.3 C1:
/// no two players meet twice; C2: no second pairing-allocated bye; C3: two non-topscorers of
/// the same absolute colour preference do not meet — a topscorer, over half the points
/// possible, is one only in the last round)? A search over every pairing.
fn pairable(
    s: &Section,
    typed: &[(u32, Game)],
    left: &[EntrantId],
    round: u32,
    last: bool,
    score: &HashMap<EntrantId, u32>,
) -> bool {
    let played = |a: EntrantId, b: EntrantId| {
        typed
            .iter()
            .any(|(r, g)| *r < round && ((g.red, g.black) == (a, b) || (g.red, g.black) == (b, a)))
    };
    let colours = |p: EntrantId| -> Vec<Colour> {
        typed
            .iter()
            .filter(|(r, _)| *r < round)
            .filter_map(|(_, g)| {
                (g.red == p)
                    .then_some(Colour::White)
                    .or((g.black == p).then_some(Colour::Black))
            })
            .collect()
    };
    let had_bye = |p: EntrantId| {
        s.rounds
            .iter()
            .any(|r| r.byes.iter().any(|b| b.entrant == p))
    };
    let top = |p: EntrantId| last && score[&p] > round - 1;
    let may_meet = |a: EntrantId, b: EntrantId| {
        !played(a, b)
            && (top(a)
                || top(b)
                || absolute_preference(&colours(a)).is_none()
                || absolute_preference(&colours(a)) != absolute_preference(&colours(b)))
    };
    fn matching(rest: &[EntrantId], may_meet: &dyn Fn(EntrantId, EntrantId) -> bool) -> bool {
        let Some((&a, others)) = rest.split_first() else {
            return true;
        };
        others.iter().enumerate().any(|(i, &b)| {
            let mut remaining = others.to_vec();
            remaining.remove(i);
            may_meet(a, b) && matching(&remaining, may_meet)
        })
    }
    if left.is_empty() {
        return false;
    }
    if left.len().is_multiple_of(2) {
        return matching(left, &may_meet);
    }
    left.iter().enumerate().any(|(i, &bye)| {
        let mut rest = left.to_vec();
        rest.remove(i);
        !had_bye(bye) && matching(&rest, &may_meet)
    })
}

fn entry_csv(path: &std::path::Path) {
    let mut text = String::from("姓名,性别,级别,单位,组别\n");
    for g in &GROUPS {
        for (i, name) in g.players().iter().enumerate() {
            // The elite groups are a men's or a women's; the others mix boys and girls.
            let sex = g.sex.unwrap_or(if i % 3 == 1 { "女" } else { "男" });
            text += &format!("{name},{sex},{},{},{}\n", g.grade, UNITS[i % 3], g.name);
        }
    }
    std::fs::write(path, text).unwrap();
}

fn set_up(h: &mut Window, g: &Group) {
    add_section(h, g.name);
    // 国际象棋: the FIDE Dutch, 1-½-0 and the FIDE tiebreaks.
    click(h, "国际象棋");
    retype(h, "轮数", &g.rounds.to_string());
    // Who may enter (六): the grade held (无级组: anyone), and for the elite groups the sex.
    if let Some(sex) = g.sex {
        click_nth(h, sex, 0);
    }
    if g.grade != NO_GRADE {
        retype(h, "允许的级别", g.grade);
    }
    // 九、晋级标准: the 棋士组 table is the preset's; the elite groups' is typed.
    click(
        h,
        &award_preset_label(AwardPreset::Seed004GradeEvent, Lang::Zh),
    );
    if let Some(table) = g.typed_table {
        retype(h, "晋级标准", table);
    }
    // 八(二): promoted players and those out of reach are paired no more; a player who can
    // still reach a higher grade plays on.
    click(h, "无望者不再编排，仍可升更高者继续");
    retype_lines(h, "赛程", g.schedule);
    save_section(h);
    let s = shown_section(h).settings;
    assert_eq!(s.rounds, g.rounds);
    assert_eq!(s.game, bianpai::model::GameKind::Chess);
}

#[test]
fn seed_004_grade_event_from_an_empty_file_to_the_result_book_through_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = empty_window(dir.path());
    let file = dir.path().join("级位赛.bianpai");
    new_event(&mut h, &file);

    // 一、三、四: the organiser, dates and venue.
    type_event_details(
        &mut h,
        [
            EVENT,
            "上海市象棋协会",
            "虹口区公平路36号地下一层北外滩金茂时尚生活中心",
            "2026-01-10",
            "2026-01-11",
        ],
    );
    for g in &GROUPS {
        set_up(&mut h, g);
    }

    let csv = dir.path().join("报名表.csv");
    entry_csv(&csv);
    for (k, g) in GROUPS.iter().enumerate() {
        show_section(&mut h, g.name);
        import_entrants(&mut h, &csv, g.players().len());
        draw_lots(&mut h, 2026_0110 + k as u64);
        assert_eq!(pair_next_round(&mut h), 1);
    }
    let order_book = dir.path().join("秩序册.pdf");
    save_document(&mut h, "秩序册", &order_book);

    // Every group, round by round: who plays is who has not stopped.
    let mut typed: BTreeMap<&str, Vec<(u32, Game)>> = BTreeMap::new();
    let mut sat_out: BTreeMap<&str, Vec<BTreeSet<EntrantId>>> = BTreeMap::new();
    // The first round a group could not pair, if any.
    let mut unpaired: BTreeMap<&str, u32> = BTreeMap::new();
    for g in &GROUPS {
        show_section(&mut h, g.name);
        let s = shown_section(&h);
        let strength: HashMap<EntrantId, usize> = s
            .entrants
            .iter()
            .map(|e| (e.id, g.players().iter().position(|n| *n == e.name).unwrap()))
            .collect();
        let everyone: BTreeSet<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
        let log = typed.entry(g.name).or_default();
        let out_by_round = sat_out.entry(g.name).or_default();
        for round in 1..=g.rounds {
            let s = shown_section(&h);
            let score = scores(&s, log, round - 1);
            let out: BTreeSet<EntrantId> = everyone
                .iter()
                .copied()
                .filter(|id| round > 1 && g.stops(score[id], round - 1))
                .collect();
            out_by_round.push(out.clone());
            // Nobody is left, or those left cannot be paired by the absolute criteria (C.04.3
            // C1–C3: no rematch, no second bye, no two non-topscorers of the same absolute
            // colour preference; e.g. one player who has had his bye): Ctrl+P pairs nothing and
            // says why, and the group is over.
            let left: Vec<EntrantId> = everyone.difference(&out).copied().collect();
            if !pairable(&s, log, &left, round, round == g.rounds, &score) {
                tab(&mut h, bianpai::ui::TabKind::Pairings);
                h.state_mut().desk.message = None;
                ctrl(&mut h, Key::P);
                wait_until(&mut h, "the refusal", |h| {
                    !h.state().pairings_tab.is_pairing() && h.state().desk.message.is_some()
                });
                let said = h.state().desk.message.clone();
                assert!(
                    matches!(&said, Some((true, m)) if m.starts_with(&format!("第{round}轮"))),
                    "{said:?}"
                );
                h.state_mut().desk.message = None;
                assert_eq!(shown_section(&h).rounds.len() as u32, round - 1);
                unpaired.insert(g.name, round);
                break;
            }
            if round > 1 {
                assert_eq!(pair_next_round(&mut h), round);
            }
            let r = shown_section(&h).round(round).unwrap().clone();
            let playing: BTreeSet<EntrantId> = r
                .games
                .iter()
                .flat_map(|x| [x.red, x.black])
                .chain(r.byes.iter().map(|b| b.entrant))
                .collect();
            let expected: BTreeSet<EntrantId> = everyone.difference(&out).copied().collect();
            assert_eq!(playing, expected, "{} round {round}", g.name);
            log.extend(enter_results(&mut h, |_, x| by_strength(&strength, x)));
        }
        assert!(
            out_by_round.iter().any(|o| !o.is_empty()),
            "{}: somebody sat out",
            g.name
        );
    }

    let result_book = dir.path().join("成绩册.pdf");
    save_document(&mut h, "成绩册", &result_book);

    // ---- The order book: the rules as the regulation states them. ----
    let ob = squeeze(&pdf_text(&order_book));
    assert!(ob.contains(&squeeze(EVENT)));
    for (i, g) in GROUPS.iter().enumerate() {
        let next = GROUPS.get(i + 1).map_or("\u{0}", |n| n.name);
        let part = between(&ob, &format!("{}（", g.name), &format!("{next}（"));
        assert!(part.contains(&format!("共{}轮", g.rounds)), "{part}");
        assert!(part.contains("记分：1-½-0"), "{part}");
        for &(to, need) in g.targets {
            let step = match need {
                Need::Rate(rate) => format!("{}→{to}{rate}%", g.grade),
                Need::Halves(h) => format!("{}→{to}{}分", g.grade, points_text(h)),
            };
            assert!(part.contains(&step), "{step} in {part}");
        }
        assert!(
            part.contains("已达标晋级者和中途升级无望者不再进入之后轮次的比赛"),
            "{part}"
        );
    }

    // ---- The result book. ----
    let rb = squeeze(&pdf_text(&result_book));
    // Every group is played out, one whose early stop left nobody it could pair too.
    assert!(!unpaired.is_empty(), "a group ran out of players to pair");
    assert!(!rb.contains("非最终成绩"));
    // The 级位赛 has no team competition: its clubs are not ranked as teams.
    assert!(!rb.contains("团体名次"));
    // A chess event's round tables speak of white, never of red.
    assert!(rb.contains("白胜") && !rb.contains("红胜"));
    for (i, g) in GROUPS.iter().enumerate() {
        show_section(&mut h, g.name);
        let s = shown_section(&h);
        let next = GROUPS
            .get(i + 1)
            .map_or("\u{0}".to_string(), |n| format!("{}最终名次", n.name));
        let part = between(&rb, &format!("{}最终名次", g.name), &next);
        let name = |id: EntrantId| s.entrant(id).unwrap().name.clone();

        // Promotions: every player whose final score reaches a target, with the highest one
        // reached; nobody else.
        let finals = scores(&s, &typed[g.name], g.rounds);
        let promotions = between(part, "级位晋升", "裁判长");
        let mut promoted = 0;
        for e in &s.entrants {
            let score = finals[&e.id];
            let reached = g.required().into_iter().rfind(|&(_, need)| score >= need);
            match reached {
                Some((to, need)) => {
                    promoted += 1;
                    let row = format!(
                        "{}{}{}{to}{}{}",
                        e.name,
                        e.unit,
                        g.grade,
                        points_text(score),
                        points_text(need)
                    );
                    assert!(promotions.contains(&row), "{row} in {promotions}");
                }
                None => assert!(
                    !promotions.contains(&e.name),
                    "{} ({}) is not promoted",
                    e.name,
                    points_text(score)
                ),
            }
        }
        assert!(promoted > 0, "{}: somebody is promoted", g.name);

        // Early stop, as the rounds are printed: round r holds exactly the players who had not
        // stopped after round r − 1.
        for (k, out) in sat_out[g.name].iter().enumerate() {
            let round = k as u32 + 1;
            if unpaired.get(g.name) == Some(&round) {
                assert!(!part.contains(&format!("第{round}轮对阵及成绩")));
                continue;
            }
            let table = between(
                part,
                &format!("第{round}轮对阵及成绩"),
                &format!("第{}轮对阵及成绩", round + 1),
            );
            for e in &s.entrants {
                assert_eq!(
                    table.contains(&e.name),
                    !out.contains(&e.id),
                    "{}: {} in round {round}",
                    g.name,
                    name(e.id)
                );
            }
        }
        // Everyone is in the final standings, the stopped players too.
        let standings = &part[..part.find("级位晋升").expect("promotions")];
        for e in &s.entrants {
            assert!(standings.contains(&e.name), "{} in the standings", e.name);
        }
    }

    keep_event_file(h, &file);
}
