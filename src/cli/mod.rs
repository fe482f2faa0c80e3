//! The command line: the same app services as the window, without one. Each subcommand's logic
//! lives in its own file; this file only declares the commands and dispatches them.

pub mod dutch;
mod export;
mod standings;
mod xiangqi;

use crate::app::{AppError, Tournament};
use crate::i18n::Lang;
use crate::model::{DutchEdition, Section, SectionId};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// 编排 Bianpai — xiangqi and chess tournaments, offline.
#[derive(Parser, Debug)]
#[command(
    name = "bianpai",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Event file to open in the window (no command: the window opens).
    pub file: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write the demo event (two sections, round 1 played) to FILE.
    Demo { file: PathBuf },
    /// Export a document as PDF.
    #[command(subcommand)]
    Export(export::ExportCommand),
    /// Check rounds against the pairing rules: `check --dutch in.trf` (every played round of a
    /// TRF against the FIDE Dutch system) or `check xiangqi FILE --section S [--round R]`.
    Check(CheckArgs),
    /// Generate a random tournament.
    #[command(subcommand)]
    Rtg(xiangqi::RtgCommand),
    /// Print standings with tiebreak values, tab-separated (a .bianpai file or a FIDE TRF).
    Standings(standings::StandingsArgs),
    /// Pair the next round of a TRF file (as bbpPairings: `pair --dutch in.trf -p out.txt`).
    Pair {
        /// The FIDE Dutch system (the only one offered for TRF files).
        #[arg(long, required = true)]
        dutch: bool,
        input: PathBuf,
        /// Pairing file to write (standard output without it).
        #[arg(short = 'p')]
        output: Option<PathBuf>,
        /// Edition of the Dutch rules: 2026 (in force from 1 February 2026, as bbpPairings 6)
        /// or 2017 (in force before, as bbpPairings 5). Without it, the edition in force on the
        /// file's start date (record 042), or 2026 when the file has none.
        #[arg(long, value_enum, value_name = "YEAR")]
        edition: Option<Edition>,
    },
}

/// `--edition`: the edition of the FIDE Dutch rules (C.04.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Edition {
    /// In force from 2017 to 31 January 2026.
    #[value(name = "2017")]
    Fide2017,
    /// In force from 1 February 2026.
    #[value(name = "2026")]
    Fide2026,
}

impl From<Edition> for DutchEdition {
    fn from(e: Edition) -> DutchEdition {
        match e {
            Edition::Fide2017 => DutchEdition::Fide2017,
            Edition::Fide2026 => DutchEdition::Fide2026,
        }
    }
}

/// `bianpai check …`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct CheckArgs {
    /// A TRF file whose played rounds are checked against the FIDE Dutch system.
    #[arg(long, value_name = "TRF")]
    dutch: Option<PathBuf>,
    /// Edition of the Dutch rules, as for `pair`: 2017 or 2026 (default: from the file's start
    /// date, else 2026).
    #[arg(long, value_enum, value_name = "YEAR", requires = "dutch")]
    edition: Option<Edition>,
    #[command(subcommand)]
    system: Option<xiangqi::CheckCommand>,
}

/// Runs a subcommand; the error comes back in the user's language.
pub fn run(command: Command, lang: Lang) -> Result<(), String> {
    let result = match command {
        Command::Demo { file } => Tournament::create_demo(&file).map(|t| {
            println!("{}", t.path().display());
        }),
        Command::Export(cmd) => export::run(cmd, lang),
        Command::Check(CheckArgs {
            dutch: Some(trf),
            edition,
            ..
        }) => {
            return dutch::check_command(&trf, edition.map(DutchEdition::from))
                .map_err(|e| e.to_string());
        }
        Command::Check(CheckArgs {
            system: Some(cmd), ..
        }) => match xiangqi::run_check(cmd) {
            Ok(false) => return Err("the checker found problems".into()),
            other => other.map(|_| ()),
        },
        Command::Check(CheckArgs {
            dutch: None,
            system: None,
            ..
        }) => {
            return Err(
                "check: name a system: --dutch FILE.trf, or xiangqi FILE --section S".into(),
            );
        }
        Command::Rtg(cmd) => xiangqi::run_rtg(cmd),
        Command::Standings(args) => return standings::run(args, lang),
        Command::Pair {
            input,
            output,
            edition,
            ..
        } => {
            return dutch::pair_command(&input, output.as_deref(), edition.map(DutchEdition::from))
                .map_err(|e| e.to_string());
        }
    };
    result.map_err(|e| e.message(lang))
}

/// Finds a section by name, or by its 1-based position in the event.
pub fn find_section(t: &Tournament, key: &str) -> Result<SectionId, AppError> {
    let sections: &[Section] = &t.event().sections;
    if let Some(s) = sections.iter().find(|s| s.name == key) {
        return Ok(s.id);
    }
    key.parse::<usize>()
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| sections.get(i))
        .map(|s| s.id)
        .ok_or(AppError::NoSuch(crate::i18n::T::Section))
}
