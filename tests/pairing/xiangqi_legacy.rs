//! The pairings of an old Chinese xiangqi pairing program ([PHP-BP], shared/data/xiangqi_legacy:
//! seven test events of 11–111 players, 7–13 rounds, 2-1-0) pass the checker's rematch rule
//! (forfeits counted as met) and the no-second-bye rule — rules that program enforces (rules.md
//! §1.4.2). It checks the checker against pairings made outside this project.
//!
//! The colour limits are left out on purpose: that program records the bye with a colour (“+”)
//! and counts it in its colour sequence, while rules.md §1.6.5 gives a bye no colour; e.g. player
//! 10 of the 11-player event has black, red, black, bye, black, black — a third black running by
//! our count, not by that program's.

use crate::common;
use bianpai::model::{Bye, ByeKind, Entrant, EntrantId, Game, Outcome, Round, Section};
use bianpai::pairing::xiangqi::XiangqiSwissOptions;
use bianpai::pairing::xiangqi::checker::check_round;
use serde_json::Value;

fn load() -> Value {
    let path = common::shared_data("xiangqi_legacy/ruyihe_bp_xiangqi_swiss_tests.json");
    let text = std::fs::read_to_string(&path).expect("shared data present");
    serde_json::from_str(&text).expect("valid JSON")
}

fn section(t: &Value) -> Section {
    let players = t["players_data"].as_array().expect("players");
    let rounds = t["rounds"].as_u64().expect("rounds") as u32;
    let mut s = Section::default();
    s.settings.rounds = rounds;
    for p in players {
        let no = p["no"].as_i64().expect("no");
        s.entrants.push(Entrant {
            id: EntrantId(no),
            number: Some(no as u32),
            unit: p["unit"].as_str().unwrap_or_default().to_string(),
            ..Entrant::default()
        });
    }
    for r in 0..rounds as usize {
        let mut round = Round {
            number: r as u32 + 1,
            ..Round::default()
        };
        for p in players {
            let no = p["no"].as_i64().expect("no");
            let Some(x) = p["rounds"].get(r) else {
                continue;
            };
            let opp = x["opp"].as_i64().unwrap_or(-1);
            if opp == 0 {
                round.byes.push(Bye {
                    entrant: EntrantId(no),
                    kind: ByeKind::Pairing,
                });
                continue;
            }
            if opp < 0 || x["side"].as_str() != Some("+") {
                continue;
            }
            let their = players
                .iter()
                .find(|q| q["no"].as_i64() == Some(opp))
                .and_then(|q| q["rounds"].get(r))
                .map(|y| y["forfeit"].as_str().unwrap_or("="));
            let outcome = match (x["forfeit"].as_str(), their) {
                (Some("+"), _) => Outcome::RedWinByForfeit,
                (Some("-"), Some("-")) => Outcome::DoubleForfeit,
                (Some("-"), _) => Outcome::BlackWinByForfeit,
                _ => match x["score"].as_f64() {
                    Some(s) if s >= 2.0 => Outcome::RedWin,
                    Some(s) if s >= 1.0 => Outcome::Draw,
                    _ => Outcome::BlackWin,
                },
            };
            let board = x["board"].as_u64().unwrap_or(0) as u32;
            round.games.push(Game {
                outcome: Some(outcome),
                ..Game::new(board, EntrantId(no), EntrantId(opp))
            });
        }
        round.games.sort_by_key(|g| g.board);
        s.rounds.push(round);
    }
    s
}

#[test]
fn the_legacy_programs_pairings_break_no_absolute_rule() {
    let data = load();
    let events = data["tournaments"].as_array().expect("tournaments");
    assert_eq!(events.len(), 7);
    let options = XiangqiSwissOptions {
        no_three_in_a_row: false,
        max_colour_difference_two: false,
        same_unit_to: 0,
        forfeit_exclusion: 0,
        ..XiangqiSwissOptions::default()
    };
    let mut checked = 0;
    for t in events {
        let s = section(t);
        for r in 2..=s.settings.rounds {
            let rep = check_round(&s, r, &options).expect("round exists");
            assert!(
                rep.breaks.is_empty(),
                "{} round {r}: {:?}",
                t["title"],
                rep.breaks
            );
            checked += 1;
        }
    }
    assert!(checked >= 50);
}
