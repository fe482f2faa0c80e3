//! 赛事信息 — the event's details: name, organiser, venue, start and end dates, the chief
//! arbiter and the event-wide entry cap; then what the order book carries besides (承办, 协办,
//! 组委会, 副裁判长, 裁判员 one a line, the 竞赛规程 and 赛场须知 texts) in multi-line fields;
//! saved on their own; and the order book (秩序册) exported from here.

use super::{EventTab, field, field_invalid, hint, whole_number};
use crate::app::AppError;
use crate::i18n::T;
use crate::model::{Event, EventDetails};
use crate::ui::Desk;

/// The labels of the detail fields, in the order of [`EventTab::info`].
const LABELS: [T; 7] = [
    T::EventName,
    T::Organiser,
    T::Venue,
    T::StartDate,
    T::EndDate,
    T::ChiefArbiter,
    T::EventEntryCap,
];

/// The labels of the order book's fields, in the order of [`EventTab::info`] after
/// [`LABELS`], with the rows each shows (a list a few, a text more).
const DETAILS: [(T, usize); 7] = [
    (T::Hosts, 2),
    (T::CoOrganisers, 2),
    (T::Committee, 3),
    (T::DeputyArbiters, 2),
    (T::Arbiters, 3),
    (T::Regulations, 8),
    (T::VenueRules, 5),
];

/// The fields of the panel: the details of [`LABELS`], then those of [`DETAILS`].
pub(super) type InfoFields = [String; 14];

/// The detail fields filled from the event.
pub(super) fn info_fields(e: &Event) -> InfoFields {
    let date = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
    let d = &e.details;
    [
        e.name.clone(),
        e.organiser.clone(),
        e.venue.clone(),
        date(e.start_date),
        date(e.end_date),
        e.chief_arbiter.clone(),
        e.entry_cap.map(|c| c.to_string()).unwrap_or_default(),
        d.hosts.clone(),
        d.co_organisers.clone(),
        d.committee.clone(),
        d.deputy_arbiters.clone(),
        d.arbiters.clone(),
        d.regulations.clone(),
        d.venue_rules.clone(),
    ]
}

impl EventTab {
    /// The details as a grid, the button that saves them and the one that exports the order
    /// book.
    pub(super) fn info_panel(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        egui::Grid::new("event_info").num_columns(2).show(ui, |ui| {
            for (label, value) in LABELS.iter().zip(self.info.iter_mut()) {
                field(ui, t(*label), value, 360.0);
                ui.end_row();
            }
        });
        hint(ui, t(T::EventEntryCapHelp));
        ui.add_space(6.0);
        hint(ui, t(T::EventDetailsHelp));
        egui::Grid::new("event_details")
            .num_columns(2)
            .show(ui, |ui| {
                for ((label, rows), value) in
                    DETAILS.iter().zip(self.info[LABELS.len()..].iter_mut())
                {
                    let l = ui.label(t(*label));
                    ui.add(
                        egui::TextEdit::multiline(value)
                            .desired_rows(*rows)
                            .desired_width(360.0),
                    )
                    .labelled_by(l.id);
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
    }

    fn event_info(&self) -> Result<Event, AppError> {
        let date = |i: usize, field: T| -> Result<Option<chrono::NaiveDate>, AppError> {
            match self.info[i].trim() {
                "" => Ok(None),
                t => crate::model::parse_date(t)
                    .map(Some)
                    .ok_or_else(|| field_invalid(field, t, "YYYY-MM-DD".into())),
            }
        };
        Ok(Event {
            name: self.info[0].trim().into(),
            organiser: self.info[1].trim().into(),
            venue: self.info[2].trim().into(),
            start_date: date(3, T::StartDate)?,
            end_date: date(4, T::EndDate)?,
            chief_arbiter: self.info[5].trim().into(),
            entry_cap: match self.info[6].trim() {
                "" | "0" => None,
                t => Some(whole_number(t, T::EventEntryCap)?),
            },
            details: EventDetails {
                hosts: self.info[7].clone(),
                co_organisers: self.info[8].clone(),
                committee: self.info[9].clone(),
                deputy_arbiters: self.info[10].clone(),
                arbiters: self.info[11].clone(),
                regulations: self.info[12].clone(),
                venue_rules: self.info[13].clone(),
            },
            sections: vec![],
        })
    }
}
