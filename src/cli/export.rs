//! `bianpai export <document> FILE …` — documents as PDF files.

use crate::app::{AppError, RoundDocument, Tournament};
use crate::i18n::Lang;
use clap::Subcommand;
use std::path::PathBuf;

/// Which round and where: the arguments every round document takes.
#[derive(clap::Args, Debug)]
pub struct RoundArgs {
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
}

#[derive(Subcommand, Debug)]
pub enum ExportCommand {
    /// The round pairing sheet (对阵表), A4.
    Pairings(RoundArgs),
    /// The pairing sheet in large print for the wall (上墙对阵表), A4 landscape.
    Wall(RoundArgs),
    /// Result slips (记分单), one per board.
    Slips(RoundArgs),
    /// Players in pinyin order with their boards (对阵查询表).
    Pinyin(RoundArgs),
    /// The order book (秩序册): cover, rules, entrants by unit, round-1 pairings.
    OrderBook {
        /// The event file.
        file: PathBuf,
        /// Output PDF.
        #[arg(long, short)]
        output: PathBuf,
    },
}

pub fn run(cmd: ExportCommand, lang: Lang) -> Result<(), AppError> {
    let (doc, args) = match cmd {
        ExportCommand::OrderBook { file, output } => {
            Tournament::open(&file)?.export_order_book(&output, lang)?;
            println!("{}", output.display());
            return Ok(());
        }
        ExportCommand::Pairings(a) => (RoundDocument::PairingSheet, a),
        ExportCommand::Wall(a) => (RoundDocument::WallSheet, a),
        ExportCommand::Slips(a) => (RoundDocument::Slips, a),
        ExportCommand::Pinyin(a) => (RoundDocument::PinyinList, a),
    };
    let t = Tournament::open(&args.file)?;
    let id = super::find_section(&t, &args.section)?;
    t.export_round_document(doc, id, args.round, &args.output, lang)?;
    println!("{}", args.output.display());
    Ok(())
}
