//! 日志 — every action with its time, newest first, and undo of the last ones (also Ctrl+Z);
//! the backup copies made after each pairing, listed by round and time in words, and restoring
//! one.

use super::{Desk, Tab};
use crate::i18n::{T, backup_copy_text, fill};

/// The journal's rows (time, action, what it did) as [`crate::app::Tournament::journal`] reads
/// them, put into words in the language they were read in.
type JournalRows = Vec<[String; 3]>;

#[derive(Default)]
pub struct JournalTab {
    /// A backup the arbiter asked to restore, waiting for confirmation.
    confirm_restore: Option<(Backup, Option<crate::app::RestoreLoss>)>,
    /// The journal in words and the backups as last read, and the revision and language they
    /// belong to.
    cache: Option<((u64, crate::i18n::Lang), JournalRows, Vec<Backup>)>,
}

/// A backup copy and its words (男子组 第3轮编排后 · 8月29日 14:05).
type Backup = (std::path::PathBuf, String);

impl Tab for JournalTab {
    fn title(&self) -> T {
        T::TabJournal
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        if ui.button(t(T::UndoLast)).clicked() {
            match desk.act(|tour| tour.undo()) {
                Some(Some((action, entry))) => {
                    desk.info(crate::i18n::undone_text(&action, &entry, lang))
                }
                Some(None) => desk.info(t(T::NothingToUndo)),
                None => {}
            }
        }
        // Read from the file once per change, not on every frame.
        let rev = (desk.revision(), lang);
        if self.cache.as_ref().is_none_or(|(r, _, _)| *r != rev) {
            let Some(rows) = desk.act(|tour| tour.journal_lines(lang)) else {
                return;
            };
            let backups = desk
                .tournament
                .as_ref()
                .map(|tour| {
                    let copies = tour.backups();
                    copies
                        .into_iter()
                        .map(|p| {
                            let words = backup_copy_text(&tour.backup_copy(&p), lang);
                            (p, words)
                        })
                        .collect()
                })
                .unwrap_or_default();
            self.cache = Some((rev, rows, backups));
        }
        let Some((_, rows, backups)) = self.cache.take() else {
            return;
        };
        self.backups(ui, desk, &backups);
        ui.separator();
        let row_h = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
        super::widgets::sideways(ui, "journal_sideways", |ui, room| {
            egui_extras::TableBuilder::new(ui)
                .max_scroll_height(room)
                .id_salt("journal")
                .striped(true)
                .resizable(true)
                .auto_shrink([false, false])
                .column(super::widgets::fit_column(200.0))
                .column(super::widgets::fit_column(130.0))
                .column(super::widgets::fit_column(60.0))
                .header(row_h, |mut header| {
                    for h in [T::Time, T::Action, T::Detail] {
                        header.col(|ui| {
                            ui.strong(t(h));
                        });
                    }
                })
                .body(|body| {
                    // Newest first.
                    body.rows(row_h, rows.len(), |mut row| {
                        let [at, action, detail] = &rows[rows.len() - 1 - row.index()];
                        row.col(|ui| {
                            ui.label(at);
                        });
                        row.col(|ui| {
                            ui.label(action);
                        });
                        row.col(|ui| {
                            super::widgets::cell_text(ui, detail);
                        });
                    });
                });
        });
        // A restore above changed the revision: the next frame reads the file again.
        self.cache = Some((rev, rows, backups));
    }
}

impl JournalTab {
    fn backups(&mut self, ui: &mut egui::Ui, desk: &mut Desk, list: &[Backup]) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        // Its own id, not its label's: the list stays open when a restore adds a copy.
        egui::CollapsingHeader::new(format!("{} ({})", t(T::Backups), list.len()))
            .id_salt("backups")
            .show(ui, |ui| {
                for (p, words) in list.iter().take(50) {
                    ui.horizontal(|ui| {
                        // By section, round and time in words; the file's name over them.
                        let name = p
                            .file_name()
                            .map(|n| n.to_string_lossy().into_owned())
                            .unwrap_or_default();
                        ui.label(words).on_hover_text(&name);
                        if ui.button(t(T::Restore)).clicked() {
                            // What the restore would drop, read once when asked.
                            let loss = desk.act(|tour| tour.restore_loss(p));
                            self.confirm_restore = Some(((p.clone(), words.clone()), loss));
                        }
                    });
                }
            });
        if let Some(((p, words), loss)) = self.confirm_restore.clone() {
            let mut close = false;
            egui::Modal::new(egui::Id::unique("confirm_restore")).show(ui.ctx(), |ui| {
                ui.label(t(T::ConfirmRestore));
                ui.strong(&words);
                ui.weak(p.display().to_string());
                if let Some(loss) = loss {
                    ui.strong(fill(
                        t(T::RestoreDrops),
                        &[&loss.results, &loss.journal_rows],
                    ));
                }
                ui.horizontal(|ui| {
                    if ui.button(t(T::Confirm)).clicked() {
                        if desk.act(|tour| tour.restore_backup(&p)).is_some() {
                            desk.info(format!("{} {words}", t(T::Restored)));
                        }
                        close = true;
                    }
                    if ui.button(t(T::Cancel)).clicked()
                        || ui.input(|i| i.key_pressed(egui::Key::Escape))
                    {
                        close = true;
                    }
                });
            });
            if close {
                self.confirm_restore = None;
            }
        }
    }
}
