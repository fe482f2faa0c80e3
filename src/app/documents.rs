//! Documents: the app builds each document's values from the rule book and hands them to the
//! report layer, then writes the file in one step (a temporary file renamed into place, so a
//! half-written PDF never replaces a good one).

use super::{AppError, Tournament};
use crate::i18n::{Lang, T, fill};
use crate::model::{GameKind, SectionId};
use crate::report::ReportError;
use crate::report::layout::Font;
use crate::report::order_book::{self, OrderBook, OrderBookSection};
use crate::report::pairing_sheet::{self, PairingSheet, SheetPlayer, SheetRow, SheetStyle};
use crate::report::{pinyin_list, slips};
use crate::standings::points_after;
use std::path::Path;

impl From<ReportError> for AppError {
    fn from(e: ReportError) -> Self {
        match e {
            ReportError::MissingGlyphs(chars) => AppError::MissingGlyphs(chars),
            ReportError::Font => AppError::Pdf(e.to_string()),
        }
    }
}

impl Tournament {
    /// The values of a round's pairing sheet.
    pub fn pairing_sheet(
        &self,
        section: SectionId,
        round: u32,
        lang: Lang,
    ) -> Result<PairingSheet, AppError> {
        let s = self
            .event()
            .section(section)
            .ok_or(AppError::NoSuch(T::Section))?;
        let r = s.round(round).ok_or(AppError::NoSuch(T::Round))?;
        let player = |id| {
            let e = s.entrant(id);
            SheetPlayer {
                number: e
                    .and_then(|e| e.number)
                    .map(|n| n.to_string())
                    .unwrap_or_default(),
                name: e.map(|e| e.name.clone()).unwrap_or_default(),
                unit: e.map(|e| e.unit.clone()).unwrap_or_default(),
                points: points_after(s, id, round - 1).to_string(),
            }
        };
        let mut rows: Vec<SheetRow> = r
            .games
            .iter()
            .map(|g| SheetRow {
                board: g.board,
                red: player(g.red),
                black: Some(player(g.black)),
            })
            .collect();
        let last = rows.last().map(|r| r.board).unwrap_or(0);
        for (board, b) in (last + 1..).zip(&r.byes) {
            rows.push(SheetRow {
                board,
                red: player(b.entrant),
                black: None,
            });
        }
        let e = self.event();
        let dates = match (e.start_date, e.end_date) {
            (Some(a), Some(b)) if a != b => format!("{a} — {b}"),
            (Some(a), _) => a.to_string(),
            _ => String::new(),
        };
        let printed = format!(
            "{} {}",
            T::PrintedAt.get(lang),
            chrono::Local::now().format("%Y-%m-%d %H:%M")
        );
        let when = [dates, e.venue.clone(), printed]
            .into_iter()
            .filter(|x| !x.is_empty())
            .collect::<Vec<_>>()
            .join("　");
        Ok(PairingSheet {
            event: e.name.clone(),
            section: s.name.clone(),
            round,
            chess: s.settings.game == GameKind::Chess,
            when,
            lot_seed: s.lot_seed,
            rows,
        })
    }

    /// The values of the order book (秩序册).
    pub fn order_book(&self, lang: Lang) -> Result<OrderBook, AppError> {
        let t = |k: T| k.get(lang);
        let e = self.event();
        let mut sections = Vec::new();
        for s in &e.sections {
            let mut rules = vec![
                fill(
                    t(T::RoundsLine),
                    &[
                        &t(super::error::system_name(s.settings.system)),
                        &s.settings.rounds,
                    ],
                ),
                fill(t(T::PointsLine), &[&s.settings.points.label()]),
            ];
            if s.settings.system != crate::model::PairingSystem::RoundRobin {
                rules.push(format!(
                    "{}：{}",
                    t(T::FirstRound),
                    t(T::FirstRoundAdjacent)
                ));
            }
            if let Some(seed) = s.lot_seed {
                rules.push(fill(t(T::LotSeedLine), &[&seed]));
            }
            let mut units: Vec<(String, Vec<String>)> = Vec::new();
            for en in s.entrants_by_number() {
                let label = match en.number {
                    Some(n) => format!("{n} {}", en.name),
                    None => en.name.clone(),
                };
                match units.iter_mut().find(|(u, _)| *u == en.unit) {
                    Some((_, names)) => names.push(label),
                    None => units.push((en.unit.clone(), vec![label])),
                }
            }
            units.sort_by_cached_key(|(u, _)| crate::names::pinyin_key(u));
            let round_one = match s.round(1) {
                Some(_) => Some(self.pairing_sheet(s.id, 1, lang)?),
                None => None,
            };
            sections.push(OrderBookSection {
                name: s.name.clone(),
                rules,
                units,
                entrants: s.entrants.len(),
                round_one,
            });
        }
        let dates = match (e.start_date, e.end_date) {
            (Some(a), Some(b)) if a != b => format!("{a} — {b}"),
            (Some(a), _) => a.to_string(),
            _ => String::new(),
        };
        Ok(OrderBook {
            event: e.name.clone(),
            organiser: e.organiser.clone(),
            venue: e.venue.clone(),
            dates,
            chief_arbiter: e.chief_arbiter.clone(),
            sections,
        })
    }

    /// Writes the order book (秩序册) as PDF to `path`.
    pub fn export_order_book(&self, path: &Path, lang: Lang) -> Result<(), AppError> {
        let book = self.order_book(lang)?;
        let font = Font::load()?;
        let bytes = order_book::render(&book, &font, lang, chrono::Utc::now().timestamp())?;
        write_atomically(path, &bytes)
    }

    /// Writes the pairing sheet of a round as PDF to `path`.
    pub fn export_pairing_sheet(
        &self,
        section: SectionId,
        round: u32,
        path: &Path,
        lang: Lang,
    ) -> Result<(), AppError> {
        self.export_round_document(RoundDocument::PairingSheet, section, round, path, lang)
    }

    /// Writes one of the documents of a round as PDF to `path`.
    pub fn export_round_document(
        &self,
        doc: RoundDocument,
        section: SectionId,
        round: u32,
        path: &Path,
        lang: Lang,
    ) -> Result<(), AppError> {
        let sheet = self.pairing_sheet(section, round, lang)?;
        let font = Font::load()?;
        let stamp = chrono::Utc::now().timestamp();
        let bytes = match doc {
            RoundDocument::PairingSheet => {
                pairing_sheet::render(&sheet, SheetStyle::Normal, &font, lang, stamp)?
            }
            RoundDocument::WallSheet => {
                pairing_sheet::render(&sheet, SheetStyle::Wall, &font, lang, stamp)?
            }
            RoundDocument::Slips => slips::render(&sheet, &font, lang, stamp)?,
            RoundDocument::PinyinList => pinyin_list::render(&sheet, &font, lang, stamp)?,
        };
        write_atomically(path, &bytes)
    }
}

/// The documents printed for one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundDocument {
    /// 对阵表.
    PairingSheet,
    /// 对阵表, large print for the wall.
    WallSheet,
    /// 记分单, one per board.
    Slips,
    /// 对阵查询表: players in pinyin order with their boards.
    PinyinList,
}

impl RoundDocument {
    pub const ALL: [RoundDocument; 4] = [
        RoundDocument::PairingSheet,
        RoundDocument::WallSheet,
        RoundDocument::Slips,
        RoundDocument::PinyinList,
    ];

    pub fn title(self) -> T {
        match self {
            RoundDocument::PairingSheet => T::DocPairingSheet,
            RoundDocument::WallSheet => T::DocWallSheet,
            RoundDocument::Slips => T::DocSlips,
            RoundDocument::PinyinList => T::DocPinyinList,
        }
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it into place.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), AppError> {
    let io = |e| {
        AppError::Store(crate::store::StoreError::Io {
            path: path.to_path_buf(),
            source: e,
        })
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    std::fs::write(&tmp, bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}
