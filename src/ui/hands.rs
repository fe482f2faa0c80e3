//! 授权 and the results phones send, in the window. Two parts:
//! - [`HandsPanel`], in the 场地网页 window: the devices given a role (kind, holder, reach,
//!   state), each revoked with one click; a form that gives a new device a role and shows its
//!   QR code (once: the file keeps only the token's hash).
//! - [`PhoneStrip`], at the top of the Results tab while any entry waits: each entry marked by
//!   who sent it (person, role, device) and where it stands (waiting, waiting for the opponent,
//!   conflict); Alt+↑↓ pick one, Alt+Enter accepts it, Alt+A accepts all that are no conflict,
//!   Alt+Delete rejects it; and the setting "deputies' results stand at once". Accepting goes
//!   through the app's result service, so Ctrl+Z undoes it like a typed result.

use super::Desk;
use crate::app::{NewRole, QrCode, local_now, role_url};
use crate::i18n::{T, fill, outcome_text};
use crate::i18n::{entry_state_word, role_kind_word};
use crate::model::{EntryState, PhoneEntry, Role, RoleKind, RoleScope, SectionId, parse_boards};

/// The 授权 part of the 场地网页 window.
pub struct HandsPanel {
    kind: RoleKind,
    person: String,
    /// The section the new role reaches (`None`: every section).
    section: Option<SectionId>,
    boards: String,
    player: String,
    /// The device just given a role: its number, address and QR code (shown until another
    /// is given or the window closes).
    shown: Option<(i64, String, Option<QrCode>)>,
    /// The roles as last read, by the event's revision.
    roles: Option<(u64, Vec<Role>)>,
}

impl Default for HandsPanel {
    fn default() -> Self {
        HandsPanel {
            kind: RoleKind::Deputy,
            person: String::new(),
            section: None,
            boards: String::new(),
            player: String::new(),
            shown: None,
            roles: None,
        }
    }
}

impl HandsPanel {
    /// The panel: the devices, and the form for a new one. `page_url` is the address the new
    /// device's QR code opens (the page's, or the one typed).
    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk, page_url: &str) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let Some(tour) = desk.tournament.as_ref() else {
            return;
        };
        let rev = tour.revision();
        if self.roles.as_ref().is_none_or(|(r, _)| *r != rev) {
            self.roles = Some((rev, tour.roles().unwrap_or_default()));
        }
        ui.separator();
        // Folded until wanted; open, it scrolls within what the screen leaves below it (the
        // page's address and QR code above take most of a 768-line screen).
        egui::CollapsingHeader::new(t(T::HandsPanel))
            .id_salt("hands_panel")
            .show(ui, |ui| {
                let room = (ui.ctx().content_rect().bottom() - ui.cursor().top() - 48.0).max(140.0);
                egui::ScrollArea::vertical()
                    .id_salt("hands_panel_scroll")
                    .max_height(room)
                    .show(ui, |ui| self.inside(ui, desk, page_url));
            });
    }

    /// The panel's inside: the devices, the form, the new device's QR code.
    fn inside(&mut self, ui: &mut egui::Ui, desk: &mut Desk, page_url: &str) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        ui.weak(t(T::HandsTrustNote));
        // The device just given its role first, where it is seen at once.
        if let Some((id, url, code)) = &self.shown {
            ui.label(fill(t(T::HandsAdded), &[id, &""]));
            ui.label(t(T::HandsQrOnce));
            ui.add(egui::Label::new(url.as_str()).selectable(true));
            if let Some(code) = code {
                super::widgets::qr_on_screen(ui, code, 180.0);
            }
            ui.separator();
        }
        let roles = self
            .roles
            .as_ref()
            .map(|(_, r)| r.clone())
            .unwrap_or_default();
        let now = local_now();
        let mut revoke = None;
        egui::ScrollArea::vertical()
            .id_salt("hands_devices")
            .max_height(160.0)
            .show(ui, |ui| {
                if roles.is_empty() {
                    ui.weak(t(T::HandsNoDevices));
                }
                for r in &roles {
                    ui.horizontal(|ui| {
                        ui.label(format!("#{}", r.id));
                        ui.label(t(role_kind_word(r.kind)));
                        ui.label(&r.person);
                        ui.weak(
                            desk.tournament
                                .as_ref()
                                .map(|t| t.scope_text(&r.scope, lang))
                                .unwrap_or_default(),
                        );
                        if r.is_live(now) {
                            if ui.button(t(T::HandsRevoke)).clicked() {
                                revoke = Some(r.id);
                            }
                        } else {
                            ui.weak(t(T::HandsRevoked));
                        }
                    });
                }
            });
        if let Some(id) = revoke
            && desk.act(|t| t.revoke_role(id)).is_some()
        {
            desk.info(fill(t(T::HandsRevokedMsg), &[&id]));
            if self.shown.as_ref().is_some_and(|(s, _, _)| *s == id) {
                self.shown = None;
            }
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.label(t(T::HandsKind));
            for k in RoleKind::ALL {
                ui.radio_value(&mut self.kind, k, t(role_kind_word(k)));
            }
        });
        let sections: Vec<(SectionId, String)> = desk
            .tournament
            .as_ref()
            .map(|t| {
                t.event()
                    .sections
                    .iter()
                    .map(|s| (s.id, s.name.clone()))
                    .collect()
            })
            .unwrap_or_default();
        ui.horizontal(|ui| {
            let name = self
                .section
                .and_then(|id| sections.iter().find(|(s, _)| *s == id))
                .map_or(t(T::HandsAllSections).to_string(), |(_, n)| n.clone());
            egui::ComboBox::from_label(t(T::HandsSections))
                .selected_text(name)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.section, None, t(T::HandsAllSections));
                    for (id, n) in &sections {
                        ui.selectable_value(&mut self.section, Some(*id), n);
                    }
                });
        });
        match self.kind {
            RoleKind::Player => {
                super::widgets::field(ui, t(T::HandsPlayerNumber), &mut self.player, 60.0);
            }
            RoleKind::Deputy => {
                super::widgets::field(ui, t(T::HandsPerson), &mut self.person, 140.0);
                super::widgets::field(ui, t(T::HandsBoards), &mut self.boards, 80.0);
            }
            RoleKind::CheckIn => {
                super::widgets::field(ui, t(T::HandsPerson), &mut self.person, 140.0);
            }
        }
        if ui.button(t(T::HandsAdd)).clicked() {
            self.add(desk, page_url);
        }
    }

    /// Gives a device the role the form describes.
    fn add(&mut self, desk: &mut Desk, page_url: &str) {
        let lang = desk.lang;
        let boards = match self.boards.trim() {
            "" => None,
            text => match parse_boards(text) {
                Some(b) => Some(b),
                None => {
                    desk.message = Some((true, fill(T::HandsBadBoards.get(lang), &[&text])));
                    return;
                }
            },
        };
        let player = match self.kind {
            RoleKind::Player => {
                let n: Option<u32> = self.player.trim().parse().ok();
                let found = desk.tournament.as_ref().and_then(|t| {
                    t.event()
                        .sections
                        .iter()
                        .filter(|s| self.section.is_none_or(|id| id == s.id))
                        .flat_map(|s| s.entrants.iter())
                        .find(|e| n.is_some() && e.number == n)
                        .map(|e| e.id)
                });
                match found {
                    Some(id) => Some(id),
                    None => {
                        desk.error(&crate::app::AppError::NoSuchEntrant(self.player.clone()));
                        return;
                    }
                }
            }
            _ => None,
        };
        let new = NewRole {
            kind: self.kind,
            person: self.person.clone(),
            scope: RoleScope {
                sections: self.section.into_iter().collect(),
                boards: if self.kind == RoleKind::Deputy {
                    boards
                } else {
                    None
                },
                player,
            },
        };
        if let Some((role, token)) = desk.act(|t| t.add_role(&new)) {
            let url = role_url(page_url, &token);
            desk.info(fill(T::HandsAdded.get(lang), &[&role.id, &role.person]));
            self.shown = Some((role.id, url.clone(), QrCode::of(&url)));
            self.person.clear();
            self.player.clear();
        }
    }
}

/// The results phones sent, waiting, at the top of the Results tab.
#[derive(Default)]
pub struct PhoneStrip {
    selected: usize,
    /// The open entries and every role, by the event's revision.
    cache: Option<(u64, Vec<PhoneEntry>, Vec<Role>)>,
}

impl PhoneStrip {
    /// The strip (nothing while no entry waits). Keys act when no text field has the focus.
    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let Some(tour) = desk.tournament.as_ref() else {
            return;
        };
        let rev = tour.revision();
        if self.cache.as_ref().is_none_or(|(r, _, _)| *r != rev) {
            self.cache = Some((
                rev,
                tour.phone_entries(true).unwrap_or_default(),
                tour.roles().unwrap_or_default(),
            ));
        }
        let Some((_, entries, roles)) = self.cache.clone() else {
            return;
        };
        let stand = tour.deputies_stand();
        if entries.is_empty() {
            let mut on = stand;
            if !roles.is_empty() && ui.checkbox(&mut on, t(T::HandsStand)).changed() {
                desk.act(|t| t.set_deputies_stand(on));
            }
            return;
        }
        self.selected = self.selected.min(entries.len() - 1);
        enum Do {
            Accept(i64),
            AcceptAll,
            Reject(i64),
        }
        let mut action = None;
        let keys_free = ui.memory(|m| m.focused().is_none());
        if keys_free {
            ui.input_mut(|i| {
                let alt = egui::Modifiers::ALT;
                if i.consume_key(alt, egui::Key::ArrowDown) {
                    self.selected = (self.selected + 1).min(entries.len() - 1);
                }
                if i.consume_key(alt, egui::Key::ArrowUp) {
                    self.selected = self.selected.saturating_sub(1);
                }
                if i.consume_key(alt, egui::Key::Enter) {
                    action = Some(Do::Accept(entries[self.selected].id));
                }
                if i.consume_key(alt, egui::Key::A) {
                    action = Some(Do::AcceptAll);
                }
                if i.consume_key(alt, egui::Key::Delete) {
                    action = Some(Do::Reject(entries[self.selected].id));
                }
            });
        }
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!("{} ({})", t(T::HandsArriving), entries.len()));
                ui.weak(t(T::HandsAcceptKeys));
                let mut on = stand;
                if ui.checkbox(&mut on, t(T::HandsStand)).changed() {
                    desk.act(|t| t.set_deputies_stand(on));
                }
            });
            egui::ScrollArea::vertical()
                .id_salt("phone_strip")
                .max_height(150.0)
                .show(ui, |ui| {
                    for (i, e) in entries.iter().enumerate() {
                        let line = entry_line(desk, e, &roles);
                        let colour =
                            (e.state == EntryState::Conflict).then(|| ui.visuals().warn_fg_color);
                        // The buttons first, then the entry in words, wrapped to the width
                        // left (a long note or name never pushes the window wider).
                        ui.horizontal(|ui| {
                            if ui.small_button(t(T::HandsAccept)).clicked() {
                                action = Some(Do::Accept(e.id));
                            }
                            if ui.small_button(t(T::HandsReject)).clicked() {
                                action = Some(Do::Reject(e.id));
                            }
                            let mut text = egui::RichText::new(line);
                            if let Some(c) = colour {
                                text = text.color(c);
                            }
                            let pick = egui::Button::selectable(i == self.selected, text).wrap();
                            if ui.add(pick).clicked() {
                                self.selected = i;
                            }
                        });
                    }
                });
            if ui
                .button(format!("{}  Alt+A", t(T::HandsAcceptAll)))
                .clicked()
            {
                action = Some(Do::AcceptAll);
            }
        });
        match action {
            Some(Do::Accept(id)) => {
                let accepted = desk.act(|t| t.accept_entry(id)).map(|_| 1);
                if let Some(n) = accepted {
                    desk.info(fill(t(T::HandsAccepted), &[&n]));
                }
            }
            Some(Do::AcceptAll) => {
                let accepted = desk.act(|t| t.accept_all());
                if let Some(n) = accepted {
                    desk.info(fill(t(T::HandsAccepted), &[&n]));
                }
            }
            Some(Do::Reject(id)) => {
                desk.act(|t| t.reject_entry(id));
            }
            None => {}
        }
    }
}

/// One entry in words: section, round, board, players, result, fouls, note, who, state.
fn entry_line(desk: &Desk, e: &PhoneEntry, roles: &[Role]) -> String {
    let lang = desk.lang;
    let t = |k: T| k.get(lang);
    let section = desk
        .tournament
        .as_ref()
        .and_then(|t| t.event().section(e.section));
    let (name, game, players) = match section {
        Some(s) => {
            let players = s
                .round(e.round)
                .and_then(|r| r.games.iter().find(|g| g.board == e.board))
                .map(|g| format!("{} — {}", s.label(g.red), s.label(g.black)))
                .unwrap_or_default();
            (s.name.clone(), s.settings.game, players)
        }
        None => (
            String::new(),
            crate::model::GameKind::Xiangqi,
            String::new(),
        ),
    };
    let who = roles
        .iter()
        .find(|r| r.id == e.role)
        .map(|r| {
            fill(
                t(T::HandsFrom),
                &[&r.person, &t(role_kind_word(r.kind)), &r.id],
            )
        })
        .unwrap_or_default();
    let fouls = if e.fouls == (0, 0) {
        String::new()
    } else {
        format!(" {}/{}", e.fouls.0, e.fouls.1)
    };
    let note = if e.note.is_empty() {
        String::new()
    } else {
        format!(" «{}»", e.note)
    };
    format!(
        "{name} {} {} {players}: {}{fouls}{note} · {who} · {}",
        fill(t(T::RoundN), &[&e.round]),
        fill(t(T::VenueBoardN), &[&e.board]),
        outcome_text(e.outcome, game, lang),
        t(entry_state_word(e.state))
    )
}
