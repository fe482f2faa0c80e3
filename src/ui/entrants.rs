//! 选手 — the entrants of the chosen section: add, edit, remove, and the drawing of pairing
//! numbers by lot. Keyboard: Ctrl+N goes to the name field; Enter in a field of the form
//! adds the entrant and comes back to the name; Ctrl+L goes to the lot seed, where Enter
//! draws the numbers. When the active field is odd, a button beside the count adds a house
//! player (补双选手) in one undoable action; the form's checkbox marks any entrant as one.
//! 性别 is a row of buttons Tab goes through, and it stays as it was for the next entrant.
//! 导入选手 (Ctrl+I, or a file dropped on the window) opens the import panel
//! ([`super::import`]) in the list's place; 空白报名表 saves the entry form for the units.
//! 签到台 (Ctrl+K) turns the tab into the check-in desk for the door ([`super::checkin`]).
//! An entrant being edited shows his fee (缴费): the amount his section's fee gives him, the
//! method and the receipt number, recorded with 登记缴费, or refunded with 退费 — each one undoable
//! action of its own, apart from saving the form.

use super::import::{ImportPanel, PanelAction};
use super::widgets::{chosen_section, entrant_cells, field, sex_text};
use super::{Desk, Tab};
use crate::app::{AppError, WILDCARD_FLAG};
use crate::i18n::{T, status_text};
use crate::model::{Entrant, EntrantId, EntrantStatus, Sex};

#[derive(Default)]
pub struct EntrantsTab {
    editing: Option<EntrantId>,
    /// 序号 — set by the draw; typed by hand only to seed from a list before round 1.
    number: String,
    name: String,
    sex: Sex,
    birth: String,
    unit: String,
    rating: String,
    grade: String,
    status: EntrantStatus,
    /// 会员.
    member: bool,
    /// 境外.
    overseas: bool,
    /// 补双选手.
    house: bool,
    /// 团体队员 — on the team entry form.
    team_member: bool,
    /// 外卡 — given a wildcard of the section's staged qualification.
    wildcard: bool,
    /// The entrant being edited as stored: its flags other than 外卡 are kept from it.
    original: Option<Entrant>,
    /// 抽签种子 as typed, and the section it was typed for (another section starts empty).
    seed: String,
    seed_for: Option<crate::model::SectionId>,
    /// 搜索 — name, pinyin initials or unit.
    search: String,
    /// Give the name field the focus on the next frame.
    focus_name: bool,
    /// The column the list is sorted by (a click on its heading; again: the other way).
    sort: Sort,
    /// 导入选手, while open.
    import: Option<ImportPanel>,
    /// 签到台 (Ctrl+K): the tab is the check-in desk while this is on.
    at_door: bool,
    door: super::checkin::CheckInDesk,
    /// 缴费 of the entrant being edited: amount, method and receipt as typed, and whom they
    /// were filled in for.
    fee: FeeForm,
    /// 参赛队 — a team section's teams and line-ups, in the place of the entrant form.
    teams: super::teams::TeamsPanel,
}

#[derive(Default)]
struct FeeForm {
    for_entrant: Option<EntrantId>,
    amount: String,
    method: crate::model::PaymentMethod,
    receipt: String,
}

/// Sorting of the entrants list by one of its columns (0 = number … 7 = status).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Sort {
    column: usize,
    descending: bool,
}

impl Sort {
    fn click(&mut self, column: usize) {
        if self.column == column {
            self.descending = !self.descending;
        } else {
            *self = Sort {
                column,
                descending: false,
            };
        }
    }

    /// Sorts rows that come in number order (ties stay in it, reversed when descending).
    fn apply(&self, rows: &mut [&Entrant]) {
        match self.column {
            1 => rows.sort_by_cached_key(|e| crate::names::name_key(&e.name)),
            2 => rows.sort_by_key(|e| e.sex as u8),
            3 => rows.sort_by_key(|e| e.birth_date),
            4 => rows.sort_by_cached_key(|e| crate::names::pinyin_key(&e.unit)),
            5 => rows.sort_by_key(|e| e.rating),
            6 => rows.sort_by(|a, b| a.grade.cmp(&b.grade)),
            7 => rows.sort_by_key(|e| e.status as u8),
            _ => {}
        }
        if self.descending {
            rows.reverse();
        }
    }
}

impl EntrantsTab {
    /// Opens the import panel on a file dropped on the window.
    pub fn import_dropped(&mut self, path: &std::path::Path, desk: &Desk) {
        self.import = Some(ImportPanel::with_file(path, desk));
    }

    fn clear(&mut self) {
        let seed = std::mem::take(&mut self.seed);
        let search = std::mem::take(&mut self.search);
        let import = self.import.take();
        let door = std::mem::take(&mut self.door);
        *self = EntrantsTab {
            seed,
            seed_for: self.seed_for,
            search,
            import,
            door,
            at_door: self.at_door,
            sort: self.sort,
            focus_name: true,
            ..EntrantsTab::default()
        };
    }

    fn load(&mut self, e: &Entrant) {
        self.editing = Some(e.id);
        self.member = e.member;
        self.overseas = e.overseas;
        self.house = e.house;
        self.team_member = e.team_member;
        self.wildcard = e.is_wildcard();
        self.original = Some(e.clone());
        self.number = e.number.map(|n| n.to_string()).unwrap_or_default();
        self.name = e.name.clone();
        self.sex = e.sex;
        self.birth = e.birth_date.map(|d| d.to_string()).unwrap_or_default();
        self.unit = e.unit.clone();
        self.rating = e.rating.map(|r| r.to_string()).unwrap_or_default();
        self.grade = e.grade.clone();
        self.status = e.status;
    }

    /// The form as an entrant, or the error naming the bad field.
    fn entrant(&self, lang: crate::i18n::Lang) -> Result<Entrant, AppError> {
        let birth_date = match self.birth.trim() {
            "" => None,
            t => Some(
                crate::model::parse_date(t).ok_or_else(|| AppError::FieldInvalid {
                    field: T::BirthDate,
                    value: t.to_string(),
                    reason: T::DateFormHint.get(lang).into(),
                })?,
            ),
        };
        let rating = match self.rating.trim() {
            "" => None,
            t => Some(t.parse::<i32>().map_err(|_| AppError::FieldInvalid {
                field: T::Rating,
                value: t.to_string(),
                reason: "0–4000".into(),
            })?),
        };
        let mut flags = self
            .original
            .as_ref()
            .map(|e| e.flags.clone())
            .unwrap_or_default();
        flags.retain(|f| !crate::model::is_wildcard(f));
        if self.wildcard {
            flags.push(WILDCARD_FLAG.to_string());
        }
        let number = match self.number.trim() {
            "" => None,
            t => Some(t.parse::<u32>().ok().filter(|n| *n > 0).ok_or_else(|| {
                AppError::FieldInvalid {
                    field: T::Number,
                    value: t.to_string(),
                    reason: "1–9999".into(),
                }
            })?),
        };
        Ok(Entrant {
            id: self.editing.unwrap_or_default(),
            flags,
            number,
            name: self.name.trim().to_string(),
            sex: self.sex,
            birth_date,
            unit: self.unit.trim().to_string(),
            rating,
            grade: self.grade.trim().to_string(),
            status: self.status,
            member: self.member,
            overseas: self.overseas,
            house: self.house,
            team_member: self.team_member,
            // 签到 is the desk's, kept as it is by an edit.
            checked_in: self.original.as_ref().and_then(|e| e.checked_in),
            // 缴费 is the fee actions', kept as it is by an edit.
            payment: self
                .original
                .as_ref()
                .map(|e| e.payment.clone())
                .unwrap_or_default(),
        })
    }
}

impl Tab for EntrantsTab {
    fn title(&self) -> T {
        T::TabEntrants
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        // 签到台: Ctrl+K, or the button, turns the tab into the check-in desk and back.
        let door_key = ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::K));
        if door_key {
            self.at_door = !self.at_door;
            if self.at_door {
                self.door.open();
            }
        }
        if self.at_door {
            if ui
                .button(desk.t(T::CheckInBack))
                .on_hover_text("Ctrl+K")
                .clicked()
            {
                self.at_door = false;
            }
            self.door.ui(ui, desk);
            return;
        }
        let Some(section) = chosen_section(ui, desk) else {
            return;
        };
        if section.settings.team_section.is_some() {
            self.teams.ui(ui, desk, &section);
            return;
        }
        let lang = desk.lang;
        let t = |k: T| k.get(lang);

        // The form.
        let mut add = false;
        let (go_name, go_seed, go_import) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::COMMAND, egui::Key::N),
                i.consume_key(egui::Modifiers::COMMAND, egui::Key::L),
                i.consume_key(egui::Modifiers::COMMAND, egui::Key::I),
            )
        });
        if go_import {
            self.import = Some(ImportPanel::new());
        }
        ui.horizontal_wrapped(|ui| {
            if self.editing.is_some() {
                field(ui, t(T::Number), &mut self.number, 40.0)
                    .on_hover_text(t(T::NumberByHandHint));
            }
            let name = field(ui, t(T::Name), &mut self.name, 120.0);
            if go_name || std::mem::take(&mut self.focus_name) {
                name.request_focus();
            }
            // As wide as the unit's name (up to a limit): a long name is read whole, not cut at
            // the field's edge.
            let unit_width = ui
                .fonts_mut(|f| {
                    f.layout_no_wrap(
                        self.unit.clone(),
                        egui::TextStyle::Body.resolve(ui.style()),
                        egui::Color32::WHITE,
                    )
                })
                .size()
                .x;
            let unit_width = (unit_width + 24.0).clamp(140.0, 520.0);
            let unit = field(ui, t(T::Unit), &mut self.unit, unit_width);
            // 性别 as a row of buttons, not a list: Tab goes through it to the next field (an
            // open list kept Tab, and the date and rating went into the wrong fields).
            ui.label(t(T::Sex));
            for s in Sex::ALL {
                ui.selectable_value(&mut self.sex, s, sex_text(s, lang));
            }
            let birth = field(ui, t(T::BirthDate), &mut self.birth, 100.0);
            let rating = field(ui, t(T::Rating), &mut self.rating, 60.0);
            let grade = field(ui, t(T::Grade), &mut self.grade, 90.0);
            // Enter in any field of the form adds the entrant.
            for r in [&name, &unit, &birth, &rating, &grade] {
                if r.lost_focus()
                    && ui.input(|i| i.key_pressed(egui::Key::Enter))
                    && self.editing.is_none()
                {
                    add = true;
                }
            }
            ui.checkbox(&mut self.member, t(T::Member));
            ui.checkbox(&mut self.overseas, t(T::Overseas));
            ui.checkbox(&mut self.team_member, t(T::TeamMember));
            ui.checkbox(&mut self.house, t(T::HousePlayer))
                .on_hover_text(t(T::HousePlayerHint));
            // 外卡: in a qualifier that gives wildcards, and in the event it qualifies for (an
            // organiser's wildcard who does not play the qualifier is entered there).
            let wildcards = desk.tournament.as_ref().is_some_and(|t| {
                t.event()
                    .sections
                    .iter()
                    .any(|s| s.settings.qualification.wildcards > 0)
            });
            if wildcards || self.wildcard {
                ui.checkbox(&mut self.wildcard, t(T::Wildcard));
            }
            // Whole, on the next line if need be: a wrapping row split 状态 into 状 / 态.
            let l = ui.add(egui::Label::new(t(T::Status)).extend());
            egui::ComboBox::from_id_salt("status")
                .selected_text(status_text(self.status, lang))
                .show_ui(ui, |ui| {
                    for s in [
                        EntrantStatus::Active,
                        EntrantStatus::Withdrawn,
                        EntrantStatus::Excluded,
                    ] {
                        ui.selectable_value(&mut self.status, s, status_text(s, lang));
                    }
                })
                .response
                .labelled_by(l.id);
        });
        if let Some(id) = self.editing
            && let Some(e) = section.entrant(id)
        {
            self.fee_row(ui, desk, &section, e);
        }
        ui.horizontal(|ui| {
            if self.editing.is_none() {
                add |= ui.button(t(T::AddEntrant)).clicked();
            } else {
                if ui.button(t(T::SaveEntrant)).clicked() {
                    match self.entrant(desk.lang) {
                        Ok(e) => {
                            if desk
                                .act(|tour| tour.update_entrant(section.id, &e))
                                .is_some()
                            {
                                desk.info(saved_text(&e, desk.lang));
                                self.clear();
                            }
                        }
                        Err(e) => desk.error(&e),
                    }
                }
                if ui.button(t(T::RemoveEntrant)).clicked()
                    && let Some(id) = self.editing
                    && desk
                        .act(|tour| tour.remove_entrant(section.id, id))
                        .is_some()
                {
                    self.clear();
                }
                if ui.button(t(T::NewEntrant)).clicked() {
                    self.clear();
                }
            }
            ui.separator();
            if self.seed_for != Some(section.id) {
                self.seed.clear();
                self.seed_for = Some(section.id);
            }
            let seed = field(ui, t(T::LotSeed), &mut self.seed, 110.0);
            if go_seed {
                seed.request_focus();
            }
            let seed_enter = seed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let draw = ui
                .add_enabled(section.rounds.is_empty(), egui::Button::new(t(T::DrawLots)))
                .on_hover_text("Ctrl+L");
            if section.rounds.is_empty() && (draw.clicked() || seed_enter) {
                let seed = self.seed.trim().parse::<u64>().unwrap_or_else(|_| {
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_nanos() as u64 % 1_000_000_000)
                        .unwrap_or(1)
                });
                self.seed = seed.to_string();
                if desk.act(|tour| tour.draw_lots(section.id, seed)).is_some() {
                    desk.info(format!("{} {seed}", t(T::DrawnWithSeed)));
                }
            }
            if let Some(seed) = section.lot_seed {
                ui.weak(format!("{} {seed}", t(T::DrawnWithSeed)));
            }
        });
        if add {
            match self.entrant(desk.lang) {
                Ok(e) => {
                    if desk.act(|tour| tour.add_entrant(section.id, &e)).is_some() {
                        desk.info(saved_text(&e, desk.lang));
                        // The next entrant is most often of the same sex (a women's section).
                        let sex = self.sex;
                        self.clear();
                        self.sex = sex;
                    }
                }
                Err(e) => desk.error(&e),
            }
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{} {}", section.entrants.len(), t(T::EntrantCount)));
            // An odd active field: the organiser may add a house player (补双) instead of a
            // bye every round.
            if section.wants_house_player()
                && ui
                    .button(t(T::AddHousePlayer))
                    .on_hover_text(t(T::HousePlayerHint))
                    .clicked()
                && desk.act(|tour| tour.add_house_player(section.id)).is_some()
            {
                desk.info(format!("{} ✓", t(T::AddHousePlayer)));
            }
            ui.separator();
            field(ui, t(T::Search), &mut self.search, 160.0);
            ui.separator();
            if ui
                .button(t(T::CheckInDesk))
                .on_hover_text(format!("{} — Ctrl+K", t(T::CheckInDeskHint)))
                .clicked()
            {
                self.at_door = true;
                self.door.open();
            }
            ui.separator();
            if ui
                .button(t(T::ImportEntrants))
                .on_hover_text("Ctrl+I")
                .clicked()
            {
                self.import = Some(ImportPanel::new());
            }
            if ui.button(t(T::EntryFormSave)).clicked() {
                let name = desk.file_name(&[&section.name, t(T::EntryForm)], "xlsx");
                if let Some(path) = desk.save_path(t(T::EntryForm), &name, "xlsx", "Excel")
                    && desk
                        .act(|tour| tour.write_entry_form(section.id, &path, true, lang))
                        .is_some()
                {
                    desk.info(crate::i18n::fill(t(T::EntryFormSaved), &[&path.display()]));
                }
            }
        });
        // While importing, the panel takes the list's place: its preview is the list to be.
        if let Some(panel) = &mut self.import {
            ui.separator();
            // The panel scrolls: under a long mapping or list of problems its confirm button
            // is still reached on a 768-high window.
            let action = egui::ScrollArea::vertical()
                .id_salt("import_panel")
                .show(ui, |ui| panel.ui(ui, desk, &section))
                .inner;
            if action == PanelAction::Close {
                self.import = None;
            }
            return;
        }
        let needle = self.search.trim().to_lowercase();
        let shown = |e: &Entrant| {
            needle.is_empty()
                || e.name.contains(&needle)
                || e.unit.contains(&needle)
                || crate::names::pinyin_initials(&e.name).starts_with(&needle)
                || e.number.is_some_and(|n| n.to_string() == needle)
        };

        // The list: number order, or the column whose heading was clicked. Only the rows in
        // view are laid out, so a field of thousands draws as fast as one of ten.
        let mut rows: Vec<&Entrant> = section
            .entrants_by_number()
            .into_iter()
            .filter(|e| shown(e))
            .collect();
        self.sort.apply(&mut rows);
        let mut pick = None;
        let heads = [
            T::Number,
            T::Name,
            T::Sex,
            T::BirthDate,
            T::Unit,
            T::Rating,
            T::Grade,
            T::Status,
        ];
        let row_h = ui.text_style_height(&egui::TextStyle::Body) + 8.0;
        let widths = [56.0, 120.0, 44.0, 110.0, 160.0, 70.0, 100.0, 80.0];
        super::widgets::sideways(ui, "entrants_sideways", |ui, room| {
            let mut table = egui_extras::TableBuilder::new(ui)
                .max_scroll_height(room)
                .id_salt("entrants")
                .striped(true)
                .resizable(true)
                .auto_shrink([false, false])
                .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
            for w in widths {
                table = table.column(super::widgets::fit_column(w));
            }
            table
                .header(row_h, |mut header| {
                    for (i, h) in heads.into_iter().enumerate() {
                        header.col(|ui| {
                            let mark = match self.sort {
                                Sort { column, descending } if column == i => {
                                    if descending {
                                        " ▼"
                                    } else {
                                        " ▲"
                                    }
                                }
                                _ => "",
                            };
                            let title = egui::RichText::new(format!("{}{mark}", t(h))).strong();
                            if ui.add(egui::Button::new(title).frame(false)).clicked() {
                                self.sort.click(i);
                            }
                        });
                    }
                })
                .body(|body| {
                    body.rows(row_h, rows.len(), |mut row| {
                        let e = rows[row.index()];
                        row.col(|ui| {
                            ui.label(e.number.map(|n| n.to_string()).unwrap_or_default());
                        });
                        row.col(|ui| {
                            if ui
                                .selectable_label(self.editing == Some(e.id), &e.name)
                                .clicked()
                            {
                                pick = Some(e.clone());
                            }
                        });
                        entrant_cells(&mut row, e, lang);
                        row.col(|ui| {
                            if e.house {
                                let mark = format!(
                                    "{} · {}",
                                    status_text(e.status, lang),
                                    t(T::HouseMark)
                                );
                                ui.label(mark).on_hover_text(t(T::HousePlayer));
                            } else {
                                ui.label(status_text(e.status, lang));
                            }
                        });
                    });
                });
        });
        if let Some(e) = pick {
            self.load(&e);
        }
    }
}

impl EntrantsTab {
    /// 缴费 of the entrant being edited: his state, and the fields and button that record a
    /// payment (the amount his section's fee gives him filled in), or the button that refunds.
    fn fee_row(
        &mut self,
        ui: &mut egui::Ui,
        desk: &mut Desk,
        section: &crate::model::Section,
        e: &Entrant,
    ) {
        use crate::model::{PaymentMethod, PaymentState};
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        let due = crate::app::fee_due(section, e);
        if e.house || (due.is_none() && e.payment.state == PaymentState::Unpaid) {
            return;
        }
        if self.fee.for_entrant != Some(e.id) {
            self.fee = FeeForm {
                for_entrant: Some(e.id),
                amount: due.as_ref().map(|d| d.0.to_string()).unwrap_or_default(),
                ..FeeForm::default()
            };
        }
        let mut pay = false;
        let mut refund = false;
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(t(T::FeeState)).strong());
            let p = &e.payment;
            let mut state = crate::app::fee_state_text(section, e, lang);
            if p.state != PaymentState::Unpaid {
                if let Some(m) = p.method {
                    state += &crate::i18n::fill(
                        t(T::JournalPaymentMethod),
                        &[&crate::i18n::payment_method_text(m, lang)],
                    );
                }
                if !p.receipt.is_empty() {
                    state += " ";
                    state += &crate::i18n::fill(t(T::JournalPaymentReceipt), &[&p.receipt]);
                }
            }
            ui.label(state);
            if let Some((d, basis)) = &due {
                let basis = crate::app::basis_text(basis, lang);
                let text = if basis.is_empty() {
                    d.to_string()
                } else {
                    crate::i18n::fill(t(T::FeeOf), &[d, &basis])
                };
                ui.weak(format!("{} {text}", t(T::FeeDue)));
            }
            ui.separator();
            if p.state == PaymentState::Paid {
                refund = ui.button(t(T::FeeRefundButton)).clicked();
                return;
            }
            field(ui, t(T::FeeAmount), &mut self.fee.amount, 60.0);
            for m in PaymentMethod::ALL {
                ui.selectable_value(
                    &mut self.fee.method,
                    m,
                    crate::i18n::payment_method_text(m, lang),
                );
            }
            field(ui, t(T::Receipt), &mut self.fee.receipt, 100.0);
            pay = ui.button(t(T::FeePayButton)).clicked();
        });
        let (section_id, id) = (section.id, e.id);
        if refund && let Some(p) = desk.act(|tour| tour.refund(section_id, id)) {
            desk.info(crate::i18n::fill(
                t(T::FeeRefundDone),
                &[&e.label(), &p.amount],
            ));
        }
        if pay {
            let amount = match crate::app::parse_fee_amount(&self.fee.amount) {
                Ok(a) => a,
                Err(e) => return desk.error(&e),
            };
            let (method, receipt) = (self.fee.method, self.fee.receipt.clone());
            if let Some(p) =
                desk.act(|tour| tour.record_payment(section_id, id, amount, method, &receipt))
            {
                desk.info(crate::i18n::fill(
                    t(T::FeeRecorded),
                    &[
                        &e.label(),
                        &p.amount,
                        &crate::i18n::payment_method_text(method, lang),
                    ],
                ));
                self.fee.for_entrant = None;
            }
        }
    }
}

/// "周喆 ✓", with a note of the invisible characters the entry dropped (they hide in names
/// pasted from chat programs and web pages).
fn saved_text(e: &crate::model::Entrant, lang: crate::i18n::Lang) -> String {
    let (kept, removed) = e.cleaned();
    let mut text = format!("{} ✓", kept.name);
    if !removed.is_empty() {
        let codes: Vec<String> = removed
            .iter()
            .map(|c| format!("U+{:04X}", *c as u32))
            .collect();
        text += T::NoteSeparator.get(lang);
        text += &crate::i18n::fill(T::NoteInvisibleRemoved.get(lang), &[&codes.join(" ")]);
    }
    text
}
