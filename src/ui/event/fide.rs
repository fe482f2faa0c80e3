//! FIDE模式 — the FIDE-mode row of a chess section's settings (in it, or left for good) and the
//! strong warning that leaving it takes: the reason, and the section's name typed to confirm.
//! The same warning stands before a prohibited pairing added after round 1 (which leaves it).
//! A save against the rules (the tiebreak list changed after round 1, a bye above a win …)
//! lists its warnings with their levels; a strong one needs the section's name typed.

use super::{EventTab, row};
use crate::i18n::{Lang, T, fill};
use crate::model::{GameKind, RuleWarning, Section, SectionSettings, WarningLevel};
use crate::ui::Desk;

/// What the strong warning, while open, is about.
pub(super) enum FideAsk {
    /// Leaving FIDE mode by the arbiter's choice.
    Leave,
    /// Saving the form, whose new prohibited pairing leaves FIDE mode.
    Save(String, Box<SectionSettings>),
    /// Saving the form against the rules: the warnings, each with its level.
    Warnings(
        String,
        Box<SectionSettings>,
        Vec<(RuleWarning, WarningLevel)>,
    ),
}

/// The strong warning while open: its subject, the reason and the typed name.
pub(super) struct FideDialog {
    pub ask: FideAsk,
    pub reason: String,
    pub typed: String,
}

impl FideDialog {
    pub(super) fn new(ask: FideAsk) -> FideDialog {
        FideDialog {
            ask,
            reason: String::new(),
            typed: String::new(),
        }
    }
}

impl EventTab {
    /// The FIDE-mode row of a chess section.
    pub(super) fn fide_row(&mut self, ui: &mut egui::Ui, lang: Lang, section: &Section) {
        if section.settings.game != GameKind::Chess {
            return;
        }
        let t = |k: T| k.get(lang);
        ui.label(t(T::FideMode));
        row(ui, |ui| {
            if section.settings.fide_mode() {
                ui.label(t(T::FideModeOn));
                if ui.button(t(T::FideLeaveButton)).clicked() {
                    self.fide = Some(FideDialog::new(FideAsk::Leave));
                }
            } else {
                ui.colored_label(ui.visuals().warn_fg_color, t(T::FideModeLeft));
            }
        });
        ui.end_row();
    }

    /// The strong warning, while open.
    pub(super) fn fide_dialog(&mut self, ctx: &egui::Context, desk: &mut Desk) {
        let Some(dialog) = self.fide.as_mut() else {
            return;
        };
        let Some(section) = desk.section().cloned() else {
            self.fide = None;
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("fide_strong_warning")).show(ctx, |ui| {
            let strong = match &dialog.ask {
                FideAsk::Leave | FideAsk::Save(..) => {
                    ui.heading(t(T::FideLeaveTitle));
                    let warning = match dialog.ask {
                        FideAsk::Leave => T::FideLeaveWarning,
                        _ => T::FideProhibitWarning,
                    };
                    ui.colored_label(ui.visuals().error_fg_color, t(warning));
                    true
                }
                FideAsk::Warnings(_, _, list) => {
                    ui.heading(t(T::RuleWarningsTitle));
                    for (w, level) in list {
                        ui.colored_label(
                            crate::ui::widgets::level_colour(ui, *level),
                            crate::ui::widgets::warning_line(w, *level, lang),
                        );
                    }
                    list.iter().any(|(_, l)| *l == WarningLevel::Strong)
                }
            };
            if matches!(dialog.ask, FideAsk::Leave) {
                let l = ui.label(t(T::FideLeaveReason));
                ui.add(egui::TextEdit::singleline(&mut dialog.reason).id_salt("fide_reason"))
                    .labelled_by(l.id);
            }
            if strong {
                let l = ui.label(fill(t(T::TypeSectionName), &[&section.name]));
                ui.add(egui::TextEdit::singleline(&mut dialog.typed).id_salt("fide_typed"))
                    .labelled_by(l.id);
            }
            row(ui, |ui| {
                let ready = !strong || crate::app::confirms(&dialog.typed, &section.name);
                if ui
                    .add_enabled(ready, egui::Button::new(t(T::ConfirmButton)))
                    .clicked()
                {
                    answer = Some(true);
                }
                if ui.button(t(T::CancelButton)).clicked()
                    || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                let Some(dialog) = self.fide.take() else {
                    return;
                };
                let id = section.id;
                let done = match dialog.ask {
                    FideAsk::Leave => desk
                        .act(|tour| tour.leave_fide_mode(id, &dialog.reason, &dialog.typed))
                        .is_some(),
                    FideAsk::Save(name, settings) => desk
                        .act(|tour| {
                            tour.update_section_leaving_fide(id, &name, &settings, &dialog.typed)
                        })
                        .is_some(),
                    FideAsk::Warnings(name, settings, list) => {
                        let confirm = crate::app::Confirmation {
                            typed: Some(dialog.typed.clone()),
                            accepted: list.into_iter().map(|(w, _)| w).collect(),
                        };
                        let saved = desk
                            .act(|tour| {
                                tour.update_section_confirmed(id, &name, &settings, &confirm)
                            })
                            .is_some();
                        if saved {
                            desk.info(format!("{name} ✓"));
                            self.loaded = None;
                        }
                        return;
                    }
                };
                // Refused (an empty reason): the message says why.
                if done {
                    desk.info(t(T::FideModeLeft));
                    self.loaded = None;
                }
            }
            Some(false) => self.fide = None,
            None => {}
        }
    }
}
