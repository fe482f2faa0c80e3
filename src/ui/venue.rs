//! The venue page switch (场地网页), in a small window the top bar's button opens: off until
//! the arbiter turns it on; the address and port to listen on (this laptop's address on the
//! venue network is offered; every interface, 0.0.0.0, is warned of); while on, the page's
//! address and its QR code on screen.
//! After a change of the event, once a phone asks for a page, the window copies it (at most
//! once a second) and a thread of its own makes the new snapshot; the server, on threads of its
//! own, only reads it. Closing the event (another file opened, the window closed) stops
//! the page.

use super::Desk;
use crate::app::{Hands, QrCode, VenueFeed};
use crate::i18n::{T, fill};
use crate::web::{DEFAULT_PORT, ServeOptions, VenueServer, is_every_interface};
use std::net::IpAddr;
use std::path::PathBuf;

pub struct VenuePanel {
    pub bind: String,
    pub port: String,
    /// Is the small 场地网页 window shown (the top bar's button opens and closes it)?
    pub open: bool,
    /// The address field takes the keyboard on the frame after the window opens.
    focus_bind: bool,
    running: Option<Running>,
    /// The devices with a role, and the results their phones send (the page queues them; the
    /// window enters them, see [`VenuePanel::tick`]).
    hands: Hands,
    /// 授权: the devices, and the form for a new one.
    hands_panel: super::hands::HandsPanel,
}

struct Running {
    server: VenueServer,
    feed: VenueFeed,
    /// The event file served: another file (or none) closes the page.
    file: PathBuf,
    url: String,
    code: Option<QrCode>,
    /// The feed wakes the window (set on the first frame).
    woken: bool,
}

impl Default for VenuePanel {
    fn default() -> Self {
        VenuePanel {
            bind: crate::app::lan_address()
                .unwrap_or(IpAddr::from([127, 0, 0, 1]))
                .to_string(),
            port: DEFAULT_PORT.to_string(),
            open: false,
            focus_bind: false,
            running: None,
            hands: Hands::new(),
            hands_panel: super::hands::HandsPanel::default(),
        }
    }
}

impl VenuePanel {
    /// Is the page being served?
    pub fn is_on(&self) -> bool {
        self.running.is_some()
    }

    /// The page's address while it is served.
    pub fn url(&self) -> Option<&str> {
        self.running.as_ref().map(|r| r.url.as_str())
    }

    /// Every frame: offers the event to the page (a copy is taken only when a new snapshot is
    /// due: see [`VenueFeed::offer`]), and stops the page when its event was closed or the
    /// server stopped. A phone asking for a page after a change wakes the window for it.
    pub fn tick(&mut self, ctx: &egui::Context, desk: &mut Desk) {
        let Some(run) = &mut self.running else {
            desk.venue_url = None;
            return;
        };
        let same_event = desk
            .tournament
            .as_ref()
            .is_some_and(|t| t.path() == run.file);
        if !same_event || !run.server.is_running() {
            self.turn_off(desk);
            return;
        }
        if !run.woken {
            let ctx = ctx.clone();
            let waker: crate::app::Waker =
                std::sync::Arc::new(move |after| ctx.request_repaint_after(after));
            run.feed.set_waker(waker.clone());
            self.hands.set_waker(waker);
            run.woken = true;
        }
        // The results phones sent are entered here, on the window's thread, the one writer:
        // the page's threads only queue them.
        if let Some(t) = desk.tournament.as_mut()
            && (self.hands.has_waiting() || self.hands.published() != t.revision())
            && let Err(e) = t.take_submissions(&self.hands)
        {
            desk.error(&e);
        }
        if let Some(t) = desk.tournament.as_ref()
            && let Err(e) = run.feed.offer(t)
        {
            desk.error(&e);
        }
        desk.venue_url = Some(run.url.clone());
    }

    /// Starts serving the open event on the address and port typed.
    pub fn turn_on(&mut self, desk: &mut Desk) {
        let lang = desk.lang;
        let Some(t) = desk.tournament.as_ref() else {
            return;
        };
        let bind: IpAddr = match self.bind.trim().parse() {
            Ok(ip) => ip,
            Err(_) => {
                let why = T::VenueBadPath.get(lang);
                desk.message = Some((
                    true,
                    fill(T::VenueStartFailed.get(lang), &[&self.bind, &why]),
                ));
                return;
            }
        };
        let port = self.port.trim().parse().unwrap_or(DEFAULT_PORT);
        let feed = VenueFeed::new();
        if let Err(e) = feed.publish(t).and_then(|()| t.publish_hands(&self.hands)) {
            desk.error(&e);
            return;
        }
        let file = t.path().to_path_buf();
        let served = VenueServer::start_with(
            &ServeOptions::new(bind, port),
            feed.clone(),
            Some(self.hands.clone()),
        );
        match served {
            Ok(server) => {
                let url = server.url();
                desk.info(fill(T::VenueOn.get(lang), &[&url]));
                desk.venue_url = Some(url.clone());
                self.running = Some(Running {
                    code: QrCode::of(&url),
                    server,
                    feed,
                    file,
                    url,
                    woken: false,
                });
            }
            Err(e) => desk.message = Some((true, e.message(lang))),
        }
    }

    /// Stops the page.
    pub fn turn_off(&mut self, desk: &mut Desk) {
        if let Some(mut run) = self.running.take() {
            run.feed.close();
            run.server.stop();
            desk.info(T::VenueOff.get(desk.lang));
        }
        desk.venue_url = None;
    }

    /// Opens the 场地网页 window (its address field takes the keyboard) or closes it.
    pub fn toggle(&mut self) {
        self.open = !self.open;
        self.focus_bind = self.open;
    }

    /// The 场地网页 window, while open: a window of its own, not a menu, so that a click in
    /// its fields keeps it open, Tab goes from the address to the port and the switch, and
    /// the QR code may stay on screen while the arbiter works. Escape (outside a field)
    /// closes it.
    pub fn window(&mut self, ctx: &egui::Context, desk: &mut Desk) {
        if !self.open {
            return;
        }
        let mut open = true;
        egui::Window::new(T::VenueMenu.get(desk.lang))
            .id(egui::Id::unique("venue_window"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_pos(egui::pos2(160.0, 40.0))
            .show(ctx, |ui| self.ui(ui, desk));
        let escape = !ctx.text_edit_focused()
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        self.open = open && !escape;
    }

    /// The address and port, the switch and, while on, the address and its QR code. Enter in
    /// the address or the port turns the page on.
    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let mut enter = false;
        ui.add_enabled_ui(!self.is_on(), |ui| {
            ui.horizontal(|ui| {
                let bind = super::widgets::field(ui, t(T::VenueBind), &mut self.bind, 140.0);
                if std::mem::take(&mut self.focus_bind) {
                    bind.request_focus();
                }
                let port = super::widgets::field(ui, t(T::VenuePort), &mut self.port, 60.0);
                enter = (bind.lost_focus() || port.lost_focus())
                    && ui.input(|i| i.key_pressed(egui::Key::Enter));
            });
        });
        let mut on = self.is_on();
        ui.add_enabled_ui(desk.tournament.is_some(), |ui| {
            if ui.checkbox(&mut on, t(T::VenueServe)).changed() {
                if on {
                    self.turn_on(desk);
                } else {
                    self.turn_off(desk);
                }
            }
        });
        if enter && !self.is_on() {
            self.turn_on(desk);
        }
        let every = self
            .bind
            .trim()
            .parse::<IpAddr>()
            .is_ok_and(is_every_interface);
        if every {
            ui.colored_label(ui.visuals().warn_fg_color, t(T::VenueAllInterfaces));
        }
        ui.weak(t(T::VenueReadOnly));
        // Windows Firewall asks once, the first time the page listens; a "no" there (or a
        // network marked public) leaves the phones with a page that never loads.
        if cfg!(windows) {
            ui.weak(t(T::VenueFirewall));
        }
        if let Some(run) = &self.running {
            ui.separator();
            ui.label(t(T::VenueOpenOn));
            ui.strong(&run.url);
            if let Some(code) = &run.code {
                super::widgets::qr_on_screen(ui, code, 200.0);
            }
        }
        let page_url = match &self.running {
            Some(run) => run.url.clone(),
            None => {
                let host = self
                    .bind
                    .trim()
                    .parse()
                    .unwrap_or(IpAddr::from([127, 0, 0, 1]));
                crate::app::venue_url(host, self.port.trim().parse().unwrap_or(DEFAULT_PORT))
            }
        };
        self.hands_panel.ui(ui, desk, &page_url);
    }
}
