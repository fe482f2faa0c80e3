//! 编排说明 — every "why not" claim a note makes about the round's history is true: a 9-round,
//! 30-player event paired through the program (same-unit avoidance in every round, forfeits,
//! a withdrawal), each board's note read back from the file and checked against the stored
//! rounds, worked out here from the rule text, not from the engine:
//! - "they have met": the two were paired in an earlier round (a forfeit counts as met);
//! - "not paired this round": that player has no game this round;
//! - "same unit": both units are the same and avoidance is in force;
//! - "colour limits": each colour for them breaks 禁连三 or 禁多三 over the games played
//!   over the board (forfeits and byes leave no colour, rules.md §1.6.5);
//! - "they are paired": they play each other this round.
//!
//! And every note names the board's own two players.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::conduct::PairingNote;
use bianpai::model::{
    EntrantId, EntrantStatus, Outcome, Section, SectionSettings, Side, same_unit,
};
use bianpai::pairing::xiangqi::explain::WhyNot;

const UNITS: [&str; 6] = ["北京", "上海", "广东", "四川", "浙江", "湖北"];

/// The colours `id` had in rounds before `round`, over the board only.
fn colours(s: &Section, id: EntrantId, round: u32) -> Vec<Side> {
    s.rounds
        .iter()
        .filter(|r| r.number < round)
        .flat_map(|r| &r.games)
        .filter(|g| g.outcome.is_none_or(|o| o.is_played()))
        .filter_map(|g| {
            (g.red == id)
                .then_some(Side::Red)
                .or((g.black == id).then_some(Side::Black))
        })
        .collect()
}

/// Would `side` for a player with `past` colours break 禁连三 or 禁多三?
fn breaks_limits(past: &[Side], side: Side) -> bool {
    let three = past.len() >= 2 && past[past.len() - 2..].iter().all(|&c| c == side);
    let reds = past.iter().filter(|&&c| c == Side::Red).count() as i32 + (side == Side::Red) as i32;
    let blacks = past.len() as i32 + 1 - reds;
    three || (reds - blacks).abs() >= 3
}

fn met_before(s: &Section, a: EntrantId, b: EntrantId, round: u32) -> bool {
    s.rounds
        .iter()
        .filter(|r| r.number < round)
        .flat_map(|r| &r.games)
        .any(|g| (g.red == a && g.black == b) || (g.red == b && g.black == a))
}

#[test]
fn every_why_not_claim_of_a_nine_round_event_is_true_of_its_history() {
    let (_dir, mut t) = common::create(&common::event("编排说明核对", vec![]));
    let mut settings = SectionSettings {
        rounds: 9,
        ..SectionSettings::default()
    };
    settings.xiangqi.same_unit_to = 9;
    let s = SectionBuilder::new()
        .name("男子组")
        .settings(settings)
        .entrants((0..30).map(|i| {
            common::entrant(
                &format!("棋手{i:02}"),
                UNITS[i % UNITS.len()],
                bianpai::model::Sex::Male,
            )
        }))
        .lot_seed(90210)
        .enter(&mut t);

    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    for round in 1..=9u32 {
        if round == 5 {
            // A player leaves the event.
            let mut e = t.event().sections[0].entrants[7].clone();
            e.status = EntrantStatus::Withdrawn;
            t.update_entrant(s, &e).unwrap();
        }
        t.pair_next_round(s).unwrap();
        let notes = t.round_notes(s, round).unwrap();
        let section = t.event().section(s).unwrap().clone();
        let r = section.round(round).unwrap();
        let avoid = section.settings.xiangqi.avoids_units_in(round);
        let plays = |id: EntrantId| r.games.iter().any(|g| g.red == id || g.black == id);
        for (board, note) in &notes {
            let PairingNote::Board(b) = note else {
                continue;
            };
            let game = r.games.iter().find(|g| g.board == *board).unwrap();
            assert_eq!(
                (b.red, b.black),
                (game.red, game.black),
                "round {round} board {board}"
            );
            let Some((alt, claim)) = b.why_not.clone() else {
                continue;
            };
            assert_ne!(
                alt, b.red,
                "round {round} board {board}: why not themselves?"
            );
            let unit = |id| section.entrant(id).unwrap().unit.clone();
            let ok = match &claim {
                WhyNot::AlreadyMet => met_before(&section, b.red, alt, round),
                WhyNot::NotPaired(x) => !plays(*x) && (*x == b.red || *x == alt),
                WhyNot::ArePaired => r
                    .games
                    .iter()
                    .any(|g| (g.red, g.black) == (b.red, alt) || (g.red, g.black) == (alt, b.red)),
                WhyNot::SameUnit => avoid && same_unit(&unit(b.red), &unit(alt)),
                WhyNot::Prohibited => section.settings.prohibits(round, b.red, alt),
                WhyNot::ColourLimits => {
                    let (p, q) = (
                        colours(&section, b.red, round),
                        colours(&section, alt, round),
                    );
                    (breaks_limits(&p, Side::Red) || breaks_limits(&q, Side::Black))
                        && (breaks_limits(&p, Side::Black) || breaks_limits(&q, Side::Red))
                }
                // Claims about the quality of the pairing, not about the history: the two must
                // at least have been free to meet.
                WhyNot::Worse { .. } | WhyNot::Strands | WhyNot::Tie => {
                    let barred = met_before(&section, b.red, alt, round)
                        || section.settings.prohibits(round, b.red, alt)
                        || (avoid && same_unit(&unit(b.red), &unit(alt)));
                    !barred
                }
            };
            assert!(
                ok,
                "round {round} board {board}: {claim:?} about {:?} and {:?} is not true",
                b.red, alt
            );
            let kind = format!("{claim:?}");
            let kind = kind
                .split([' ', '(', '{'])
                .next()
                .unwrap_or_default()
                .to_string();
            *seen.entry(kind).or_default() += 1;
        }
        // Results: mostly decided games, some draws, a forfeit every few rounds.
        common::finish_round(&mut t, s, round, |_, g| match (g.board + round) % 7 {
            0 | 3 => Outcome::Draw,
            1 | 4 | 5 => Outcome::RedWin,
            6 if round % 3 == 0 => Outcome::RedWinByForfeit,
            _ => Outcome::BlackWin,
        });
    }
    eprintln!("claims checked: {seen:?}");
    // The event gave the claims something to say.
    assert!(seen.values().sum::<usize>() > 50, "{seen:?}");
    assert!(seen.contains_key("AlreadyMet"), "{seen:?}");
}
