//! 禁止配对 — the prohibited pairings of a Swiss section (siblings, coach and pupil, club mates
//! beyond the same-unit rule): two entrants of the section picked from lists and added, each
//! pair listed with a button that removes it. They are part of the section's settings, saved
//! with the rest of the form.

use super::{EventTab, hint, row};
use crate::i18n::{Lang, T, fill};
use crate::model::{EntrantId, ProhibitedPair, Section};

/// An entrant as the lists show him: pairing number (when drawn) and name.
fn label(section: &Section, id: EntrantId) -> String {
    section.entrant(id).map_or_else(String::new, |e| {
        e.number
            .map_or_else(|| e.name.clone(), |n| format!("{n} {}", e.name))
    })
}

impl EventTab {
    /// The prohibited pairings row of the settings grid.
    pub(super) fn prohibited_rows(&mut self, ui: &mut egui::Ui, lang: Lang, section: &Section) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::ProhibitedLabel));
        ui.vertical(|ui| {
            let mut remove = None;
            for (k, p) in self.settings.prohibited.iter().enumerate() {
                row(ui, |ui| {
                    let mut text = fill(
                        t(T::ProhibitedPairText),
                        &[&label(section, p.first), &label(section, p.second)],
                    );
                    if p.from_round > 1 || p.to_round.is_some() {
                        let to = p
                            .to_round
                            .map_or_else(|| section.settings.rounds.to_string(), |r| r.to_string());
                        text.push_str(&fill(t(T::ProhibitedRounds), &[&p.from_round, &to]));
                    }
                    ui.label(text);
                    if ui.small_button(t(T::ProhibitedRemove)).clicked() {
                        remove = Some(k);
                    }
                });
            }
            if let Some(k) = remove {
                self.settings.prohibited.remove(k);
            }
            let entrants = section.entrants_by_number();
            row(ui, |ui| {
                for (slot, salt, name) in [
                    (0, "prohibit_first", T::ProhibitedFirst),
                    (1, "prohibit_second", T::ProhibitedSecond),
                ] {
                    let l = ui.label(t(name));
                    let chosen = self.prohibit_pick[slot]
                        .map_or_else(|| t(T::ProhibitedPick).to_string(), |id| label(section, id));
                    egui::ComboBox::from_id_salt(salt)
                        .selected_text(chosen)
                        .show_ui(ui, |ui| {
                            for e in &entrants {
                                ui.selectable_value(
                                    &mut self.prohibit_pick[slot],
                                    Some(e.id),
                                    label(section, e.id),
                                );
                            }
                        })
                        .response
                        .labelled_by(l.id);
                }
                let pair = match self.prohibit_pick {
                    [Some(a), Some(b)] => ProhibitedPair::new(a, b),
                    _ => None,
                };
                let new = pair.filter(|p| {
                    !self
                        .settings
                        .prohibited
                        .iter()
                        .any(|q| q.is(p.first, p.second))
                });
                if ui
                    .add_enabled(new.is_some(), egui::Button::new(t(T::ProhibitedAdd)))
                    .clicked()
                    && let Some(p) = new
                {
                    self.settings.prohibited.push(p);
                    self.prohibit_pick = [None, None];
                }
            });
            hint(ui, t(T::ProhibitedHelp));
        });
        ui.end_row();
    }
}
