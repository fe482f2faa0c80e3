//! 备份 — the per-round backups beside an event (`NAME.backups/`): written whole after each
//! pairing, listed (only those that open) with what each is and when it was made, read from its
//! name ([`backup_info`]), and put back as one undoable action.

use super::{AppError, Inverse, Tournament};
use crate::conduct::{BackupCopy, CopyKind, JournalEntry};
use crate::model::{Event, SectionId};
use crate::store;
use std::path::{Path, PathBuf};

/// What a restore would drop (see [`Tournament::restore_loss`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RestoreLoss {
    /// Results entered or changed since the backup was made.
    pub results: usize,
    /// Journal rows written since.
    pub journal_rows: usize,
}

impl Tournament {
    /// The backup copies of this file, newest first.
    pub fn backups(&self) -> Vec<PathBuf> {
        backups_in(&self.backup_dir())
    }

    /// What restoring `backup` would drop: the results entered and the journal rows written
    /// since it was made (for the question the window asks first).
    pub fn restore_loss(&self, backup: &Path) -> Result<RestoreLoss, AppError> {
        let (then, journal_then) = store::Store::read_backup(backup)?;
        let journal_now = self.journal()?.len();
        let outcome = |e: &Event, s: SectionId, r: u32, b: u32| {
            e.section(s)
                .and_then(|s| s.round(r))
                .and_then(|r| r.games.iter().find(|g| g.board == b))
                .and_then(|g| g.outcome)
        };
        let results = self
            .event
            .sections
            .iter()
            .flat_map(|s| s.rounds.iter().map(move |r| (s.id, r)))
            .flat_map(|(s, r)| r.games.iter().map(move |g| (s, r.number, g)))
            .filter(|(s, r, g)| g.outcome.is_some() && outcome(&then, *s, *r, g.board) != g.outcome)
            .count();
        Ok(RestoreLoss {
            results,
            journal_rows: journal_now.saturating_sub(journal_then),
        })
    }

    /// Puts the event back as it is in `backup`, as one action that Ctrl+Z undoes: the state
    /// before is kept as a backup of its own ("before-restore") and put back by the undo.
    pub fn restore_backup(&mut self, backup: &Path) -> Result<(), AppError> {
        // A file that is not a readable event is refused before anything is done.
        store::Store::read_backup(backup)?;
        // What the copy was, in the words of the list the arbiter chose it from.
        let copy = self.backup_copy(backup);
        let name = backup
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let before = self.backup("before-restore")?;
        self.store.restore_from(backup)?;
        self.act(
            "backup.restore",
            JournalEntry::Restore {
                backup: name,
                copy: Some(copy),
            },
            Inverse::FileBefore(before),
            |_| Ok(()),
        )
    }

    /// Where the per-round backups of this file go: `<name>.backups/` beside it.
    pub fn backup_dir(&self) -> PathBuf {
        store::backup_folder(self.path())
    }

    /// The backup after a paired round of a section, which must not undo the pairing when it
    /// fails: the failure is kept for [`Tournament::take_backup_warning`].
    pub(super) fn backup_after_pairing(&mut self, section: SectionId, round: u32) {
        self.backup_warning = self
            .backup(&format!("s{}-r{round}-paired", section.0))
            .err();
    }

    /// What a backup copy is, as the list of backups names it: the section (by its name now)
    /// and round it was made after, or that it is the state before a restore; and when.
    pub fn backup_copy(&self, backup: &Path) -> BackupCopy {
        let info = backup_info(backup);
        let kind = match info.kind {
            BackupKind::AfterPairing { section, round } => CopyKind::AfterPairing {
                section: section
                    .and_then(|id| self.event.section(id))
                    .map(|s| s.name.clone()),
                round,
            },
            BackupKind::BeforeRestore => CopyKind::BeforeRestore,
            BackupKind::Other => CopyKind::Other(
                backup
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            ),
        };
        BackupCopy {
            kind,
            made: info.made,
        }
    }

    /// The failure of the backup after the last pairing, if it failed (asked once).
    pub fn take_backup_warning(&mut self) -> Option<AppError> {
        self.backup_warning.take()
    }

    /// Writes a consistent copy of the file into the backup folder.
    pub fn backup(&self, label: &str) -> Result<PathBuf, AppError> {
        let dir = self.backup_dir();
        std::fs::create_dir_all(&dir).map_err(|e| AppError::io(&dir, e))?;
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S%.3f");
        let target = dir.join(format!("{label}-{stamp}.{}", store::EXTENSION));
        self.store.copy_to(&target)?;
        Ok(target)
    }
}

/// What a backup is, as its file name tells: why it was made and when (in words for a person:
/// [`Tournament::backup_copy`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackupInfo {
    pub kind: BackupKind,
    /// When it was made (local time); `None` for a file whose name does not say.
    pub made: Option<chrono::NaiveDateTime>,
}

/// Why a backup was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackupKind {
    /// After pairing a round of a section (`None`: a backup written before backups named
    /// their section).
    AfterPairing {
        section: Option<SectionId>,
        round: u32,
    },
    /// The state before a backup was put back (what Ctrl+Z restores).
    BeforeRestore,
    /// A file in the folder named otherwise.
    Other,
}

/// Reads a backup's file name, `<label>-<YYYYMMDD>-<HHMMSS.mmm>.bianpai` as
/// [`Tournament::backup`] writes it, so the window can list it by section, round and time in
/// words. A pairing's label is `s<section id>-r<round>-paired` (`r<round>-paired` in files of
/// earlier versions).
pub fn backup_info(path: &Path) -> BackupInfo {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut parts: Vec<&str> = stem.rsplitn(3, '-').collect();
    parts.reverse();
    let (label, made) = match parts.as_slice() {
        [label, day, time] => (
            *label,
            chrono::NaiveDateTime::parse_from_str(&format!("{day}-{time}"), "%Y%m%d-%H%M%S%.f")
                .ok(),
        ),
        _ => (stem.as_str(), None),
    };
    let kind = match label {
        "before-restore" => BackupKind::BeforeRestore,
        l => pairing_label(l).map_or(BackupKind::Other, |(section, round)| {
            BackupKind::AfterPairing { section, round }
        }),
    };
    BackupInfo {
        kind,
        made: made.filter(|_| kind != BackupKind::Other),
    }
}

/// The section and round a pairing backup's label names: `s7-r3-paired`, or `r3-paired`.
fn pairing_label(label: &str) -> Option<(Option<SectionId>, u32)> {
    let rest = label.strip_suffix("-paired")?;
    let (section, round) = match rest.split_once("-r") {
        Some((s, r)) => (Some(SectionId(s.strip_prefix('s')?.parse().ok()?)), r),
        None => (None, rest.strip_prefix('r')?),
    };
    Some((section, round.parse().ok()?))
}

/// The event files in a backup folder, newest first.
fn backups_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    // Only whole backups: one cut short (a kill, a full disk) is never offered.
    v.retain(|p| p.extension().is_some_and(|x| x == store::EXTENSION) && store::looks_whole(p));
    let written = |p: &PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    v.sort_by_key(|p| std::cmp::Reverse((written(p), p.clone())));
    v
}

/// The newest backup in `dir`, if there is one.
pub(super) fn latest_backup(dir: &Path) -> Option<PathBuf> {
    backups_in(dir).into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn a_backups_name_gives_its_section_round_and_time() {
        let made = NaiveDate::from_ymd_opt(2026, 8, 29)
            .unwrap()
            .and_hms_milli_opt(14, 5, 12, 123);
        assert_eq!(
            backup_info(Path::new(
                "/x/赛事.backups/s12-r3-paired-20260829-140512.123.bianpai"
            )),
            BackupInfo {
                kind: BackupKind::AfterPairing {
                    section: Some(SectionId(12)),
                    round: 3
                },
                made
            }
        );
        // As earlier versions named it: a round of no named section.
        assert_eq!(
            backup_info(Path::new(
                "/x/赛事.backups/r3-paired-20260829-140512.123.bianpai"
            )),
            BackupInfo {
                kind: BackupKind::AfterPairing {
                    section: None,
                    round: 3
                },
                made
            }
        );
        assert_eq!(
            backup_info(Path::new("before-restore-20260829-140512.123.bianpai")),
            BackupInfo {
                kind: BackupKind::BeforeRestore,
                made
            }
        );
    }

    #[test]
    fn a_name_of_another_kind_is_a_backup_of_no_round() {
        for name in [
            "copy.bianpai",
            "notes-20260829-140512.1.bianpai",
            "rx-paired-20260829-140512.1.bianpai",
            "sx-r3-paired-20260829-140512.1.bianpai",
            "s1-rx-paired-20260829-140512.1.bianpai",
        ] {
            assert_eq!(
                backup_info(Path::new(name)),
                BackupInfo {
                    kind: BackupKind::Other,
                    made: None
                },
                "{name}"
            );
        }
    }
}
