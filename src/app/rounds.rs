//! Pairing a round through the app: planning is pure and may take a while on a big field, so
//! the window runs [`plan_next_round`] off the UI thread; storing the planned round is then one
//! action, with its undo and a backup copy of the file.

use super::{AppError, Inverse, Tournament};
use crate::model::{PairingSystem, Round, Section, SectionId};
use crate::pairing;
use crate::store;

/// The next round of `s` as its system pairs it. Pure: reads the section, writes nothing.
pub fn plan_next_round(s: &Section) -> Result<Round, AppError> {
    let next = s.rounds.len() as u32 + 1;
    if next > s.settings.rounds && s.settings.system != PairingSystem::RoundRobin {
        return Err(AppError::AllRoundsPaired(s.settings.rounds));
    }
    if let Some(last) = s.rounds.last()
        && !last.is_complete()
    {
        return Err(AppError::RoundIncomplete(last.number));
    }
    let round = match (next, s.settings.system) {
        (_, PairingSystem::RoundRobin) => {
            pairing::round_robin::pair_round(s, &s.settings.round_robin, next)
                .map_err(|e| AppError::PairingFailed(e.to_string()))?
        }
        (_, PairingSystem::Dutch) => pairing::dutch::pair_dutch(s)?,
        (1, PairingSystem::XiangqiSwiss) => pairing::pair_round_one(s)?,
        (n, system) => return Err(AppError::SystemNotReady { system, round: n }),
    };
    Ok(round)
}

impl Tournament {
    /// Pairs the next round of a section and stores it. Returns the round number.
    pub fn pair_next_round(&mut self, section: SectionId) -> Result<u32, AppError> {
        let round = plan_next_round(self.section(section)?)?;
        self.store_planned_round(section, round)
    }

    /// Stores a round made by [`plan_next_round`], if it is still the section's next round
    /// (nothing was paired meanwhile), and writes a backup copy of the file.
    pub fn store_planned_round(
        &mut self,
        section: SectionId,
        round: Round,
    ) -> Result<u32, AppError> {
        let s = self.section(section)?;
        let next = s.rounds.len() as u32 + 1;
        if round.number != next {
            return Err(AppError::Pairing(pairing::PairingError::AlreadyPaired(
                round.number,
            )));
        }
        let detail = format!("{}: round {next}", s.name);
        let before = Inverse::RemoveRound {
            section,
            round: next,
        };
        self.act("round.pair", &detail, before, |tx| {
            store::insert_round(tx, section, &round)
        })?;
        self.backup(&format!("r{next}-paired"))?;
        Ok(next)
    }

    /// Deletes the last round with its boards and results (the face asks for confirmation).
    pub fn unpair_round(&mut self, section: SectionId, number: u32) -> Result<(), AppError> {
        let s = self.section(section)?;
        let Some(last) = s.rounds.last().filter(|r| r.number == number) else {
            return Err(AppError::NotLastRound);
        };
        let detail = format!("{}: round {number}", s.name);
        let before = Inverse::RestoreRound {
            section,
            round: last.clone(),
        };
        self.act("round.unpair", &detail, before, |tx| {
            store::delete_round(tx, section, number)
        })
    }
}
