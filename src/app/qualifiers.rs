//! 晋级正赛 — the qualified list of a qualifying section (海选赛, seed 002: "前8名晋级正赛" after
//! rounds 9 and 10, the first 10 after round 11, the overseas places and the wildcards) entered
//! into the main event's section (正赛) once the qualifier is over. The list's order is the main
//! event's seeding: the players get the pairing numbers 1, 2, … in it (rules.md Q7 leaves the
//! draw open; the arbiter may still draw lots). One undoable action; the window (Awards tab) and
//! `bianpai advance` both come here.

use super::books::last_round;
use super::{AppError, Inverse, Tournament};
use crate::conduct::{JournalEntry, section_awards, section_over};
use crate::model::{Entrant, EntrantId, EntrantStatus, SectionId};
use crate::store;

impl Tournament {
    /// Enters the qualified list of section `from` into the empty section `to`, numbered in
    /// the list's order. Refused (nothing written) while `from` is not over, when it qualifies
    /// nobody, or when `to` already has entrants or rounds.
    pub fn enter_qualifiers(
        &mut self,
        from: SectionId,
        to: SectionId,
    ) -> Result<Vec<EntrantId>, AppError> {
        let q = self.section(from)?;
        let target = self.section(to)?;
        if from == to || !target.entrants.is_empty() || !target.rounds.is_empty() {
            return Err(AppError::QualifiersTargetTaken(target.name.clone()));
        }
        if q.rounds.is_empty() || !section_over(q) {
            return Err(AppError::QualifierNotOver(q.name.clone()));
        }
        let list = section_awards(q, last_round(q)).qualifiers?;
        if list.is_empty() {
            return Err(AppError::NoQualifiers(q.name.clone()));
        }
        let first_id = self.event.next_entrant_id().0;
        let rows: Vec<Entrant> = list
            .iter()
            .filter_map(|id| q.entrant(*id))
            .zip(first_id..)
            .zip(1u32..)
            .map(|((e, id), number)| Entrant {
                id: EntrantId(id),
                number: Some(number),
                status: EntrantStatus::Active,
                house: false,
                ..e.clone()
            })
            .collect();
        let entry = JournalEntry::Qualifiers {
            from: q.name.clone(),
            to: target.name.clone(),
            count: rows.len() as u32,
        };
        let inverse = Inverse::RemoveEntrants(rows.iter().map(|e| e.id).collect());
        self.act("entrants.qualifiers", entry, inverse, |tx| {
            rows.iter()
                .map(|e| store::insert_entrant(tx, to, e))
                .collect::<Result<Vec<_>, _>>()
        })
    }
}
