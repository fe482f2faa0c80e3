//! Issue 3: the optimiser solves fields above one window (`optimiser::WINDOW` players) on a
//! few candidate pairs per player and prices every other pair with the solver's dual values
//! (`solver::cheapest_perfect_matching_priced`). This test measures that it keeps the optimum:
//! for generated fields of 42 to 120 players, every round from 2 on is paired both ways — by
//! the engine and by one exact minimum-cost perfect matching over every pair of the field
//! (`Problem::solve_exact`, the definition of the optimum) — and the two totals under the
//! quality order must be equal, for each positional rule.

use bianpai::model::{EntrantId, PointSystemPreset};
use bianpai::pairing::xiangqi::optimiser::WINDOW;
use bianpai::pairing::xiangqi::rtg::{RtgConfig, generate};
use bianpai::pairing::xiangqi::state::{PlayerState, states_before};
use bianpai::pairing::xiangqi::{
    PositionalRule, XiangqiSwissOptions, eligibility, pair_players, scorer,
};

fn check_round(section: &bianpai::model::Section, round: u32, options: &XiangqiSwissOptions) {
    let mut s = section.clone();
    s.rounds.retain(|r| r.number < round);
    let states = states_before(&s, round, options);
    let ids: Vec<EntrantId> = eligibility::players_to_pair(&s, &states, options, &[]);
    let players: Vec<&PlayerState> = ids.iter().map(|id| &states[id]).collect();
    let sc = scorer(&s, round, options);
    let Some((_, _, problem, pairs)) = pair_players(&players, options, sc) else {
        return;
    };
    let all: Vec<usize> = (0..problem.players.len()).collect();
    let ours = problem
        .total(&pairs)
        .expect("the engine's pairs are allowed");
    let (best, _) = problem
        .solve_exact(&all)
        .expect("a pairing exists, so the exact solve finds one");
    assert_eq!(
        ours,
        best,
        "{} players, round {round}, {:?}: the engine's pairing is not optimal",
        problem.players.len(),
        options.positional
    );
}

#[test]
fn fields_above_one_window_are_paired_optimally() {
    let mut rounds_checked = 0;
    for (k, positional) in [
        PositionalRule::ColourRows,
        PositionalRule::Adjacent,
        PositionalRule::TopHalfBottomHalf,
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..4u64 {
            let players = WINDOW as u32 + 2 + ((seed as u32 * 37 + k as u32 * 11) % 79);
            let options = XiangqiSwissOptions {
                positional,
                ..XiangqiSwissOptions::default()
            };
            let cfg = RtgConfig {
                players,
                rounds: 6,
                points: PointSystemPreset::TwoOneZero.system(),
                units: 8,
                forfeit_permille: 15,
                withdraw_permille: 10,
                late_entries: 2,
                options: options.clone(),
            };
            let g = generate(&cfg, 300 + seed + 10 * k as u64).expect("generated");
            for r in 2..=g.section.rounds.len() as u32 {
                check_round(&g.section, r, &options);
                rounds_checked += 1;
            }
        }
    }
    assert!(rounds_checked >= 40, "only {rounds_checked} rounds checked");
}
