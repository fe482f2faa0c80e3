//! 赛事 — the event's details and its sections with their settings (game, system, rounds, point
//! system as the six-value table plus bye and forfeit values, round-1 pattern).

use super::widgets::field;
use super::{Desk, Tab};
use crate::app::AppError;
use crate::i18n::T;
use crate::model::{
    Event, FirstRoundPattern, GameKind, PairingSystem, PointSystem, PointSystemPreset, Points,
    SectionId, SectionSettings,
};

#[derive(Default)]
pub struct EventTab {
    /// The file and section the form was filled from; refilled when they change.
    loaded: Option<(std::path::PathBuf, Option<SectionId>)>,
    info: [String; 6],
    section_name: String,
    settings: SectionSettings,
    rounds: String,
    /// red win/draw/loss, black win/draw/loss, bye, forfeit win, forfeit loss.
    points: [String; 9],
    new_section: String,
}

fn point_fields(p: &PointSystem) -> [String; 9] {
    [
        p.red.win,
        p.red.draw,
        p.red.loss,
        p.black.win,
        p.black.draw,
        p.black.loss,
        p.bye,
        p.forfeit_win,
        p.forfeit_loss,
    ]
    .map(|v| v.to_string())
}

impl EventTab {
    fn fill(&mut self, desk: &Desk) {
        let Some(tour) = desk.tournament.as_ref() else {
            return;
        };
        let key = (tour.path().to_path_buf(), desk.section().map(|s| s.id));
        if self.loaded.as_ref() == Some(&key) {
            return;
        }
        let e = tour.event();
        let date = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        self.info = [
            e.name.clone(),
            e.organiser.clone(),
            e.venue.clone(),
            date(e.start_date),
            date(e.end_date),
            e.chief_arbiter.clone(),
        ];
        if let Some(s) = desk.section() {
            self.section_name = s.name.clone();
            self.settings = s.settings.clone();
            self.rounds = s.settings.rounds.to_string();
            self.points = point_fields(&s.settings.points);
        }
        self.loaded = Some(key);
    }

    fn event_info(&self) -> Result<Event, AppError> {
        let date = |i: usize, field: T| -> Result<Option<chrono::NaiveDate>, AppError> {
            match self.info[i].trim() {
                "" => Ok(None),
                t => super::entrants::parse_birth_date(t)
                    .map(Some)
                    .ok_or_else(|| AppError::FieldInvalid {
                        field,
                        value: t.into(),
                        reason: "YYYY-MM-DD".into(),
                    }),
            }
        };
        Ok(Event {
            name: self.info[0].trim().into(),
            organiser: self.info[1].trim().into(),
            venue: self.info[2].trim().into(),
            start_date: date(3, T::StartDate)?,
            end_date: date(4, T::EndDate)?,
            chief_arbiter: self.info[5].trim().into(),
            sections: vec![],
        })
    }

    fn section_settings(&self) -> Result<SectionSettings, AppError> {
        let rounds = self
            .rounds
            .trim()
            .parse::<u32>()
            .map_err(|_| AppError::FieldInvalid {
                field: T::Rounds,
                value: self.rounds.clone(),
                reason: "1–99".into(),
            })?;
        let mut v = [Points::ZERO; 9];
        for (slot, text) in v.iter_mut().zip(&self.points) {
            *slot = Points::parse(text).ok_or_else(|| AppError::FieldInvalid {
                field: T::PointSystem,
                value: text.clone(),
                reason: "0, 0.5, 1, 1.5 …".into(),
            })?;
        }
        let wdl = |a: Points, b: Points, c: Points| crate::model::points::Wdl {
            win: a,
            draw: b,
            loss: c,
        };
        let points = PointSystem {
            red: wdl(v[0], v[1], v[2]),
            black: wdl(v[3], v[4], v[5]),
            bye: v[6],
            half_bye: v[1],
            forfeit_win: v[7],
            forfeit_loss: v[8],
        };
        Ok(SectionSettings {
            rounds,
            points,
            ..self.settings.clone()
        })
    }
}

impl Tab for EventTab {
    fn title(&self) -> T {
        T::TabEvent
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        self.fill(desk);
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        egui::ScrollArea::vertical().show(ui, |ui| {
            egui::Grid::new("event_info").num_columns(2).show(ui, |ui| {
                let labels = [
                    T::EventName,
                    T::Organiser,
                    T::Venue,
                    T::StartDate,
                    T::EndDate,
                    T::ChiefArbiter,
                ];
                for (label, value) in labels.iter().zip(self.info.iter_mut()) {
                    field(ui, t(*label), value, 360.0);
                    ui.end_row();
                }
            });
            if ui.button(t(T::SaveEvent)).clicked() {
                match self.event_info() {
                    Ok(info) => {
                        if desk.act(|tour| tour.set_event_info(&info)).is_some() {
                            desk.info(format!("{} ✓", info.name));
                        }
                    }
                    Err(e) => desk.error(&e),
                }
            }
            if ui.button(t(T::ExportOrderBook)).clicked() {
                let name = format!("{}-{}.pdf", self.info[0], t(T::DocOrderBook));
                if let Some(path) = desk.save_path(t(T::DocOrderBook), &name, "pdf", "PDF")
                    && desk
                        .act(|tour| tour.export_order_book(&path, lang))
                        .is_some()
                {
                    desk.info(format!("{} {}", t(T::Exported), path.display()));
                }
            }
            ui.separator();
            ui.heading(t(T::Sections));
            ui.horizontal(|ui| {
                field(ui, t(T::SectionName), &mut self.new_section, 160.0);
                if ui.button(t(T::AddSection)).clicked() {
                    let name = self.new_section.clone();
                    if let Some(id) =
                        desk.act(|tour| tour.add_section(&name, &SectionSettings::default()))
                    {
                        desk.section = Some(id);
                        self.new_section.clear();
                        self.loaded = None;
                    }
                }
            });
            let Some(section) = desk.section().cloned() else {
                return;
            };
            ui.add_space(6.0);
            egui::Grid::new("section_settings")
                .num_columns(2)
                .show(ui, |ui| {
                    field(ui, t(T::SectionName), &mut self.section_name, 200.0);
                    ui.end_row();
                    ui.label(t(T::Game));
                    ui.horizontal(|ui| {
                        ui.selectable_value(
                            &mut self.settings.game,
                            GameKind::Xiangqi,
                            t(T::Xiangqi),
                        );
                        ui.selectable_value(&mut self.settings.game, GameKind::Chess, t(T::Chess));
                    });
                    ui.end_row();
                    ui.label(t(T::System));
                    ui.horizontal(|ui| {
                        for (s, k) in [
                            (PairingSystem::XiangqiSwiss, T::SystemXiangqiSwiss),
                            (PairingSystem::Dutch, T::SystemDutch),
                            (PairingSystem::RoundRobin, T::SystemRoundRobin),
                            (PairingSystem::Knockout, T::SystemKnockout),
                        ] {
                            ui.selectable_value(&mut self.settings.system, s, t(k));
                        }
                    });
                    ui.end_row();
                    field(ui, t(T::Rounds), &mut self.rounds, 50.0);
                    ui.end_row();
                    ui.label(t(T::PointSystem));
                    ui.horizontal(|ui| {
                        for p in PointSystemPreset::ALL {
                            if ui.button(p.label()).clicked() {
                                self.points = point_fields(&p.system());
                            }
                        }
                    });
                    ui.end_row();
                    ui.label("");
                    egui::Grid::new("points_table").show(ui, |ui| {
                        ui.label("");
                        for k in [T::OutcomeRedWin, T::OutcomeDraw, T::OutcomeBlackWin] {
                            ui.label(t(k));
                        }
                        ui.end_row();
                        for (row, side) in [(0, T::Red), (1, T::Black)] {
                            ui.label(t(side));
                            for (c, k) in [T::OutcomeRedWin, T::OutcomeDraw, T::OutcomeBlackWin]
                                .into_iter()
                                .enumerate()
                            {
                                let name = format!("{} {}", t(side), t(k));
                                let edit =
                                    egui::TextEdit::singleline(&mut self.points[row * 3 + c])
                                        .desired_width(40.0);
                                let r = ui.add(edit.id_salt(&name));
                                r.widget_info(|| {
                                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name)
                                });
                            }
                            ui.end_row();
                        }
                        for (i, k) in [
                            (6, T::Bye),
                            (7, T::OutcomeRedWinByForfeit),
                            (8, T::OutcomeBlackWinByForfeit),
                        ] {
                            let l = ui.label(t(k));
                            ui.add(
                                egui::TextEdit::singleline(&mut self.points[i]).desired_width(40.0),
                            )
                            .labelled_by(l.id);
                            ui.end_row();
                        }
                    });
                    ui.end_row();
                    ui.label(t(T::FirstRound));
                    ui.selectable_value(
                        &mut self.settings.first_round,
                        FirstRoundPattern::AdjacentAlternating,
                        t(T::FirstRoundAdjacent),
                    );
                    ui.end_row();
                });
            ui.horizontal(|ui| {
                if ui.button(t(T::SaveSection)).clicked() {
                    match self.section_settings() {
                        Ok(settings) => {
                            let name = self.section_name.clone();
                            if desk
                                .act(|tour| tour.update_section(section.id, &name, &settings))
                                .is_some()
                            {
                                desk.info(format!("{name} ✓"));
                                self.loaded = None;
                            }
                        }
                        Err(e) => desk.error(&e),
                    }
                }
                if ui.button(t(T::RemoveSection)).clicked()
                    && desk.act(|tour| tour.remove_section(section.id)).is_some()
                {
                    desk.section = None;
                    self.loaded = None;
                }
            });
        });
    }
}
