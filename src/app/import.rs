//! 导入选手 — reads an entrant file, checks its rows against a section, and adds them to it, all
//! of them in one transaction with one journal row: either the whole list is in the file, or
//! none of it. The blank entry form (报名表) the units fill in is written here too.

use super::{AppError, Inverse, Tournament, validate_entrant, write_file};
use crate::conduct::JournalEntry;
use crate::i18n::Lang;
use crate::interchange::entrants::{
    self, ColumnMapping, FileImportError, MappingError, Preview, Table,
};
use crate::interchange::template;
use crate::model::{Entrant, EntrantId, EntrantStatus, SectionId};
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
