//! Pieces shared by several tabs.

use super::Desk;
use crate::i18n::{Lang, T, fill};
use crate::model::Section;

/// The section chooser of the top bar.
pub fn section_picker(ui: &mut egui::Ui, desk: &mut Desk) {
    let Some(t) = desk.tournament.as_ref() else {
        return;
    };
    let sections: Vec<(crate::model::SectionId, String)> = t
        .event()
        .sections
        .iter()
        .map(|s| (s.id, s.name.clone()))
        .collect();
    let current = desk
        .section()
        .map(|s| s.name.clone())
        .unwrap_or_else(|| desk.t(T::NoSection).to_string());
    let l = ui.label(desk.t(T::Section));
    egui::ComboBox::from_id_salt("section_picker")
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (id, name) in sections {
                if ui
                    .selectable_label(desk.section == Some(id), name)
                    .clicked()
                {
                    desk.section = Some(id);
                }
            }
        })
        .response
        .labelled_by(l.id)
        .on_hover_text("Ctrl+PageDown / Ctrl+PageUp");
}

/// A round chooser over the rounds paired so far; keeps `round` within range. The round
/// follows the latest paired round: when a new round is paired, a chooser that showed the
/// latest one moves on to it; one on an earlier round the arbiter picked stays there.
pub fn round_picker(ui: &mut egui::Ui, id: &str, section: &Section, round: &mut u32, lang: Lang) {
    labelled_round_picker(ui, id, section, round, lang, T::Round.get(lang));
}

/// [`round_picker`] under its own label (a second chooser in the same tab).
pub fn labelled_round_picker(
    ui: &mut egui::Ui,
    id: &str,
    section: &Section,
    round: &mut u32,
    lang: Lang,
    label: &str,
) {
    let last = section.rounds.last().map(|r| r.number).unwrap_or(0);
    following_round_picker(ui, id, section, round, lang, label, last);
}

/// The round chooser of the standings and awards: it stands on, and follows, the last round
/// whose results are all in ([`crate::app::standings_round`]), not a round just paired.
pub fn standings_round_picker(
    ui: &mut egui::Ui,
    id: &str,
    section: &Section,
    round: &mut u32,
    lang: Lang,
) {
    let latest = crate::app::standings_round(section);
    following_round_picker(ui, id, section, round, lang, T::Round.get(lang), latest);
}

/// A round chooser that stands on `latest` and moves on with it, unless the arbiter picked
/// an earlier round.
fn following_round_picker(
    ui: &mut egui::Ui,
    id: &str,
    section: &Section,
    round: &mut u32,
    lang: Lang,
    label: &str,
    latest: u32,
) {
    let last = section.rounds.last().map(|r| r.number).unwrap_or(0);
    let seen = egui::Id::unique((id, "latest_seen", section.id.0));
    let latest_seen: Option<u32> = ui.data(|d| d.get_temp(seen));
    if latest_seen.is_some_and(|s| *round == s && latest != s) {
        *round = latest;
    }
    ui.data_mut(|d| d.insert_temp(seen, latest));
    if *round == 0 || *round > last {
        *round = latest;
    }
    let l = ui.label(label);
    egui::ComboBox::from_id_salt(id)
        .selected_text(fill(T::RoundN.get(lang), &[round]))
        .show_ui(ui, |ui| {
            for r in &section.rounds {
                ui.selectable_value(round, r.number, fill(T::RoundN.get(lang), &[&r.number]));
            }
        })
        .response
        .labelled_by(l.id);
}

/// PgUp / PgDn in a tab with a round chooser: the previous or next paired round.
pub fn step_round(section: &Section, round: &mut u32, by: i32) {
    let last = section.rounds.last().map(|r| r.number).unwrap_or(0);
    let next = (*round as i64 + by as i64).clamp(1.min(last as i64), last as i64);
    *round = next as u32;
}

/// A labelled single-line text field whose accessible name is its label.
pub fn field(ui: &mut egui::Ui, label: &str, value: &mut String, width: f32) -> egui::Response {
    // Never split over two lines: in a wrapping row it goes whole to the next.
    let l = ui.add(egui::Label::new(label).extend());
    ui.add(egui::TextEdit::singleline(value).desired_width(width))
        .labelled_by(l.id)
}

/// The chosen section, or a line saying there is none.
pub fn chosen_section(ui: &mut egui::Ui, desk: &Desk) -> Option<Section> {
    let section = desk.section().cloned();
    if section.is_none() {
        ui.label(desk.t(T::NoSection));
    }
    section
}

/// The chosen section for a tab that shows rounds, or `None` after saying why there is
/// nothing to show (no section yet, or nothing paired yet).
pub fn paired_section(ui: &mut egui::Ui, desk: &Desk) -> Option<Section> {
    let section = chosen_section(ui, desk)?;
    if section.rounds.is_empty() {
        ui.label(desk.t(T::NoRounds));
        return None;
    }
    Some(section)
}

/// Asks whether an export may replace the file at `path`: `Some(true)` once the person agrees
/// (the button or Enter), `Some(false)` on cancel (the button or Esc), `None` while it waits.
pub fn confirm_overwrite(ctx: &egui::Context, path: &std::path::Path, lang: Lang) -> Option<bool> {
    let t = |k: T| k.get(lang);
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("confirm_overwrite")).show(ctx, |ui| {
        ui.label(fill(t(T::ConfirmOverwrite), &[&path.display()]));
        ui.horizontal(|ui| {
            if ui.button(t(T::Overwrite)).clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter))
            {
                answer = Some(true);
            }
            if ui.button(t(T::Cancel)).clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                answer = Some(false);
            }
        });
    });
    answer
}

/// 男 / 女, or a dash when the sex is not known.
pub fn sex_text(s: crate::model::Sex, lang: Lang) -> &'static str {
    match crate::i18n::sex_text(s, lang) {
        "" => "—",
        known => known,
    }
}

/// An entrant's sex, birth date, unit, rating and grade as five cells of a table row (the
/// entrants list and the import preview show them alike).
pub fn entrant_cells(row: &mut egui_extras::TableRow, e: &crate::model::Entrant, lang: Lang) {
    row.col(|ui| {
        ui.label(sex_text(e.sex, lang));
    });
    row.col(|ui| {
        ui.label(e.birth_date.map(|d| d.to_string()).unwrap_or_default());
    });
    row.col(|ui| {
        ui.label(&e.unit);
    });
    row.col(|ui| {
        ui.label(e.rating.map(|r| r.to_string()).unwrap_or_default());
    });
    row.col(|ui| {
        ui.label(&e.grade);
    });
}

/// The colour a warning of `level` is shown in: plain for a notice, the warning colour, and
/// the error colour for a strong warning or one FIDE mode refuses.
pub fn level_colour(ui: &egui::Ui, level: crate::model::WarningLevel) -> egui::Color32 {
    use crate::model::WarningLevel as L;
    match level {
        L::Notice => ui.visuals().text_color(),
        L::Warning => ui.visuals().warn_fg_color,
        L::Strong | L::Refused => ui.visuals().error_fg_color,
    }
}

/// A warning against the rules in one line: its level, then the warning in words.
pub fn warning_line(
    w: &crate::model::RuleWarning,
    level: crate::model::WarningLevel,
    lang: Lang,
) -> String {
    format!(
        "{}{}{}",
        crate::i18n::level_text(level, lang),
        T::ListLead.get(lang),
        crate::i18n::rule_warning_text(w, lang)
    )
}

/// Work done off the window's thread (pairing a big field, making the result book): the
/// closure runs on a worker thread, and a later frame picks up its answer; the window repaints
/// when it comes. The one way the tabs run long work.
pub struct Background<T>(std::sync::mpsc::Receiver<T>);

/// Where a [`Background`] job is.
pub enum Progress<T> {
    Running,
    Done(T),
    /// The worker ended without an answer (it panicked): said to the arbiter, never dropped
    /// silently.
    Died,
}

impl<T: Send + 'static> Background<T> {
    pub fn start(ctx: &egui::Context, work: impl FnOnce() -> T + Send + 'static) -> Background<T> {
        let (tx, rx) = std::sync::mpsc::channel();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let _ = tx.send(work());
            ctx.request_repaint();
        });
        Background(rx)
    }

    /// The job's answer once it is there; while it runs, a repaint is asked for shortly, so
    /// that a frame looks again.
    pub fn poll(&self, ctx: &egui::Context) -> Progress<T> {
        match self.0.try_recv() {
            Ok(answer) => Progress::Done(answer),
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
                Progress::Running
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => Progress::Died,
        }
    }
}

/// A table column as wide as the widest text in view (never narrower than `min`): a name, a
/// unit or a tiebreak's heading is shown whole, not cut at a guessed width. A table that grows
/// wider than the window scrolls sideways inside [`sideways`].
pub fn fit_column(min: f32) -> egui_extras::Column {
    egui_extras::Column::auto().at_least(min).resizable(true)
}

/// A wide table: scrolls sideways, its bar showing, when the window is narrower. The table
/// inside scrolls down itself, at most the height it is given (`room`, what is left above
/// the sideways bar), so that no row is ever under it.
pub fn sideways<R>(ui: &mut egui::Ui, id: &str, add: impl FnOnce(&mut egui::Ui, f32) -> R) -> R {
    // The table body's own height: what is left above the sideways bar under the header row
    // (the tables' rows are a line of body text and 8 points high).
    let bar = ui.spacing().scroll.allocated_width();
    let header = ui.text_style_height(&egui::TextStyle::Body) + 8.0;
    let room =
        (ui.available_height() - header - bar - 2.0 * ui.spacing().item_spacing.y).max(4.0 * bar);
    egui::ScrollArea::horizontal()
        .id_salt(id)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            // Cells keep their text on one line: a column grows to it instead of wrapping it
            // under the row's fixed height.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            add(ui, room)
        })
        .inner
}

/// A text in a cell that may be narrower than it (a long note, a journal entry): the whole
/// text on hover only when the cell cuts it; a text shown in full is not shown a second time.
pub fn cell_text(ui: &mut egui::Ui, text: impl Into<egui::RichText>) -> egui::Response {
    let text = text.into();
    let whole = text.text().to_string();
    let r = ui.label(text);
    // Cut by the cell, or by the edge of the window (a table wider than the window).
    let edge = ui.clip_rect().max.x.min(ui.ctx().content_rect().max.x);
    if r.rect.max.x > edge + 0.5 {
        r.on_hover_text(whole)
    } else {
        r
    }
}

/// A QR code drawn with its quiet zone on a white square of `size` points.
pub fn qr_on_screen(ui: &mut egui::Ui, code: &crate::app::QrCode, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
    let quiet = 4.0;
    let m = size / (code.width as f32 + 2.0 * quiet);
    for y in 0..code.width {
        for x in 0..code.width {
            if code.is_dark(x, y) {
                let min = rect.min + egui::vec2((x as f32 + quiet) * m, (y as f32 + quiet) * m);
                painter.rect_filled(
                    egui::Rect::from_min_size(min, egui::vec2(m, m)),
                    0.0,
                    egui::Color32::BLACK,
                );
            }
        }
    }
}
