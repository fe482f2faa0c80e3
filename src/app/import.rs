//! 导入选手 — adds the entrants the arbiter accepted from an import preview to a section, all
//! of them in one transaction with one journal row: either the whole list is in the file, or
//! none of it.

use super::{AppError, Inverse, Tournament, validate_entrant};
use crate::conduct::JournalEntry;
use crate::interchange::entrants::{Preview, preview_file};
use crate::model::{Entrant, EntrantId, EntrantStatus, SectionId};
use crate::store;
use std::path::Path;

impl Tournament {
    /// Reads an entry list and checks every row against the section (format, entry rules,
    /// entrants already in it), with the columns its headers name. Writes nothing.
    pub fn preview_import(&self, section: SectionId, path: &Path) -> Result<Preview, AppError> {
        Ok(preview_file(path, self.section(section)?)?)
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
        let s = self.section(section)?;
        let mut next_number = s.is_drawn().then(|| {
            s.entrants
                .iter()
                .filter_map(|x| x.number)
                .max()
                .unwrap_or(0)
                + 1
        });
        let first_id = self
            .event
            .sections
            .iter()
            .flat_map(|s| &s.entrants)
            .map(|e| e.id.0)
            .max()
            .unwrap_or(0)
            + 1;
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
