//! Issue 3, acceptance 3 (rule-book part): a simulated 100-player, 9-round event with the
//! settings of seed 000 (上海市象棋锦标赛 2026: 3-1-0, men 9 rounds, round-1 pattern 1-2 / 4-3
//! with 同队队员首轮回避, 连续两轮弃权者取消比赛资格) paired round by round by the engine, with
//! results drawn from a seed; the checker finds no break in any round.

use bianpai::model::PointSystemPreset;
use bianpai::pairing::xiangqi::checker::check_round;
use bianpai::pairing::xiangqi::eligibility::excluded_by_forfeits;
use bianpai::pairing::xiangqi::rtg::{RtgConfig, generate};
use bianpai::pairing::xiangqi::state::states_before;
use bianpai::pairing::xiangqi::{ForfeitCount, XiangqiSwissOptions};

#[test]
fn a_100_player_9_round_event_with_seed_000_settings_has_no_break() {
    let options = XiangqiSwissOptions {
        forfeit_exclusion: 2,
        forfeit_exclusion_count: ForfeitCount::Consecutive,
        same_unit_from: 1,
        same_unit_to: 1,
        ..XiangqiSwissOptions::default()
    };
    let cfg = RtgConfig {
        players: 100,
        rounds: 9,
        points: PointSystemPreset::ThreeOneZero.system(),
        units: 16,
        forfeit_permille: 40,
        withdraw_permille: 5,
        late_entries: 0,
        options: options.clone(),
    };
    let g = generate(&cfg, 0).unwrap();
    assert_eq!(g.stopped_at, None);
    let s = &g.section;
    assert_eq!(s.rounds.len(), 9);
    for r in &s.rounds {
        let rep = check_round(s, r.number, &options).unwrap();
        assert!(
            rep.breaks.is_empty(),
            "round {}: {:?}",
            r.number,
            rep.breaks
        );
        assert!(rep.better.is_none(), "round {}: {:?}", r.number, rep.better);
        // Nobody excluded by two consecutive forfeits plays on.
        let st = states_before(s, r.number, &options);
        for g in &r.games {
            assert!(!excluded_by_forfeits(&st[&g.red], &options));
            assert!(!excluded_by_forfeits(&st[&g.black], &options));
        }
    }
    // 16 units of 6–7 players: round 1 can and must keep every team apart.
    let r1 = &s.rounds[0];
    for g in &r1.games {
        let (a, b) = (s.entrant(g.red).unwrap(), s.entrant(g.black).unwrap());
        assert_ne!(a.unit, b.unit, "board {}", g.board);
    }
}
