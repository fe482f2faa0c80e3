//! Pairing a round through the app: planning is pure and may take a while on a big field, so
//! the window runs [`plan_next_round`] off the UI thread; storing the planned round is then one
//! action, with its undo, the engine's notes on each board and a backup copy of the file.

use super::{AppError, Inverse, Tournament};
use crate::model::{EntrantId, PairingSystem, Round, Section, SectionId};
use crate::pairing;
use crate::pairing::house::HouseDecision;
use crate::store;

/// A round as an engine paired it, with its explanation: one note per board (board 0 is the
/// round as a whole: the bye, round-1 swaps).
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedRound {
    pub round: Round,
    pub notes: Vec<(u32, String)>,
}

/// The next round of `s` as its system pairs it. Pure: reads the section, writes nothing.
pub fn plan_next_round(s: &Section) -> Result<PlannedRound, AppError> {
    let next = s.rounds.len() as u32 + 1;
    if next > s.settings.rounds && s.settings.system != PairingSystem::RoundRobin {
        return Err(AppError::AllRoundsPaired(s.settings.rounds));
    }
    if let Some(last) = s.rounds.last()
        && !last.is_complete()
    {
        return Err(AppError::RoundIncomplete(last.number));
    }
    // The house player (补双) is in the round or not: decided once, for every Swiss.
    let (field, house) = pairing::house::field_for_round(s);
    let mut planned = match s.settings.system {
        PairingSystem::RoundRobin => PlannedRound {
            round: pairing::round_robin::pair_round(s, &s.settings.round_robin, next)
                .map_err(|e| AppError::PairingFailed(e.to_string()))?,
            notes: vec![],
        },
        PairingSystem::Dutch => PlannedRound {
            round: pairing::dutch::pair_dutch(&field)?,
            notes: vec![],
        },
        PairingSystem::XiangqiSwiss => {
            let paired = pairing::xiangqi::pair_round(&field, next, &s.settings.xiangqi)?;
            let mut notes: Vec<(u32, String)> =
                paired.boards.iter().map(|b| (b.board, b.text())).collect();
            let mut whole = Vec::new();
            if let Some(bye) = &paired.bye {
                whole.push(format!(
                    "轮空 bye: {} ({})",
                    name_of(s, bye.entrant),
                    bye.score
                ));
            }
            if let Some(r1) = paired
                .round_one
                .as_ref()
                .filter(|r| !r.swaps.is_empty() || r.unavoidable_same_unit > 0)
            {
                whole.push(format!(
                    "同队回避 same-unit swaps: {:?}; unavoidable same-unit boards: {}",
                    r1.swaps, r1.unavoidable_same_unit
                ));
            }
            if !whole.is_empty() {
                notes.insert(0, (0, whole.join("; ")));
            }
            PlannedRound {
                round: paired.round,
                notes,
            }
        }
        PairingSystem::Knockout => {
            return Err(AppError::SystemNotReady {
                system: PairingSystem::Knockout,
                round: next,
            });
        }
    };
    if let Some(note) = house_note(s, &house) {
        match planned.notes.first_mut() {
            Some((0, whole)) => *whole = format!("{whole}; {note}"),
            _ => planned.notes.insert(0, (0, note)),
        }
    }
    Ok(planned)
}

fn name_of(s: &Section, id: EntrantId) -> &str {
    s.entrant(id).map(|e| e.name.as_str()).unwrap_or("?")
}

/// The round note on the house player (补双选手): whether he plays, and why.
fn house_note(s: &Section, d: &HouseDecision) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(id) = d.plays {
        parts.push(format!(
            "补双 house player {} 参赛 plays: 其余{}人为单数 the {} others are odd",
            name_of(s, id),
            d.others,
            d.others
        ));
    }
    for &id in &d.sits_out {
        parts.push(format!(
            "补双 house player {} 本轮不参赛 sits out: 其余{}人为双数 the {} others are even",
            name_of(s, id),
            d.others,
            d.others
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

impl Tournament {
    /// Pairs the next round of a section and stores it. Returns the round number.
    pub fn pair_next_round(&mut self, section: SectionId) -> Result<u32, AppError> {
        let planned = plan_next_round(self.section(section)?)?;
        self.store_planned_round(section, planned)
    }

    /// Stores a round made by [`plan_next_round`], if it is still the section's next round
    /// (nothing was paired meanwhile), and writes a backup copy of the file.
    pub fn store_planned_round(
        &mut self,
        section: SectionId,
        planned: PlannedRound,
    ) -> Result<u32, AppError> {
        let s = self.section(section)?;
        let next = s.rounds.len() as u32 + 1;
        if planned.round.number != next {
            return Err(AppError::Pairing(pairing::PairingError::AlreadyPaired(
                planned.round.number,
            )));
        }
        let detail = format!("{}: round {next}", s.name);
        let before = Inverse::RemoveRound {
            section,
            round: next,
        };
        self.act("round.pair", &detail, before, |tx| {
            store::insert_round(tx, section, &planned.round)?;
            store::insert_round_notes(tx, section, next, &planned.notes)
        })?;
        self.backup(&format!("r{next}-paired"))?;
        Ok(next)
    }

    /// The pairing engine's notes on a round, by board (0: the round as a whole).
    pub fn round_notes(
        &self,
        section: SectionId,
        round: u32,
    ) -> Result<Vec<(u32, String)>, AppError> {
        Ok(self.store.round_notes(section, round)?)
    }

    /// Deletes the last round with its boards, results and notes (the face asks for
    /// confirmation).
    pub fn unpair_round(&mut self, section: SectionId, number: u32) -> Result<(), AppError> {
        let s = self.section(section)?;
        let Some(last) = s.rounds.last().filter(|r| r.number == number) else {
            return Err(AppError::NotLastRound);
        };
        let detail = format!("{}: round {number}", s.name);
        let notes = self.store.round_notes(section, number)?;
        let before = Inverse::RestoreRound {
            section,
            round: last.clone(),
            notes,
        };
        self.act("round.unpair", &detail, before, |tx| {
            store::delete_round(tx, section, number)
        })
    }
}
