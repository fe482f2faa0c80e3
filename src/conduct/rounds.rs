//! Pairing a section's next round by its own system, as a plan: pure, so that the window can
//! run it off the UI thread on a big field and the app store it as one action.
//!
//! A Swiss with a playoff (交叉赛, rules.md §1.10) pairs only the others once the playoff has
//! begun, and its rounds share the section's rounds with the playoff's match games: the Swiss
//! sees its own games only ([`Round::without_match_games`]), waits only for its own results
//! ([`Round::regular_games_settled`]: a result or an adjournment on each board), and its boards follow any match games already paired in
//! the same round.

use super::ConductError;
use super::bracket::playoff_ranking;
use super::notes::PairingNote;
use super::progress::next_round_number;
use super::qualification::left_the_field;
use crate::awards;
use crate::model::{Bye, EntrantStatus, PairingSystem, Round, Section};
use crate::pairing;
use std::borrow::Cow;

/// A round as an engine paired it, with its notes by board (board 0 is the round as a whole:
/// the bye, round-1 swaps, the house player); a board may have several.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedRound {
    pub round: Round,
    pub notes: Vec<(u32, PairingNote)>,
}

/// The section as its own system sees it before round `next`: the rounds before it without
/// match games and, once a playoff has begun, its players out of the field, as are the players
/// who have qualified in a stage of a staged qualification and, in a grade event that stops
/// early (seed 004), the players promoted or unable to reach a promotion (marked withdrawn in
/// this copy only). An adjourned game counts as a draw for the pairing (FIDE C.04; its
/// standings points wait for the result). The section itself when nothing needs hiding.
fn system_view(s: &Section, next: u32) -> Result<Cow<'_, Section>, ConductError> {
    let playoff = &s.settings.playoff;
    let in_playoff = playoff.players > 0 && next > playoff.after_round;
    let hidden = s
        .rounds
        .iter()
        .any(|r| r.number >= next || r.games.iter().any(|g| g.phase.is_match_game()));
    // 分阶段晋级: the players who have qualified have left the field.
    let mut out = left_the_field(s);
    // 已达标晋级者和中途升级无望者不再进入之后轮次的比赛.
    out.extend(awards::stopped_players(
        s,
        &s.settings.awards,
        next.saturating_sub(1),
    ));
    let adjourned = s.rounds.iter().any(|r| r.games.iter().any(|g| g.adjourned));
    // 申请轮空: the Dutch system leaves the players who asked for a bye out of this round.
    let requested: Vec<Bye> = if s.settings.system == PairingSystem::Dutch {
        s.settings
            .requested_byes
            .iter()
            .filter(|b| b.round == next && s.entrant(b.entrant).is_some_and(|e| e.is_active()))
            .map(|b| Bye {
                entrant: b.entrant,
                kind: b.kind,
            })
            .collect()
    } else {
        Vec::new()
    };
    if !in_playoff && !hidden && out.is_empty() && !adjourned && requested.is_empty() {
        return Ok(Cow::Borrowed(s));
    }
    let mut view = s.clone();
    for e in &mut view.entrants {
        if out.contains(&e.id) {
            e.status = EntrantStatus::Withdrawn;
        }
    }
    view.rounds = s
        .rounds
        .iter()
        // The Dutch system reads the byes requested for the round it pairs (see
        // `next_round_number`); later rounds are not there yet.
        .filter(|r| {
            r.number < next || (r.number == next && s.settings.system == PairingSystem::Dutch)
        })
        .map(Round::without_match_games)
        .collect();
    for g in view.rounds.iter_mut().flat_map(|r| r.games.iter_mut()) {
        g.outcome = g.pairing_outcome();
        g.adjourned = false;
    }
    if !requested.is_empty() {
        if !view.rounds.iter().any(|r| r.number == next) {
            view.rounds.push(Round {
                number: next,
                ..Round::default()
            });
        }
        if let Some(r) = view.rounds.iter_mut().find(|r| r.number == next) {
            for b in requested {
                if r.bye_of(b.entrant).is_none() && !r.plays(b.entrant) {
                    r.byes.push(b);
                }
            }
        }
    }
    if in_playoff {
        let ranking = playoff_ranking(s)?;
        let active: Vec<_> = s
            .entrants
            .iter()
            .filter(|e| e.is_active())
            .map(|e| e.id)
            .collect();
        let field = pairing::playoff::swiss_field(playoff, &ranking, &active);
        if field.is_empty() {
            return Err(ConductError::SwissEnded(playoff.after_round));
        }
        for e in &mut view.entrants {
            if !field.contains(&e.id) {
                e.status = EntrantStatus::Withdrawn;
            }
        }
    }
    Ok(Cow::Owned(view))
}

/// The next round of `s` as its system pairs it. Pure: reads the section, writes nothing.
/// A knockout is paired match by match instead ([`super::section_bracket`]).
pub fn plan_next_round(s: &Section) -> Result<PlannedRound, ConductError> {
    if s.settings.system == PairingSystem::Knockout {
        return Err(ConductError::KnockoutInBracketTab);
    }
    // Every system pairs by the drawn numbers (抽签定序号): none is paired before the draw,
    // which would leave a round 1 that the draw then refuses to follow.
    if let Some(e) = s
        .entrants
        .iter()
        .find(|e| e.is_active() && e.number.is_none())
    {
        return Err(ConductError::NotDrawn(e.name.clone()));
    }
    let next = next_round_number(s);
    if next > s.settings.rounds && s.settings.system != PairingSystem::RoundRobin {
        return Err(ConductError::AllRoundsPaired(s.settings.rounds));
    }
    if let Some(last) = s.round(next - 1)
        && !last.regular_games_settled()
    {
        return Err(ConductError::RoundIncomplete(last.number));
    }
    let view = system_view(s, next)?;
    // The house player (补双) is in the round or not: decided once, for every Swiss.
    let (field, house) = pairing::house::field_for_round(view.as_ref());
    let mut planned = match s.settings.system {
        PairingSystem::RoundRobin => PlannedRound {
            round: pairing::round_robin::pair_round(&view, &s.settings.round_robin, next)?,
            notes: vec![],
        },
        PairingSystem::Dutch => PlannedRound {
            round: pairing::dutch::pair_dutch(&field)?,
            notes: vec![],
        },
        PairingSystem::XiangqiSwiss => {
            let paired = pairing::xiangqi::pair_round(&field, next, &s.settings.xiangqi)?;
            let mut notes: Vec<(u32, PairingNote)> = Vec::new();
            if let Some(bye) = paired.bye {
                notes.push((0, PairingNote::Bye(bye)));
            }
            if let Some(r1) = paired
                .round_one
                .filter(|r| !r.swaps.is_empty() || r.unavoidable_same_unit > 0)
            {
                notes.push((0, PairingNote::RoundOne(r1)));
            }
            notes.extend(
                paired
                    .boards
                    .into_iter()
                    .map(|b| (b.board, PairingNote::Board(b))),
            );
            PlannedRound {
                round: paired.round,
                notes,
            }
        }
        PairingSystem::Knockout => return Err(ConductError::KnockoutInBracketTab),
    };
    if let Some(note) = PairingNote::house(&house) {
        // After the round's other notes (the bye, round-1 swaps), before the boards'.
        let at = planned.notes.iter().take_while(|(b, _)| *b == 0).count();
        planned.notes.insert(at, (0, note));
    }
    Ok(planned)
}
