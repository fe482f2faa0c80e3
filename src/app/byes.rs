//! 申请轮空 through the app: a bye a player asks for in a round not paired yet, added to or taken
//! from the section's requests as one action (journaled and undone like any change of its
//! settings); the window's Pairings tab and `bianpai bye` call it. Only a Dutch section takes
//! requests: the xiangqi Swiss and the round robin have no requested byes.

use super::{AppError, Tournament};
use crate::conduct::next_round_number;
use crate::model::{ByeKind, EntrantId, PairingSystem, RequestedBye, Section, SectionId};

/// May `who` request a half-point bye for `round` under the section's limits: not one of the
/// last rounds closed to them, and fewer than the limit already (the half-point byes of the
/// rounds paired and his requests for the others, this round's aside)?
fn half_bye_allowed(s: &Section, round: u32, who: EntrantId) -> Result<(), AppError> {
    let limits = &s.settings.dutch;
    if round + limits.half_point_byes_not_last > s.settings.rounds {
        return Err(AppError::HalfByeLateRound(
            round,
            limits.half_point_byes_not_last,
        ));
    }
    let Some(max) = limits.half_point_byes_max else {
        return Ok(());
    };
    let taken = s
        .rounds
        .iter()
        .flat_map(|r| &r.byes)
        .filter(|b| b.entrant == who && b.kind == ByeKind::Half)
        .count()
        + s.settings
            .requested_byes
            .iter()
            .filter(|b| {
                b.entrant == who
                    && b.kind == ByeKind::Half
                    && b.round != round
                    && s.round(b.round).is_none()
            })
            .count();
    let taken = taken as u32;
    if taken >= max {
        Err(AppError::HalfByeLimit(s.label(who), taken, max))
    } else {
        Ok(())
    }
}

impl Tournament {
    /// Records that `who` sits out round `round` with a bye of `kind` (full, half or zero
    /// points), replacing a request of his for that round. The round must be one not paired
    /// yet and within the section's rounds; the entrant must be in play.
    pub fn request_bye(
        &mut self,
        section: SectionId,
        round: u32,
        who: EntrantId,
        kind: ByeKind,
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        if s.settings.system != PairingSystem::Dutch {
            return Err(AppError::ByeRequestNotDutch);
        }
        if kind == ByeKind::Pairing {
            return Err(AppError::ByeRequestKind);
        }
        let next = next_round_number(s);
        if round < next || round > s.settings.rounds {
            return Err(AppError::ByeRequestRound(round, next, s.settings.rounds));
        }
        let e = s
            .entrant(who)
            .ok_or(AppError::NoSuch(crate::i18n::T::EntrantOfSection))?;
        if !e.is_active() {
            return Err(AppError::ByeRequestInactive(e.label()));
        }
        if kind == ByeKind::Half {
            half_bye_allowed(s, round, who)?;
        }
        let mut settings = s.settings.clone();
        settings
            .requested_byes
            .retain(|b| !(b.round == round && b.entrant == who));
        settings.requested_byes.push(RequestedBye {
            entrant: who,
            round,
            kind,
        });
        settings
            .requested_byes
            .sort_by_key(|b| (b.round, b.entrant));
        if settings == s.settings {
            return Ok(());
        }
        let name = s.name.clone();
        self.update_section(section, &name, &settings)
    }

    /// Takes back `who`'s request for round `round`; `false` when there was none. A round
    /// already paired keeps the bye it was paired with (unpair it first).
    pub fn cancel_bye(
        &mut self,
        section: SectionId,
        round: u32,
        who: EntrantId,
    ) -> Result<bool, AppError> {
        let s = self.section(section)?;
        let mut settings = s.settings.clone();
        settings
            .requested_byes
            .retain(|b| !(b.round == round && b.entrant == who));
        if settings.requested_byes.len() == s.settings.requested_byes.len() {
            return Ok(false);
        }
        let name = s.name.clone();
        self.update_section(section, &name, &settings)?;
        Ok(true)
    }
}
