//! 晋级正赛 — the qualified list of a qualifying section (海选赛, seed 002: "前8名晋级正赛" after
//! rounds 9 and 10, the first 10 after round 11, the overseas places and the wildcards) entered
//! into the main event's section (正赛) once the qualifier is over. The list's order is the main
//! event's seeding: the players get the pairing numbers 1, 2, … in it (rules.md Q7 leaves the
//! draw open; the arbiter may still draw lots). An organiser's wildcard who did not play the
//! qualifier (承办方外卡) is entered in the main event beforehand, marked 外卡; he is numbered
//! after the list. One undoable action; the window (Awards tab) and `bianpai advance` both come
//! here.

use super::books::last_round;
use super::{AppError, Inverse, Tournament};
use crate::conduct::{JournalEntry, section_awards, section_over};
use crate::model::{Entrant, EntrantId, EntrantStatus, Section, SectionId};
use crate::store;

/// Can section `s` take a qualified list: no rounds yet, and no entrants but the organiser's
/// wildcards entered beforehand (外卡)?
pub fn takes_qualifiers(s: &Section) -> bool {
    s.rounds.is_empty() && s.entrants.iter().all(Entrant::is_wildcard)
}

impl Tournament {
    /// Enters the qualified list of section `from` into section `to`, numbered in the list's
    /// order; the wildcards already entered in `to` (marked 外卡) are numbered after it.
    /// Refused (nothing written) while `from` is not over, when it qualifies nobody, when `to`
    /// has rounds or entrants other than wildcards, or when there are more wildcards than the
    /// qualification allows.
    pub fn enter_qualifiers(
        &mut self,
        from: SectionId,
        to: SectionId,
    ) -> Result<Vec<EntrantId>, AppError> {
        let q = self.section(from)?;
        let target = self.section(to)?;
        if from == to || !takes_qualifiers(target) {
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
        // 承办方外卡 entered in the main event, after the list in their order.
        let mut hosts: Vec<&Entrant> = target.entrants.iter().collect();
        hosts.sort_by_key(|e| (e.number.is_none(), e.number, e.id));
        let allowed = q.settings.qualification.wildcards;
        let given = (rows.iter().filter(|e| e.is_wildcard()).count() + hosts.len()) as u32;
        if !hosts.is_empty() && given > allowed {
            return Err(AppError::TooManyWildcards(allowed, given));
        }
        let host_numbers: Vec<(EntrantId, u32)> = hosts
            .iter()
            .map(|e| e.id)
            .zip(rows.len() as u32 + 1..)
            .collect();
        let entry = JournalEntry::Qualifiers {
            from: q.name.clone(),
            to: target.name.clone(),
            count: rows.len() as u32,
        };
        let inverse = Inverse::Sequence(vec![
            Inverse::RemoveEntrants(rows.iter().map(|e| e.id).collect()),
            Inverse::Numbers {
                section: to,
                numbers: hosts.iter().map(|e| (e.id, e.number)).collect(),
                seed: target.lot_seed,
            },
        ]);
        self.act("entrants.qualifiers", entry, inverse, |tx| {
            for (id, _) in &host_numbers {
                store::set_number(tx, *id, None)?;
            }
            let added = rows
                .iter()
                .map(|e| store::insert_entrant(tx, to, e))
                .collect::<Result<Vec<_>, _>>()?;
            for (id, n) in &host_numbers {
                store::set_number(tx, *id, Some(*n))?;
            }
            Ok(added)
        })
    }
}
