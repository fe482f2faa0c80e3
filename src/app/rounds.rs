//! Pairing a round through the app: the window plans the round off the UI thread
//! ([`crate::conduct::plan_next_round`], pure); storing the planned round is then one action,
//! with its undo, the engine's notes on each board and a backup copy of the file. When a
//! playoff's match games already opened the round, the new boards follow theirs.

use super::{AppError, Inverse, Tournament};
use crate::conduct::notes::{self, PairingNote};
use crate::conduct::{self, JournalEntry, PlannedRound, next_round_number};
use crate::interchange::TrfFile;
use crate::model::{
    PairingSystem, PointSystem, Round, RuleWarning, Section, SectionId, SectionSettings,
};
use crate::pairing;
use crate::store;

/// The next round of `s` as its system pairs it ([`conduct::plan_next_round`]). Pure: reads the
/// section, writes nothing, so the window runs it off the UI thread.
pub fn plan_next_round(s: &Section) -> Result<PlannedRound, AppError> {
    Ok(conduct::plan_next_round(s)?)
}

/// The next round of a xiangqi event held as a TRF file (`pair --xiangqi`): the file's players
/// and rounds as a xiangqi Swiss section scoring `points`, with the defaults of a new xiangqi
/// section, paired as an event file's section would be. Pure.
pub fn plan_trf_round(trf: &[u8], points: PointSystem) -> Result<(Section, Round), AppError> {
    let file = TrfFile::read(trf)?;
    let mut section = file.to_section()?;
    let defaults = SectionSettings::default();
    section.settings = SectionSettings {
        system: PairingSystem::XiangqiSwiss,
        rounds: section.settings.rounds.max(file.rounds_present() + 1),
        points,
        ..defaults
    };
    let planned = plan_next_round(&section)?;
    Ok((section, planned.round))
}

/// The players still in play in a grade event that stops early (seed 004) when round `round`
/// has no legal pairing, by label; `None` when the section does not stop early or has stopped
/// nobody yet (then the failure is the engine's to report).
fn left_unpairable(s: &Section, round: u32) -> Option<Vec<String>> {
    let options = &s.settings.awards;
    if options.promotion.early_stop == crate::model::EarlyStop::Never {
        return None;
    }
    let stopped = crate::awards::stopped_players(s, options, round.saturating_sub(1));
    if stopped.is_empty() || round < 2 {
        return None;
    }
    Some(
        s.entrants
            .iter()
            .filter(|e| e.is_active() && !e.house && !stopped.contains(&e.id))
            .map(|e| e.label())
            .collect(),
    )
}

/// The notices (level 2) shown when the next round is paired: before round 1 of a Swiss, more
/// rounds than its players can play without meeting again; each game of a round before the
/// last complete one still adjourned, which this pairing counts as a draw again.
pub fn pairing_notices(s: &Section) -> Vec<RuleWarning> {
    let next = crate::conduct::next_round_number(s);
    let mut out = Vec::new();
    let swiss = matches!(
        s.settings.system,
        PairingSystem::Dutch | PairingSystem::XiangqiSwiss
    );
    let players = s.entrants.iter().filter(|e| e.is_active()).count() as u32;
    // An even field meets n − 1 opponents at most; an odd one n − 1 and a bye.
    let most = players - 1 + players % 2;
    if next == 1 && swiss && players > 1 && s.settings.rounds > most {
        out.push(RuleWarning::RoundsExceedField {
            rounds: s.settings.rounds,
            players,
        });
    }
    out.extend(
        s.adjourned_games()
            .into_iter()
            .filter(|&(round, _)| round + 2 <= next)
            .map(|(round, board)| RuleWarning::AdjournmentStillOpen { round, board }),
    );
    out
}

impl Tournament {
    /// Pairs the next round of a section and stores it. Returns the round number.
    ///
    /// A grade event that stops early (seed 004) can leave a few players in play who have all
    /// met: no legal pairing is left for them. The section then ends for them — its rounds
    /// are cut to those played, one journaled action the arbiter may undo — and the error
    /// [`AppError::EndedEarly`] says so; nothing is paired.
    pub fn pair_next_round(&mut self, section: SectionId) -> Result<u32, AppError> {
        let s = self.section(section)?;
        if s.settings.team_section.is_some() {
            return self.pair_team_round(section);
        }
        match plan_next_round(s) {
            Ok(planned) => self.store_planned_round(section, planned),
            Err(AppError::Pairing(pairing::PairingError::NoValidPairing(round))) => {
                match left_unpairable(s, round) {
                    Some(players) => self.end_early(section, round, players),
                    None => Err(AppError::Pairing(pairing::PairingError::NoValidPairing(
                        round,
                    ))),
                }
            }
            Err(e) => Err(e),
        }
    }

    /// Ends a section that stops early after round `round - 1`: `players`, still in play,
    /// cannot be paired in round `round`.
    fn end_early(
        &mut self,
        section: SectionId,
        round: u32,
        players: Vec<String>,
    ) -> Result<u32, AppError> {
        let s = self.section(section)?;
        let name = s.name.clone();
        let settings = SectionSettings {
            rounds: round - 1,
            ..s.settings.clone()
        };
        let before = Inverse::SectionSettings {
            section,
            name: name.clone(),
            settings: s.settings.clone(),
        };
        let entry = JournalEntry::EndedEarly {
            section: name.clone(),
            round,
            players: players.clone(),
        };
        self.act("section.end_early", entry, before, |tx| {
            store::update_section(tx, section, &name, &settings)
        })?;
        Err(AppError::EndedEarly { round, players })
    }

    /// Stores a round made by [`plan_next_round`], if it is still the section's next round
    /// (nothing was paired meanwhile), and writes a backup copy of the file. When a playoff's
    /// match games already opened the round, the new boards follow theirs.
    pub fn store_planned_round(
        &mut self,
        section: SectionId,
        planned: PlannedRound,
    ) -> Result<u32, AppError> {
        let s = self.section(section)?;
        let next = next_round_number(s);
        if planned.round.number != next {
            return Err(AppError::Pairing(pairing::PairingError::AlreadyPaired(
                planned.round.number,
            )));
        }
        let entry = JournalEntry::Round {
            section: s.name.clone(),
            round: next,
        };
        match s.round(next).cloned() {
            None => {
                let before = Inverse::RemoveRound {
                    section,
                    round: next,
                };
                self.act("round.pair", entry.clone(), before, |tx| {
                    store::insert_round(tx, section, &planned.round)?;
                    store::insert_round_notes(
                        tx,
                        section,
                        next,
                        &notes::encode_by_board(&planned.notes),
                    )
                })?;
            }
            Some(opened) => {
                let old_notes = self.store.round_notes(section, next)?;
                let shift = opened.games.iter().map(|g| g.board).max().unwrap_or(0);
                let mut round = opened.clone();
                round
                    .games
                    .extend(planned.round.games.into_iter().map(|mut g| {
                        g.board += shift;
                        g
                    }));
                // The requested byes the round held come back with the pairing: kept once.
                for b in planned.round.byes {
                    if !round.byes.contains(&b) {
                        round.byes.push(b);
                    }
                }
                let mut all = notes::decode_by_board(&old_notes);
                all.extend(planned.notes.into_iter().map(|(b, n)| {
                    let board = if b == 0 { 0 } else { b + shift };
                    (board, n)
                }));
                let notes = notes::encode_by_board(&all);
                let before = Inverse::ReplaceRound {
                    section,
                    round: opened,
                    notes: old_notes,
                };
                self.act("round.pair", entry.clone(), before, |tx| {
                    store::replace_round(tx, section, &round, &notes)
                })?;
            }
        }
        self.backup_after_pairing(section, next);
        Ok(next)
    }

    /// The notes on a round (the pairing engine's, and the arbiter's changes by hand), one at a
    /// time with their board (0: the round as a whole), boards in order.
    pub fn round_notes(
        &self,
        section: SectionId,
        round: u32,
    ) -> Result<Vec<(u32, PairingNote)>, AppError> {
        Ok(notes::decode_by_board(
            &self.store.round_notes(section, round)?,
        ))
    }

    /// Deletes the last round with its boards, results and notes (the face asks for
    /// confirmation).
    pub fn unpair_round(&mut self, section: SectionId, number: u32) -> Result<(), AppError> {
        let s = self.section(section)?;
        let Some(last) = s.rounds.last().filter(|r| r.number == number) else {
            return Err(AppError::NotLastRound);
        };
        let entry = JournalEntry::Round {
            section: s.name.clone(),
            round: number,
        };
        let notes = self.store.round_notes(section, number)?;
        let mut before = Inverse::RestoreRound {
            section,
            round: last.clone(),
            notes,
        };
        // The round's manual pairing goes with it: its MPA lines are taken out of the log.
        let mut settings = s.settings.clone();
        settings.fide.log.retain(|l| {
            !matches!(l, crate::model::FideLogLine::ManualPairing { round, .. } if *round == number)
        });
        let name = s.name.clone();
        // A team round's matches and team byes go with it and come back with its undo.
        if s.settings.team_section.is_some() {
            before = Inverse::Sequence(vec![
                before,
                Inverse::Teams {
                    section,
                    records: self.store.team_records(section)?,
                },
            ]);
        }
        let logged = settings != s.settings;
        if logged {
            before = Inverse::Sequence(vec![
                before,
                Inverse::SectionSettings {
                    section,
                    name: name.clone(),
                    settings: s.settings.clone(),
                },
            ]);
        }
        self.act("round.unpair", entry, before, |tx| {
            if logged {
                store::update_section(tx, section, &name, &settings)?;
            }
            store::delete_round(tx, section, number)
        })
    }
}
