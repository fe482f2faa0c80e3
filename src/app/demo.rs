//! The demo event the program opens with when there is no file yet, with fictitious entrants:
//! two Swiss sections with numbers drawn by lot and round 1 paired and played, and an
//! eight-player knockout whose first slow game of every match is played.

use crate::conduct::plan_next_round;
use crate::model::{
    Entrant, EntrantId, Event, Outcome, PairingSystem, PointSystemPreset, Preset, RecordMoves,
    Round, Section, SectionId, SectionSettings, Sex, StandingsSettings,
};
use crate::pairing::draw_numbers;
use crate::pairing::knockout::{KnockoutOptions, add_next_games, next_games};
use chrono::NaiveDate;

const MEN: &[(&str, &str)] = &[
    ("周喆", "嘉定区"),
    ("王堃", "浦东新区"),
    ("李明远", "黄浦区"),
    ("张建国", "嘉定区"),
    ("陈一帆", "徐汇区"),
    ("刘昇", "静安区"),
    ("杨志强", "浦东新区"),
    ("赵子龙", "闵行区"),
    ("黄镕", "宝山区"),
    ("吴天宇", "徐汇区"),
    ("孙浩然", "黄浦区"),
    ("郭晓东", "闵行区"),
    ("何家俊", "静安区"),
    ("马骁", "宝山区"),
];

const WOMEN: &[(&str, &str)] = &[
    ("林珺", "嘉定区"),
    ("胡玥", "浦东新区"),
    ("徐婷婷", "黄浦区"),
    ("朱丽华", "徐汇区"),
    ("高雪", "静安区"),
    ("罗思琪", "闵行区"),
    ("梁晓燕", "宝山区"),
    ("宋佳怡", "浦东新区"),
    ("唐敏", "嘉定区"),
];

const JUNIORS: &[(&str, &str)] = &[
    ("钱昊天", "嘉定区"),
    ("冯子墨", "浦东新区"),
    ("陆一鸣", "黄浦区"),
    ("蒋睿", "徐汇区"),
    ("沈嘉禾", "静安区"),
    ("韩煜", "闵行区"),
    ("秦朗", "宝山区"),
    ("曾子轩", "浦东新区"),
];

/// Fixed seeds, so that the demo is the same on every machine.
const MEN_SEED: u64 = 20_260_829;
const WOMEN_SEED: u64 = 20_260_830;
const JUNIOR_SEED: u64 = 20_260_831;

fn section(
    id: i64,
    name: &str,
    people: &[(&str, &str)],
    sex: Sex,
    settings: SectionSettings,
    seed: u64,
) -> Section {
    let entrants: Vec<Entrant> = people
        .iter()
        .enumerate()
        .map(|(i, (n, u))| Entrant {
            id: EntrantId(id * 100 + i as i64 + 1),
            name: (*n).into(),
            unit: (*u).into(),
            sex,
            birth_date: NaiveDate::from_ymd_opt(
                1970 + (i as i32 * 7) % 45,
                1 + (i as u32 * 5) % 12,
                1 + (i as u32 * 11) % 28,
            ),
            grade: if i % 3 == 0 {
                "二级棋士".into()
            } else {
                String::new()
            },
            ..Entrant::default()
        })
        .collect();
    let mut s = Section {
        id: SectionId(id),
        name: name.into(),
        settings,
        lot_seed: Some(seed),
        entrants,
        rounds: vec![],
        checkin_closed: None,
    };
    let ids: Vec<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
    for (eid, n) in draw_numbers(&ids, seed) {
        if let Some(e) = s.entrant_mut(eid) {
            e.number = Some(n);
        }
    }
    let mut round = if s.settings.system == PairingSystem::Knockout {
        // The first game of every match of stage 1, seeded by number.
        let seeds: Vec<EntrantId> = s.entrants_by_number().iter().map(|e| e.id).collect();
        let next = next_games(&s.settings.knockout, &seeds, &[], seed, &[])
            .expect("eight seeds and the default match format");
        let mut rounds: Vec<Round> = Vec::new();
        add_next_games(&mut rounds, 1, next);
        rounds.remove(0)
    } else {
        // Round 1 by the section's own system: the xiangqi Swiss pairs 1-2, 4-3 … with
        // same-unit avoidance (seed 000: 同队队员首轮回避).
        plan_next_round(&s).expect("demo entrants are drawn").round
    };
    let cycle = [
        Outcome::RedWin,
        Outcome::Draw,
        Outcome::BlackWin,
        Outcome::RedWin,
        Outcome::BlackWin,
    ];
    for (g, o) in round.games.iter_mut().zip(cycle.iter().cycle()) {
        g.outcome = Some(*o);
    }
    s.rounds.push(round);
    s
}

/// The demo event (a pure value; the app writes it to a file).
pub fn demo_event() -> Event {
    // Seed 000's 补充细则: 胜 3、和 1、负 0 and 14.3.2 (累进分) in both sections.
    let seed_000 = SectionSettings {
        points: PointSystemPreset::ThreeOneZero.system(),
        standings: StandingsSettings::with_list(Preset::Xiangqi1432.list()),
        ..SectionSettings::default()
    };
    let men = SectionSettings {
        rounds: 9,
        // As seed 000 (自第二轮起前12台需录谱), scaled to a field of 14.
        record_moves: RecordMoves {
            from_round: 2,
            boards: 3,
        },
        ..seed_000.clone()
    };
    let women = SectionSettings {
        rounds: 7,
        ..seed_000
    };
    // Seed 002's match format: two slow games, then rapid and sudden-death tie-breaks.
    let juniors = SectionSettings {
        system: PairingSystem::Knockout,
        rounds: 3,
        knockout: KnockoutOptions::default(),
        ..SectionSettings::default()
    };
    Event {
        // Says what it is on every tab and every sheet (issue 37): no one takes it for an
        // event. As long as the name it had, so the sheets break their lines where they did.
        name: "2026年象棋锦标赛（示例）".into(),
        organiser: "编排示范棋协（虚构）".into(),
        venue: "示范文化体育中心".into(),
        start_date: NaiveDate::from_ymd_opt(2026, 8, 29),
        end_date: NaiveDate::from_ymd_opt(2026, 8, 30),
        chief_arbiter: "（示范）".into(),
        entry_cap: None,
        details: Default::default(),
        sections: vec![
            section(1, "男子组", MEN, Sex::Male, men, MEN_SEED),
            section(2, "女子组", WOMEN, Sex::Female, women, WOMEN_SEED),
            section(3, "少年淘汰赛", JUNIORS, Sex::Male, juniors, JUNIOR_SEED),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_has_two_swiss_sections_with_round_one_played_and_a_knockout() {
        let e = demo_event();
        assert_eq!(e.sections.len(), 3);
        let men = &e.sections[0];
        assert_eq!(men.rounds.len(), 1);
        assert_eq!(men.rounds[0].games.len(), 7);
        assert!(men.rounds[0].is_complete());
        let women = &e.sections[1];
        assert_eq!(women.rounds[0].games.len(), 4);
        assert_eq!(
            women.rounds[0].byes.len(),
            1,
            "9 entrants: the last number has the bye"
        );
        let bye = women.rounds[0].byes[0].entrant;
        assert_eq!(women.entrant(bye).unwrap().number, Some(9));
        // Eight juniors: the bracket 1 v 8, 4 v 5, 2 v 7, 3 v 6 (rules.md §5.1), the first
        // slow game of each match played.
        let juniors = &e.sections[2];
        assert_eq!(juniors.settings.system, PairingSystem::Knockout);
        let r1 = &juniors.rounds[0];
        let number = |id| juniors.entrant(id).unwrap().number.unwrap();
        let mut pairs: Vec<(u32, u32)> = r1
            .games
            .iter()
            .map(|g| {
                let (a, b) = (number(g.red), number(g.black));
                (a.min(b), a.max(b))
            })
            .collect();
        pairs.sort_unstable();
        assert_eq!(pairs, vec![(1, 8), (2, 7), (3, 6), (4, 5)]);
        assert!(r1.is_complete());
        assert!(r1.games.iter().all(|g| g.phase.is_match_game()));
    }
}
