//! 台次 — board order (rules.md §1.4.2 “Table order”): pairs by the higher score of the pair
//! (descending), then the lower score (descending), then the order in which the engine produced
//! them (the decomposition order of the higher player); the bye is listed after the last board.

use crate::model::Points;

/// A pair ready for a board: the two scores and the rank of its higher player in the order.
#[derive(Clone, Copy, Debug)]
pub struct BoardKey {
    pub high: Points,
    pub low: Points,
    pub order: usize,
}

/// Sorts `items` into board order by their keys.
pub fn board_order<T>(items: &mut [(BoardKey, T)]) {
    items.sort_by(|(a, _), (b, _)| {
        b.high
            .cmp(&a.high)
            .then(b.low.cmp(&a.low))
            .then(a.order.cmp(&b.order))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn higher_score_then_lower_score_then_production_order() {
        let k = |h, l, o| BoardKey {
            high: Points::whole(h),
            low: Points::whole(l),
            order: o,
        };
        let mut v = vec![
            (k(1, 0, 0), 'a'),
            (k(2, 1, 5), 'b'),
            (k(2, 2, 9), 'c'),
            (k(2, 1, 3), 'd'),
        ];
        board_order(&mut v);
        let got: String = v.iter().map(|(_, c)| *c).collect();
        assert_eq!(got, "cdba");
    }
}
