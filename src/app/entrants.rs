//! 选手 — entrants of a section: added by hand (and the house player, 补双), edited, removed, and
//! their pairing numbers drawn by lot (抽签).

use super::{AppError, Inverse, MAX_NAME, MAX_TEXT, Tournament, check_length};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::model::{Entrant, EntrantId, SectionId};
use crate::pairing;
use crate::store;

impl Tournament {
    /// Adds an entrant. After the drawing of lots a late entrant gets the next free number.
    pub fn add_entrant(
        &mut self,
        section: SectionId,
        entrant: &Entrant,
    ) -> Result<EntrantId, AppError> {
        let (mut e, _) = entrant.cleaned();
        validate_entrant(&e)?;
        let s = self.section(section)?;
        // The section's entry rules (参赛资格, 限报人数); a house player (补双) is the
        // organiser's and is not an entry.
        if !e.house {
            let rules = &s.settings.eligibility;
            let reasons = rules.check(&e);
            if !reasons.is_empty() {
                return Err(AppError::Ineligible {
                    name: e.name.clone(),
                    grade: e.grade.clone(),
                    reasons,
                });
            }
            let entered = s.entrants.iter().filter(|x| !x.house).count();
            if let Some(cap) = rules.cap
                && entered >= cap as usize
            {
                return Err(AppError::OverCap { name: e.name, cap });
            }
            if let (Some(cap), Some(0)) = (self.event.entry_cap, self.event.room()) {
                return Err(AppError::OverEventCap { name: e.name, cap });
            }
        }
        e.number = if s.is_drawn() {
            s.entrants
                .iter()
                .filter_map(|x| x.number)
                .max()
                .map(|m| m + 1)
        } else {
            None
        };
        // The next id, named here so that the inverse can name it too.
        e.id = self.event.next_entrant_id();
        let entry = JournalEntry::Entrant {
            section: self.section(section)?.name.clone(),
            player: e.label(),
        };
        self.act("entrant.add", entry, Inverse::RemoveEntrant(e.id), |tx| {
            store::insert_entrant(tx, section, &e)
        })
    }

    /// 补双 — adds a house player (rules.md §6) to make the section's active field even: named
    /// 补双, of the event's organiser (承办单位 when the event names none). One action, undone
    /// like any other added entrant. Refused when the field is already even or has one.
    pub fn add_house_player(&mut self, section: SectionId) -> Result<EntrantId, AppError> {
        if !self.section(section)?.wants_house_player() {
            return Err(AppError::HouseNotWanted);
        }
        let e = Entrant::house_player(&self.event.organiser);
        self.add_entrant(section, &e)
    }

    /// Changes an entrant's details. A pairing number (序号) asked for replaces the drawn one
    /// while round 1 is not paired and no other entrant has it; `None` keeps the number.
    pub fn update_entrant(
        &mut self,
        section: SectionId,
        entrant: &Entrant,
    ) -> Result<(), AppError> {
        let (entrant, _) = entrant.cleaned();
        let entrant = &entrant;
        validate_entrant(entrant)?;
        let old = self
            .section(section)?
            .entrant(entrant.id)
            .ok_or(AppError::NoSuch(T::Name))?;
        let before = Inverse::RestoreEntrant {
            section,
            entrant: old.clone(),
            existed: true,
        };
        // 序号 by hand (seeds in the order of a qualified list …): only before round 1, and
        // never a number another entrant has. No number asked for keeps the drawn one.
        let number = entrant.number.or(old.number);
        if number != old.number {
            let s = self.section(section)?;
            if !s.rounds.is_empty() {
                return Err(AppError::NumbersFixed);
            }
            if let Some(other) = s
                .entrants
                .iter()
                .find(|x| x.id != entrant.id && x.number.is_some() && x.number == number)
            {
                return Err(AppError::NumberTaken(
                    number.unwrap_or(0),
                    other.name.clone(),
                ));
            }
        }
        // The payment (缴费) is changed by the fee actions only: an edit keeps the stored one,
        // whatever the form held when it was opened.
        let e = Entrant {
            number,
            payment: old.payment.clone(),
            ..entrant.clone()
        };
        let entry = JournalEntry::Entrant {
            section: self.section(section)?.name.clone(),
            player: e.label(),
        };
        self.act("entrant.update", entry, before, |tx| {
            store::update_entrant(tx, &e)
        })
    }

    /// Removes an entrant who has no game or bye yet; others must be withdrawn instead. His
    /// prohibited pairings (禁止配对) and points bonuses and penalties go with him, in the same
    /// action.
    pub fn remove_entrant(&mut self, section: SectionId, id: EntrantId) -> Result<(), AppError> {
        let s = self.section(section)?;
        let e = s.entrant(id).ok_or(AppError::NoSuch(T::Name))?;
        if s.rounds
            .iter()
            .any(|r| r.plays(id) || r.bye_of(id).is_some())
        {
            return Err(AppError::EntrantHasGames(e.name.clone()));
        }
        if s.settings.team_section.is_some()
            && let Some(team) = self.team_records(section)?.team_of(id)
        {
            return Err(super::teams::TeamError::OnTeam(e.label(), team.name.clone()).into());
        }
        let entry = JournalEntry::Entrant {
            section: s.name.clone(),
            player: e.label(),
        };
        let restore = Inverse::RestoreEntrant {
            section,
            entrant: e.clone(),
            existed: false,
        };
        let mut settings = s.settings.clone();
        settings
            .prohibited
            .retain(|p| p.first != id && p.second != id);
        settings.points_adjustments.retain(|a| a.entrant != id);
        settings.requested_byes.retain(|b| b.entrant != id);
        if settings == s.settings {
            return self.act("entrant.remove", entry, restore, |tx| {
                store::delete_entrant(tx, id)
            });
        }
        let name = s.name.clone();
        let before = Inverse::Sequence(vec![
            Inverse::SectionSettings {
                section,
                name: name.clone(),
                settings: s.settings.clone(),
            },
            restore,
        ]);
        self.act("entrant.remove", entry, before, |tx| {
            store::update_section(tx, section, &name, &settings)?;
            store::delete_entrant(tx, id)
        })
    }

    /// 抽签 — draws pairing numbers for every entrant from `seed` and records the seed.
    /// Refused once round 1 is paired.
    pub fn draw_lots(&mut self, section: SectionId, seed: u64) -> Result<(), AppError> {
        let s = self.section(section)?;
        if !s.rounds.is_empty() {
            return Err(AppError::Pairing(pairing::PairingError::AlreadyPaired(1)));
        }
        if s.entrants.is_empty() {
            return Err(AppError::Pairing(pairing::PairingError::NoEntrants));
        }
        // 只在已签到选手中抽签: once check-in is closed, among those still in play (the absent
        // were withdrawn by it and get no number).
        let among_present = s.settings.checkin.lots_among_present;
        if among_present && s.checkin_closed.is_none() {
            return Err(AppError::CheckInStillOpen(s.name.clone()));
        }
        let ids: Vec<EntrantId> = s
            .entrants
            .iter()
            .filter(|e| !among_present || e.is_active())
            .map(|e| e.id)
            .collect();
        if ids.is_empty() {
            return Err(AppError::Pairing(pairing::PairingError::NoEntrants));
        }
        let draw = pairing::draw_numbers(&ids, seed);
        let before_numbers: Vec<(EntrantId, Option<u32>)> =
            s.entrants.iter().map(|e| (e.id, e.number)).collect();
        let before = Inverse::Numbers {
            section,
            numbers: before_numbers.clone(),
            seed: s.lot_seed,
        };
        let entry = JournalEntry::Lots {
            section: s.name.clone(),
            seed,
        };
        self.act("lots.draw", entry, before, |tx| {
            // Clear first: numbers are unique within a section (and those left out of the
            // draw have none).
            for (id, _) in &before_numbers {
                store::set_number(tx, *id, None)?;
            }
            for (id, n) in &draw {
                store::set_number(tx, *id, Some(*n))?;
            }
            store::set_lot_seed(tx, section, Some(seed))
        })
    }
}

pub(super) fn validate_entrant(e: &Entrant) -> Result<(), AppError> {
    if e.name.trim().is_empty() {
        return Err(AppError::FieldEmpty(T::Name));
    }
    check_length(T::Name, &e.name, MAX_NAME)?;
    check_length(T::Unit, &e.unit, MAX_TEXT)?;
    check_length(T::Grade, &e.grade, MAX_NAME)?;
    for flag in &e.flags {
        check_length(T::Flags, flag, MAX_NAME)?;
    }
    if let Some(r) = e.rating
        && !(0..=4000).contains(&r)
    {
        return Err(AppError::FieldInvalid {
            field: T::Rating,
            value: r.to_string(),
            reason: "0–4000".into(),
        });
    }
    Ok(())
}
