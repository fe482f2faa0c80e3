//! The registration desk's and the prize desk's papers (issue 40): the entry cards (参赛证)
//! the desk hands out, whose code the check-in reads ([`super::checkin::card_code`]).
//! Each is built here from the event and rendered by its report file.

use super::AppError;
use super::documents::Printer;
use crate::i18n::{Lang, T, fill};
use crate::model::{Section, SectionId};
use crate::report::entry_cards::{EntryCard, EntryCards};

impl Printer<'_> {
    /// The sections a paper of `section` covers: that one, or every section of the event.
    fn sections_of(&self, section: Option<SectionId>) -> Result<Vec<&Section>, AppError> {
        Ok(match section {
            Some(id) => vec![self.section(id)?],
            None => self.event().sections.iter().collect(),
        })
    }

    /// The values of the entry cards (参赛证): one for each entrant of `section` (or of every
    /// section), house players aside, in number order; the number printed is the 序号 once the
    /// lots are drawn, else the 报名号.
    pub(super) fn entry_cards(
        &self,
        section: Option<SectionId>,
        lang: Lang,
    ) -> Result<EntryCards, AppError> {
        let t = |k: T| k.get(lang);
        let mut cards = vec![];
        for s in self.sections_of(section)? {
            for e in s.entrants_by_number().into_iter().filter(|e| !e.house) {
                let number = match e.number {
                    Some(n) => fill(t(T::EntryCardField), &[&t(T::Number), &n]),
                    None => fill(t(T::EntryCardField), &[&t(T::RegistrationNo), &e.id.0]),
                };
                cards.push(EntryCard {
                    section: s.name.clone(),
                    number,
                    name: e.name.clone(),
                    unit: e.unit.clone(),
                    code: super::checkin::card_code(e.id),
                });
            }
        }
        Ok(EntryCards {
            event: self.event().name.clone(),
            cards,
        })
    }
}
