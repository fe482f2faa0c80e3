//! `bianpai export <document> FILE …` — documents as PDF files.

use crate::app::{AppError, Tournament};
use crate::i18n::Lang;
use clap::Subcommand;
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum ExportCommand {
    /// The round pairing sheet for the wall (对阵表).
    Pairings {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// Round number.
        #[arg(long, short)]
        round: u32,
        /// Output PDF.
        #[arg(long, short)]
        output: PathBuf,
    },
}

pub fn run(cmd: ExportCommand, lang: Lang) -> Result<(), AppError> {
    match cmd {
        ExportCommand::Pairings { file, section, round, output } => {
            let t = Tournament::open(&file)?;
            let id = super::find_section(&t, &section)?;
            t.export_pairing_sheet(id, round, &output, lang)?;
            println!("{}", output.display());
            Ok(())
        }
    }
}
