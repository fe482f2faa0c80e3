//! 导入选手 — reads an entrant file, checks its rows against a section, and adds them to it, all
//! of them in one transaction with one journal row: either the whole list is in the file, or
//! none of it. The blank entry form (报名表) the units fill in is written here too. And the teams
//! of a team section from one sheet, one player a row (队名, 台次, 姓名 …), all or none.

use super::teams::SheetProblem;
use super::{AppError, Inverse, Tournament, validate_entrant, write_file};
use super::{PlayerForm, TeamError, TeamForm};
use crate::conduct::JournalEntry;
use crate::i18n::{Lang, T};
use crate::interchange::entrants::{
    self, ColumnMapping, FileImportError, MappingError, Preview, Table,
};
use crate::interchange::template;
use crate::model::{Entrant, EntrantId, EntrantStatus, SectionId, TeamNo};
use crate::store;
use std::path::Path;

impl Tournament {
    /// Reads an entry list and checks every row against the section (format, entry rules,
    /// entrants already in it, the section its 组别 names), with the columns its headers name.
    /// Writes nothing.
    pub fn preview_import(&self, section: SectionId, path: &Path) -> Result<Preview, AppError> {
        let table = read_entrant_file(path)?;
        let mapping = ColumnMapping::detect(&table)
            .ok_or(MappingError::NoNameColumn)
            .map_err(FileImportError::from)?;
        self.import_preview(section, &table, &mapping)
    }

    /// Imports `entrants` into `section`. Each gets a new id; after the drawing of lots they get
    /// the next free pairing numbers in the order given, before it none. Returns the new ids.
    /// Every entrant is checked first, so bad input writes nothing.
    pub fn import_entrants(
        &mut self,
        section: SectionId,
        entrants: &[Entrant],
    ) -> Result<Vec<EntrantId>, AppError> {
        let entrants: Vec<Entrant> = entrants.iter().map(|e| e.cleaned().0).collect();
        for e in &entrants {
            validate_entrant(e)?;
        }
        // The event-wide cap (全赛限报人数): the first entry past it is named.
        if let (Some(cap), Some(room)) = (self.event.entry_cap, self.event.room())
            && let Some(e) = entrants.iter().filter(|e| !e.house).nth(room)
        {
            return Err(AppError::OverEventCap {
                name: e.name.clone(),
                cap,
            });
        }
        let s = self.section(section)?;
        let mut next_number = s.is_drawn().then(|| {
            s.entrants
                .iter()
                .filter_map(|x| x.number)
                .max()
                .unwrap_or(0)
                + 1
        });
        let first_id = self.event.next_entrant_id().0;
        let rows: Vec<Entrant> = entrants
            .iter()
            .zip(first_id..)
            .map(|(e, id)| {
                let number = next_number;
                next_number = next_number.map(|n| n + 1);
                Entrant {
                    id: EntrantId(id),
                    number,
                    status: EntrantStatus::Active,
                    ..e.clone()
                }
            })
            .collect();
        let entry = JournalEntry::Import {
            section: s.name.clone(),
            count: rows.len() as u32,
        };
        let inverse = Inverse::RemoveEntrants(rows.iter().map(|e| e.id).collect());
        self.act("entrants.import", entry, inverse, |tx| {
            rows.iter()
                .map(|e| store::insert_entrant(tx, section, e))
                .collect::<Result<Vec<_>, _>>()
        })
    }
}

/// Reads an entrant file (CSV in UTF-8 or GB18030, XLSX, XLS, ODS) into its table of cells.
pub fn read_entrant_file(path: &Path) -> Result<Table, AppError> {
    entrants::read_file(path).map_err(|e| FileImportError::from(e).into())
}

/// The columns as their headers name them, or, when no row names the name column, every
/// column left out below the first row, for the arbiter to map by hand.
pub fn guess_mapping(table: &Table) -> ColumnMapping {
    ColumnMapping::detect(table).unwrap_or_else(|| ColumnMapping {
        header_row: 0,
        columns: vec![None; table.rows.iter().map(Vec::len).max().unwrap_or(0)],
        sections: Default::default(),
    })
}

impl Tournament {
    /// Every row of `table` under `mapping`, checked against section `section` as it is now:
    /// the entrants the import would add, every problem, naming its row and column (a row of
    /// a section the event does not have is one), and the columns not imported.
    pub fn import_preview(
        &self,
        section: SectionId,
        table: &Table,
        mapping: &ColumnMapping,
    ) -> Result<Preview, AppError> {
        mapping.validate(table).map_err(FileImportError::from)?;
        Ok(entrants::preview_in_event(
            table,
            mapping,
            &self.event,
            self.section(section)?,
        ))
    }

    /// Imports the rows of `table` into `section` as one undoable action, checked again against
    /// the section as it is now: nothing is written unless every row is good (the first
    /// problems are named in the error). Returns the new ids.
    pub fn import_table(
        &mut self,
        section: SectionId,
        table: &Table,
        mapping: &ColumnMapping,
    ) -> Result<Vec<EntrantId>, AppError> {
        let preview = self.import_preview(section, table, mapping)?;
        if !preview.errors.is_empty() {
            return Err(AppError::ImportRows(preview.errors));
        }
        if preview.rows.is_empty() {
            return Err(AppError::NothingToImport);
        }
        let list: Vec<Entrant> = preview.rows.into_iter().map(|r| r.entrant).collect();
        self.import_entrants(section, &list)
    }

    /// Writes the blank entry form (报名表) of `section` as XLSX: its headers are the ones the
    /// import recognises and its entry rules are printed above them.
    pub fn write_entry_form(
        &self,
        section: SectionId,
        path: &Path,
        replace: bool,
        lang: Lang,
    ) -> Result<(), AppError> {
        let s = self.section(section)?;
        let bytes =
            template::entry_form_xlsx(&self.event.name, &s.name, &s.settings.eligibility, lang)?;
        write_file(path, &bytes, replace)
    }
}

/// Headers of a team sheet's team column (队名); in a team section 代表队 names the team.
const TEAM_HEADERS: [&str; 5] = ["队名", "参赛队", "代表队", "队伍", "team"];
/// Headers of a player's place in his team's order (台次, 顺序).
const ORDER_HEADERS: [&str; 5] = ["台次", "顺序", "台序", "order", "board"];
/// Headers of the captain column (领队).
const CAPTAIN_HEADERS: [&str; 2] = ["领队", "captain"];

/// The teams of a sheet, each with the sheet row it begins on, and the headers of the columns
/// the sheet has and a team form does not take (出生日期, 等级分 …), for the import to say.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamSheet {
    pub teams: Vec<(usize, TeamForm)>,
    pub unread: Vec<String>,
}

/// A team as its sheet rows are read: the index of its first row, the form, and each player's
/// place in the order with his row's index.
type SheetTeam = (usize, TeamForm, Vec<(u32, usize)>);

/// The teams of a sheet, one player a row (队名, 单位, 领队, 台次/顺序, 姓名, 性别 …), each
/// with the sheet row it begins on: rows grouped into teams in sheet order, each team's
/// players by the order column (1, 2, … without a gap or a place twice; reserves after the
/// boards), or by row order without one. A team has at most `most` players. The first fault
/// is the error, naming its row and column.
pub fn team_sheet(table: &Table, most: u32) -> Result<TeamSheet, AppError> {
    use entrants::{Field, column_letters, normalise_header};
    let header_row = table
        .rows
        .iter()
        .position(|r| {
            r.iter()
                .any(|h| TEAM_HEADERS.contains(&normalise_header(h).as_str()))
        })
        .ok_or(TeamError::SheetColumn(T::TeamName))?;
    let headers = &table.rows[header_row];
    let find = |names: &[&str]| {
        headers
            .iter()
            .position(|h| names.contains(&normalise_header(h).as_str()))
    };
    let team_col = find(&TEAM_HEADERS).ok_or(TeamError::SheetColumn(T::TeamName))?;
    let field_col = |f: Field| {
        headers
            .iter()
            .enumerate()
            .position(|(k, h)| k != team_col && Field::from_header(h) == Some(f))
    };
    let name_col = field_col(Field::Name).ok_or(TeamError::SheetColumn(T::Name))?;
    let unit_col = field_col(Field::Unit);
    let sex_col = field_col(Field::Sex);
    let order_col = find(&ORDER_HEADERS);
    let captain_col = find(&CAPTAIN_HEADERS);
    let read = [
        Some(team_col),
        Some(name_col),
        unit_col,
        sex_col,
        order_col,
        captain_col,
    ];
    let unread: Vec<String> = headers
        .iter()
        .enumerate()
        .filter(|(k, h)| !h.trim().is_empty() && !read.contains(&Some(*k)))
        .map(|(_, h)| h.trim().to_string())
        .collect();
    let cell = |row: &[String], col: Option<usize>| {
        col.and_then(|c| row.get(c))
            .map(|t| t.trim().to_string())
            .unwrap_or_default()
    };
    let fault = |index: usize, col: usize, problem: SheetProblem| -> AppError {
        TeamError::SheetCell {
            row: table.row_number(index),
            column: column_letters(table.column_number(col)),
            header: headers.get(col).cloned().unwrap_or_default(),
            problem,
        }
        .into()
    };
    // (first row index, form, each player's place and row index)
    let mut teams: Vec<SheetTeam> = Vec::new();
    for (index, row) in table.rows.iter().enumerate().skip(header_row + 1) {
        if row.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let team = cell(row, Some(team_col));
        if team.is_empty() {
            return Err(fault(index, team_col, SheetProblem::NoTeam));
        }
        let name = cell(row, Some(name_col));
        if name.is_empty() {
            return Err(fault(index, name_col, SheetProblem::NoName));
        }
        let sex_text = cell(row, sex_col);
        let sex = match (entrants::parse_sex(&sex_text), sex_col) {
            (Some(s), _) => s,
            (None, Some(c)) => return Err(fault(index, c, SheetProblem::BadSex(sex_text))),
            (None, None) => crate::model::Sex::Unknown,
        };
        let k = match teams.iter().position(|t| t.1.name == team) {
            Some(k) => k,
            None => {
                teams.push((
                    index,
                    TeamForm {
                        name: team.clone(),
                        unit: cell(row, unit_col),
                        captain: cell(row, captain_col),
                        players: Vec::new(),
                    },
                    Vec::new(),
                ));
                teams.len() - 1
            }
        };
        let entry = &mut teams[k];
        if entry.1.captain.is_empty() {
            entry.1.captain = cell(row, captain_col);
        }
        let place = match order_col {
            Some(c) => {
                let text = cell(row, Some(c));
                let place = text
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| fault(index, c, SheetProblem::BadOrder(text.clone())))?;
                if let Some(&(_, first)) = entry.2.iter().find(|(p, _)| *p == place) {
                    return Err(fault(
                        index,
                        c,
                        SheetProblem::OrderTwice(place, table.row_number(first)),
                    ));
                }
                place
            }
            None => entry.2.len() as u32 + 1,
        };
        if entry.1.players.len() as u32 >= most {
            return Err(fault(index, team_col, SheetProblem::TooMany(most)));
        }
        entry.1.players.push(PlayerForm { name, sex });
        entry.2.push((place, index));
    }
    let mut out = Vec::new();
    for (first, mut form, places) in teams {
        let mut order: Vec<usize> = (0..places.len()).collect();
        order.sort_by_key(|&k| places[k].0);
        for (want, &k) in order.iter().enumerate() {
            let want = want as u32 + 1;
            if places[k].0 != want {
                // The row holding the place after the gap.
                let col = order_col.unwrap_or(team_col);
                return Err(fault(places[k].1, col, SheetProblem::OrderGap(want)));
            }
        }
        form.players = order.iter().map(|&k| form.players[k].clone()).collect();
        out.push((table.row_number(first), form));
    }
    Ok(TeamSheet { teams: out, unread })
}

impl Tournament {
    /// Imports the teams of a sheet ([`team_sheet`]) into team section `section` in one action:
    /// all of them or, at the first fault, none. Returns their numbers, and the headers of the
    /// sheet's columns that were not read.
    pub fn import_teams(
        &mut self,
        section: SectionId,
        path: &Path,
    ) -> Result<(Vec<TeamNo>, Vec<String>), AppError> {
        let s = self.section(section)?;
        let options = s
            .settings
            .team_section
            .clone()
            .ok_or_else(|| TeamError::NotTeamSection(s.name.clone()))?;
        let table = read_entrant_file(path)?;
        let sheet = team_sheet(&table, options.boards + options.reserves)?;
        let forms: Vec<TeamForm> = sheet.teams.into_iter().map(|(_, f)| f).collect();
        Ok((self.add_teams(section, &forms)?, sheet.unread))
    }
}
