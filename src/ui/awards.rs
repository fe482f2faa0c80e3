//! 奖项 — what the chosen section awards after a round: individual prizes, titles, qualifiers,
//! grade promotions, each sub-ranking (女子, 境外 …), the team standings and team prizes. All
//! of it comes from [`section_awards`], computed once per change of the event; the team
//! standings only where the section holds a team competition, as on paper.

use super::widgets::{paired_section, standings_round_picker};
use super::{Desk, RoundKey, Tab};
use crate::app::{SectionAwards, section_awards};
use crate::awards::{AwardError, PrizeKind};
use crate::i18n::{Lang, T, fill};
use crate::model::{Section, SectionId};

#[derive(Default)]
pub struct AwardsTab {
    round: u32,
    cache: Option<(RoundKey, SectionAwards)>,
    /// The empty section the qualified list is to be entered into (晋级正赛).
    main_event: Option<SectionId>,
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(8.0);
    ui.heading(text);
}

fn failed(ui: &mut egui::Ui, e: &AwardError, lang: Lang) {
    ui.colored_label(
        ui.visuals().error_fg_color,
        fill(T::AwardRulesInvalid.get(lang), &[e]),
    );
}

fn none(ui: &mut egui::Ui, lang: Lang) {
    ui.weak(T::NoneYet.get(lang));
}

/// 晋级正赛: once the section is over, its qualified list is entered into an empty section
/// chosen here (the main event made beforehand in the Event tab), numbered in the list's order.
fn enter_qualifiers(
    ui: &mut egui::Ui,
    desk: &mut Desk,
    section: &Section,
    target: &mut Option<SectionId>,
) {
    let lang = desk.lang;
    let t = |k: T| k.get(lang);
    let Some(tour) = desk.tournament.as_ref() else {
        return;
    };
    let empty: Vec<(SectionId, String)> = tour
        .event()
        .sections
        .iter()
        .filter(|s| s.id != section.id && crate::app::takes_qualifiers(s))
        .map(|s| (s.id, s.name.clone()))
        .collect();
    if !empty.iter().any(|(id, _)| Some(*id) == *target) {
        *target = empty.first().map(|(id, _)| *id);
    }
    let Some(chosen) = *target else {
        ui.weak(t(T::QualifiersNoTarget));
        return;
    };
    let name = |id: SectionId| {
        empty
            .iter()
            .find(|(s, _)| *s == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    };
    let mut go = false;
    ui.horizontal(|ui| {
        let l = ui.label(t(T::QualifiersInto));
        egui::ComboBox::from_id_salt("qualifiers_into")
            .selected_text(name(chosen))
            .show_ui(ui, |ui| {
                for (id, n) in &empty {
                    ui.selectable_value(target, Some(*id), n);
                }
            })
            .response
            .labelled_by(l.id);
        go = ui.button(t(T::QualifiersEnter)).clicked();
    });
    if go {
        let to = target.unwrap_or(chosen);
        if let Some(ids) = desk.act(|tour| tour.enter_qualifiers(section.id, to)) {
            desk.info(fill(
                T::JournalQualifiers.get(lang),
                &[&section.name, &name(to), &ids.len()],
            ));
        }
    }
    ui.weak(t(T::QualifiersEnterHelp));
}

fn unit(section: &Section, id: crate::model::EntrantId) -> String {
    section
        .entrant(id)
        .map(|e| e.unit.clone())
        .unwrap_or_default()
}

impl Tab for AwardsTab {
    fn title(&self) -> T {
        T::TabAwards
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(section) = paired_section(ui, desk) else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        ui.horizontal(|ui| {
            standings_round_picker(ui, "awards_round", &section, &mut self.round, lang);
            ui.heading(fill(t(T::AwardsAfter), &[&self.round]));
        });
        let key = (desk.revision(), section.id, self.round);
        if self.cache.as_ref().is_none_or(|(k, _)| *k != key) {
            self.cache = Some((key, section_awards(&section, self.round)));
        }
        let Some((_, a)) = &self.cache else {
            return;
        };
        let main_event = &mut self.main_event;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // A bracket still in play awards nothing by place yet: say so, rather than a
                // bare “none” under every heading.
                if !a.undecided.is_empty() {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        fill(t(T::BracketUndecided), &[&a.undecided.len()]),
                    );
                }
                heading(ui, t(T::Prizes));
                match &a.prizes {
                    Err(e) => failed(ui, e, lang),
                    Ok(list) if list.prizes.is_empty() => none(ui, lang),
                    Ok(list) => {
                        egui::Grid::new("prizes").striped(true).show(ui, |ui| {
                            for h in [T::Rank, T::Name, T::Unit, T::Amount, T::PrizeKindLabel] {
                                ui.strong(t(h));
                            }
                            ui.end_row();
                            for p in &list.prizes {
                                ui.label(p.place.to_string());
                                ui.label(section.label(p.winner));
                                ui.label(unit(&section, p.winner));
                                ui.label(p.amount.to_string());
                                ui.label(match &p.kind {
                                    PrizeKind::Place => t(T::PlacePrize).to_string(),
                                    PrizeKind::Special(name) => name.clone(),
                                });
                                ui.end_row();
                            }
                        });
                        ui.label(format!(
                            "{} {} （{}）",
                            t(T::Total),
                            list.total(),
                            crate::i18n::tax_basis(list.tax, lang)
                        ));
                    }
                }
                heading(ui, t(T::Titles));
                match &a.titles {
                    Err(e) => failed(ui, e, lang),
                    Ok(v) if v.is_empty() => none(ui, lang),
                    Ok(v) => {
                        egui::Grid::new("titles").striped(true).show(ui, |ui| {
                            for x in v {
                                ui.label(x.place.to_string());
                                ui.label(section.label(x.entrant));
                                ui.label(&x.title);
                                ui.end_row();
                            }
                        });
                    }
                }
                heading(ui, t(T::QualifiersHeading));
                match &a.qualifiers {
                    Err(e) => failed(ui, e, lang),
                    Ok(v) if v.is_empty() => none(ui, lang),
                    Ok(v) => {
                        let names: Vec<String> = v.iter().map(|id| section.label(*id)).collect();
                        ui.label(names.join("、"));
                        enter_qualifiers(ui, desk, &section, main_event);
                    }
                }
                heading(ui, t(T::Promotions));
                if a.promotions.is_empty() {
                    none(ui, lang);
                } else {
                    egui::Grid::new("promotions").striped(true).show(ui, |ui| {
                        for p in &a.promotions {
                            ui.label(section.label(p.entrant));
                            ui.label(format!("{} → {}", p.from_grade, p.to_grade));
                            ui.label(format!("{} / {}", p.points, p.required));
                            ui.end_row();
                        }
                    });
                }
                heading(ui, t(T::SubRankingsHeading));
                if a.sub_rankings.is_empty() {
                    none(ui, lang);
                }
                for (name, rows) in &a.sub_rankings {
                    egui::CollapsingHeader::new(format!("{name} ({})", rows.len()))
                        .default_open(true)
                        .show(ui, |ui| {
                            egui::Grid::new(("sub", name)).striped(true).show(ui, |ui| {
                                for h in [T::Rank, T::OverallRank, T::Name, T::Unit] {
                                    ui.strong(t(h));
                                }
                                ui.end_row();
                                for r in rows {
                                    ui.label(r.place.to_string());
                                    ui.label(r.overall.to_string());
                                    ui.label(section.label(r.entrant));
                                    ui.label(unit(&section, r.entrant));
                                    ui.end_row();
                                }
                            });
                        });
                }
                heading(ui, t(T::TeamStandings));
                // Team places only where the section holds a team competition, as the result
                // book, the certificates and the order book decide (one rule for all:
                // `Section::has_team_competition`); a unit alone is no team.
                if !section.has_team_competition() {
                    ui.weak(t(T::NoTeamCompetition));
                } else if a.teams.is_empty() {
                    none(ui, lang);
                } else {
                    egui::Grid::new("teams").striped(true).show(ui, |ui| {
                        for h in [T::Rank, T::Unit, T::RankSum, T::PlacesCounted] {
                            ui.strong(t(h));
                        }
                        ui.end_row();
                        for r in &a.teams {
                            ui.label(r.rank.to_string());
                            ui.label(&r.team);
                            ui.label(r.rank_sum.to_string());
                            let places: Vec<String> =
                                r.places.iter().map(|p| p.to_string()).collect();
                            ui.label(places.join("、"));
                            ui.end_row();
                        }
                    });
                }
                heading(ui, t(T::TeamPrizes));
                match &a.team_prizes {
                    Err(e) => failed(ui, e, lang),
                    Ok(list) if list.prizes.is_empty() => none(ui, lang),
                    Ok(list) => {
                        egui::Grid::new("team_prizes").striped(true).show(ui, |ui| {
                            for p in &list.prizes {
                                ui.label(p.place.to_string());
                                ui.label(&p.winner);
                                ui.label(p.amount.to_string());
                                ui.end_row();
                            }
                        });
                    }
                }
            });
    }
}
