//! `bianpai export <document> FILE …` — documents as PDF files.

use crate::app::{AppError, DocumentKind, DocumentRequest, Tournament};
use crate::i18n::Lang;
use crate::report::layout::PaperSize;
use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;

/// Sheet size on the command line.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum Paper {
    #[default]
    A4,
    A3,
}

/// Which round and where: the arguments every round document takes.
#[derive(clap::Args, Debug)]
pub struct RoundArgs {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
    /// Round number (the last round paired when left out).
    #[arg(long, short)]
    round: Option<u32>,
    /// Output PDF.
    #[arg(long, short)]
    output: PathBuf,
    /// Sheet size (the wall sheet, standings and crosstable print on A3 too).
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    paper: Paper,
    /// Replace the output file if it exists (never an event file or a backup).
    #[arg(long)]
    force: bool,
}

/// The arguments of a document about the whole event.
#[derive(clap::Args, Debug)]
pub struct EventArgs {
    /// The event file.
    file: PathBuf,
    /// Output PDF.
    #[arg(long, short)]
    output: PathBuf,
    /// Sheet size (the result book and the certificates print on A3 too).
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    paper: Paper,
    /// Replace the output file if it exists (never an event file or a backup).
    #[arg(long)]
    force: bool,
}

#[derive(Subcommand, Debug)]
pub enum ExportCommand {
    /// The round pairing sheet (对阵表), A4.
    Pairings(RoundArgs),
    /// The pairing sheet in large print for the wall (上墙对阵表), landscape.
    Wall(RoundArgs),
    /// Result slips (记分单), one per board.
    Slips(RoundArgs),
    /// Players in pinyin order with their boards (对阵查询表).
    Pinyin(RoundArgs),
    /// Standings after a round with the tiebreak columns (排名表).
    Standings(RoundArgs),
    /// The crosstable after a round (成绩交叉表, 大表), landscape.
    Crosstable(RoundArgs),
    /// The order book (秩序册): cover, rules, entrants by unit, round-1 pairings.
    OrderBook(EventArgs),
    /// The result book (成绩册): standings, teams, prizes, titles, crosstable, every round.
    ResultBook(EventArgs),
    /// Certificates (获奖证书), one per awardee.
    Certificates(EventArgs),
}

fn paper(p: Paper) -> PaperSize {
    match p {
        Paper::A4 => PaperSize::A4,
        Paper::A3 => PaperSize::A3,
    }
}

pub fn run(cmd: ExportCommand, lang: Lang) -> Result<(), AppError> {
    use DocumentKind as K;
    let (kind, args) = match cmd {
        ExportCommand::OrderBook(a) => return event_document(K::OrderBook, a, lang),
        ExportCommand::ResultBook(a) => return event_document(K::ResultBook, a, lang),
        ExportCommand::Certificates(a) => return event_document(K::Certificates, a, lang),
        ExportCommand::Pairings(a) => (K::PairingSheet, a),
        ExportCommand::Wall(a) => (K::WallSheet, a),
        ExportCommand::Slips(a) => (K::Slips, a),
        ExportCommand::Pinyin(a) => (K::PinyinList, a),
        ExportCommand::Standings(a) => (K::Standings, a),
        ExportCommand::Crosstable(a) => (K::Crosstable, a),
    };
    let t = Tournament::open(&args.file)?;
    let id = super::find_section(&t, &args.section)?;
    let req = DocumentRequest {
        section: Some(id),
        round: args.round,
        paper: paper(args.paper),
        ..DocumentRequest::event(kind, lang)
    };
    t.export_document(&req, &args.output, args.force)?;
    warn_unprintable(&t, lang);
    println!("{}", args.output.display());
    Ok(())
}

fn event_document(kind: DocumentKind, args: EventArgs, lang: Lang) -> Result<(), AppError> {
    let t = Tournament::open(&args.file)?;
    let req = DocumentRequest {
        paper: paper(args.paper),
        ..DocumentRequest::event(kind, lang)
    };
    t.export_document(&req, &args.output, args.force)?;
    warn_unprintable(&t, lang);
    println!("{}", args.output.display());
    Ok(())
}

/// Names on standard error the characters printed as 〓.
fn warn_unprintable(t: &Tournament, lang: Lang) {
    let lacking = crate::app::unprintable(t.event());
    if !lacking.is_empty() {
        eprintln!("{}", crate::app::unprintable_text(&lacking, lang));
    }
}
