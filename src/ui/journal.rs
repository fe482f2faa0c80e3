//! 日志 — every action with its time, newest first, and undo of the last ones (also Ctrl+Z).

use super::{Desk, Tab};
use crate::i18n::T;

#[derive(Default)]
pub struct JournalTab;

impl Tab for JournalTab {
    fn title(&self) -> T {
        T::TabJournal
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        if ui.button(t(T::UndoLast)).clicked() {
            match desk.act(|tour| tour.undo()) {
                Some(Some((action, detail))) => {
                    desk.info(format!("{} {action}: {detail}", t(T::Undone)))
                }
                Some(None) => desk.info(t(T::NothingToUndo)),
                None => {}
            }
        }
        let Some(rows) = desk.act(|tour| tour.journal()) else {
            return;
        };
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("journal").striped(true).show(ui, |ui| {
                for h in [T::Time, T::Action, T::Detail] {
                    ui.strong(t(h));
                }
                ui.end_row();
                for (at, action, detail) in rows.iter().rev().take(500) {
                    ui.label(at.replace('T', " "));
                    ui.label(action);
                    ui.label(detail);
                    ui.end_row();
                }
            });
        });
    }
}
