//! 日志 — every action with its time, newest first, and undo of the last ones (also Ctrl+Z);
//! the backup copies made after each pairing, listed by round and time in words, and restoring
//! one.

use super::{Desk, Tab};
use crate::i18n::{T, action_name, fill, journal_entry};

/// The journal's rows (time, action, what it did) as [`crate::app::Tournament::journal`] reads
/// them, put into words in the language they were read in.
type JournalRows = Vec<(String, String, String)>;

#[derive(Default)]
pub struct JournalTab {
    /// A backup the arbiter asked to restore, waiting for confirmation.
    confirm_restore: Option<(std::path::PathBuf, Option<crate::app::RestoreLoss>)>,
    /// The journal in words and the backups as last read, and the revision and language they
    /// belong to.
    cache: Option<(
        (u64, crate::i18n::Lang),
        JournalRows,
        Vec<std::path::PathBuf>,
    )>,
}

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
            let Some(rows) = desk.act(|tour| tour.journal()) else {
                return;
            };
            let rows = rows
                .into_iter()
                .map(|(at, action, entry)| {
                    (
                        at.replace('T', " "),
                        action_name(&action, lang),
                        journal_entry(&entry, lang),
                    )
                })
                .collect();
            let backups = desk
                .tournament
                .as_ref()
                .map(|tour| tour.backups())
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
                        let (at, action, detail) = &rows[rows.len() - 1 - row.index()];
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

/// A backup as the list names it: 第3轮编排后 · 8月29日 14:05.
fn backup_words(path: &std::path::Path, lang: crate::i18n::Lang) -> String {
    use crate::app::BackupKind;
    let info = crate::app::backup_info(path);
    let what = match info.kind {
        BackupKind::AfterPairing(round) => fill(T::BackupAfterPairing.get(lang), &[&round]),
        BackupKind::BeforeRestore => T::BackupBeforeRestore.get(lang).to_string(),
        BackupKind::Other => path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| T::BackupOther.get(lang).to_string()),
    };
    match info.made {
        Some(at) => format!("{what} · {}", at.format(T::BackupTimeFormat.get(lang))),
        None => what,
    }
}

impl JournalTab {
    fn backups(&mut self, ui: &mut egui::Ui, desk: &mut Desk, list: &[std::path::PathBuf]) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        egui::CollapsingHeader::new(format!("{} ({})", t(T::Backups), list.len())).show(ui, |ui| {
            for p in list.iter().take(50) {
                ui.horizontal(|ui| {
                    // By round and time in words; the file's name over them.
                    let name = p
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    ui.label(backup_words(p, lang)).on_hover_text(&name);
                    if ui.button(t(T::Restore)).clicked() {
                        // What the restore would drop, read once when asked.
                        let loss = desk.act(|tour| tour.restore_loss(p));
                        self.confirm_restore = Some((p.clone(), loss));
                    }
                });
            }
        });
        if let Some((p, loss)) = self.confirm_restore.clone() {
            let mut close = false;
            egui::Modal::new(egui::Id::unique("confirm_restore")).show(ui.ctx(), |ui| {
                ui.label(t(T::ConfirmRestore));
                ui.strong(backup_words(&p, lang));
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
                            desk.info(format!("{} {}", t(T::Restored), backup_words(&p, lang)));
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
