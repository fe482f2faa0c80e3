//! `bianpai pair --dutch in.trf -p out.txt`, `bianpai check --dutch in.trf` and `bianpai rtg
//! dutch -o out.trf` — the FIDE Dutch system on TRF files, with the command line and output of
//! the endorsed engine bbpPairings so that scripts can use either: the pairing file holds the
//! number of pairs on its first line, then `white black` by starting rank, a
//! pairing-allocated bye as `N 0`. The checker names every round that differs from the engine's
//! and fails; the generator writes random tournaments for it (and for other programs) to check.
//!
//! The edition of the rules is `--edition 2017|2026`; without it, the one in force on the
//! file's start date (record `042`), and the 2026 edition when the file has none.

use crate::app::{AppError, write_file};
use crate::i18n::{Lang, T, fill};
use crate::interchange::trf::TrfRecord;
use crate::interchange::{TrfError, TrfFile, TrfResult};
use crate::model::{ByeKind, DutchEdition, EntrantId, Round, Section};
use crate::pairing::PairingError;
use crate::pairing::dutch::pair_dutch;
use crate::pairing::dutch::rtg::{DutchRtgConfig, generate};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What can go wrong on the command line.
#[derive(Debug, thiserror::Error)]
pub enum DutchCliError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Trf { path: PathBuf, source: TrfError },
    #[error("{path}: round {round}: {source}")]
    Pairing {
        path: PathBuf,
        round: u32,
        source: PairingError,
    },
    #[error("{path}: {} round(s) differ from the Dutch pairing: round {}", rounds.len(), list(rounds, ", "))]
    Differs { path: PathBuf, rounds: Vec<u32> },
    #[error("{path} exists (--force replaces it)")]
    Exists { path: PathBuf },
    /// An output refused or not written (onto an event, a full disk …).
    #[error("{0}")]
    Write(AppError),
}

impl DutchCliError {
    /// The message in the arbiter's language, naming the file (and the line and column of a
    /// TRF that cannot be read).
    pub fn message(&self, lang: Lang) -> String {
        match self {
            DutchCliError::Io { path, source } => fill(
                T::ErrIo.get(lang),
                &[&path.display(), &crate::i18n::io_text(source, lang)],
            ),
            DutchCliError::Trf { path, source } => {
                format!("{}: {}", path.display(), source.message(lang))
            }
            DutchCliError::Pairing {
                path,
                round,
                source,
            } => format!(
                "{}: {}",
                path.display(),
                fill(
                    T::RoundLine.get(lang),
                    &[round, &AppError::Pairing(source.clone()).message(lang)]
                )
            ),
            DutchCliError::Differs { path, rounds } => fill(
                T::CliDutchDiffers.get(lang),
                &[
                    &path.display(),
                    &rounds.len(),
                    &list(rounds, T::ListSeparator.get(lang)),
                ],
            ),
            DutchCliError::Exists { path } => {
                fill(T::CliOutputExists.get(lang), &[&path.display()])
            }
            DutchCliError::Write(e) => e.message(lang),
        }
    }
}

/// Round numbers as `3, 5` (`3、5` in Chinese).
fn list(rounds: &[u32], separator: &str) -> String {
    rounds
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

fn read(path: &Path) -> Result<TrfFile, DutchCliError> {
    let bytes = crate::interchange::entrants::read_bytes(path).map_err(|e| DutchCliError::Io {
        path: path.to_path_buf(),
        source: e.into(),
    })?;
    TrfFile::read(&bytes).map_err(|source| DutchCliError::Trf {
        path: path.to_path_buf(),
        source,
    })
}

/// The edition `file` is paired by: `chosen`, or the one record 192 names, or the one in force
/// on its start date, or 2026.
pub fn edition_of(file: &TrfFile, chosen: Option<DutchEdition>) -> DutchEdition {
    chosen
        .or_else(|| file.dutch_edition())
        .or_else(|| file.start_date().map(DutchEdition::in_force_on))
        .unwrap_or_default()
}

/// Pairs the pending round of `file` (the round after the last one with games) by the rules of
/// `edition` ([`edition_of`] when `None`), with the requested byes (240), the Baku acceleration
/// (250, 192) and the bonuses and penalties (299) the file states.
pub fn pair_trf(
    file: &TrfFile,
    edition: Option<DutchEdition>,
) -> Result<(Section, Round), DutchCliError> {
    let path = PathBuf::new();
    let mut section = file.to_section().map_err(|source| DutchCliError::Trf {
        path: path.clone(),
        source,
    })?;
    section.settings.dutch.edition = edition_of(file, edition);
    let round = pair_dutch(&section).map_err(|source| DutchCliError::Pairing {
        path,
        round: file.rounds_present() + 1,
        source,
    })?;
    Ok((section, round))
}

/// The pairs of `round` as (white, black) starting ranks, and the pairing-allocated bye.
fn by_rank(section: &Section, round: &Round) -> (Vec<(u32, u32)>, Option<u32>) {
    let num = |id: EntrantId| section.entrant(id).and_then(|e| e.number).unwrap_or(0);
    let pairs = round
        .games
        .iter()
        .map(|g| (num(g.red), num(g.black)))
        .collect();
    let bye = round
        .byes
        .iter()
        .find(|b| b.kind == ByeKind::Pairing)
        .map(|b| num(b.entrant));
    (pairs, bye)
}

/// The pairing in bbpPairings' output format.
pub fn pairing_text(section: &Section, round: &Round) -> String {
    let (pairs, bye) = by_rank(section, round);
    let mut out = format!("{}\n", pairs.len() + usize::from(bye.is_some()));
    for (w, b) in pairs {
        out.push_str(&format!("{w} {b}\n"));
    }
    if let Some(b) = bye {
        out.push_str(&format!("{b} 0\n"));
    }
    out
}

/// `pair --dutch in.trf [-p out.txt] [--edition E]`: writes the pairing to `output`, or to
/// standard output.
pub fn pair_command(
    input: &Path,
    output: Option<&Path>,
    edition: Option<DutchEdition>,
) -> Result<(), DutchCliError> {
    let file = read(input)?;
    let (section, round) = pair_trf(&file, edition).map_err(|e| with_path(e, input))?;
    let text = pairing_text(&section, &round);
    match output {
        // `-p` replaces an earlier pairing output, as bbpPairings does — never an event.
        Some(path) => write_file(path, text.as_bytes(), true).map_err(DutchCliError::Write),
        None => {
            out!("{text}");
            Ok(())
        }
    }
}

fn with_path(e: DutchCliError, path: &Path) -> DutchCliError {
    match e {
        DutchCliError::Trf { source, .. } => DutchCliError::Trf {
            path: path.to_path_buf(),
            source,
        },
        DutchCliError::Pairing { round, source, .. } => DutchCliError::Pairing {
            path: path.to_path_buf(),
            round,
            source,
        },
        other => other,
    }
}

/// The published pairing of round `r` of `file`: (white, black) games and the bye.
fn published(file: &TrfFile, r: u32) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    let mut games = BTreeSet::new();
    let mut bye = None;
    for p in file.players() {
        let Some(e) = p.round(r) else { continue };
        if e.result == TrfResult::PairingBye {
            bye = Some(p.start_rank);
        } else if let Some(o) = e.opponent {
            // A game without colours (a forfeit written `-`) is listed once, lower rank first.
            let white = match e.colour {
                crate::interchange::TrfColour::White => true,
                crate::interchange::TrfColour::Black => false,
                crate::interchange::TrfColour::None => p.start_rank < o,
            };
            if white {
                games.insert((p.start_rank, o));
            }
        }
    }
    (games, bye)
}

/// Re-pairs every round of `file` that has games (by `edition`, [`edition_of`] when `None`)
/// and lists, per round, what differs from the file: `name: Round #r`, then one line per game
/// or bye found only on one side. Returns the report and the rounds that differ.
pub fn check_report(
    file: &TrfFile,
    name: &str,
    edition: Option<DutchEdition>,
) -> Result<(String, Vec<u32>), DutchCliError> {
    let edition = Some(edition_of(file, edition));
    let mut out = String::new();
    let mut differing = Vec::new();
    for r in 1..=file.rounds_present() {
        let (games, bye) = published(file, r);
        if games.is_empty() {
            continue;
        }
        out.push_str(&format!("{name}: Round #{r}\n"));
        let (section, round) = pair_trf(&file.before_round(r), edition)?;
        let (ours, our_bye) = by_rank(&section, &round);
        let ours: BTreeSet<(u32, u32)> = ours.into_iter().collect();
        let mut differs = false;
        for (w, b) in games.difference(&ours) {
            out.push_str(&format!("  file only: {w} {b}\n"));
            differs = true;
        }
        for (w, b) in ours.difference(&games) {
            out.push_str(&format!("  Dutch only: {w} {b}\n"));
            differs = true;
        }
        if bye != our_bye {
            let show = |b: Option<u32>| b.map_or("none".to_string(), |b| b.to_string());
            out.push_str(&format!(
                "  bye: file {}, Dutch {}\n",
                show(bye),
                show(our_bye)
            ));
            differs = true;
        }
        if differs {
            differing.push(r);
        }
    }
    if !differing.is_empty() {
        out.push_str(&format!(
            "{name}: round {} differ(s) from the Dutch pairing\n",
            list(&differing, ", ")
        ));
    }
    Ok((out, differing))
}

/// `check --dutch in.trf [--edition E]`: prints the report; fails when a round differs.
pub fn check_command(input: &Path, edition: Option<DutchEdition>) -> Result<(), DutchCliError> {
    let file = read(input)?;
    let name = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (report, differing) =
        check_report(&file, &name, edition).map_err(|e| with_path(e, input))?;
    out!("{report}");
    if !differing.is_empty() {
        return Err(DutchCliError::Differs {
            path: input.to_path_buf(),
            rounds: differing,
        });
    }
    Ok(())
}

/// `rtg dutch -o OUT.trf …`: generates a random tournament ([`crate::pairing::dutch::rtg`])
/// and writes it as a TRF; an existing file is replaced only with `force`. Prints the path, and
/// the round before which pairing stopped if no pairing respected the absolute rules.
pub fn rtg_command(
    cfg: &DutchRtgConfig,
    seed: u64,
    tiebreaks: Option<Vec<crate::model::Tiebreak>>,
    output: &Path,
    force: bool,
) -> Result<(), DutchCliError> {
    let generated = generate(cfg, seed).map_err(|source| DutchCliError::Pairing {
        path: output.to_path_buf(),
        round: 0,
        source,
    })?;
    let mut section = generated.section;
    section.name = format!("Random Dutch tournament, seed {seed}");
    if let Some(list) = tiebreaks {
        section.settings.standings.tiebreaks = list;
    }
    let text = rtg_trf(&section, cfg, seed).map_err(|source| DutchCliError::Trf {
        path: output.to_path_buf(),
        source,
    })?;
    write_file(output, text.as_bytes(), force).map_err(|e| match e {
        AppError::FileExists(path) => DutchCliError::Exists { path },
        other => DutchCliError::Write(other),
    })?;
    if let Some(r) = generated.stopped_at {
        outln!("stopped before round {r}: no pairing respects the absolute rules");
    }
    outln!("{}", output.display());
    Ok(())
}

/// The TRF of a generated tournament: the section's records (TRF-2026: the initial colour in
/// 152, requested byes in 240, Baku acceleration in 250), with a comment saying how it was
/// generated after the header.
pub fn rtg_trf(section: &Section, cfg: &DutchRtgConfig, seed: u64) -> Result<String, TrfError> {
    let mut file = TrfFile::from_section(section)?;
    let edition = match cfg.edition {
        DutchEdition::Fide2026 => "2026",
        DutchEdition::Fide2017 => "2017",
    };
    let mut comment = format!(
        "### bianpai rtg dutch --players {} --rounds {} --seed {seed} --edition {edition}",
        cfg.players, cfg.rounds
    );
    comment.push_str(&format!(
        " --draw-permille {} --forfeit-permille {} --double-forfeit-permille {} --half-bye-permille {} --absent-permille {}",
        cfg.draw_share,
        cfg.forfeit_permille,
        cfg.double_forfeit_permille,
        cfg.half_bye_permille,
        cfg.absent_permille
    ));
    if cfg.baku {
        comment.push_str(" --baku");
    }
    let first_player = file
        .records
        .iter()
        .position(|r| matches!(r, TrfRecord::Player(_)))
        .unwrap_or(file.records.len());
    file.records.insert(first_player, TrfRecord::Other(comment));
    Ok(file.write())
}
