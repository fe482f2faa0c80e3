//! 组别 — sections: added, renamed, their settings changed (checked together as the window's
//! Event tab and the settings file give them), removed.

use super::{AppError, Confirmation, Inverse, MAX_NAME, MAX_TEXT, Tournament, check_length, fide};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::model::{Points, SectionId, SectionSettings};
use crate::store;

/// The largest point value (and bonus or penalty) a section takes, in whole points, either
/// sign: far beyond any real point system, and small enough that no score can overflow.
pub const MAX_POINTS: i32 = 100;

impl Tournament {
    pub fn add_section(
        &mut self,
        name: &str,
        settings: &SectionSettings,
    ) -> Result<SectionId, AppError> {
        let name = self.section_name(name, None)?;
        let name = name.as_str();
        validate_settings(settings)?;
        let next = SectionId(
            self.event
                .sections
                .iter()
                .map(|s| s.id.0)
                .max()
                .unwrap_or(0)
                + 1,
        );
        let entry = JournalEntry::Section { name: name.into() };
        let id = self.act("section.add", entry, Inverse::RemoveSection(next), |tx| {
            let id = store::insert_section(tx, name, settings)?;
            // The inverse names the id SQLite gives; check it did.
            if id != next {
                return Err(store::StoreError::Corrupt(format!(
                    "section id {} instead of {}",
                    id.0, next.0
                )));
            }
            Ok(id)
        })?;
        Ok(id)
    }

    /// A section's name as typed, cleaned of invisible characters: refused when empty, too
    /// long, or another section's (`-s NAME` must name one section; `except` is the section
    /// being renamed).
    fn section_name(&self, typed: &str, except: Option<SectionId>) -> Result<String, AppError> {
        let (name, _) = crate::model::without_invisible(typed);
        if name.is_empty() {
            return Err(AppError::FieldEmpty(T::SectionName));
        }
        check_length(T::SectionName, &name, MAX_NAME)?;
        if self
            .event
            .sections
            .iter()
            .any(|s| s.name == name && Some(s.id) != except)
        {
            return Err(AppError::SectionExists(name));
        }
        Ok(name)
    }

    /// Changes a section's name and settings. Results are stored as outcome codes, so a new
    /// point system rescores everything without touching them.
    ///
    /// The FIDE-mode record is the services' own and is kept as it is. A prohibited pairing
    /// added to a section in FIDE mode once round 1 is paired takes it out of FIDE mode: that
    /// is refused ([`AppError::LeavesFideMode`]) unless made through
    /// [`Tournament::update_section_leaving_fide`].
    pub fn update_section(
        &mut self,
        id: SectionId,
        name: &str,
        settings: &SectionSettings,
    ) -> Result<(), AppError> {
        self.update_section_confirmed(id, name, settings, &Confirmation::default())
    }

    /// As [`Tournament::update_section`], with the strong warning of leaving FIDE mode
    /// confirmed by `typed` (the section's name).
    pub fn update_section_leaving_fide(
        &mut self,
        id: SectionId,
        name: &str,
        settings: &SectionSettings,
        typed: &str,
    ) -> Result<(), AppError> {
        let confirm = Confirmation {
            typed: Some(typed.to_string()),
            accepted: Vec::new(),
        };
        self.update_section_confirmed(id, name, settings, &confirm)
    }

    /// As [`Tournament::update_section`], going ahead against the warnings `confirm` covers
    /// ([`AppError::RuleWarnings`] names those it does not).
    pub fn update_section_confirmed(
        &mut self,
        id: SectionId,
        name: &str,
        settings: &SectionSettings,
        confirm: &Confirmation,
    ) -> Result<(), AppError> {
        let typed = confirm.typed.as_deref();
        let name = self.section_name(name, Some(id))?;
        let name = name.as_str();
        validate_settings(settings)?;
        let paired = self.section(id)?.rounds.len() as u32;
        if settings.rounds < paired {
            return Err(AppError::FieldInvalid {
                field: T::Rounds,
                value: settings.rounds.to_string(),
                reason: format!("{paired} rounds are already paired"),
            });
        }
        let old = self.section(id)?;
        let mut settings = settings.clone();
        settings.fide = old.settings.fide.clone();
        let added = settings
            .prohibited
            .iter()
            .find(|p| !old.settings.prohibited.contains(p));
        let mut entry = JournalEntry::Section { name: name.into() };
        if let Some(pair) = added.filter(|_| old.settings.fide_mode() && !old.rounds.is_empty()) {
            match typed {
                None => return Err(AppError::LeavesFideMode),
                Some(t) if !fide::confirms(t, &old.name) => {
                    return Err(AppError::ConfirmationMismatch);
                }
                Some(_) => {}
            }
            let number = |e| old.entrant(e).and_then(|e| e.number).unwrap_or(0);
            let after_round = old.rounds.len() as u32;
            let reason =
                crate::model::LeaveReason::Prohibited(number(pair.first), number(pair.second));
            settings.fide.log.push(crate::model::FideLogLine::Left {
                after_round,
                reason: reason.clone(),
            });
            entry = JournalEntry::FideLeft {
                section: name.into(),
                after_round,
                reason,
            };
        }
        // Actions against the rules: each at its level, gone ahead with only when confirmed;
        // journaled, and logged for the TRF of a chess section.
        let warnings = fide::weigh(
            crate::model::fide::settings_warnings(&old.settings, &settings, old.rounds.len()),
            old.settings.fide_mode(),
        );
        fide::check_confirmed(&warnings, confirm, &old.name)?;
        if !warnings.is_empty() {
            if settings.game == crate::model::GameKind::Chess {
                let round = old.rounds.len() as u32;
                settings
                    .fide
                    .log
                    .extend(warnings.iter().map(|(warning, level)| {
                        crate::model::FideLogLine::Overridden {
                            round,
                            warning: warning.clone(),
                            level: *level,
                        }
                    }));
            }
            if matches!(entry, JournalEntry::Section { .. }) {
                entry = JournalEntry::WarningOverridden {
                    section: name.into(),
                    warnings: warnings.clone(),
                };
            }
        }
        let settings = &settings;
        let before = Inverse::SectionSettings {
            section: id,
            name: old.name.clone(),
            settings: old.settings.clone(),
        };
        self.act("section.update", entry, before, |tx| {
            store::update_section(tx, id, name, settings)
        })
    }

    pub fn remove_section(&mut self, id: SectionId) -> Result<(), AppError> {
        let old = self.section(id)?.clone();
        let name = old.name.clone();
        // A team section's teams, line-ups and matches come back with it.
        let teams = self.store.team_records(id)?;
        let mut inverse = Inverse::RestoreSection(Box::new(old));
        if teams != crate::model::TeamRecords::default() {
            inverse = Inverse::Sequence(vec![
                inverse,
                Inverse::Teams {
                    section: id,
                    records: teams,
                },
            ]);
        }
        self.act(
            "section.remove",
            JournalEntry::Section { name },
            inverse,
            |tx| store::delete_section(tx, id),
        )
    }
}

pub(super) fn validate_settings(s: &SectionSettings) -> Result<(), AppError> {
    if let Some(team) = &s.team_section {
        // 台数 1–16 and 替补 0–16: beyond any team event's regulations.
        for (field, value, least) in [
            (T::TeamBoards, team.boards, 1),
            (T::TeamReserves, team.reserves, 0),
        ] {
            if !(least..=16).contains(&value) {
                return Err(AppError::FieldInvalid {
                    field,
                    value: value.to_string(),
                    reason: format!("{least}–16"),
                });
            }
        }
        if let Some(&b) = team
            .women_boards
            .iter()
            .find(|&&b| b == 0 || b > team.boards)
        {
            return Err(AppError::FieldInvalid {
                field: T::TeamWomenBoards,
                value: b.to_string(),
                reason: format!("1–{}", team.boards),
            });
        }
    }
    if s.rounds == 0 || s.rounds > 99 {
        return Err(AppError::FieldInvalid {
            field: T::Rounds,
            value: s.rounds.to_string(),
            reason: "1–99".into(),
        });
    }
    let p = &s.playoff;
    if p.players > 0 && p.after_round == 0 {
        return Err(AppError::FieldInvalid {
            field: T::PlayoffAfterRound,
            value: "0".into(),
            reason: "≥ 1".into(),
        });
    }
    // Point values within reason, so that no sum of them over 99 rounds can overflow (a
    // settings file once carried win = 2147483647 and wrapped every score).
    let p = &s.points;
    let limit = Points::whole(MAX_POINTS);
    let values = crate::model::points::PointCell::TABLE
        .iter()
        .map(|&c| p.cell(c))
        .chain([p.half_bye]);
    for v in values {
        if v.halves().abs() > limit.halves() {
            return Err(AppError::FieldInvalid {
                field: T::Points,
                value: v.to_string(),
                reason: format!("−{MAX_POINTS}–{MAX_POINTS}"),
            });
        }
    }
    for a in &s.points_adjustments {
        if a.points.halves().abs() > limit.halves() || a.round > 99 {
            return Err(AppError::FieldInvalid {
                field: T::PointsAdjustments,
                value: format!("{} ({})", a.points, a.round),
                reason: format!("−{MAX_POINTS}–{MAX_POINTS}, 0–99"),
            });
        }
    }
    // A time for each round at most, each as long as a line of text.
    if s.round_times.len() > s.rounds as usize {
        return Err(AppError::FieldInvalid {
            field: T::Schedule,
            value: s.round_times.len().to_string(),
            reason: format!("≤ {}", s.rounds),
        });
    }
    for t in &s.round_times {
        check_length(T::Schedule, t, MAX_TEXT)?;
    }
    // 报名费: amounts within reason, every unit list naming a unit, texts of a line's length.
    if let Some((key, value)) = s.fees.problem() {
        return Err(AppError::FieldInvalid {
            field: T::Fee,
            value: format!("{key} = {value}"),
            reason: format!("0–{}", crate::model::MAX_FEE),
        });
    }
    check_length(T::FeeName, &s.fees.name, MAX_NAME)?;
    for unit in s.fees.units.iter().flat_map(|u| &u.units) {
        check_length(T::Unit, unit, MAX_TEXT)?;
    }
    let x = &s.xiangqi;
    if x.same_unit_to != 0 && x.same_unit_from > x.same_unit_to {
        return Err(AppError::FieldInvalid {
            field: T::SameUnitRounds,
            value: format!("{}–{}", x.same_unit_from, x.same_unit_to),
            reason: "自第几轮 ≤ 至第几轮 / from ≤ to".into(),
        });
    }
    Ok(())
}
