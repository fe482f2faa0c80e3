//! The window. `BianpaiApp` owns the state; each tab is one file behind the small [`Tab`]
//! trait, and tabs reach the event only through the app services ([`Tournament`]).
//! Keyboard first: Ctrl+1 … Ctrl+9 switch tabs (in the order of the tab bar); each tab names
//! its own keys; Ctrl+P in the Results tab goes to the tab that pairs next and pairs; F1 (or
//! 帮助 → 使用指南) shows the arbiters' guide in the tabs' place ([`help`]).

mod awards;
mod brackets;
mod checkin;
mod config;
mod data_export;
mod documents;
mod entrants;
mod event;
mod hands;
mod help;
mod import;
mod journal;
pub mod log;
mod pairings;
mod results;
mod standings;
mod teams;
mod venue;
mod widgets;

use crate::app::{AppError, Tournament};
use crate::i18n::{Lang, T, fill};
use crate::model::SectionId;
use config::Config;
pub use config::Renderer;
use std::path::{Path, PathBuf};

/// What a tab derived from one round of one section belongs to: the event's revision (see
/// [`Desk::revision`]), the section and the round. The derived values stay good while it is
/// the same.
pub type RoundKey = (u64, SectionId, u32);

/// What every tab may use: the open event, the chosen section, the language and the message
/// line.
pub struct Desk {
    pub tournament: Option<Tournament>,
    pub section: Option<SectionId>,
    pub lang: Lang,
    /// The last message: (is it an error, text).
    pub message: Option<(bool, String)>,
    /// Tests and scripts set this to skip native file dialogs: the path any dialog returns.
    pub dialog_override: Option<PathBuf>,
    /// What the last save dialog was asked: the folder it opens in and the name it offers.
    pub dialog_asked: std::cell::RefCell<Option<(Option<PathBuf>, String)>>,
    /// Tests set this to the program that opens a saved document in place of the desktop's.
    pub viewer_override: Option<PathBuf>,
    /// Games just added to an existing round (a knockout's next games): section, round and
    /// the first new board, for the result grid to open at.
    pub fresh_games: Option<(SectionId, u32, u32)>,
    /// The venue page's address while it is served: the pairing and wall sheets print it.
    pub venue_url: Option<String>,
}

impl Desk {
    pub fn t(&self, key: T) -> &'static str {
        key.get(self.lang)
    }

    pub fn error(&mut self, e: &AppError) {
        self.message = Some((true, e.message(self.lang)));
    }

    pub fn info(&mut self, text: impl Into<String>) {
        self.message = Some((false, text.into()));
    }

    /// Runs an action on the open event and reports its error, if any. Returns the value.
    pub fn act<R>(&mut self, f: impl FnOnce(&mut Tournament) -> Result<R, AppError>) -> Option<R> {
        let t = self.tournament.as_mut()?;
        match f(t) {
            Ok(v) => Some(v),
            Err(e) => {
                self.error(&e);
                None
            }
        }
    }

    /// The open event's revision (0 when none is open): what a tab derived from the event
    /// stays good while it is unchanged.
    pub fn revision(&self) -> u64 {
        self.tournament.as_ref().map_or(0, |t| t.revision())
    }

    /// Chooses the section `step` places after the chosen one (before it when negative),
    /// going round the list.
    pub fn step_section(&mut self, step: isize) {
        let Some(t) = self.tournament.as_ref() else {
            return;
        };
        let ids: Vec<SectionId> = t.event().sections.iter().map(|s| s.id).collect();
        if ids.is_empty() {
            return;
        }
        let at = self
            .section()
            .and_then(|s| ids.iter().position(|&id| id == s.id))
            .unwrap_or(0) as isize;
        let n = ids.len() as isize;
        self.section = Some(ids[(at + step).rem_euclid(n) as usize]);
    }

    /// The chosen section (falls back to the first one).
    pub fn section(&self) -> Option<&crate::model::Section> {
        let event = self.tournament.as_ref()?.event();
        self.section
            .and_then(|id| event.section(id))
            .or(event.sections.first())
    }

    /// Shows, as a warning beside the new round, a backup that failed after a pairing.
    pub fn backup_warning(&mut self, round: u32) {
        let lang = self.lang;
        if let Some(e) = self
            .tournament
            .as_mut()
            .and_then(|t| t.take_backup_warning())
        {
            let why = e.cause(lang);
            let text = fill(T::BackupFailedAfterPairing.get(lang), &[&round, &why]);
            self.message = Some((true, text));
        }
    }

    /// The name a save dialog offers for a file of the open event: the event's name, then
    /// `parts` (section, round, document …), as [`crate::app::suggested_file_name`] joins them.
    pub fn file_name(&self, parts: &[&str], ext: &str) -> String {
        let event = self
            .tournament
            .as_ref()
            .map(|t| t.event().name.clone())
            .unwrap_or_default();
        let mut all = vec![event.as_str()];
        all.extend_from_slice(parts);
        crate::app::suggested_file_name(&all, ext)
    }

    /// A file path from the save dialog (or the override). The dialog opens in the event
    /// file's folder with `default_name` offered.
    pub fn save_path(
        &self,
        title: &str,
        default_name: &str,
        ext: &str,
        filter: &str,
    ) -> Option<PathBuf> {
        let folder = self
            .tournament
            .as_ref()
            .and_then(|t| crate::app::suggested_folder(t.path()))
            .map(Path::to_path_buf);
        self.dialog_asked
            .replace(Some((folder.clone(), default_name.to_string())));
        if let Some(p) = &self.dialog_override {
            return Some(p.clone());
        }
        let mut dialog = rfd::FileDialog::new()
            .set_title(title)
            .set_file_name(default_name)
            .add_filter(filter, &[ext]);
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        dialog.save_file()
    }

    fn open_path(&self) -> Option<PathBuf> {
        self.pick_file(
            self.t(T::FileOpen),
            self.t(T::FileFilter),
            &[crate::app::EXTENSION],
        )
    }

    /// A file to read, from the open dialog (or the override), of one of the kinds `exts`.
    pub fn pick_file(&self, title: &str, filter: &str, exts: &[&str]) -> Option<PathBuf> {
        if let Some(p) = &self.dialog_override {
            return Some(p.clone());
        }
        rfd::FileDialog::new()
            .set_title(title)
            .add_filter(filter, exts)
            .pick_file()
    }
}

/// One tab of the window.
pub trait Tab {
    fn title(&self) -> T;
    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TabKind {
    Event,
    Entrants,
    Pairings,
    Results,
    Standings,
    Bracket,
    Awards,
    Documents,
    Journal,
}

impl TabKind {
    /// The tab bar, in the order of the work (Ctrl+1 … Ctrl+9); the bracket of a knockout or
    /// playoff sits beside the standings; the journal, for undo and the backups, comes last.
    pub const ALL: [TabKind; 9] = [
        TabKind::Event,
        TabKind::Entrants,
        TabKind::Pairings,
        TabKind::Results,
        TabKind::Standings,
        TabKind::Bracket,
        TabKind::Awards,
        TabKind::Documents,
        TabKind::Journal,
    ];
}

pub struct BianpaiApp {
    pub desk: Desk,
    pub tab: TabKind,
    pub event_tab: event::EventTab,
    pub entrants_tab: entrants::EntrantsTab,
    pub pairings_tab: pairings::PairingsTab,
    pub results_tab: results::ResultsTab,
    pub standings_tab: standings::StandingsTab,
    pub bracket_tab: brackets::BracketTab,
    pub awards_tab: awards::AwardsTab,
    pub documents_tab: documents::DocumentsTab,
    pub journal_tab: journal::JournalTab,
    /// The venue page switch (场地网页): off until turned on.
    pub venue: venue::VenuePanel,
    /// The arbiters' guide (帮助 → 使用指南, F1), shown in the tabs' place while open.
    pub help: help::HelpPanel,
    config: Config,
    /// A window size not yet saved, and when it was last seen to change.
    window_pending: Option<([f32; 2], std::time::Instant)>,
    /// The window's title as last sent (sent again only when it changes).
    shown_title: String,
    /// Is 帮助 → 关于编排 shown?
    about_open: bool,
}

/// Is `t` the program's demo event: the file the window writes on first start, or any file
/// still bearing the demo's name (`bianpai demo FILE`)?
pub fn is_demo(t: &Tournament) -> bool {
    static DEMO_NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let name = DEMO_NAME.get_or_init(|| crate::app::demo_event().name);
    t.event().name == *name || t.path() == config::demo_path()
}

/// Installs the bundled CJK font after egui's own Latin font, for every text style, and the
/// Extension B font after it for the older name characters it lacks.
pub fn install_fonts(ctx: &egui::Context) {
    use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
    let families = || {
        vec![
            InsertFontFamily {
                family: egui::FontFamily::Proportional,
                priority: FontPriority::Lowest,
            },
            InsertFontFamily {
                family: egui::FontFamily::Monospace,
                priority: FontPriority::Lowest,
            },
        ]
    };
    ctx.add_font(FontInsert::new(
        "noto_sans_sc",
        egui::FontData::from_static(crate::assets::NOTO_SANS_SC),
        families(),
    ));
    ctx.add_font(FontInsert::new(
        "hanamin_b_ext_b",
        egui::FontData::from_static(crate::assets::HANAMIN_B_EXT_B),
        families(),
    ));
    ctx.global_style_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(24.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(17.0, FontFamily::Proportional)),
            (
                TextStyle::Monospace,
                FontId::new(16.0, FontFamily::Monospace),
            ),
            (
                TextStyle::Button,
                FontId::new(17.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Small,
                FontId::new(13.0, FontFamily::Proportional),
            ),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(10.0, 6.0);
        style.spacing.button_padding = egui::vec2(8.0, 4.0);
        // Solid scroll bars, always painted where there is more: egui's floating ones show
        // only under the pointer, so a list or form cut at an item's edge looked complete.
        style.spacing.scroll = egui::style::ScrollStyle::solid();
    });
}

impl BianpaiApp {
    /// An app on an already open event (or none), with the saved preferences.
    pub fn new(ctx: &egui::Context, tournament: Option<Tournament>, config: Config) -> BianpaiApp {
        install_fonts(ctx);
        if config.zoom > 0.0 {
            ctx.set_zoom_factor(config.zoom);
        }
        let section = tournament
            .as_ref()
            .and_then(|t| t.event().sections.first())
            .map(|s| s.id);
        BianpaiApp {
            desk: Desk {
                tournament,
                section,
                lang: config.lang,
                message: None,
                dialog_override: None,
                dialog_asked: Default::default(),
                viewer_override: None,
                fresh_games: None,
                venue_url: None,
            },
            tab: TabKind::Entrants,
            event_tab: event::EventTab::default(),
            entrants_tab: entrants::EntrantsTab::default(),
            pairings_tab: pairings::PairingsTab::default(),
            results_tab: results::ResultsTab::default(),
            standings_tab: standings::StandingsTab::default(),
            bracket_tab: brackets::BracketTab::default(),
            awards_tab: awards::AwardsTab::default(),
            documents_tab: documents::DocumentsTab::default(),
            journal_tab: journal::JournalTab::default(),
            venue: venue::VenuePanel::default(),
            help: help::HelpPanel::default(),
            config,
            window_pending: None,
            shown_title: String::new(),
            about_open: false,
        }
    }

    /// For tests: an app on `tournament`, Chinese, no saved preferences, no dialogs.
    pub fn for_test(ctx: &egui::Context, tournament: Tournament) -> BianpaiApp {
        let mut app = BianpaiApp::new(ctx, Some(tournament), Config::default());
        app.config.path = None;
        app
    }

    /// The desk and one tab, borrowed together (the tab acts on the desk).
    /// A tab's title in the window's language, as the tab bar shows it.
    pub fn tab_title(&mut self, kind: TabKind) -> String {
        let lang = self.desk.lang;
        self.desk_and_tab(kind).1.title().get(lang).to_string()
    }

    fn desk_and_tab(&mut self, kind: TabKind) -> (&mut Desk, &mut dyn Tab) {
        let tab: &mut dyn Tab = match kind {
            TabKind::Event => &mut self.event_tab,
            TabKind::Entrants => &mut self.entrants_tab,
            TabKind::Pairings => &mut self.pairings_tab,
            TabKind::Results => &mut self.results_tab,
            TabKind::Standings => &mut self.standings_tab,
            TabKind::Bracket => &mut self.bracket_tab,
            TabKind::Awards => &mut self.awards_tab,
            TabKind::Documents => &mut self.documents_tab,
            TabKind::Journal => &mut self.journal_tab,
        };
        (&mut self.desk, tab)
    }

    fn open(&mut self, path: &Path) {
        // Release the current file first, so reopening the same file is not refused.
        self.desk.tournament = None;
        match Tournament::open(path) {
            Ok(t) => self.adopt(t),
            Err(e) => self.desk.error(&e),
        }
    }

    fn adopt(&mut self, t: Tournament) {
        self.desk.section = t.event().sections.first().map(|s| s.id);
        self.config.last_file = Some(t.path().to_path_buf());
        self.config.save();
        self.desk.info(t.path().display().to_string());
        self.desk.tournament = Some(t);
    }

    fn menu(&mut self, ui: &mut egui::Ui) {
        let lang = self.desk.lang;
        let t = |k: T| k.get(lang);
        ui.menu_button(t(T::MenuFile), |ui| {
            if ui.button(t(T::FileNew)).clicked() {
                ui.close();
                if let Some(p) = self.desk.save_path(
                    t(T::FileNew),
                    "赛事.bianpai",
                    crate::app::EXTENSION,
                    t(T::FileFilter),
                ) {
                    let event = crate::model::Event {
                        name: p
                            .file_stem()
                            .map(|s| s.to_string_lossy().into_owned())
                            .unwrap_or_default(),
                        ..Default::default()
                    };
                    match Tournament::create(&p, &event) {
                        Ok(tour) => {
                            self.adopt(tour);
                            self.tab = TabKind::Event;
                        }
                        Err(e) => self.desk.error(&e),
                    }
                }
            }
            if ui.button(t(T::FileOpen)).clicked() {
                ui.close();
                if let Some(p) = self.desk.open_path() {
                    self.open(&p);
                }
            }
            let can_save = self.desk.tournament.is_some();
            if ui
                .add_enabled(can_save, egui::Button::new(t(T::FileSaveAs)))
                .clicked()
            {
                ui.close();
                if let Some(p) = self.desk.save_path(
                    t(T::FileSaveAs),
                    "赛事-副本.bianpai",
                    crate::app::EXTENSION,
                    t(T::FileFilter),
                ) && let Some(tour) = self.desk.tournament.take()
                {
                    let old = tour.path().to_path_buf();
                    match tour.save_as(&p) {
                        Ok(tour) => self.adopt(tour),
                        Err(e) => {
                            self.desk.error(&e);
                            self.open(&old);
                        }
                    }
                }
            }
            ui.separator();
            if ui.button(t(T::FileQuit)).clicked() {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        });
        let venue_title = if self.venue.is_on() {
            format!("● {}", t(T::VenueMenu))
        } else {
            t(T::VenueMenu).to_string()
        };
        if ui.selectable_label(self.venue.open, venue_title).clicked() {
            self.venue.toggle();
        }
        ui.menu_button(t(T::Language), |ui| {
            for (l, label) in [(Lang::Zh, "中文"), (Lang::En, "English")] {
                if ui.selectable_label(self.desk.lang == l, label).clicked() {
                    self.desk.lang = l;
                    self.config.lang = l;
                    self.config.save();
                    ui.close();
                }
            }
        });
        // 设置: what draws the window, saved for the next start (it cannot change while open).
        ui.menu_button(t(T::MenuSettings), |ui| {
            ui.label(t(T::RendererLabel));
            for (r, word) in [
                (Renderer::Auto, T::RendererAuto),
                (Renderer::Wgpu, T::RendererWgpu),
                (Renderer::Gl, T::RendererGl),
            ] {
                if ui.radio(self.config.renderer == r, t(word)).clicked() {
                    self.config.renderer = r;
                    self.config.save();
                    self.desk
                        .info(format!("{}：{}", t(word), t(T::RendererNextStart)));
                    ui.close();
                }
            }
            ui.weak(t(T::RendererNextStart));
        });
        ui.menu_button(t(T::MenuHelp), |ui| {
            if ui.button(format!("{}  F1", t(T::HelpGuide))).clicked() {
                self.help.open();
                ui.close();
            }
            if ui.button(t(T::HelpAbout)).clicked() {
                self.about_open = true;
                ui.close();
            }
        });
    }

    /// The renderer the preferences name for the next start.
    pub fn renderer(&self) -> Renderer {
        self.config.renderer
    }

    /// 关于编排: the version, and where the start-up notes are written.
    fn about(&mut self, ctx: &egui::Context) {
        if !self.about_open {
            return;
        }
        let lang = self.desk.lang;
        let t = |k: T| k.get(lang);
        let mut open = true;
        egui::Window::new(t(T::HelpAbout))
            .id(egui::Id::unique("about_window"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.heading(fill(t(T::AboutVersion), &[&env!("CARGO_PKG_VERSION")]));
                ui.label(t(T::AboutLog));
                match log::log_path(self.config.path.as_deref()) {
                    Some(p) => ui.add(egui::Label::new(p.display().to_string()).selectable(true)),
                    None => ui.weak(t(T::AboutNoLog)),
                };
            });
        let escape = !ctx.text_edit_focused()
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        self.about_open = open && !escape;
    }

    /// A file dropped on the window: an event file opens; a TRF file goes to the Event tab's
    /// panel that makes a section of it; any other goes to the import panel of the Entrants
    /// tab, which names what it cannot read.
    fn take_dropped_file(&mut self, ctx: &egui::Context) {
        let Some(path) = ctx.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()))
        else {
            return;
        };
        let is = |ext: &str| {
            path.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(ext))
        };
        if is(crate::app::EXTENSION) {
            self.open(&path);
        } else if is("trf") && self.desk.tournament.is_some() {
            self.tab = TabKind::Event;
            self.event_tab.trf_dropped(&path, &self.desk);
        } else if self.desk.tournament.is_some() {
            self.tab = TabKind::Entrants;
            self.entrants_tab.import_dropped(&path, &self.desk);
        }
    }

    /// Saves the window size once it has stopped changing for half a second (a drag of the
    /// window's edge is not a hundred file writes).
    fn remember_window(&mut self, ctx: &egui::Context) {
        if self.config.path.is_none() {
            return; // tests: nothing is remembered
        }
        let Some(rect) = ctx.input(|i| i.viewport().inner_rect) else {
            return;
        };
        // In screen points: the zoom factor scales egui's points, not the window.
        let size = rect.size() * ctx.zoom_factor();
        let size = [size.x.round(), size.y.round()];
        let now = std::time::Instant::now();
        match self.window_pending {
            _ if self.config.window == Some(size) => self.window_pending = None,
            Some((s, since)) if s == size => {
                if now.duration_since(since) > std::time::Duration::from_millis(500) {
                    self.config.window = Some(size);
                    self.config.save();
                    self.window_pending = None;
                } else {
                    ctx.request_repaint_after(std::time::Duration::from_millis(500));
                }
            }
            _ => {
                self.window_pending = Some((size, now));
                ctx.request_repaint_after(std::time::Duration::from_millis(500));
            }
        }
    }

    /// The window's title: the event's name (marked when it is the demo), then the program's.
    fn window_title(&mut self, ctx: &egui::Context, demo: bool) {
        let lang = self.desk.lang;
        let title = match self.desk.tournament.as_ref() {
            Some(t) if demo => format!(
                "{} [{}] — {}",
                t.event().name,
                T::DemoMark.get(lang),
                T::AppTitle.get(lang)
            ),
            Some(t) => format!("{} — {}", t.event().name, T::AppTitle.get(lang)),
            None => T::AppTitle.get(lang).to_string(),
        };
        if self.shown_title != title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
    }

    fn keys(&mut self, ctx: &egui::Context) {
        // Keys go to the text field being edited first: there Ctrl+Z undoes the typing, and
        // only outside a field does it undo the last stored action.
        if !ctx.text_edit_focused()
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z))
        {
            let lang = self.desk.lang;
            match self.desk.act(|t| t.undo()) {
                Some(Some((action, entry))) => {
                    if let crate::conduct::JournalEntry::Result {
                        section,
                        round,
                        board,
                        ..
                    } = &entry
                    {
                        self.results_tab
                            .back_to(&self.desk, section, *round, *board);
                    }
                    self.desk
                        .info(crate::i18n::undone_text(&action, &entry, lang));
                }
                Some(None) => self.desk.info(T::NothingToUndo.get(lang)),
                None => {}
            }
        }
        let keys = [
            egui::Key::Num1,
            egui::Key::Num2,
            egui::Key::Num3,
            egui::Key::Num4,
            egui::Key::Num5,
            egui::Key::Num6,
            egui::Key::Num7,
            egui::Key::Num8,
            egui::Key::Num9,
        ];
        for (k, kind) in keys.into_iter().zip(TabKind::ALL) {
            if ctx.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, k)) {
                self.tab = kind;
                self.help.close();
            }
        }
        // F1: the guide, and F1 again (or Esc) back to the tab.
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F1)) {
            self.help.toggle();
        }
        // Ctrl+P in the Results tab, where the last result was just typed: the tab that pairs
        // the section's next round (or a knockout's next games) takes the key this frame.
        if self.tab == TabKind::Results
            && ctx.input(|i| i.modifiers.command && i.key_pressed(egui::Key::P))
        {
            let knockout = self
                .desk
                .section()
                .is_some_and(|s| s.settings.system == crate::model::PairingSystem::Knockout);
            self.tab = if knockout {
                TabKind::Bracket
            } else {
                TabKind::Pairings
            };
        }
        // Ctrl+PageDown / Ctrl+PageUp: the next / previous section, round the list.
        for (key, step) in [(egui::Key::PageDown, 1), (egui::Key::PageUp, -1)] {
            if ctx.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, key)) {
                self.desk.step_section(step);
            }
        }
    }
}

impl eframe::App for BianpaiApp {
    /// Before each frame, and also while the window is minimised when something asks for it:
    /// the venue page's work — the phones' submissions taken and stored — goes on, so a phone
    /// is answered even while the chief has the window out of the way.
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.venue.tick(ctx, &mut self.desk);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.keys(&ctx);
        self.pairings_tab.poll(&ctx, &mut self.desk);
        self.documents_tab.poll(&ctx, &mut self.desk);
        let zoom = ctx.zoom_factor();
        if (zoom - self.config.zoom).abs() > 0.01 {
            self.config.zoom = zoom;
            self.config.save();
        }
        self.remember_window(&ctx);
        self.take_dropped_file(&ctx);
        let read_only = self.desk.tournament.as_ref().and_then(|t| t.read_only());
        let demo = self.desk.tournament.as_ref().is_some_and(is_demo);
        self.window_title(&ctx, demo);
        egui::Panel::top("menu").show(ui, |ui| {
            ui.horizontal(|ui| {
                self.menu(ui);
                ui.separator();
                let title = self
                    .desk
                    .tournament
                    .as_ref()
                    .map(|t| t.event().name.clone())
                    .unwrap_or_default();
                ui.strong(title);
                if demo {
                    ui.colored_label(ui.visuals().warn_fg_color, self.desk.t(T::DemoMark))
                        .on_hover_text(self.desk.t(T::DemoMarkHelp));
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    // A chess section out of FIDE mode says so on every tab.
                    let fide_left = self.desk.section().is_some_and(|s| {
                        s.settings.game == crate::model::GameKind::Chess && !s.settings.fide_mode()
                    });
                    // 每次操作即已保存 where the line has room for it (a long event name, the
                    // demo's mark and a narrow window leave none); the warning always.
                    let width = |ui: &egui::Ui, text: &str| {
                        egui::WidgetText::from(text)
                            .into_galley(
                                ui,
                                Some(egui::TextWrapMode::Extend),
                                f32::INFINITY,
                                egui::TextStyle::Body,
                            )
                            .size()
                            .x
                    };
                    let saved = self.desk.t(T::SavedAutomatically);
                    let mut need = width(ui, saved) + 16.0;
                    if fide_left {
                        need += width(ui, self.desk.t(T::FideModeLeft)) + 16.0;
                    }
                    if read_only.is_none() && ui.available_width() > need {
                        ui.weak(saved);
                        if fide_left {
                            ui.separator();
                        }
                    }
                    if fide_left {
                        ui.colored_label(ui.visuals().warn_fg_color, self.desk.t(T::FideModeLeft));
                    }
                });
            });
            // An event that cannot be written says why on every tab, in place of 每次操作即已保存.
            if let Some(why) = read_only {
                let lang = self.desk.lang;
                let text = fill(
                    T::ReadOnlyBanner.get(lang),
                    &[&crate::app::read_only_reason(why, lang)],
                );
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(text)
                            .color(ui.visuals().warn_fg_color)
                            .strong(),
                    )
                    .wrap(),
                );
            }
            // Wrapped, so that on a narrow window (1024 wide, a projector) the section picker
            // goes to a second line instead of off the edge.
            ui.horizontal_wrapped(|ui| {
                for (i, kind) in TabKind::ALL.into_iter().enumerate() {
                    let label = format!("{}  Ctrl+{}", self.tab_title(kind), i + 1);
                    if ui.selectable_label(self.tab == kind, label).clicked() {
                        self.tab = kind;
                        self.help.close();
                    }
                }
                ui.separator();
                widgets::section_picker(ui, &mut self.desk);
            });
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            match &self.desk.message {
                Some((true, m)) => ui.colored_label(ui.visuals().error_fg_color, m),
                Some((false, m)) => ui.label(m),
                // The demo says what it is until there is something else to say.
                None if demo => ui.weak(self.desk.t(T::DemoMarkHelp)),
                None => ui.label(""),
            };
        });
        egui::CentralPanel::default().show(ui, |ui| {
            if self.help.is_open() {
                self.help.ui(ui, self.desk.lang);
                return;
            }
            if self.desk.tournament.is_none() {
                ui.heading(self.desk.t(T::FileOpen));
                return;
            }
            let kind = self.tab;
            let (desk, tab) = self.desk_and_tab(kind);
            tab.ui(ui, desk);
        });
        self.venue.window(&ctx, &mut self.desk);
        self.about(&ctx);
    }
}

/// Starts the window. With no file: the last file used, or else the demo event (created on
/// first start in the user's data folder).
pub fn run(file: Option<PathBuf>, renderer: Option<Renderer>) -> std::process::ExitCode {
    // Another program refused a file this window holds is told it is a window's.
    crate::app::this_program_is_a_window();
    let config = Config::load();
    let lang = config.lang;
    let choice = renderer.unwrap_or(config.renderer);
    // Start-up notes go to the log beside the preferences (and to standard error): started
    // from Explorer there is no console to read them on.
    let log = config.path.clone();
    let note = |text: &str| log::note(log.as_deref(), text);
    note(&fill(
        T::LogStart.get(lang),
        &[&env!("CARGO_PKG_VERSION"), &choice.word()],
    ));
    let (tournament, error) = match config::startup_file(file, &config) {
        Ok(path) => match Tournament::open(&path) {
            Ok(t) => (Some(t), None),
            Err(e) => (None, Some(e)),
        },
        Err(e) => (None, Some(e)),
    };
    if let Some(e) = &error {
        note(&e.message(lang));
    }
    let size = config
        .window
        .filter(|[w, h]| *w >= 640.0 && *h >= 480.0)
        .unwrap_or([1200.0, 800.0]);
    // The app is made once, by whichever start gets as far as a window; a start that failed
    // before leaves it here for the next.
    let start_state = std::rc::Rc::new(std::cell::RefCell::new(Some((tournament, error, config))));
    let first = match choice {
        Renderer::Gl => eframe::Renderer::Glow,
        Renderer::Auto | Renderer::Wgpu => eframe::Renderer::Wgpu,
    };
    let mut result = start_window(first, size, &start_state);
    if choice == Renderer::Auto
        && let Err(e) = &result
        && start_state.borrow().is_some()
    {
        // Noted in the log, not in a dialog: the window still comes up.
        note(&fill(T::RendererFallback.get(lang), &[e]));
        result = start_window(eframe::Renderer::Glow, size, &start_state);
    }
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            note(&e.to_string());
            std::process::ExitCode::FAILURE
        }
    }
}

type StartState =
    std::rc::Rc<std::cell::RefCell<Option<(Option<Tournament>, Option<AppError>, Config)>>>;

/// One start of the window with one renderer. The app is made from `state` only once the
/// renderer has its surface, so a renderer that fails before leaves `state` for another.
fn start_window(renderer: eframe::Renderer, size: [f32; 2], state: &StartState) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size(size)
            .with_title("编排 Bianpai")
            // The program's own icon in the taskbar and the title bar (eframe's is egui's).
            .with_icon(std::sync::Arc::new(
                eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon-256.png"))
                    .unwrap_or_default(),
            )),
        renderer,
        // The bundled font covers every name; OS fonts would make output differ by machine.
        system_font_fallback: false,
        ..Default::default()
    };
    let state = state.clone();
    eframe::run_native(
        "bianpai",
        options,
        Box::new(move |cc| {
            let Some((tournament, error, config)) = state.borrow_mut().take() else {
                return Err("the window was already made".into());
            };
            let mut app = BianpaiApp::new(&cc.egui_ctx, tournament, config);
            if let Some(t) = &app.desk.tournament {
                app.config.last_file = Some(t.path().to_path_buf());
                app.config.save();
            }
            if let Some(e) = error {
                app.desk.error(&e);
            }
            Ok(Box::new(app))
        }),
    )
}
