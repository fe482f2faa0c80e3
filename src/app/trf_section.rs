//! 从TRF文件新建组别 — a chess section made from a FIDE TRF file (TRF-16 or TRF-2026), for an
//! event that takes over a tournament another program began, or keeps a finished one beside
//! its own sections. The players become entrants numbered by their starting ranks; every
//! round's games, byes and results come with them; the settings are those of a new chess
//! section (FIDE Dutch in the edition record 192 names, else the one in force when the
//! tournament began; or a round robin when record 092 or 192 says so; 1-½-0, the FIDE
//! tiebreaks) with what the file's header and TRF-2026 records say (rounds, initial colour,
//! Baku, tiebreaks, requested byes, prohibited pairings, bonuses and penalties, teams). It is
//! written in one transaction as one undoable action. The window (Event tab) and the command
//! line (`section add --from-trf`) both come here, so the two never disagree.

use super::{
    AppError, Inverse, MAX_NAME, Tournament, check_length, validate_entrant, validate_settings,
};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::interchange::TrfFile;
use crate::interchange::entrants::{FileImportError, read_bytes};
use crate::interchange::trf::{TeamSectionLine, team_section_records};
use crate::model::{EntrantId, GameKind, PairingSystem, Section, SectionId, SectionSettings};
use crate::standings::team_fide::{edition_on, team_standings};
use crate::store;
use std::collections::HashMap;
use std::path::Path;

/// The bytes of a TRF file, refused before reading past the size any file read in may have
/// ([`MAX_FILE_BYTES`](crate::interchange::entrants::MAX_FILE_BYTES)).
pub fn read_trf_file(path: &Path) -> Result<Vec<u8>, AppError> {
    read_bytes(path).map_err(|e| FileImportError::from(e).into())
}

impl Tournament {
    /// The section the TRF file `trf` would become, checked as
    /// [`Tournament::add_section_from_trf`] checks it, with the ids it would be stored under.
    /// Writes nothing (the window's preview). Named `name` when given, else by the file's
    /// tournament name (record 012, cut to the longest section name); a name another section
    /// has is refused.
    pub fn trf_section(&self, trf: &[u8], name: Option<&str>) -> Result<Section, AppError> {
        let file = TrfFile::read(trf)?;
        // A tournament is paired to its end by the Dutch edition it began with: the one record
        // 192 names (written over these defaults by `to_section_from`), else the one in force
        // on the file's start date, or the event's when the file has none.
        let start = file.start_date().or(self.event.start_date);
        let mut defaults = SectionSettings::for_game_starting(GameKind::Chess, start);
        // The rounds the header plans, or those the players' lines hold when it plans none.
        if let Some(rounds) = file.section_rounds()? {
            defaults.rounds = rounds;
        }
        // A round robin (record 092) stays one: its tiebreaks read every game as scheduled.
        if file.is_round_robin() {
            defaults.system = PairingSystem::RoundRobin;
        }
        // Checked before the rounds are built: a line of ten thousand blocks is refused here.
        validate_settings(&defaults)?;
        let mut section = file.to_section_from(defaults)?;
        section.name = match name.map(str::trim).filter(|n| !n.is_empty()) {
            Some(n) => {
                check_length(T::SectionName, n, MAX_NAME)?;
                n.to_string()
            }
            None => {
                let cut: String = section.name.trim().chars().take(MAX_NAME).collect();
                cut.trim().to_string()
            }
        };
        if section.name.is_empty() {
            return Err(AppError::FieldEmpty(T::SectionName));
        }
        if self.event.sections.iter().any(|s| s.name == section.name) {
            return Err(AppError::SectionNameTaken(section.name));
        }
        // Byes named for rounds not paired yet (record 240) are the players' requests: kept as
        // such, so that the event's rounds are the rounds paired.
        if section.settings.system == PairingSystem::Dutch {
            let requested_only = |r: &crate::model::Round| {
                r.games.is_empty()
                    && r.byes
                        .iter()
                        .all(|b| b.kind != crate::model::ByeKind::Pairing)
            };
            while let Some(r) = section.rounds.last().filter(|r| requested_only(r)) {
                let number = r.number;
                let byes = r.byes.clone();
                section
                    .settings
                    .requested_byes
                    .extend(byes.into_iter().map(|b| crate::model::RequestedBye {
                        entrant: b.entrant,
                        round: number,
                        kind: b.kind,
                    }));
                section.rounds.pop();
            }
            section
                .settings
                .requested_byes
                .sort_by_key(|b| (b.round, b.entrant));
        }
        let lines = file.player_lines();
        for e in &mut section.entrants {
            *e = e.cleaned().0;
            validate_entrant(e).map_err(|error| AppError::TrfLine {
                line: e
                    .number
                    .and_then(|n| lines.get(&n).copied())
                    .unwrap_or_default(),
                error: Box::new(error),
            })?;
        }
        self.give_ids(&mut section);
        Ok(section)
    }

    /// Creates a section from the TRF file `trf` ([`Tournament::trf_section`]) as one action
    /// that Ctrl+Z undoes. Bad input writes nothing; the error names the line and the field.
    pub fn add_section_from_trf(
        &mut self,
        trf: &[u8],
        name: Option<&str>,
    ) -> Result<SectionId, AppError> {
        let section = self.trf_section(trf, name)?;
        let entry = JournalEntry::TrfSection {
            name: section.name.clone(),
            entrants: section.entrants.len() as u32,
            rounds: section.rounds.len() as u32,
        };
        let id = section.id;
        self.act("section.trf", entry, Inverse::RemoveSection(id), |tx| {
            store::restore_section(tx, &section)
        })?;
        Ok(id)
    }

    /// The TRF-2026 file of a team section: its players' records (001) as an individual
    /// section's file has them, then the team records of the rounds whose every board has its
    /// result ([`team_section_records`]: 202, 310, 352, 362, 320, 330, 240, 801/802), each team's
    /// 场分, 局分 and place as the section's team standings give them. The individual file's
    /// 202, 240 and 310 records are left out: in a team file those records name teams. Read back
    /// (`bianpai standings OUT.trf`) it ranks the teams as the section does; a xiangqi section's
    /// boards are written 1-½-0, as TRF has them.
    pub fn team_section_trf(&self, section: SectionId) -> Result<String, AppError> {
        let s = self.section(section)?;
        let Some(options) = s.settings.team_section.as_ref() else {
            return Err(super::TeamError::NotTeamSection(s.name.clone()).into());
        };
        super::adjourn::refuse_open_adjournment(s)?;
        let individual = crate::interchange::export::to_trf(&self.event, s)?;
        let records = self.team_records(section)?;
        let mut event = super::team_event(s, &records);
        let rounds = super::team_rounds_complete(s);
        event.rounds = rounds;
        event.matches.retain(|m| m.round <= rounds);
        event.byes.retain(|y| y.round <= rounds);
        event.lineups.retain(|l| l.round <= rounds);
        // The team's code (columns 42–46, one word in the 801 records): its unit without
        // blanks, cut to five characters, or its number when it has no unit.
        for team in &mut event.teams {
            let code: String = team
                .code
                .chars()
                .filter(|c| !c.is_whitespace())
                .take(5)
                .collect();
            team.code = if code.is_empty() {
                team.number.to_string()
            } else {
                code
            };
        }
        let edition = edition_on(self.event.start_date);
        let standings = team_standings(&event, &options.tiebreaks, edition, rounds);
        let lines: Vec<TeamSectionLine> = standings
            .iter()
            .map(|l| TeamSectionLine {
                number: l.team,
                match_points: l.match_points,
                game_points: l.game_points,
                rank: l.rank,
                members: records
                    .team(l.team)
                    .map(|t| {
                        t.players
                            .iter()
                            .filter_map(|id| s.entrant(*id).and_then(|e| e.number))
                            .collect()
                    })
                    .unwrap_or_default(),
            })
            .collect();
        let mut out = String::new();
        for line in individual.lines() {
            if ["202", "240", "310"].iter().any(|c| line.starts_with(c)) {
                continue;
            }
            out.push_str(line);
            out.push('\n');
        }
        for line in team_section_records(&event, &lines, &options.tiebreaks) {
            out.push_str(&line);
            out.push('\n');
        }
        Ok(out)
    }

    /// Writes [`Tournament::team_section_trf`] to `path` (never over an existing file unless
    /// `replace`).
    pub fn export_team_trf(
        &self,
        section: SectionId,
        path: &Path,
        replace: bool,
    ) -> Result<(), AppError> {
        let text = self.team_section_trf(section)?;
        super::write_file(path, text.as_bytes(), replace)
    }

    /// The ids a section read from a file is stored under: the next section id, and for its
    /// entrants the next entrant ids of the event (the file's starting ranks stay their
    /// pairing numbers), named in its games, byes, prohibited pairings and points bonuses and
    /// penalties too.
    fn give_ids(&self, section: &mut Section) {
        let sections = &self.event.sections;
        section.id = SectionId(sections.iter().map(|s| s.id.0).max().unwrap_or(0) + 1);
        let first = self.event.next_entrant_id().0;
        let ids: HashMap<EntrantId, EntrantId> = section
            .entrants
            .iter()
            .zip(first..)
            .map(|(e, id)| (e.id, EntrantId(id)))
            .collect();
        let new = |id: &mut EntrantId| {
            if let Some(n) = ids.get(id) {
                *id = *n;
            }
        };
        for e in &mut section.entrants {
            new(&mut e.id);
        }
        for r in &mut section.rounds {
            for g in &mut r.games {
                new(&mut g.red);
                new(&mut g.black);
            }
            for b in &mut r.byes {
                new(&mut b.entrant);
            }
        }
        for a in &mut section.settings.points_adjustments {
            new(&mut a.entrant);
        }
        for b in &mut section.settings.requested_byes {
            new(&mut b.entrant);
        }
        for p in &mut section.settings.prohibited {
            let (mut a, mut b) = (p.first, p.second);
            new(&mut a);
            new(&mut b);
            if let Some(q) = crate::model::ProhibitedPair::new(a, b) {
                *p = crate::model::ProhibitedPair {
                    first: q.first,
                    second: q.second,
                    ..*p
                };
            }
        }
    }
}
