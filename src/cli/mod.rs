//! The command line: the same app services as the window, without one. Each subcommand's logic
//! lives in its own file; this file only declares the commands and dispatches them.

pub mod dutch;
mod export;

use crate::app::{AppError, Tournament};
use crate::i18n::Lang;
use crate::model::{Section, SectionId};
use clap::{Parser, Subcommand};
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
    /// Pair the next round of a TRF file (as bbpPairings: `pair --dutch in.trf -p out.txt`).
    Pair {
        /// The FIDE Dutch system (the only one offered for TRF files).
        #[arg(long, required = true)]
        dutch: bool,
        input: PathBuf,
        /// Pairing file to write (standard output without it).
        #[arg(short = 'p')]
        output: Option<PathBuf>,
    },
    /// Check every played round of a TRF file against the Dutch pairing.
    Check {
        #[arg(long, required = true)]
        dutch: bool,
        input: PathBuf,
    },
}

/// Runs a subcommand; the error comes back in the user's language.
pub fn run(command: Command, lang: Lang) -> Result<(), String> {
    let result = match command {
        Command::Demo { file } => Tournament::create_demo(&file).map(|t| {
            println!("{}", t.path().display());
        }),
        Command::Export(cmd) => export::run(cmd, lang),
        Command::Pair { input, output, .. } => {
            return dutch::pair_command(&input, output.as_deref()).map_err(|e| e.to_string());
        }
        Command::Check { input, .. } => {
            return dutch::check_command(&input).map_err(|e| e.to_string());
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
