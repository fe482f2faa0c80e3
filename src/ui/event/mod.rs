//! 赛事 — the event's details and its sections with their settings. The tab is a column of
//! panels, one file each: the event's details ([`info`]); the section's basics and its point
//! table ([`section`]); the xiangqi Swiss options ([`xiangqi`]); the edition of the FIDE Dutch
//! rules ([`dutch`]); the prohibited pairings of a Swiss section ([`prohibited`]); staged
//! qualification
//! ([`qualification`]); the playoff or knockout match format ([`knockout`]); the tiebreak list
//! ([`tiebreaks`]); the award rules ([`awards`]); who may enter, move recording and the schedule
//! ([`entry`]). Beside the button that adds a section, a panel makes one of a TRF file
//! ([`trf`]). Every field is a plain widget in Tab order;
//! what does not parse is named in red beside the field before saving, and saving reads every
//! panel and names the first problem.

mod awards;
mod dutch;
mod entry;
mod fide;
mod info;
mod knockout;
mod prohibited;
mod qualification;
mod section;
mod tiebreaks;
mod trf;
mod xiangqi;

use super::widgets::field;
use super::{Desk, Tab};
use crate::app::AppError;
use crate::i18n::{Lang, T, tiebreak_list_text};
use crate::model::{PairingSystem, QualificationOptions, SectionId, SectionSettings};

#[derive(Default)]
pub struct EventTab {
    /// The file and section the form was filled from; refilled when they change.
    loaded: Option<(std::path::PathBuf, Option<SectionId>)>,
    info: info::InfoFields,
    section_name: String,
    settings: SectionSettings,
    rounds: String,
    /// The point table, cell by cell in the order of
    /// [`PointCell::TABLE`](crate::model::points::PointCell::TABLE).
    points: [String; 9],
    /// The tiebreak list as text (names or acronyms, comma-separated).
    tiebreaks: String,
    /// The language the tiebreak and qualification fields were written in.
    fields_lang: Lang,
    /// 同队回避 from / to round.
    same_unit: [String; 2],
    /// 弃权 N 轮不编排.
    forfeit_exclusion: String,
    /// 半分轮空: at most how many per player (empty: no limit), none in the last how many rounds.
    half_byes: [String; 2],
    /// 个人奖金 as text ([`PrizeBand::list_text`](crate::model::PrizeBand::list_text)).
    prizes: String,
    /// 参赛资格 — how many qualify.
    qualifiers: String,
    /// 等级称号 as typed ([`TitleRule::list_text`](crate::model::TitleRule::list_text)).
    titles: String,
    /// 交叉赛: how many play it, after which round.
    playoff: [String; 2],
    /// 出生日期 from / to, as typed.
    born: [String; 2],
    /// 允许的级别, one line.
    grades: String,
    /// 限报人数 (empty: no cap).
    cap: String,
    /// 符合以下要求之一, one way in per line.
    routes: String,
    /// 分组排名, one per line ([`SubRanking::text`](crate::model::SubRanking::text)).
    sub_rankings: String,
    /// 特别奖, one per line ([`SpecialPrize::text`](crate::model::SpecialPrize::text)).
    special_prizes: String,
    /// 录谱: boards, from round.
    record: [String; 2],
    /// 赛程, one line per round.
    schedule: String,
    /// 迟到时限 of round 1 and of later rounds, in minutes, as typed.
    lateness: [String; 2],
    /// 报名费: name, amount, member and overseas amounts as typed; the unit rates one a line.
    fees: [String; 4],
    fee_units: String,
    /// 晋级标准 as typed ([`PromotionStep::list_text`](crate::model::PromotionStep::list_text)).
    promotion: String,
    /// 证书费用 as typed ([`CertificateFee::list_text`](crate::model::CertificateFee::list_text)).
    certificate_fees: String,
    /// 分阶段晋级 as typed
    /// ([`QualificationOptions::text`](crate::model::QualificationOptions::text)).
    qualification: String,
    new_section: String,
    /// 禁止配对: the two entrants picked for a new prohibited pairing.
    prohibit_pick: [Option<crate::model::EntrantId>; 2],
    /// 从TRF文件新建组别, while open.
    trf: Option<trf::TrfPanel>,
    /// The section the arbiter chose while this one's form had unsaved changes: the question
    /// (save, discard, go back) is open until answered.
    switch_to: Option<Option<SectionId>>,
    /// 退出FIDE模式: the strong warning, while open.
    fide: Option<fide::FideDialog>,
}

/// The widest a settings grid's column may be: finite, so that egui wraps the texts of its
/// cells; the last column is held to the window's edge by the grid itself.
const WRAP_WIDTH: f32 = 4096.0;

/// The room from the cursor to the right edge of what is in view: a settings grid's cell
/// may be as wide as the widest row above it, the view is what a person sees.
fn room(ui: &egui::Ui) -> f32 {
    (ui.clip_rect().max.x - ui.cursor().min.x - ui.spacing().item_spacing.x).max(160.0)
}

/// A row of controls that wraps at the window's edge instead of running past it; its real
/// height is reported, so the grid's next row starts below it.
fn row<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let width = room(ui);
    // Top-aligned at the cursor (a grid cell centres what it is given: a box of no height
    // would start its rows half-way down and spill into the next row).
    ui.vertical(|ui| {
        ui.set_max_width(width);
        ui.horizontal_wrapped(add).inner
    })
    .inner
}

/// A hint in grey under a field (or at the end of a [`row`]), wrapped at the window's edge.
fn hint(ui: &mut egui::Ui, text: impl Into<String>) -> egui::Response {
    let label = egui::Label::new(egui::RichText::new(text).weak()).wrap();
    if ui.layout().is_horizontal() {
        // In a row, which already ends at the edge: the text flows on under it.
        return ui.add(label);
    }
    let width = room(ui);
    ui.vertical(|ui| {
        ui.set_max_width(width);
        ui.add(label)
    })
    .inner
}

/// A red message under a field that does not parse.
fn invalid(ui: &mut egui::Ui, text: Option<String>) {
    if let Some(t) = text {
        ui.colored_label(ui.visuals().error_fg_color, t);
    }
}

/// A preset's buttons, one a line, a button wider than the room to the window's edge wrapping
/// its words; the preset clicked.
fn preset_buttons<P: Copy, L: Into<egui::WidgetText>>(
    ui: &mut egui::Ui,
    presets: &[P],
    label: impl Fn(P) -> L,
) -> Option<P> {
    let width = room(ui);
    ui.vertical(|ui| {
        ui.set_max_width(width);
        let mut clicked = None;
        for &p in presets {
            let button = egui::Button::new(label(p)).wrap_mode(egui::TextWrapMode::Wrap);
            if ui.add(button).clicked() {
                clicked = Some(p);
            }
        }
        clicked
    })
    .inner
}

/// The error for a field whose text cannot be read, with the reason in words.
fn field_invalid(field: T, value: &str, reason: String) -> AppError {
    AppError::FieldInvalid {
        field,
        value: value.to_string(),
        reason,
    }
}

/// A field of one item per line: every line that is not blank, read by `parse`; the first
/// that does not read is the error, its reason put into words by `why` with its line number.
fn read_lines<V, E>(
    text: &str,
    field: T,
    parse: impl Fn(&str) -> Result<V, E>,
    why: impl Fn(usize, E) -> String,
) -> Result<Vec<V>, AppError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| parse(line).map_err(|e| field_invalid(field, line, why(i + 1, e))))
        .collect()
}

/// A round number or a count typed in a field (0–99).
fn whole_number(text: &str, field: T) -> Result<u32, AppError> {
    text.trim()
        .parse::<u32>()
        .map_err(|_| field_invalid(field, text, "0, 1, 2, …".into()))
}

impl EventTab {
    /// A TRF file dropped on the window: the panel opens with it read.
    pub fn trf_dropped(&mut self, path: &std::path::Path, desk: &Desk) {
        self.trf = Some(trf::TrfPanel::with_file(path, desk));
    }

    /// The panel that makes a section of a TRF file, while open.
    fn trf_panel(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let Some(panel) = self.trf.as_mut() else {
            return;
        };
        match panel.ui(ui, desk, &self.new_section) {
            trf::TrfOutcome::Open => {}
            trf::TrfOutcome::Close => self.trf = None,
            trf::TrfOutcome::Created(id) => {
                desk.section = Some(id);
                self.new_section.clear();
                self.loaded = None;
                self.trf = None;
            }
        }
    }

    fn fill(&mut self, desk: &Desk) {
        let Some(tour) = desk.tournament.as_ref() else {
            return;
        };
        let key = (tour.path().to_path_buf(), desk.section().map(|s| s.id));
        if self.loaded.as_ref() == Some(&key) {
            if self.fields_lang != desk.lang {
                // The arbiter switched language: fields that read are written again in the new
                // language, as they were typed otherwise.
                if let Ok(list) = crate::model::parse_list(&self.tiebreaks) {
                    self.tiebreaks = tiebreak_list_text(&list, desk.lang);
                }
                if let Ok(q) = QualificationOptions::parse(&self.qualification) {
                    self.qualification = q.text(T::Wildcard.get(desk.lang));
                }
                let (mut subs, mut specials) = (Vec::new(), Vec::new());
                if self.read_sub_rankings(&mut subs, self.fields_lang).is_ok()
                    && self
                        .read_special_prizes(&mut specials, self.fields_lang)
                        .is_ok()
                {
                    self.sub_ranking_fields(&subs, &specials, desk.lang);
                }
                self.fields_lang = desk.lang;
            }
            return;
        }
        self.fields_lang = desk.lang;
        self.info = info::info_fields(tour.event());
        if let Some(s) = desk.section() {
            self.section_name = s.name.clone();
            self.settings = s.settings.clone();
            self.rounds = s.settings.rounds.to_string();
            self.points = section::point_texts(&s.settings.points);
            self.tiebreaks = tiebreak_list_text(&s.settings.standings.tiebreaks, desk.lang);
            let x = &s.settings.xiangqi;
            self.same_unit = [x.same_unit_from.to_string(), x.same_unit_to.to_string()];
            self.forfeit_exclusion = x.forfeit_exclusion.to_string();
            let d = &s.settings.dutch;
            self.half_byes = [
                d.half_point_byes_max
                    .map(|n| n.to_string())
                    .unwrap_or_default(),
                d.half_point_byes_not_last.to_string(),
            ];
            let p = &s.settings.playoff;
            self.playoff = [p.players.to_string(), p.after_round.to_string()];
            self.qualification = s.settings.qualification.text(T::Wildcard.get(desk.lang));
            self.award_fields();
            self.entry_fields();
            let a = &s.settings;
            self.sub_ranking_fields(
                &a.standings.sub_rankings,
                &a.awards.special_prizes,
                desk.lang,
            );
        }
        self.loaded = Some(key);
    }

    /// The settings the form gives, every panel read; the first field that does not parse is
    /// the error.
    fn section_settings(&self, lang: Lang) -> Result<SectionSettings, AppError> {
        let mut out = SectionSettings {
            rounds: self.read_rounds()?,
            points: self.read_points()?,
            ..self.settings.clone()
        };
        out.standings.tiebreaks = self.read_tiebreaks(lang)?;
        self.read_entry(&mut out, lang)?;
        self.read_xiangqi(&mut out.xiangqi)?;
        self.read_half_byes(&mut out.dutch)?;
        self.read_playoff(&mut out.playoff)?;
        out.qualification = self.read_qualification(lang)?;
        self.read_awards(&mut out.awards, lang)?;
        self.read_sub_rankings(&mut out.standings.sub_rankings, lang)?;
        self.read_special_prizes(&mut out.awards.special_prizes, lang)?;
        for p in &mut out.awards.special_prizes {
            p.table.tax = out.awards.prizes.tax;
        }
        Ok(out)
    }
}

impl EventTab {
    /// Does the form differ from section `id` as stored (a field that does not read counts)?
    fn unsaved(&self, desk: &Desk, id: Option<SectionId>) -> bool {
        let Some(stored) = id
            .and_then(|id| desk.tournament.as_ref()?.event().section(id))
            .cloned()
        else {
            return false;
        };
        self.section_name != stored.name
            || self
                .section_settings(desk.lang)
                .map_or(true, |s| s != stored.settings)
    }

    /// Saves the form into section `id`; true when it was saved.
    fn save(&mut self, desk: &mut Desk, id: SectionId) -> bool {
        match self.section_settings(desk.lang) {
            Ok(settings) => {
                let name = self.section_name.clone();
                let result = desk
                    .tournament
                    .as_mut()
                    .map(|tour| tour.update_section(id, &name, &settings));
                let saved = match result {
                    Some(Ok(())) => true,
                    // A prohibited pairing after round 1 leaves FIDE mode: the strong warning
                    // asks first, and saves.
                    Some(Err(AppError::LeavesFideMode)) => {
                        self.fide = Some(fide::FideDialog::new(fide::FideAsk::Save(
                            name,
                            Box::new(settings),
                        )));
                        return false;
                    }
                    // Against the rules: the warnings with their levels, confirmed first.
                    Some(Err(AppError::RuleWarnings(list))) => {
                        self.fide = Some(fide::FideDialog::new(fide::FideAsk::Warnings(
                            name,
                            Box::new(settings),
                            list,
                        )));
                        return false;
                    }
                    Some(Err(e)) => {
                        desk.error(&e);
                        false
                    }
                    None => false,
                };
                if saved {
                    desk.info(format!("{name} ✓"));
                    self.loaded = None;
                }
                saved
            }
            Err(e) => {
                desk.error(&e);
                false
            }
        }
    }

    /// Another section was chosen while the form held unsaved changes: the choice waits, and
    /// the form stays on its section, until the arbiter saves, discards or goes back.
    fn hold_switch(&mut self, desk: &mut Desk) {
        let Some((path, shown)) = self.loaded.clone() else {
            return;
        };
        let same_file = desk.tournament.as_ref().is_some_and(|t| t.path() == path);
        let chosen = desk.section().map(|s| s.id);
        if self.switch_to.is_none() && same_file && chosen != shown && self.unsaved(desk, shown) {
            self.switch_to = Some(chosen);
            desk.section = shown;
        }
    }

    /// The question about unsaved changes, while a switch waits.
    fn ask_about_switch(&mut self, ctx: &egui::Context, desk: &mut Desk) {
        let Some(target) = self.switch_to else {
            return;
        };
        let t = |k: T| k.get(desk.lang);
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("unsaved_section")).show(ctx, |ui| {
            ui.label(crate::i18n::fill(
                t(T::UnsavedQuestion),
                &[&self.section_name],
            ));
            row(ui, |ui| {
                if ui.button(t(T::UnsavedSave)).clicked() {
                    answer = Some(0);
                }
                if ui.button(t(T::UnsavedDiscard)).clicked() {
                    answer = Some(1);
                }
                if ui.button(t(T::UnsavedBack)).clicked()
                    || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    answer = Some(2);
                }
            });
        });
        let shown = self.loaded.as_ref().and_then(|(_, s)| *s);
        match answer {
            Some(0) => {
                if let Some(id) = shown
                    && self.save(desk, id)
                {
                    desk.section = target;
                }
                self.switch_to = None;
            }
            Some(1) => {
                desk.section = target;
                self.loaded = None;
                self.switch_to = None;
            }
            Some(_) => self.switch_to = None,
            None => {}
        }
    }
}

impl Tab for EventTab {
    fn title(&self) -> T {
        T::TabEvent
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        self.hold_switch(desk);
        self.ask_about_switch(&ui.ctx().clone(), desk);
        self.fide_dialog(&ui.ctx().clone(), desk);
        self.fill(desk);
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        // Down only: a form that needs scrolling sideways hides its right half from a tired
        // arbiter; what is wide wraps instead (the layout check finds what does not).
        egui::ScrollArea::vertical().show(ui, |ui| {
            self.info_panel(ui, desk);
            ui.separator();
            ui.heading(t(T::Sections));
            row(ui, |ui| {
                let name = field(ui, t(T::NewSectionName), &mut self.new_section, 160.0);
                // Enter in the name adds the section, as the button does.
                let enter = name.lost_focus()
                    && ui.input(|i| i.key_pressed(egui::Key::Enter))
                    && !self.new_section.trim().is_empty();
                if ui.button(t(T::AddSection)).clicked() || enter {
                    let name = self.new_section.clone();
                    if let Some(id) = desk.act(|tour| {
                        let settings = SectionSettings::for_event_starting(tour.event().start_date);
                        tour.add_section(&name, &settings)
                    }) {
                        desk.section = Some(id);
                        self.new_section.clear();
                        self.loaded = None;
                    }
                }
                if ui.button(t(T::TrfSectionOpen)).clicked() {
                    self.trf = Some(trf::TrfPanel::new());
                }
            });
            self.trf_panel(ui, desk);
            let Some(section) = desk.section().cloned() else {
                return;
            };
            // The save button is at the foot of a long form: unsaved edits are also named
            // at its head, with a way to save them there.
            if self.unsaved(desk, Some(section.id)) {
                row(ui, |ui| {
                    ui.colored_label(ui.visuals().warn_fg_color, t(T::UnsavedMark));
                    if ui.button(t(T::SaveNow)).clicked() {
                        self.save(desk, section.id);
                    }
                });
            }
            ui.add_space(6.0);
            egui::Grid::new("section_settings")
                .num_columns(2)
                // A finite column width turns on wrapping: the long hints and options of the
                // second column wrap at the window's edge instead of running past it.
                .max_col_width(WRAP_WIDTH)
                .show(ui, |ui| {
                    self.section_rows(ui, lang);
                    self.fide_row(ui, lang, &section);
                    self.entry_rows(ui, lang);
                    if self.settings.system == PairingSystem::XiangqiSwiss {
                        self.xiangqi_options(ui, lang);
                    }
                    if self.settings.system == PairingSystem::Dutch {
                        self.dutch_options(ui, lang);
                    }
                    if matches!(
                        self.settings.system,
                        PairingSystem::XiangqiSwiss | PairingSystem::Dutch
                    ) {
                        self.prohibited_rows(ui, lang, &section);
                    }
                    if self.settings.system != PairingSystem::Knockout {
                        self.qualification_row(ui, lang);
                    }
                    self.knockout_rows(ui, lang);
                    self.tiebreak_fields(ui, lang);
                    self.award_rows(ui, lang);
                });
            // Every field checked before saving; the first problem is named here.
            if let Err(e) = self.section_settings(lang) {
                ui.colored_label(ui.visuals().error_fg_color, e.message(lang));
            }
            let unsaved = self.unsaved(desk, Some(section.id));
            row(ui, |ui| {
                let save = ui.button(t(T::SaveSection)).on_hover_text("Ctrl+S");
                let ctrl_s =
                    ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::S));
                if save.clicked() || ctrl_s {
                    self.save(desk, section.id);
                }
                if unsaved {
                    ui.colored_label(ui.visuals().warn_fg_color, t(T::UnsavedMark));
                }
                // 规程模板: this section's settings to a file, or another event's from one.
                if ui.button(t(T::SettingsTemplateSave)).clicked() {
                    let name =
                        desk.file_name(&[&section.name, t(T::SettingsTemplateFilter)], "toml");
                    if let Some(path) = desk.save_path(
                        t(T::SettingsTemplateSave),
                        &name,
                        "toml",
                        t(T::SettingsTemplateFilter),
                    ) && desk
                        .act(|tour| tour.save_settings_file(section.id, &path))
                        .is_some()
                    {
                        desk.info(format!("{} {}", t(T::Exported), path.display()));
                    }
                }
                if ui.button(t(T::SettingsTemplateLoad)).clicked()
                    && let Some(path) = desk.pick_file(
                        t(T::SettingsTemplateLoad),
                        t(T::SettingsTemplateFilter),
                        &["toml"],
                    )
                    && desk
                        .act(|tour| tour.load_settings_file(section.id, &path))
                        .is_some()
                {
                    desk.info(crate::i18n::fill(
                        t(T::SettingsTemplateLoaded),
                        &[&path.display()],
                    ));
                    self.loaded = None;
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
