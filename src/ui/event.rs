//! 赛事 — the event's details and its sections with their settings (game, system, rounds, point
//! system as the six-value table plus bye and forfeit values, round-1 pattern, the xiangqi
//! Swiss pairing options and the tiebreak list with its presets). Every field is a plain
//! widget in Tab order; what does not parse is named in red beside the field before saving.

use super::widgets::field;
use super::{Desk, Tab};
use crate::app::AppError;
use crate::app::WILDCARD_FLAG;
use crate::awards::{AwardOptions, AwardPreset, PrizeBand, TitleRule};
use crate::i18n::phase_text;
use crate::i18n::{T, fill};
use crate::model::{
    Event, FirstRoundPattern, GameKind, PairingSystem, PointSystem, PointSystemPreset, Points,
    SectionId, SectionSettings,
};
use crate::pairing::knockout::{ColourRule, KnockoutOptions, MatchPhase};
use crate::pairing::playoff::seed_000_format;
use crate::pairing::qualification::{QualificationOptions, QualificationStage, SubListQuota};
use crate::pairing::xiangqi::{ByePolicy, ForfeitCount, PositionalRule};
use crate::standings::{Preset, Tiebreak, parse_list};

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
    /// The tiebreak list as text (names or acronyms, comma-separated).
    tiebreaks: String,
    /// 同队回避 from / to round.
    same_unit: [String; 2],
    /// 弃权 N 轮不编排.
    forfeit_exclusion: String,
    /// 个人奖金 as text: "1:2000, 2:1200, 4-6:500".
    prizes: String,
    /// 参赛资格 — how many qualify.
    qualifiers: String,
    /// 等级称号 as typed ([`titles_text`]).
    titles: String,
    /// 交叉赛: how many play it, after which round.
    playoff: [String; 2],
    /// 分阶段晋级 as typed ([`qualification_text`]).
    qualification: String,
    new_section: String,
}

/// The tiebreak list as the arbiter reads and types it: the Chinese name where the list
/// parser reads it back, else the acronym.
pub fn tiebreak_list_text(list: &[Tiebreak], lang: crate::i18n::Lang) -> String {
    list.iter()
        .map(|tb| {
            let label = crate::i18n::tiebreak_label(*tb, lang);
            if parse_list(&label).ok().as_deref() == Some(&[*tb][..]) {
                label
            } else {
                tb.acronym()
            }
        })
        .collect::<Vec<_>>()
        .join("、")
}

/// The items of a list the arbiter types on one line: separated by commas, 、 or semicolons
/// (Chinese or Latin), blanks dropped. Each item's parts are separated by [`PART`].
fn list_items(text: &str) -> impl Iterator<Item = &str> {
    text.split([',', '，', '、', ';', '；'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// Between the parts of an item: ":" or "：".
const PART: [char; 2] = [':', '：'];

/// "4-6" or "4" — a range of places as typed (also with – ~ ～).
fn place_range(text: &str) -> Option<(u32, u32)> {
    let text = text.trim();
    match text.split_once(['-', '–', '~', '～']) {
        Some((a, b)) => Some((a.trim().parse().ok()?, b.trim().parse().ok()?)),
        None => text.parse().ok().map(|p| (p, p)),
    }
}

/// [`place_range`] written back.
fn place_range_text(from: u32, to: u32) -> String {
    if from == to {
        from.to_string()
    } else {
        format!("{from}-{to}")
    }
}

/// "1:2000, 2:1200, 4-6:500" — the bands of a prize table as the arbiter types them.
pub fn bands_text(bands: &[PrizeBand]) -> String {
    bands
        .iter()
        .map(|b| format!("{}:{}", place_range_text(b.from, b.to), b.amount))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads [`bands_text`] back (also with Chinese punctuation); the error says which item.
pub fn parse_bands(text: &str) -> Result<Vec<PrizeBand>, String> {
    list_items(text)
        .map(|item| {
            let bad = || format!("“{item}”: 名次:金额 / place:amount, e.g. 1:2000, 4-6:500");
            let (places, amount) = item.split_once(PART).ok_or_else(bad)?;
            let amount: i64 = amount.trim().parse().map_err(|_| bad())?;
            match place_range(places) {
                Some((from, to)) if amount >= 0 => Ok(PrizeBand { from, to, amount }),
                _ => Err(bad()),
            }
        })
        .collect()
}

/// "1-8:三级运动员:15" — the titles granted by place as the arbiter types them: places, title,
/// and the number of players who must have played (left out when there is no such minimum).
pub fn titles_text(rules: &[TitleRule]) -> String {
    rules
        .iter()
        .map(|r| {
            let places = place_range_text(r.from, r.to);
            match r.min_played {
                0 => format!("{places}:{}", r.title),
                m => format!("{places}:{}:{m}", r.title),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads [`titles_text`] back (also with Chinese punctuation); the error says which item.
pub fn parse_titles(text: &str) -> Result<Vec<TitleRule>, String> {
    list_items(text)
        .map(|item| {
            let bad = || {
                format!(
                    "“{item}”: 名次:称号[:上场人数] / places:title[:played], e.g. 1-8:三级运动员:15"
                )
            };
            let mut parts = item.split(PART).map(str::trim);
            let (Some(places), Some(title)) = (parts.next(), parts.next()) else {
                return Err(bad());
            };
            let min_played = match parts.next() {
                Some(m) => m.parse::<u32>().map_err(|_| bad())?,
                None => 0,
            };
            match place_range(places) {
                Some((from, to))
                    if from >= 1 && from <= to && !title.is_empty() && parts.next().is_none() =>
                {
                    Ok(TitleRule {
                        title: title.to_string(),
                        from,
                        to,
                        min_played,
                    })
                }
                _ => Err(bad()),
            }
        })
        .collect()
}

/// "9:8, 10:8, 11:10, 境外运动员:4, 外卡:2" — a staged qualification as the arbiter types it: after
/// round 9 the best 8 qualify, …; then the best 4 of the sub-list 境外运动员; then 2 wildcards.
pub fn qualification_text(q: &QualificationOptions) -> String {
    let stages = q
        .stages
        .iter()
        .map(|s| format!("{}:{}", s.after_round, s.count));
    let lists = q
        .sub_lists
        .iter()
        .map(|l| format!("{}:{}", l.name, l.count));
    let wildcards = (q.wildcards > 0).then(|| format!("{}:{}", WILDCARD_FLAG, q.wildcards));
    stages
        .chain(lists)
        .chain(wildcards)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads [`qualification_text`] back (also with Chinese punctuation); the error says which item.
pub fn parse_qualification(text: &str) -> Result<QualificationOptions, String> {
    let mut q = QualificationOptions::default();
    for item in list_items(text) {
        let bad = || format!("“{item}”: 轮次:人数 / 名单:人数 / 外卡:人数, e.g. 9:8, 境外运动员:4");
        let (key, count) = item.split_once(PART).ok_or_else(bad)?;
        let (key, count) = (key.trim(), count.trim().parse::<u32>().map_err(|_| bad())?);
        if let Ok(after_round) = key.parse::<u32>() {
            if after_round == 0 {
                return Err(bad());
            }
            q.stages.push(QualificationStage { after_round, count });
        } else if key == WILDCARD_FLAG {
            q.wildcards = count;
        } else if key.is_empty() {
            return Err(bad());
        } else {
            q.sub_lists.push(SubListQuota {
                name: key.to_string(),
                count,
            });
        }
    }
    Ok(q)
}

fn award_preset_label(p: AwardPreset) -> T {
    match p {
        AwardPreset::Seed000Men => T::AwSeed000Men,
        AwardPreset::Seed000Women => T::AwSeed000Women,
        AwardPreset::Seed002QualifierMen => T::AwSeed002QualifierMen,
        AwardPreset::Seed002QualifierWomen => T::AwSeed002QualifierWomen,
        AwardPreset::Seed002MainMen => T::AwSeed002MainMen,
        AwardPreset::Seed002MainWomen => T::AwSeed002MainWomen,
        AwardPreset::Seed004Open => T::AwSeed004Open,
        AwardPreset::Seed004GradeEvent => T::AwSeed004GradeEvent,
    }
}

const AWARD_PRESETS: [AwardPreset; 8] = [
    AwardPreset::Seed000Men,
    AwardPreset::Seed000Women,
    AwardPreset::Seed002QualifierMen,
    AwardPreset::Seed002QualifierWomen,
    AwardPreset::Seed002MainMen,
    AwardPreset::Seed002MainWomen,
    AwardPreset::Seed004Open,
    AwardPreset::Seed004GradeEvent,
];

fn preset_label(p: Preset) -> T {
    match p {
        Preset::Xiangqi1431 => T::TbPreset1431,
        Preset::Xiangqi1432 => T::TbPreset1432,
        Preset::Seed001Swiss => T::TbPresetSeed001Swiss,
        Preset::Xiangqi141 => T::TbPreset141,
        Preset::Seed001RoundRobin => T::TbPresetSeed001RoundRobin,
        Preset::FideSwiss => T::TbPresetFideSwiss,
        Preset::FideRoundRobin => T::TbPresetFideRoundRobin,
    }
}

/// "慢棋2局（猜先） → 快棋2局（换先） → 超快棋决胜（猜先）" — a match's chain of phases.
fn phases_text(phases: &[MatchPhase], lang: crate::i18n::Lang) -> String {
    let t = |k: T| k.get(lang);
    phases
        .iter()
        .map(|p| {
            let kind = phase_text(p.kind, lang);
            let kind = match p.kind {
                crate::model::GamePhase::SuddenDeath | crate::model::GamePhase::Armageddon => {
                    kind.to_string()
                }
                _ => fill(t(T::PhaseGames), &[&kind, &p.games]),
            };
            let colours = match p.first_colours {
                ColourRule::Lot => T::ColourLot,
                ColourRule::SwapPrevious => T::ColourSwap,
                ColourRule::HigherSeedChooses => T::ColourHigherSeed,
                ColourRule::LotWinnerChooses => T::ColourLotWinner,
            };
            fill(t(T::PhaseWithColours), &[&kind, &t(colours)])
        })
        .collect::<Vec<_>>()
        .join(" → ")
}

/// A red message under a field that does not parse.
fn invalid(ui: &mut egui::Ui, text: Option<String>) {
    if let Some(t) = text {
        ui.colored_label(ui.visuals().error_fg_color, t);
    }
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
            self.tiebreaks = tiebreak_list_text(&s.settings.standings.tiebreaks, desk.lang);
            let x = &s.settings.xiangqi;
            self.same_unit = [x.same_unit_from.to_string(), x.same_unit_to.to_string()];
            self.forfeit_exclusion = x.forfeit_exclusion.to_string();
            let p = &s.settings.playoff;
            self.playoff = [p.players.to_string(), p.after_round.to_string()];
            self.qualification = qualification_text(&s.settings.qualification);
            self.award_fields();
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
        let tiebreaks = parse_list(&self.tiebreaks).map_err(|e| AppError::FieldInvalid {
            field: T::Tiebreaks,
            value: self.tiebreaks.clone(),
            reason: e.to_string(),
        })?;
        let round_no = |text: &String, field: T| {
            text.trim()
                .parse::<u32>()
                .map_err(|_| AppError::FieldInvalid {
                    field,
                    value: text.clone(),
                    reason: "0–99".into(),
                })
        };
        let mut out = SectionSettings {
            rounds,
            points,
            ..self.settings.clone()
        };
        out.standings.tiebreaks = tiebreaks;
        out.xiangqi.same_unit_from = round_no(&self.same_unit[0], T::SameUnitFrom)?;
        out.xiangqi.same_unit_to = round_no(&self.same_unit[1], T::SameUnitTo)?;
        out.xiangqi.forfeit_exclusion = round_no(&self.forfeit_exclusion, T::ForfeitExclusion)?;
        out.playoff.players = round_no(&self.playoff[0], T::PlayoffPlayers)?;
        out.playoff.after_round = round_no(&self.playoff[1], T::PlayoffAfterRound)?;
        out.qualification =
            parse_qualification(&self.qualification).map_err(|reason| AppError::FieldInvalid {
                field: T::Qualification,
                value: self.qualification.clone(),
                reason,
            })?;
        let bands = parse_bands(&self.prizes).map_err(|reason| AppError::FieldInvalid {
            field: T::Prizes,
            value: self.prizes.clone(),
            reason,
        })?;
        out.awards.prizes.bands = bands;
        out.awards
            .prizes
            .validate()
            .map_err(|e| AppError::FieldInvalid {
                field: T::Prizes,
                value: self.prizes.clone(),
                reason: e.to_string(),
            })?;
        out.awards.qualifiers = round_no(&self.qualifiers, T::QualifiersHeading)?;
        out.awards.titles =
            parse_titles(&self.titles).map_err(|reason| AppError::FieldInvalid {
                field: T::Titles,
                value: self.titles.clone(),
                reason,
            })?;
        Ok(out)
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
                    ui.label(t(T::Rounds));
                    ui.horizontal(|ui| {
                        let r = ui
                            .add(egui::TextEdit::singleline(&mut self.rounds).desired_width(50.0));
                        r.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::Rounds))
                        });
                        let bad = match self.rounds.trim().parse::<u32>() {
                            Ok(1..=99) => None,
                            _ => Some(format!("{} 1–99", t(T::Rounds))),
                        };
                        invalid(ui, bad);
                    });
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
                    if self.settings.system == PairingSystem::XiangqiSwiss {
                        self.xiangqi_options(ui, lang);
                    }
                    if self.settings.system != PairingSystem::Knockout {
                        self.qualification_row(ui, lang);
                    }
                    self.knockout_rows(ui, lang);
                    self.tiebreak_fields(ui, lang);
                    self.award_rows(ui, lang);
                });
            // Every field checked before saving; the first problem is named here.
            if let Err(e) = self.section_settings() {
                ui.colored_label(ui.visuals().error_fg_color, e.message(lang));
            }
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

impl EventTab {
    /// 积分编排制 options: the absolute rules, same-unit rounds, the positional rule, forfeits
    /// and the bye.
    fn xiangqi_options(&mut self, ui: &mut egui::Ui, lang: crate::i18n::Lang) {
        let t = |k: T| k.get(lang);
        let x = &mut self.settings.xiangqi;
        ui.label(t(T::AbsoluteRules));
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut x.no_three_in_a_row, t(T::NoThreeInARow));
            ui.checkbox(
                &mut x.max_colour_difference_two,
                t(T::MaxColourDifferenceTwo),
            );
            ui.checkbox(&mut x.forfeit_counts_as_met, t(T::ForfeitCountsAsMet));
        });
        ui.end_row();
        ui.label(t(T::SameUnitRounds));
        ui.horizontal(|ui| {
            for (i, k) in [T::SameUnitFrom, T::SameUnitTo].into_iter().enumerate() {
                let l = ui.label(t(k));
                ui.add(egui::TextEdit::singleline(&mut self.same_unit[i]).desired_width(36.0))
                    .labelled_by(l.id);
            }
            ui.weak(t(T::SameUnitHelp));
            let parsed: Vec<Option<u32>> = self
                .same_unit
                .iter()
                .map(|s| s.trim().parse().ok())
                .collect();
            let bad = match parsed[..] {
                [Some(a), Some(b)] if b == 0 || a <= b => None,
                [Some(_), Some(_)] => Some(t(T::SameUnitOrder).to_string()),
                _ => Some(format!("{} 0–99", t(T::SameUnitRounds))),
            };
            invalid(ui, bad);
        });
        ui.end_row();
        ui.label(t(T::PositionalRuleLabel));
        ui.horizontal(|ui| {
            for (r, k) in [
                (PositionalRule::ColourRows, T::PositionalColourRows),
                (PositionalRule::Adjacent, T::PositionalAdjacent),
                (PositionalRule::TopHalfBottomHalf, T::PositionalHalves),
            ] {
                ui.selectable_value(&mut x.positional, r, t(k));
            }
        });
        ui.end_row();
        ui.label(t(T::ForfeitExclusion));
        ui.horizontal(|ui| {
            let r =
                ui.add(egui::TextEdit::singleline(&mut self.forfeit_exclusion).desired_width(36.0));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::ForfeitExclusion))
            });
            for (c, k) in [
                (ForfeitCount::Consecutive, T::ForfeitConsecutive),
                (ForfeitCount::Total, T::ForfeitTotal),
            ] {
                ui.selectable_value(&mut x.forfeit_exclusion_count, c, t(k));
            }
            let bad = self
                .forfeit_exclusion
                .trim()
                .parse::<u32>()
                .is_err()
                .then(|| format!("{} 0–99", t(T::ForfeitExclusion)));
            invalid(ui, bad);
        });
        ui.end_row();
        ui.label(t(T::ByePolicyLabel));
        ui.horizontal(|ui| {
            for (p, k) in [
                (ByePolicy::LowestNeverHadBye, T::ByeLowestNeverHadBye),
                (ByePolicy::LowestFewestByes, T::ByeLowestFewestByes),
            ] {
                ui.selectable_value(&mut x.bye_policy, p, t(k));
            }
        });
        ui.end_row();
        ui.label("");
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut x.last_three_rounds_leader, t(T::LastThreeRoundsLeader));
            ui.checkbox(&mut x.float_balance, t(T::FloatBalance));
        });
        ui.end_row();
    }

    /// 分阶段晋级: the stages, sub-list quotas and wildcards in one line, with seed 002's as a
    /// preset.
    fn qualification_row(&mut self, ui: &mut egui::Ui, lang: crate::i18n::Lang) {
        let t = |k: T| k.get(lang);
        let l = ui.label(t(T::Qualification));
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.qualification)
                        .hint_text("9:8, 10:8, 11:10, 境外运动员:4, 外卡:2")
                        .desired_width(360.0),
                )
                .labelled_by(l.id);
                if ui.button(t(T::QualificationSeed002)).clicked() {
                    self.qualification = qualification_text(&QualificationOptions::seed_002_men());
                }
            });
            ui.weak(t(T::QualificationHelp));
            invalid(ui, parse_qualification(&self.qualification).err());
        });
        ui.end_row();
    }

    /// 淘汰赛 / 交叉赛: a knockout's match format, or a Swiss's playoff (how many, after which
    /// round, do the others play on) and its match format. The format is a preset from the
    /// seeds, the match for third place, and the chain of phases, which can be lengthened by a
    /// sudden-death phase when a match stays level after all of it.
    fn knockout_rows(&mut self, ui: &mut egui::Ui, lang: crate::i18n::Lang) {
        let t = |k: T| k.get(lang);
        let format = if self.settings.system == PairingSystem::Knockout {
            &mut self.settings.knockout
        } else {
            ui.label(t(T::Playoff));
            ui.horizontal(|ui| {
                for (i, k) in [T::PlayoffPlayers, T::PlayoffAfterRound]
                    .into_iter()
                    .enumerate()
                {
                    let l = ui.label(t(k));
                    ui.add(egui::TextEdit::singleline(&mut self.playoff[i]).desired_width(36.0))
                        .labelled_by(l.id);
                }
                ui.checkbox(
                    &mut self.settings.playoff.others_play_on,
                    t(T::OthersPlayOn),
                );
                let bad = self
                    .playoff
                    .iter()
                    .any(|s| s.trim().parse::<u32>().is_err())
                    .then(|| format!("{} 0–99", t(T::Playoff)));
                invalid(ui, bad);
            });
            ui.end_row();
            if self.playoff[0].trim().parse::<u32>().unwrap_or(0) == 0 {
                return;
            }
            &mut self.settings.playoff.format
        };
        ui.label(t(T::MatchFormat));
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                if ui.button(t(T::FormatSeed002)).clicked() {
                    *format = KnockoutOptions::default();
                }
                if ui.button(t(T::FormatSeed000)).clicked() {
                    *format = seed_000_format();
                }
            });
            ui.horizontal(|ui| {
                ui.checkbox(&mut format.third_place_match, t(T::ThirdPlaceMatch));
                if ui.button(t(T::AddSuddenDeath)).clicked() {
                    format.phases.push(MatchPhase {
                        kind: crate::model::GamePhase::SuddenDeath,
                        games: 1,
                        first_colours: ColourRule::Lot,
                    });
                }
                if format.phases.len() > 1 && ui.button(t(T::RemoveLastPhase)).clicked() {
                    format.phases.pop();
                }
            });
            ui.weak(phases_text(&format.phases, lang));
        });
        ui.end_row();
    }

    /// 名次区分: a preset per regulation, and the list itself as editable text.
    fn tiebreak_fields(&mut self, ui: &mut egui::Ui, lang: crate::i18n::Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::TiebreakPresets));
        // Two fixed rows (xiangqi rule book and seeds, then the rest): a wrapping row inside a
        // grid cell would overlap the next row.
        ui.vertical(|ui| {
            for row in Preset::ALL.chunks(4) {
                ui.horizontal(|ui| {
                    for p in row {
                        if ui.button(t(preset_label(*p))).clicked() {
                            self.tiebreaks = tiebreak_list_text(&p.list(), lang);
                        }
                    }
                });
            }
        });
        ui.end_row();
        ui.label(t(T::Tiebreaks));
        ui.vertical(|ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut self.tiebreaks).desired_width(520.0));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::Tiebreaks))
            });
            match parse_list(&self.tiebreaks) {
                Ok(list) => {
                    let names: Vec<String> = list
                        .iter()
                        .enumerate()
                        .map(|(i, tb)| {
                            format!("{}. {}", i + 1, crate::i18n::tiebreak_label(*tb, lang))
                        })
                        .collect();
                    ui.weak(names.join("  "));
                }
                Err(e) => invalid(ui, Some(e.to_string())),
            }
            ui.weak(t(T::TiebreaksHelp));
        });
        ui.end_row();
    }
}

impl EventTab {
    /// The award fields from the settings being edited.
    fn award_fields(&mut self) {
        self.prizes = bands_text(&self.settings.awards.prizes.bands);
        self.qualifiers = self.settings.awards.qualifiers.to_string();
        self.titles = titles_text(&self.settings.awards.titles);
    }

    /// 录取与奖励: a preset per regulation, the prize table as text, the qualifiers, and what
    /// the preset brings besides (titles, special prizes, promotions) in one line.
    fn award_rows(&mut self, ui: &mut egui::Ui, lang: crate::i18n::Lang) {
        let t = |k: T| k.get(lang);
        ui.label(t(T::AwardPresets));
        ui.vertical(|ui| {
            for row in AWARD_PRESETS.chunks(4) {
                ui.horizontal(|ui| {
                    for p in row {
                        if ui.button(t(award_preset_label(*p))).clicked() {
                            *self.settings.awards = AwardOptions::preset(*p);
                            self.award_fields();
                        }
                    }
                });
            }
        });
        ui.end_row();
        ui.label(t(T::Prizes));
        ui.vertical(|ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut self.prizes).desired_width(520.0));
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::Prizes)));
            match parse_bands(&self.prizes) {
                Ok(_) => ui.weak(t(T::PrizesHelp)),
                Err(e) => ui.colored_label(ui.visuals().error_fg_color, e),
            };
        });
        ui.end_row();
        ui.label(t(T::Titles));
        ui.vertical(|ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut self.titles).desired_width(520.0));
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::Titles)));
            match parse_titles(&self.titles) {
                Ok(_) => ui.weak(t(T::TitlesHelp)),
                Err(e) => ui.colored_label(ui.visuals().error_fg_color, e),
            };
        });
        ui.end_row();
        ui.label(t(T::QualifiersHeading));
        ui.horizontal(|ui| {
            let r = ui.add(egui::TextEdit::singleline(&mut self.qualifiers).desired_width(50.0));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, t(T::QualifiersHeading))
            });
            let a = &self.settings.awards;
            let titles: Vec<String> = a
                .titles
                .iter()
                .map(|r| format!("{} {}–{}", r.title, r.from, r.to))
                .collect();
            let special: Vec<&str> = a.special_prizes.iter().map(|p| p.name.as_str()).collect();
            ui.weak(fill(
                t(T::AwardsSummary),
                &[
                    &titles.join("、"),
                    &special.join("、"),
                    &a.promotion.table.len(),
                ],
            ));
        });
        ui.end_row();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn every_preset_list_reads_back_as_it_is_shown() {
        for p in Preset::ALL {
            for lang in [Lang::Zh, Lang::En] {
                let text = tiebreak_list_text(&p.list(), lang);
                assert_eq!(parse_list(&text).ok(), Some(p.list()), "{text}");
            }
        }
        let zh = tiebreak_list_text(&Preset::Xiangqi1431.list(), Lang::Zh);
        assert_eq!(zh, "对手分、胜局、犯规、后走局数、后走胜局、前一轮名次");
    }

    #[test]
    fn prize_tables_read_back_as_shown_and_bad_items_are_named() {
        for p in AWARD_PRESETS {
            let bands = AwardOptions::preset(p).prizes.bands;
            assert_eq!(parse_bands(&bands_text(&bands)), Ok(bands));
        }
        assert_eq!(
            parse_bands("1：2000，2:1200、4-6:500"),
            Ok(vec![
                PrizeBand::place(1, 2000),
                PrizeBand::place(2, 1200),
                PrizeBand::range(4, 6, 500)
            ])
        );
        assert_eq!(parse_bands(""), Ok(vec![]));
        // Seed 002 men: 8 after round 9, 8 after 10, 10 after 11, 4 overseas, 2 wildcards.
        let q = QualificationOptions::seed_002_men();
        assert_eq!(
            qualification_text(&q),
            "9:8, 10:8, 11:10, 境外运动员:4, 外卡:2"
        );
        assert_eq!(parse_qualification(&qualification_text(&q)), Ok(q.clone()));
        assert_eq!(
            parse_qualification("9：8，10：8、11:10；境外运动员：4，外卡：2"),
            Ok(q)
        );
        assert_eq!(parse_qualification(""), Ok(QualificationOptions::default()));
        // Seed 000 men: places 1–8 become 三级运动员 if at least 15 played.
        let rules = AwardOptions::preset(AwardPreset::Seed000Men).titles;
        assert_eq!(titles_text(&rules), "1-8:三级运动员:15");
        assert_eq!(parse_titles(&titles_text(&rules)), Ok(rules));
        assert_eq!(
            parse_titles("1：一级棋士，2-3：二级棋士"),
            Ok(vec![
                TitleRule {
                    title: "一级棋士".into(),
                    from: 1,
                    to: 1,
                    min_played: 0
                },
                TitleRule {
                    title: "二级棋士".into(),
                    from: 2,
                    to: 3,
                    min_played: 0
                }
            ])
        );
        assert!(
            parse_titles("3-1:三级运动员")
                .unwrap_err()
                .starts_with("“3-1")
        );
        assert!(parse_titles("1-8:").is_err());
        assert!(parse_titles("1-8:三级运动员:十五").is_err());
        let e = parse_qualification("9:8, 10:八").unwrap_err();
        assert!(e.starts_with("“10:八”"), "{e}");
        assert!(
            parse_qualification("0:8").is_err(),
            "no stage after round 0"
        );
        let e = parse_bands("1:2000, 二:100").unwrap_err();
        assert!(e.contains("二:100"), "{e}");
    }
}
