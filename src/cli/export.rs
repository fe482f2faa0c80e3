//! `bianpai export KIND FILE [--section S] [--round R] [--format F] -o OUT` — a document as PDF
//! (the sheets the window prints), or a section's list as XLSX, CSV, HTML or TRF.

use crate::app::{
    AppError, CsvEncoding, DocumentKind, DocumentRequest, ListFormat, ListKind, ListRequest,
    Tournament,
};
use crate::i18n::{Lang, T, fill};
use crate::report::layout::PaperSize;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Sheet size on the command line.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum Paper {
    #[default]
    A4,
    A3,
}

/// What to export.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// The round pairing sheet (对阵表); as a list: boards, players and results of the round.
    Pairings,
    /// The pairing sheet in large print for the wall (上墙对阵表), landscape (PDF).
    Wall,
    /// Result slips (记分单), one per board (PDF).
    Slips,
    /// Players in pinyin order with their boards (对阵查询表) (PDF).
    Pinyin,
    /// Standings after a round with the tiebreak columns (排名表).
    Standings,
    /// The crosstable after a round (成绩交叉表, 大表).
    Crosstable,
    /// The order book (秩序册): cover, rules, entrants by unit, round-1 pairings (PDF).
    OrderBook,
    /// The result book (成绩册): standings, teams, prizes, titles, crosstable, every round (PDF).
    ResultBook,
    /// Certificates (获奖证书), one per awardee (PDF).
    Certificates,
    /// The sign-in sheet (签到表) of the registration desk, by unit with a column to sign: of
    /// the section named, or of every section (PDF).
    Signin,
    /// The entry cards (参赛证), eight to an A4 sheet with cutting marks, each with the QR code
    /// check-in reads: of the section named, or of every section (PDF).
    EntryCards,
    /// The certificate office's list (办证处名单): the players a grade event promoted, the
    /// grade held and reached, the certificate fee and the total, with a column to sign: of the
    /// section named or of every one (PDF, or XLSX with --format xlsx).
    CertificateOffice,
    /// The prize receipts (奖金签收表): place, name, unit and amount of each prize with columns
    /// to sign and date, each section's total and the event's: of the section named or of every
    /// one (PDF, or XLSX with --format xlsx).
    PrizeReceipts,
    /// The fee list (缴费名单) of the treasurer, by unit with the totals per unit and per
    /// section: of the section named, or of every section with the totals per section and per
    /// unit (PDF or XLSX).
    Fees,
    /// The entry form (报名表) of a section, with its entry rules, to send to the units (XLSX).
    EntryForm,
    /// The entrants (参赛名单), every field the importer reads (not PDF).
    Entrants,
    /// Every result up to the round (not PDF).
    Results,
}

/// The kind of file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    #[default]
    Pdf,
    Xlsx,
    Csv,
    Html,
    /// FIDE TRF of the whole section (chess; xiangqi sections as red = white).
    Trf,
}

/// `--encoding` of a CSV file.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Encoding {
    /// UTF-8 with a byte-order mark (Excel shows the Chinese).
    Utf8,
    /// GB18030, for older Chinese programs and Excel on a Chinese Windows.
    Gb18030,
}

/// The system's usual one: GB18030 on Windows, UTF-8 elsewhere (see [`CsvEncoding`]).
impl Default for Encoding {
    fn default() -> Self {
        match CsvEncoding::default() {
            CsvEncoding::Utf8Bom => Encoding::Utf8,
            CsvEncoding::Gb18030 => Encoding::Gb18030,
        }
    }
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The document or list.
    #[arg(value_enum)]
    kind: Kind,
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position (every kind but the order book and the result book; the
    /// certificates of that section only, or of every section without it).
    #[arg(long, short)]
    section: Option<String>,
    /// Round number (the last round paired when left out).
    #[arg(long, short)]
    round: Option<u32>,
    /// The format: pdf (the default), xlsx, csv, html or trf.
    #[arg(long, short, value_enum, default_value_t = Format::Pdf)]
    format: Format,
    /// Output file.
    #[arg(long, short)]
    output: PathBuf,
    /// Sheet size of a PDF (the wall sheet, standings, crosstable, result book and
    /// certificates print on A3 too).
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    paper: Paper,
    /// Text encoding of a CSV file: gb18030 on Windows and utf8 elsewhere unless given.
    #[arg(long, value_enum, default_value_t = Encoding::default())]
    encoding: Encoding,
    /// Replace the output file if it exists (never an event file or a backup).
    #[arg(long)]
    force: bool,
    /// The venue page's address (as `bianpai serve` prints it): the pairing and wall sheets
    /// print its QR code.
    #[arg(long, value_name = "URL")]
    venue_url: Option<String>,
}

impl Kind {
    /// The PDF document of this kind, if there is one.
    fn document(self) -> Option<DocumentKind> {
        Some(match self {
            Kind::Pairings => DocumentKind::PairingSheet,
            Kind::Wall => DocumentKind::WallSheet,
            Kind::Slips => DocumentKind::Slips,
            Kind::Pinyin => DocumentKind::PinyinList,
            Kind::Standings => DocumentKind::Standings,
            Kind::Crosstable => DocumentKind::Crosstable,
            Kind::OrderBook => DocumentKind::OrderBook,
            Kind::ResultBook => DocumentKind::ResultBook,
            Kind::Certificates => DocumentKind::Certificates,
            Kind::Signin => DocumentKind::SignInSheet,
            Kind::EntryCards => DocumentKind::EntryCards,
            Kind::CertificateOffice => DocumentKind::CertificateOffice,
            Kind::PrizeReceipts => DocumentKind::PrizeReceipts,
            Kind::Fees => DocumentKind::FeeList,
            Kind::Entrants | Kind::Results | Kind::EntryForm => return None,
        })
    }

    /// The list of this kind, if there is one.
    fn list(self) -> Option<ListKind> {
        Some(match self {
            Kind::Pairings => ListKind::Pairings,
            Kind::Standings => ListKind::Standings,
            Kind::Crosstable => ListKind::Crosstable,
            Kind::Entrants => ListKind::Entrants,
            Kind::Results => ListKind::Results,
            _ => return None,
        })
    }
}

pub fn run(args: ExportArgs, lang: Lang) -> Result<(), String> {
    let t = Tournament::open(&args.file).map_err(|e| e.message(lang))?;
    let not_offered = || {
        let name = args
            .format
            .to_possible_value()
            .map(|v| v.get_name().to_uppercase())
            .unwrap_or_default();
        fill(T::CliFormatNotOffered.get(lang), &[&name])
    };
    let section = match &args.section {
        Some(key) => Some(super::find_section(&t, key).map_err(|e| e.message(lang))?),
        None => None,
    };
    let need_section = || section.ok_or_else(|| T::CliNeedSection.get(lang).to_string());
    let written = match args.format {
        // 报名表: always a workbook, never over an existing file without --force.
        _ if matches!(args.kind, Kind::EntryForm) => {
            t.write_entry_form(need_section()?, &args.output, args.force, lang)
        }
        // 办证处名单, 奖金签收表 and 缴费名单 as a workbook.
        Format::Xlsx if args.kind.document().is_some_and(crate::app::has_workbook) => {
            let kind = args.kind.document().ok_or_else(not_offered)?;
            t.export_desk_list(kind, section, &args.output, args.force, lang)
        }
        Format::Pdf => {
            let kind = args.kind.document().ok_or_else(not_offered)?;
            let section = if kind.for_a_round() {
                Some(need_section()?)
            } else if kind.one_section_or_all() {
                // The certificates (sign-in sheet) of one section when it is named, else of
                // every section.
                section
            } else {
                None
            };
            let req = DocumentRequest {
                section,
                round: args.round,
                paper: match args.paper {
                    Paper::A4 => PaperSize::A4,
                    Paper::A3 => PaperSize::A3,
                },
                venue_url: args.venue_url.clone(),
                ..DocumentRequest::event(kind, lang)
            };
            t.export_document(&req, &args.output, args.force)
                .map(|()| warn_unprintable(&t, lang))
        }
        // A team section's TRF: its players and its teams, matches and line-ups.
        Format::Trf
            if section.is_some_and(|id| {
                t.section(id)
                    .is_ok_and(|s| s.settings.team_section.is_some())
            }) =>
        {
            t.export_team_trf(need_section()?, &args.output, args.force)
        }
        format => {
            let kind = args.kind.list().ok_or_else(not_offered)?;
            let format = match format {
                Format::Xlsx => ListFormat::Xlsx,
                Format::Html => ListFormat::Html,
                Format::Trf => ListFormat::Trf,
                _ => ListFormat::Csv(match args.encoding {
                    Encoding::Utf8 => CsvEncoding::Utf8Bom,
                    Encoding::Gb18030 => CsvEncoding::Gb18030,
                }),
            };
            let req = ListRequest {
                section: need_section()?,
                kind,
                round: args.round,
                format,
                lang,
            };
            t.export_list(&req, &args.output, args.force)
        }
    };
    written.map_err(|e: AppError| e.message(lang))?;
    outln!("{}", args.output.display());
    Ok(())
}

/// Names on standard error the characters printed as 〓.
fn warn_unprintable(t: &Tournament, lang: Lang) {
    let lacking = crate::app::unprintable(t.event());
    if !lacking.is_empty() {
        eprintln!("{}", crate::app::unprintable_text(&lacking, lang));
    }
}
