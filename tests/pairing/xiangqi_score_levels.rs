//! Issue 24: the floaters are counted exactly at every boundary between score levels, however
//! many levels there are. The engine used to keep 18 boundary fields and add the counts of all
//! boundaries below the 18th together; 3-1-0 scoring over 11 rounds gives up to 34 levels.
//!
//! The field below has 24 players on 24 scores (3-1-0, late in an 11-round event: 33 down to
//! 10), numbered 1–24 from the top, so player k stands on level k − 1 and boundary j lies
//! between players j + 1 and j + 2. The pairs they may not play (met before) are chosen so that
//! the exact order (rules.md §1.4.3 Q2: fewest floaters across each boundary, top boundary
//! first) and the lumped one disagree. Worked out by hand:
//!
//! - Boundary j has j + 1 players above it, so an even boundary (odd count above) is crossed
//!   at least once, an odd one can be crossed by nobody. The pairs 1–2, 3–4, …, 17–18 cross
//!   only the even boundaries 0, 2, …, 16, once each, and nothing else pairs the top 18 players
//!   that well: crossing no odd boundary up to 17 means pairing 1–2, 3–4, … exactly.
//! - Then the bottom six, 19–24, must pair among themselves (boundary 17 uncrossed). 19 has met
//!   20, 21, 22 and 23, and 20 has met 21 and 22: the only way is 19–24, 20–23, 21–22, which
//!   crosses boundaries 18…22 as 1, 2, 3, 2, 1 — nine crossings below boundary 17.
//! - Lumped (one count for boundaries 17 and below), the same top pairs up to 16 and then
//!   17–19, 18–20, 21–22, 23–24 cross boundary 17 twice and 18, 20, 22 once each: five
//!   crossings below the 17th boundary, fewer than nine — the lumped order prefers it, the
//!   exact one does not (boundary 17 is crossed twice instead of never).
//!
//! So the engine must pair 1–2, 3–4, …, 17–18, 19–24, 20–23, 21–22.

use bianpai::model::{EntrantId, Points};
use bianpai::pairing::xiangqi::colour::ColourContext;
use bianpai::pairing::xiangqi::state::PlayerState;
use bianpai::pairing::xiangqi::weights::Scorer;
use bianpai::pairing::xiangqi::{XiangqiSwissOptions, pair_players};

fn player(n: u32) -> PlayerState {
    PlayerState {
        id: EntrantId(i64::from(n)),
        number: n,
        unit: String::new(),
        // 3-1-0 in units of one point: 33 for the leader down to 10.
        score: Points::whole(34 - n as i32),
        colours: vec![],
        met: Default::default(),
        prohibited: Default::default(),
        byes: 0,
        floats: vec![],
        forfeit_rounds: vec![],
        summary: Default::default(),
    }
}

/// Crossings per boundary of pairs of player numbers (player k on level k − 1).
fn crossings(pairs: &[(u32, u32)]) -> Vec<u32> {
    let mut c = vec![0; 23];
    for &(a, b) in pairs {
        for j in a.min(b) - 1..a.max(b) - 1 {
            c[j as usize] += 1;
        }
    }
    c
}

#[test]
fn floaters_below_the_eighteenth_boundary_are_counted_boundary_by_boundary() {
    let mut players: Vec<PlayerState> = (1..=24).map(player).collect();
    for (a, b) in [(19, 20), (19, 21), (19, 22), (19, 23), (20, 21), (20, 22)] {
        players[a - 1].met.insert(EntrantId(b as i64));
        players[b - 1].met.insert(EntrantId(a as i64));
    }
    let options = XiangqiSwissOptions::default();
    let scorer = Scorer {
        options: &options,
        ctx: ColourContext {
            round: 10,
            total_rounds: 11,
            leader_gap: Points::whole(1),
        },
    };
    let refs: Vec<&PlayerState> = players.iter().collect();
    let (bye, _, problem, pairs) = pair_players(&refs, &options, scorer).expect("pairable");
    assert!(bye.is_none());
    let mut got: Vec<(u32, u32)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (x, y) = (problem.players[a].number, problem.players[b].number);
            (x.min(y), x.max(y))
        })
        .collect();
    got.sort();
    let mut exact: Vec<(u32, u32)> = (0..9).map(|k| (2 * k + 1, 2 * k + 2)).collect();
    exact.extend([(19, 24), (20, 23), (21, 22)]);
    assert_eq!(got, exact);

    // The hand count above: the exact pairing crosses nothing at boundary 17 but nine times
    // below it; the other one crosses boundary 17 twice and five times from 17 down.
    let mut lumped: Vec<(u32, u32)> = (0..8).map(|k| (2 * k + 1, 2 * k + 2)).collect();
    lumped.extend([(17, 19), (18, 20), (21, 22), (23, 24)]);
    let (e, l) = (crossings(&exact), crossings(&lumped));
    assert_eq!(e[..17], l[..17]);
    assert_eq!((e[17], l[17]), (0, 2));
    assert_eq!(
        (e[17..].iter().sum::<u32>(), l[17..].iter().sum::<u32>()),
        (9, 5)
    );
    // The lumped pairing is allowed, and the engine's own totals rank it as the rules do.
    let index = |n: u32| problem.players.iter().position(|p| p.number == n).unwrap();
    let as_indices = |ps: &[(u32, u32)]| -> Vec<(usize, usize)> {
        ps.iter().map(|&(a, b)| (index(a), index(b))).collect()
    };
    let (ce, cl) = (
        problem.total(&as_indices(&exact)).expect("allowed"),
        problem.total(&as_indices(&lumped)).expect("allowed"),
    );
    assert!(ce < cl);
    assert_eq!((ce.crossing(17), cl.crossing(17)), (0, 2));
}
