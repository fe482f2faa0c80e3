//! 排名 — standings of the chosen section after any round, with the section's tiebreak list
//! (名次区分); places decided by lot are marked. A knockout (or a Swiss once its playoff began)
//! shows its bracket's places, a stage's players sharing a range, without points or tiebreaks.

use super::widgets::{paired_section, standings_round_picker};
use super::{Desk, RoundKey, Tab};
use crate::i18n::{T, fill};
use crate::standings::Tiebreak;

#[derive(Default)]
pub struct StandingsTab {
    round: u32,
    /// The standings last computed: (revision, section, round) they belong to, the rows, and
    /// whether they are a bracket's places (a knockout, or a Swiss once its playoff began).
    cache: Option<(RoundKey, Vec<crate::standings::Standing>, bool)>,
    /// 团体名次 of a team section, above the players' standings.
    teams: super::teams::TeamStandingsView,
}

impl Tab for StandingsTab {
    fn title(&self) -> T {
        T::TabStandings
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(section) = paired_section(ui, desk) else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        ui.horizontal(|ui| {
            standings_round_picker(ui, "standings_round", &section, &mut self.round, lang);
            ui.heading(fill(t(T::StandingsAfter), &[&self.round]));
            if crate::app::results_provisional(&section, self.round) {
                ui.colored_label(ui.visuals().warn_fg_color, t(T::NotFinal));
            }
        });
        if section.settings.team_section.is_some() {
            self.teams.ui(ui, desk, &section, self.round);
        }
        let list = section.settings.standings.tiebreaks.clone();
        // Computed once per change of the event, not on every frame.
        let key = (desk.revision(), section.id, self.round);
        if self.cache.as_ref().is_none_or(|(k, _, _)| *k != key) {
            // A finished knockout or playoff ranks by its places, as the awards do.
            let rows = crate::app::final_standings(&section, self.round);
            let bracket = crate::app::bracket_places_after(&section, self.round).is_some();
            self.cache = Some((key, rows, bracket));
        }
        let (rows, bracket): (&[crate::standings::Standing], bool) = self
            .cache
            .as_ref()
            .map(|(_, r, b)| (r.as_slice(), *b))
            .unwrap_or((&[], false));
        // A bracket places players by the stage they reached, not by points: the players of
        // one stage share a range of places ("5–8"), and there are no points or tiebreaks to
        // show (zeros under a Swiss's headings said nothing).
        let list = if bracket { Vec::new() } else { list };
        let sharing = |rank: u32| rows.iter().filter(|r| r.rank == rank).count() as u32;
        let row_h = ui.text_style_height(&egui::TextStyle::Body) + 8.0;
        super::widgets::sideways(ui, "standings_sideways", |ui, room| {
            let mut table = egui_extras::TableBuilder::new(ui)
                .max_scroll_height(room)
                .id_salt("standings")
                .striped(true)
                .auto_shrink([false, false])
                .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
            let widths: &[f32] = if bracket {
                &[80.0, 50.0, 110.0, 140.0]
            } else {
                &[80.0, 50.0, 110.0, 140.0, 56.0]
            };
            for &w in widths {
                table = table.column(super::widgets::fit_column(w));
            }
            for _ in &list {
                table = table.column(super::widgets::fit_column(40.0));
            }
            table
                .header(row_h, |mut header| {
                    for h in [T::Rank, T::Number, T::Name, T::Unit, T::Points] {
                        if bracket && h == T::Points {
                            continue;
                        }
                        header.col(|ui| {
                            ui.strong(t(h));
                        });
                    }
                    for tb in &list {
                        header.col(|ui| {
                            // Words in Chinese; the FIDE code over them.
                            ui.strong(crate::i18n::tiebreak_window_name(*tb, lang))
                                .on_hover_text(tb.acronym());
                        });
                    }
                })
                .body(|body| {
                    body.rows(row_h, rows.len(), |mut row| {
                        let r = &rows[row.index()];
                        let e = section.entrant(r.entrant);
                        let shared = sharing(r.rank);
                        let rank = if bracket && shared > 1 {
                            format!("{}–{}", r.rank, r.rank + shared - 1)
                        } else if r.by_lot {
                            format!("{} ({})", r.rank, t(T::ByLot))
                        } else {
                            r.rank.to_string()
                        };
                        row.col(|ui| {
                            ui.label(rank);
                        });
                        row.col(|ui| {
                            ui.label(
                                e.and_then(|e| e.number)
                                    .map(|n| n.to_string())
                                    .unwrap_or_default(),
                            );
                        });
                        row.col(|ui| {
                            ui.label(e.map(|e| e.name.as_str()).unwrap_or("?"));
                        });
                        row.col(|ui| {
                            ui.label(e.map(|e| e.unit.as_str()).unwrap_or(""));
                        });
                        if !bracket {
                            row.col(|ui| {
                                ui.strong(r.points.to_string());
                            });
                        }
                        for v in r.tiebreaks.iter().filter(|_| !bracket) {
                            row.col(|ui| {
                                ui.label(Tiebreak::value_text(*v));
                            });
                        }
                    });
                });
        });
    }
}
