//! 参赛队 — the Entrants tab of a team section (团体赛): the teams with their players in the
//! team's order, a form to add or change one (Enter in any field saves it; the players are one
//! line, separated by commas), and the line-up grid of a round (出场名单): one line per team,
//! board 1 first, prefilled with the stored or default line-up; Enter in a line sets it, Tab
//! goes to the next team. The Pairings tab shows a round's matches above its boards
//! ([`matches_ui`]). Every change goes through the app services, one undoable action each.

use super::Desk;
use super::widgets::field;
use crate::app::{PlayerForm, TeamForm};
use crate::i18n::{T, fill};
use crate::model::{
    EntrantId, Section, SectionId, Sex, TeamNo, TeamRecords, board_number, default_lineup,
};
use std::collections::HashMap;

#[derive(Default)]
pub struct TeamsPanel {
    /// The team being changed (`None`: the form adds a team).
    editing: Option<TeamNo>,
    name: String,
    unit: String,
    captain: String,
    /// The players in the team's order, comma-separated.
    players: String,
    /// The round whose line-ups the grid shows.
    round: u32,
    /// Each team's line-up as typed, and the (revision, section, round) it was filled for.
    lineups: HashMap<TeamNo, String>,
    filled_for: Option<super::RoundKey>,
    focus_name: bool,
}

/// The team rows of a section, read once per change of the event.
fn records(desk: &Desk, section: SectionId) -> TeamRecords {
    desk.tournament
        .as_ref()
        .and_then(|t| t.team_records(section).ok())
        .unwrap_or_default()
}

/// Names separated by commas (，、 too), blanks dropped.
fn names(text: &str) -> Vec<String> {
    text.split([',', '，', '、'])
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

fn names_of(s: &Section, ids: &[EntrantId]) -> String {
    ids.iter()
        .filter_map(|id| s.entrant(*id))
        .map(|e| e.name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

impl TeamsPanel {
    fn clear(&mut self) {
        self.editing = None;
        self.name.clear();
        self.unit.clear();
        self.captain.clear();
        self.players.clear();
        self.focus_name = true;
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk, section: &Section) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let records = records(desk, section.id);
        let boards = section
            .settings
            .team_section
            .as_ref()
            .map_or(0, |o| o.boards);

        // The form.
        let mut save = false;
        ui.horizontal_wrapped(|ui| {
            let name = field(ui, t(T::TeamName), &mut self.name, 110.0);
            if std::mem::take(&mut self.focus_name) {
                name.request_focus();
            }
            let unit = field(ui, t(T::Unit), &mut self.unit, 120.0);
            let captain = field(ui, t(T::TeamCaptain), &mut self.captain, 80.0);
            let players = field(ui, t(T::TeamPlayersField), &mut self.players, 260.0);
            for r in [&name, &unit, &captain, &players] {
                if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    save = true;
                }
            }
            let label = if self.editing.is_some() {
                T::TeamSave
            } else {
                T::TeamAdd
            };
            if ui.button(t(label)).clicked() {
                save = true;
            }
            if self.editing.is_some() && ui.button(t(T::Cancel)).clicked() {
                self.clear();
            }
        });
        if save {
            let form = TeamForm {
                name: self.name.clone(),
                unit: self.unit.clone(),
                captain: self.captain.clone(),
                players: names(&self.players)
                    .into_iter()
                    .map(|name| PlayerForm {
                        name,
                        sex: Sex::Unknown,
                    })
                    .collect(),
            };
            let done = match self.editing {
                Some(n) => desk.act(|tour| tour.edit_team(section.id, n, &form)),
                None => desk
                    .act(|tour| tour.add_team(section.id, &form))
                    .map(|_| ()),
            };
            if done.is_some() {
                desk.info(format!("{} {}", t(T::TeamSaved), form.name));
                self.clear();
            }
        }
        ui.weak(fill(
            t(T::TeamFormHint),
            &[
                &boards,
                &section
                    .settings
                    .team_section
                    .as_ref()
                    .map_or(0, |o| o.reserves),
            ],
        ));
        ui.separator();

        // The teams.
        let mut edit = None;
        let mut remove = None;
        egui::ScrollArea::vertical()
            .id_salt("teams_list")
            .max_height(ui.available_height() * 0.45)
            .show(ui, |ui| {
                // One team a block: its number, name, unit and captain, then its players in
                // the team's order, wrapped to the window's width.
                for team in &records.teams {
                    ui.horizontal_wrapped(|ui| {
                        ui.strong(crate::app::team_label(team));
                        if !team.unit.is_empty() {
                            ui.label(&team.unit);
                        }
                        if !team.captain.is_empty() {
                            ui.label(format!(
                                "{}{}{}",
                                t(T::TeamCaptain),
                                t(T::ListLead),
                                team.captain
                            ));
                        }
                        if ui.small_button(t(T::TeamEdit)).clicked() {
                            edit = Some(team.clone());
                        }
                        if section.rounds.is_empty() && ui.small_button(t(T::TeamRemove)).clicked()
                        {
                            remove = Some(team.number);
                        }
                    });
                    ui.horizontal_wrapped(|ui| {
                        ui.add_space(16.0);
                        for (i, p) in team.players.iter().enumerate() {
                            let name = section.entrant(*p).map_or("", |e| e.name.as_str());
                            let text = egui::RichText::new(format!("{}. {name}", i + 1));
                            // The reserves (beyond the boards) are shown weaker.
                            if i as u32 >= boards {
                                ui.weak(text);
                            } else {
                                ui.label(text);
                            }
                        }
                    });
                    ui.separator();
                }
            });
        if let Some(team) = edit {
            self.editing = Some(team.number);
            self.name = team.name.clone();
            self.unit = team.unit.clone();
            self.captain = team.captain.clone();
            self.players = names_of(section, &team.players);
            self.focus_name = true;
        }
        if let Some(n) = remove {
            desk.act(|tour| tour.remove_team(section.id, n));
        }
        ui.separator();

        // The line-up grid of a round.
        let last = section.rounds.len() as u32;
        if self.round == 0 {
            self.round = (last + 1).min(section.settings.rounds.max(1));
        }
        ui.horizontal(|ui| {
            ui.strong(t(T::ActTeamLineup));
            let l = ui.label(t(T::Round));
            ui.add(egui::DragValue::new(&mut self.round).range(1..=section.settings.rounds.max(1)))
                .labelled_by(l.id);
        });
        let key = (desk.revision(), section.id, self.round);
        if self.filled_for != Some(key) {
            self.filled_for = Some(key);
            self.lineups = records
                .teams
                .iter()
                .map(|team| {
                    let ids = match records.lineup(self.round, team.number) {
                        Some(l) => l.players.clone(),
                        None => default_lineup(&team.players, boards, |p| {
                            section.entrant(p).is_some_and(|e| e.is_active())
                        }),
                    };
                    (team.number, names_of(section, &ids))
                })
                .collect();
        }
        let mut set = None;
        egui::ScrollArea::vertical()
            .id_salt("lineups")
            .show(ui, |ui| {
                for team in &records.teams {
                    ui.horizontal(|ui| {
                        let l = ui.label(crate::app::team_label(team));
                        let text = self.lineups.entry(team.number).or_default();
                        // As wide as the names typed, within the window.
                        let width = ui
                            .fonts_mut(|f| {
                                f.layout_no_wrap(
                                    text.clone(),
                                    egui::TextStyle::Body.resolve(ui.style()),
                                    egui::Color32::WHITE,
                                )
                            })
                            .size()
                            .x;
                        let width = (width + 24.0).max(240.0).min(ui.available_width());
                        let r = ui
                            .add(egui::TextEdit::singleline(text).desired_width(width))
                            .labelled_by(l.id);
                        if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                            set = Some((team.clone(), text.clone()));
                        }
                    });
                }
            });
        if let Some((team, text)) = set {
            let mut ids = Vec::new();
            for name in names(&text) {
                match team
                    .players
                    .iter()
                    .find(|p| section.entrant(**p).is_some_and(|e| e.name == name))
                {
                    Some(p) => ids.push(*p),
                    None => {
                        desk.message = Some((
                            true,
                            fill(
                                t(T::TeamErrPlayersArg),
                                &[&(ids.len() + 1), &name, &t(T::TeamErrNotATeamPlayer)],
                            ),
                        ));
                        return;
                    }
                }
            }
            let round = self.round;
            if desk
                .act(|tour| tour.set_lineup(section.id, round, team.number, &ids))
                .is_some()
            {
                desk.info(format!(
                    "{} {}",
                    t(T::ActTeamLineup),
                    crate::app::team_label(&team)
                ));
            }
        }
    }
}

/// The matches of a round of a team section, above its boards: table, the two teams and the
/// 局分 of the boards with a result.
pub fn matches_ui(ui: &mut egui::Ui, desk: &Desk, section: &Section, round: u32) {
    let Some(options) = &section.settings.team_section else {
        return;
    };
    let records = records(desk, section.id);
    let event = crate::app::team_event(section, &records);
    let lang = desk.lang;
    let name = |n: TeamNo| {
        records
            .team(n)
            .map_or_else(String::new, crate::app::team_label)
    };
    ui.horizontal_wrapped(|ui| {
        for m in records.matches_of(round) {
            let (a, b) = event
                .matches
                .iter()
                .find(|x| x.round == round && x.first == m.first)
                .map(|x| x.game_points(options.boards))
                .unwrap_or_default();
            ui.label(fill(
                T::TeamMatchLine.get(lang),
                &[
                    &m.table,
                    &name(m.first),
                    &a,
                    &b,
                    &name(m.second),
                    &board_number(m.table, 1, options.boards),
                    &board_number(m.table, options.boards, options.boards),
                ],
            ));
            ui.separator();
        }
        for bye in records.byes.iter().filter(|b| b.round == round) {
            ui.label(fill(T::TeamByeLine.get(lang), &[&name(bye.team)]));
        }
    });
}

/// 团体名次 — the team standings of a team section after a round: place, team, 场分, 局分 and
/// the section's team tie-breaks, computed once per change of the event.
#[derive(Default)]
pub struct TeamStandingsView {
    cache: Option<(
        super::RoundKey,
        Vec<crate::standings::team_fide::TeamStanding>,
    )>,
}

impl TeamStandingsView {
    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &Desk, section: &Section, round: u32) {
        let Some(options) = &section.settings.team_section else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let key = (desk.revision(), section.id, round);
        if self.cache.as_ref().is_none_or(|(k, _)| *k != key) {
            let lines = desk
                .tournament
                .as_ref()
                .and_then(|tour| tour.team_standings(section.id, Some(round)).ok())
                .unwrap_or_default();
            self.cache = Some((key, lines));
        }
        let lines = self.cache.as_ref().map_or(&[][..], |(_, l)| &l[..]);
        let records = records(desk, section.id);
        ui.strong(t(T::TeamStandingsHeading));
        egui::ScrollArea::vertical()
            .id_salt("team_standings")
            .max_height(ui.available_height() * 0.4)
            .show(ui, |ui| {
                egui::Grid::new("team_standings_grid")
                    .striped(true)
                    .show(ui, |ui| {
                        for h in [T::Rank, T::Number, T::TeamName] {
                            ui.strong(t(h));
                        }
                        ui.strong(t(T::TeamMatchPoints));
                        ui.strong(t(T::TeamGamePoints));
                        for spec in &options.tiebreaks {
                            ui.strong(crate::report::team_paper::team_tiebreak_label(*spec, lang));
                        }
                        ui.end_row();
                        for line in lines {
                            ui.label(line.rank.to_string());
                            ui.label(line.team.to_string());
                            ui.label(records.team(line.team).map_or("", |x| x.name.as_str()));
                            ui.label(line.match_points.to_string());
                            ui.label(line.game_points.to_string());
                            for v in &line.values {
                                ui.label(format!("{v}"));
                            }
                            ui.end_row();
                        }
                    });
            });
        ui.separator();
    }
}
