//! 签到台 — the check-in desk: the Entrants tab's mode for a second person at the door, used
//! from the keyboard alone. It is a mode of the Entrants tab rather than a tab of its own: it
//! works on the same people and the same section picker, the tab bar's nine Ctrl+digit keys
//! are all taken, and the person at the door should not see the entrant form (Ctrl+K goes in
//! and out).
//!
//! One field takes what the door has: a 序号, a 报名号, a name, pinyin initials, or the code of
//! an entry card, which a USB barcode scanner types followed by Enter. Enter checks in the one
//! entrant it names; when it names several they are listed, ↑↓ picks one and Enter checks him
//! in. The field keeps the focus, so the next player is typed (or scanned) at once. Above it
//! the running count 已签到 N / 报名 M of every section; below, those not in yet. 关闭签到
//! (with a second, confirming press) withdraws them from round 1; Ctrl+Z undoes any of it.
//!
//! F2 takes the fee (缴费) of the player the field names, or of the one just checked in: a
//! row opens with the amount his section's fee gives him, ↑↓ choose the method (现金, 微信,
//! 支付宝, 转账, 其他), Tab goes to the receipt number, Enter records it (one undoable action)
//! and Esc closes the row; the field has the focus again for the next player.

use super::{Desk, widgets};
use crate::app::{CheckedIn, check_in_count, check_in_matches, not_checked_in};
use crate::i18n::{Lang, T, fill};
use crate::model::{EntrantId, PaymentMethod, PaymentState, SectionId};

/// What the door typed, found for: the event's revision, the section and the text.
type FoundFor = (u64, SectionId, String);

#[derive(Default)]
pub struct CheckInDesk {
    /// What was typed or scanned.
    query: String,
    /// The entrant ↑↓ chose among several matches (an index into them).
    picked: Option<usize>,
    /// The matches of `query`, and what they were found for (revision, section, query).
    found: Option<(FoundFor, Vec<(SectionId, EntrantId)>)>,
    /// 关闭签到 pressed once: the second press (or 确认) closes.
    closing: bool,
    /// The field takes the focus on the next frame.
    refocus: bool,
    /// The player last checked in: F2 takes his fee when the field names nobody.
    current: Option<(SectionId, EntrantId)>,
    /// The fee row (F2), while open.
    pay: Option<PayRow>,
}

/// 缴费 of one player at the desk, as typed.
struct PayRow {
    who: (SectionId, EntrantId),
    amount: String,
    method: PaymentMethod,
    receipt: String,
    /// The amount field takes the focus on the next frame.
    focus: bool,
}

/// A time of day as the door reads it: 08:31:05.
fn clock(at: chrono::NaiveDateTime) -> String {
    at.format("%H:%M:%S").to_string()
}

impl CheckInDesk {
    /// Opens the desk with the field ready.
    pub fn open(&mut self) {
        self.refocus = true;
    }

    /// The matches of the query in the chosen section (cached while nothing changes).
    fn matches(&mut self, desk: &Desk, section: SectionId) -> Vec<(SectionId, EntrantId)> {
        let key = (desk.revision(), section, self.query.clone());
        if let Some((k, v)) = &self.found
            && *k == key
        {
            return v.clone();
        }
        let Some(t) = desk.tournament.as_ref() else {
            return vec![];
        };
        let v = check_in_matches(t.event(), section, &self.query);
        self.found = Some((key, v.clone()));
        v
    }

    /// Checks in `who` and says how it went on the message line.
    fn check_in(&mut self, desk: &mut Desk, (section, id): (SectionId, EntrantId)) {
        let lang = desk.lang;
        let Some(done) = desk.act(|t| t.check_in(section, id)) else {
            return;
        };
        let label = desk
            .tournament
            .as_ref()
            .and_then(|t| t.event().section(section))
            .map(|s| s.label(id))
            .unwrap_or_default();
        let text = match done {
            CheckedIn::Now(at) => fill(T::CheckInDone.get(lang), &[&label, &clock(at)]),
            CheckedIn::Already(at) => fill(T::CheckInAlready.get(lang), &[&label, &clock(at)]),
            CheckedIn::Late { at, from_round } => fill(
                T::CheckInLateDone.get(lang),
                &[&label, &clock(at), &from_round],
            ),
        };
        desk.info(text);
        self.query.clear();
        self.picked = None;
        self.current = Some((section, id));
    }

    /// Opens the fee row for `who`, the amount his section's fee gives him filled in.
    fn open_pay(&mut self, desk: &Desk, who: (SectionId, EntrantId)) {
        let due = desk
            .tournament
            .as_ref()
            .and_then(|t| t.event().section(who.0))
            .and_then(|s| Some((s, s.entrant(who.1)?)))
            .and_then(|(s, e)| crate::app::fee_due(s, e));
        self.pay = Some(PayRow {
            who,
            amount: due.map(|d| d.0.to_string()).unwrap_or_default(),
            method: PaymentMethod::Cash,
            receipt: String::new(),
            focus: true,
        });
    }

    /// The fee row: amount, method, receipt; Enter records, Esc closes.
    fn pay_ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let Some(row) = self.pay.as_mut() else {
            return;
        };
        let (section, id) = row.who;
        let Some((label, due_text)) = desk
            .tournament
            .as_ref()
            .and_then(|t| t.event().section(section))
            .and_then(|s| {
                let e = s.entrant(id)?;
                let name = match s.settings.fees.name.trim() {
                    "" => t(T::Fee),
                    n => n,
                };
                // "赛事服务费 150 元", "100 元（会员价）", or 不收费.
                let due = match crate::app::fee_due(s, e) {
                    Some((d, crate::model::FeeBasis::Standard)) => {
                        fill(t(T::FeeLine), &[&name, &d])
                    }
                    Some((d, basis)) => {
                        fill(t(T::FeeOf), &[&d, &crate::app::basis_text(&basis, lang)])
                    }
                    None => t(T::FeeDeskNothingDue).to_string(),
                };
                Some((e.label(), due))
            })
        else {
            self.pay = None;
            return;
        };
        ui.label(egui::RichText::new(fill(t(T::FeeDeskFor), &[&label, &due_text])).strong());
        // ↑↓ choose the method (the fields take no arrows).
        let (up, down) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
            )
        });
        let all = PaymentMethod::ALL;
        let at = all.iter().position(|m| *m == row.method).unwrap_or(0);
        if down {
            row.method = all[(at + 1) % all.len()];
        }
        if up {
            row.method = all[(at + all.len() - 1) % all.len()];
        }
        let mut enter = false;
        ui.horizontal_wrapped(|ui| {
            let amount = widgets::field(ui, t(T::FeeAmount), &mut row.amount, 70.0);
            if std::mem::take(&mut row.focus) {
                amount.request_focus();
            }
            // The receipt right after the amount: Tab goes from one to the other.
            let receipt = widgets::field(ui, t(T::Receipt), &mut row.receipt, 120.0);
            ui.label(t(T::PaymentMethodLabel));
            for m in all {
                ui.selectable_value(
                    &mut row.method,
                    m,
                    crate::i18n::payment_method_text(m, lang),
                );
            }
            for r in [&amount, &receipt] {
                enter |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            }
            enter |= ui.button(t(T::FeePayButton)).clicked();
            if ui.memory(|m| m.focused().is_none()) && !enter {
                amount.request_focus();
            }
        });
        ui.weak(t(T::FeeDeskHint));
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.pay = None;
            self.refocus = true;
            return;
        }
        if !enter {
            return;
        }
        let amount = match crate::app::parse_fee_amount(&row.amount) {
            Ok(a) => a,
            Err(e) => {
                desk.error(&e);
                row.focus = true;
                return;
            }
        };
        let (method, receipt) = (row.method, row.receipt.clone());
        if let Some(p) = desk.act(|t| t.record_payment(section, id, amount, method, &receipt)) {
            desk.info(fill(
                t(T::FeeRecorded),
                &[
                    &label,
                    &p.amount,
                    &crate::i18n::payment_method_text(method, lang),
                ],
            ));
            self.pay = None;
            self.refocus = true;
            self.query.clear();
            self.picked = None;
            self.current = Some((section, id));
        } else if let Some(row) = self.pay.as_mut() {
            row.focus = true;
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let Some(section) = desk.section().map(|s| s.id) else {
            ui.label(t(T::NoSection));
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.heading(t(T::CheckInDesk));
            ui.weak(t(T::CheckInDeskHint));
            ui.weak(t(T::FeeDeskKey));
        });
        // The running count of every section, the chosen one first and strong.
        counts(ui, desk, section, lang);
        ui.separator();
        if self.pay.is_some() {
            self.pay_ui(ui, desk);
            ui.separator();
        }

        let found = self.matches(desk, section);
        // F2: the fee of the player the field names (↑↓ among several), or of the one just
        // checked in.
        if self.pay.is_none()
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F2))
        {
            let chosen = match (found.len(), self.picked) {
                (1, _) => Some(found[0]),
                (n, Some(p)) if p < n => Some(found[p]),
                (0, _) if self.query.trim().is_empty() => self.current,
                _ => None,
            };
            match chosen {
                Some(who) => self.open_pay(desk, who),
                None => desk.info(t(T::FeeDeskPick)),
            }
        }
        let paying = self.pay.is_some();
        // ↑↓ choose among several matches; the field would otherwise take them.
        if found.len() > 1 && !paying {
            let (up, down) = ui.input_mut(|i| {
                (
                    i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
                    i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
                )
            });
            let last = found.len() - 1;
            if down {
                self.picked = Some(self.picked.map_or(0, |p| (p + 1).min(last)));
            }
            if up {
                self.picked = Some(self.picked.map_or(last, |p| p.saturating_sub(1)));
            }
        } else if !paying {
            self.picked = None;
        }
        // Ctrl+Z in the empty field undoes the last check-in (the field has the focus, where the
        // window's own Ctrl+Z would only undo typing).
        if self.query.is_empty()
            && !paying
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z))
        {
            match desk.act(|t| t.undo()) {
                Some(Some((action, entry))) => {
                    desk.info(crate::i18n::undone_text(&action, &entry, lang));
                }
                Some(None) => desk.info(t(T::NothingToUndo)),
                None => {}
            }
        }
        let before = self.query.clone();
        let field = widgets::field(ui, t(T::CheckInField), &mut self.query, 360.0);
        if self.query != before {
            self.picked = None;
        }
        let enter = !paying && field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) && field.has_focus() {
            self.query.clear();
        }
        if enter {
            let found = self.matches(desk, section);
            match (found.len(), self.picked) {
                (0, _) if self.query.trim().is_empty() => {}
                (0, _) => desk.error(&crate::app::AppError::NoSuchEntrant(
                    self.query.trim().to_string(),
                )),
                (1, _) => self.check_in(desk, found[0]),
                (_, Some(p)) if p < found.len() => self.check_in(desk, found[p]),
                (n, _) => desk.info(fill(t(T::CheckInPick), &[&n])),
            }
            self.refocus = true;
        }
        // The field keeps the focus: the next player is typed or scanned at once (the fee row
        // has it while open).
        if !paying && (std::mem::take(&mut self.refocus) || ui.memory(|m| m.focused().is_none())) {
            field.request_focus();
        }

        let found = self.matches(desk, section);
        if found.len() > 1 {
            ui.label(fill(t(T::CheckInPick), &[&found.len()]));
        }
        let Some(tour) = desk.tournament.as_ref() else {
            return;
        };
        let event = tour.event();
        // The matches, when the text names anybody: ↑↓ moves the mark (a click checks in too).
        let mut clicked = None;
        if !found.is_empty() {
            egui::ScrollArea::vertical()
                .id_salt("checkin_matches")
                .max_height(150.0)
                .show(ui, |ui| {
                    for (i, (s, id)) in found.iter().enumerate() {
                        let Some(sec) = event.section(*s) else {
                            continue;
                        };
                        let Some(e) = sec.entrant(*id) else {
                            continue;
                        };
                        let mut state = match e.checked_in {
                            Some(at) => format!("{} {}", t(T::CheckInAt), clock(at)),
                            None => t(T::CheckInNotYet).to_string(),
                        };
                        // 缴费, where the section charges a fee or he has paid.
                        if sec.settings.fees.charged() || e.payment.state != PaymentState::Unpaid {
                            state += "　";
                            state += &crate::app::fee_state_text(sec, e, lang);
                        }
                        let line = format!(
                            "{}　{}　{} {}　{}　{}",
                            sec.name,
                            e.label(),
                            t(T::RegistrationNo),
                            e.id.0,
                            e.unit,
                            state
                        );
                        if ui.selectable_label(self.picked == Some(i), line).clicked() {
                            clicked = Some(found[i]);
                        }
                    }
                });
        } else if !self.query.trim().is_empty() {
            ui.weak(fill(t(T::CheckInNoMatch), &[&self.query.trim()]));
        }
        ui.separator();

        // Closing, or the time it was closed.
        let Some(s) = event.section(section) else {
            return;
        };
        let missing = not_checked_in(s);
        let mut close = false;
        match s.checkin_closed {
            Some(at) => {
                ui.label(fill(
                    t(T::CheckInClosedNote),
                    &[&at.format("%Y-%m-%d %H:%M")],
                ));
            }
            None if s.rounds.is_empty() => {
                ui.horizontal_wrapped(|ui| {
                    if !self.closing {
                        if ui.button(t(T::CheckInClose)).clicked() {
                            self.closing = true;
                        }
                        return;
                    }
                    let absent = missing.iter().filter(|e| e.is_active()).count();
                    let ask = if s.settings.checkin.lots_among_present {
                        fill(
                            t(T::CheckInCloseAskLots),
                            &[&s.name, &absent, &check_in_count(s).present],
                        )
                    } else {
                        fill(t(T::CheckInCloseAsk), &[&s.name, &absent])
                    };
                    ui.label(ask);
                    close = ui.button(t(T::CheckInCloseYes)).clicked();
                    if ui.button(t(T::CheckInCloseNo)).clicked() {
                        self.closing = false;
                    }
                });
            }
            None => {}
        }

        // Those not in yet, in number order: the door sees who is still to come (while the
        // field names nobody: its matches have the room then).
        let show_missing = self.query.trim().is_empty();
        if show_missing {
            ui.label(egui::RichText::new(t(T::CheckInNotYet)).strong());
        }
        if show_missing && missing.is_empty() {
            ui.weak(t(T::CheckInAllIn));
        }
        let missing = if show_missing { missing } else { Vec::new() };
        let row_h = ui.text_style_height(&egui::TextStyle::Body) + 8.0;
        let heads = [T::Number, T::RegistrationNo, T::Name, T::Unit, T::Status];
        if show_missing {
            widgets::sideways(ui, "checkin_sideways", |ui, room| {
                let mut table = egui_extras::TableBuilder::new(ui)
                    .id_salt("checkin_missing")
                    .max_scroll_height(room)
                    .striped(true)
                    .auto_shrink([false, false])
                    .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
                for w in [56.0, 70.0, 120.0, 220.0, 80.0] {
                    table = table.column(widgets::fit_column(w));
                }
                table
                    .header(row_h, |mut header| {
                        for h in heads {
                            header.col(|ui| {
                                ui.strong(t(h));
                            });
                        }
                    })
                    .body(|body| {
                        body.rows(row_h, missing.len(), |mut row| {
                            let e = missing[row.index()];
                            row.col(|ui| {
                                ui.label(e.number.map(|n| n.to_string()).unwrap_or_default());
                            });
                            row.col(|ui| {
                                ui.label(e.id.0.to_string());
                            });
                            row.col(|ui| {
                                ui.label(&e.name);
                            });
                            row.col(|ui| {
                                ui.label(&e.unit);
                            });
                            row.col(|ui| {
                                ui.label(crate::i18n::status_text(e.status, lang));
                            });
                        });
                    });
            });
        }
        let name = s.name.clone();
        if let Some(who) = clicked {
            self.check_in(desk, who);
            self.refocus = true;
        }
        if close {
            self.closing = false;
            if let Some(absent) = desk.act(|t| t.close_check_in(section)) {
                desk.info(fill(t(T::CheckInClosedDone), &[&name, &absent.len()]));
            }
            self.refocus = true;
        }
    }
}

/// 已签到 N / 报名 M of each section, the chosen one strong.
fn counts(ui: &mut egui::Ui, desk: &Desk, chosen: SectionId, lang: Lang) {
    let Some(t) = desk.tournament.as_ref() else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        for s in &t.event().sections {
            let c = check_in_count(s);
            let text = fill(
                T::CheckInCount.get(lang),
                &[&s.name, &c.present, &c.entered],
            );
            if s.id == chosen {
                ui.label(egui::RichText::new(text).strong().size(20.0));
                if s.settings.fees.charged() {
                    ui.label(crate::app::fee_count_text(s, lang));
                }
            } else {
                ui.label(text);
            }
            ui.separator();
        }
    });
}
