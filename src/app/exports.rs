//! 导出 — a section's lists as files other programs read: a spreadsheet (XLSX), CSV, a static
//! HTML page, or the section as a FIDE TRF. The lists come from the interchange writers, the
//! standings from the same engine as the window's; the file is written as every export is
//! ([`write_file`]: never onto an event file or a backup, never half-written).

use super::{AppError, Tournament, write_file};
use crate::conduct::final_standings;
use crate::i18n::{Lang, T, tiebreak_label};
use crate::interchange::export::{
    self, ExportError, ExportTable, RankedRow, crosstable, entrants_table, pairings_table,
    results_table, standings_table,
};
use crate::model::{Event, Section, SectionId, Tiebreak};
use std::path::Path;

pub use crate::interchange::export::CsvEncoding;

/// Which list of a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKind {
    /// 参赛名单 (imports back unchanged).
    Entrants,
    /// 对阵表 of one round.
    Pairings,
    /// 成绩: every round up to the one asked for.
    Results,
    /// 排名 with the tiebreak values.
    Standings,
    /// 交叉表.
    Crosstable,
}

/// The kind of file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListFormat {
    Xlsx,
    Csv(CsvEncoding),
    Html,
    /// FIDE TRF: the whole section, whichever list was asked for.
    Trf,
}

/// What to export: which list of which section after which round, as what file, in which
/// language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListRequest {
    pub section: SectionId,
    pub kind: ListKind,
    /// `None`: the last round paired.
    pub round: Option<u32>,
    pub format: ListFormat,
    pub lang: Lang,
}

/// The list `kind` of `section` after `round` (the last round paired when `None`).
pub fn list_table(
    section: &Section,
    kind: ListKind,
    round: Option<u32>,
    lang: Lang,
) -> Result<ExportTable, AppError> {
    if kind == ListKind::Entrants {
        return Ok(entrants_table(section, lang));
    }
    let round = match round {
        Some(r) if section.round(r).is_some() => r,
        None if !section.rounds.is_empty() => {
            section.rounds.iter().map(|r| r.number).max().unwrap_or(0)
        }
        _ => return Err(AppError::NoSuch(T::Round)),
    };
    let ranked = || -> Vec<RankedRow> {
        final_standings(section, round)
            .iter()
            .map(|s| RankedRow {
                tiebreaks: s
                    .tiebreaks
                    .iter()
                    .map(|v| Tiebreak::value_text(*v))
                    .collect(),
                ..RankedRow::from(s)
            })
            .collect()
    };
    Ok(match kind {
        ListKind::Entrants => entrants_table(section, lang),
        ListKind::Pairings => pairings_table(section, round, lang)?,
        ListKind::Results => results_table(section, round, lang)?,
        ListKind::Standings => {
            let headers: Vec<String> = section
                .settings
                .standings
                .tiebreaks
                .iter()
                .map(|tb| tiebreak_label(*tb, lang))
                .collect();
            standings_table(section, &ranked(), &headers, lang)
        }
        ListKind::Crosstable => crosstable(section, &ranked(), lang),
    })
    .map(|table| by_bracket(section, kind, round, table, lang))
}

/// A knockout's standings and crosstable as the printed ones show it: each player's place
/// range from the bracket (5–8), no points or tiebreak columns, and in the crosstable each
/// round's match (“8胜 2:0”) instead of game cells.
fn by_bracket(
    section: &Section,
    kind: ListKind,
    round: u32,
    mut table: ExportTable,
    lang: Lang,
) -> ExportTable {
    use crate::interchange::export::Cell;
    use crate::model::PairingSystem;
    if section.settings.system != PairingSystem::Knockout
        || !matches!(kind, ListKind::Standings | ListKind::Crosstable)
    {
        return table;
    }
    let ranges = super::books::bracket_ranges(section, round);
    let mut cells = super::books::knockout_cells(section, round, lang);
    let order = final_standings(section, round);
    let fixed = 4; // 名次, 序号, 姓名, 单位
    let rounds = match kind {
        ListKind::Crosstable => section.rounds.len(),
        _ => 0,
    };
    table.headers.truncate(fixed + rounds);
    for (row, st) in table.rows.iter_mut().zip(&order) {
        let last = super::books::last_place(ranges.as_ref(), st);
        row[0] = Cell::Text(crate::report::standings_sheet::place_range(st.rank, last));
        row.truncate(fixed + rounds);
        if rounds > 0 {
            let matches = cells.remove(&st.entrant).unwrap_or_default();
            for (i, cell) in row[fixed..].iter_mut().enumerate() {
                *cell = match matches.get(i) {
                    Some(text) if !text.is_empty() => Cell::Text(text.clone()),
                    _ => Cell::Empty,
                };
            }
        }
    }
    table
}

/// The bytes of the file; a TRF carries the event's details (name, place, dates, chief
/// arbiter) in its header.
pub fn list_file(
    event: &Event,
    section: &Section,
    kind: ListKind,
    round: Option<u32>,
    format: ListFormat,
    lang: Lang,
) -> Result<Vec<u8>, AppError> {
    Ok(match format {
        // The rating report waits for every adjourned game's result (TRF-2026 has no blank
        // result to write for it).
        ListFormat::Trf => {
            super::adjourn::refuse_open_adjournment(section)?;
            export::to_trf(event, section)?.into_bytes()
        }
        ListFormat::Xlsx => export::to_xlsx(&[list_table(section, kind, round, lang)?])?,
        ListFormat::Csv(encoding) => {
            export::to_csv(&list_table(section, kind, round, lang)?, encoding)
        }
        ListFormat::Html => {
            let table = list_table(section, kind, round, lang)?;
            export::to_html(&table.title.clone(), &[table]).into_bytes()
        }
    })
}

impl Tournament {
    /// Writes a list of a section to `path` (replacing a file there only when `replace`).
    pub fn export_list(
        &self,
        req: &ListRequest,
        path: &Path,
        replace: bool,
    ) -> Result<(), AppError> {
        let section = self.section(req.section)?;
        // A team section's TRF carries its teams, matches and line-ups, from the file's team
        // records (not in the event the list is made from).
        if req.format == ListFormat::Trf && section.settings.team_section.is_some() {
            return self.export_team_trf(req.section, path, replace);
        }
        let bytes = list_file(
            &self.event,
            section,
            req.kind,
            req.round,
            req.format,
            req.lang,
        )?;
        write_file(path, &bytes, replace)
    }
}

impl From<ExportError> for AppError {
    fn from(e: ExportError) -> AppError {
        match e {
            ExportError::NoSuchRound(_) => AppError::NoSuch(T::Round),
            ExportError::Trf(e) => AppError::Trf(e),
            other => AppError::Export(other.to_string()),
        }
    }
}
