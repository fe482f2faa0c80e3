//! 轮空 — who receives the pairing-allocated bye (rules.md §1.4.1.5, §1.4.2 “Bye choice”,
//! §1.4.3 A2/Q1): a player of the lowest possible score group who never had one (option: the
//! fewest byes among the lowest scorers), the highest number first. The bye scores what the
//! point system gives a bye (14.4: as a win).

use super::state::PlayerState;
use crate::model::ByePolicy;

/// The bye candidates in the order they are tried. Under the default policy players who already
/// had a bye are not candidates at all (no second bye).
pub fn candidates<'a>(players: &[&'a PlayerState], policy: ByePolicy) -> Vec<&'a PlayerState> {
    let mut v: Vec<&PlayerState> = players
        .iter()
        .copied()
        .filter(|p| policy == ByePolicy::LowestFewestByes || p.byes == 0)
        .collect();
    v.sort_by(|a, b| {
        a.score
            .cmp(&b.score)
            .then(a.byes.cmp(&b.byes))
            .then(b.number.cmp(&a.number))
    });
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{EntrantId, Points};

    fn p(n: u32, score: i32, byes: u32) -> PlayerState {
        PlayerState {
            id: EntrantId(i64::from(n)),
            number: n,
            unit: String::new(),
            score: Points::whole(score),
            colours: vec![],
            met: Default::default(),
            byes,
            floats: vec![],
            forfeit_rounds: vec![],
            summary: Default::default(),
        }
    }

    #[test]
    fn lowest_score_never_had_a_bye_highest_number_first() {
        let ps = [p(1, 0, 1), p(2, 0, 0), p(3, 2, 0), p(4, 0, 0), p(5, 1, 0)];
        let refs: Vec<&PlayerState> = ps.iter().collect();
        let order: Vec<u32> = candidates(&refs, ByePolicy::LowestNeverHadBye)
            .iter()
            .map(|p| p.number)
            .collect();
        // 1 had a bye: never a candidate. Lowest score 0: 4 then 2; then 5 (1 pt), 3 (2 pts).
        assert_eq!(order, vec![4, 2, 5, 3]);
        let order: Vec<u32> = candidates(&refs, ByePolicy::LowestFewestByes)
            .iter()
            .map(|p| p.number)
            .collect();
        assert_eq!(order, vec![4, 2, 1, 5, 3]);
    }
}
