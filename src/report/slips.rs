//! 记分单 — result slips: one per board, four to an A4 page with dashed cut lines between them.
//! Each names the event, section, round and board, both players, the result to tick, fouls,
//! and the signature lines for red, black and the arbiter (seeds 000/001: the players register
//! the result and sign). A board whose moves must be recorded says so; the round's lateness
//! limit (迟到时限), where the section sets one, is the slip's last line.

use super::ReportError;
use super::layout::{Align, Document, Font, Paper, Pdf};
use super::pairing_sheet::PairingSheet;
use crate::i18n::{Lang, T, fill};

const PER_PAGE: usize = 4;

/// Renders the slips of every board of the sheet (byes get none).
pub fn render(
    sheet: &PairingSheet,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let round = fill(t(T::RoundN), &[&sheet.round]);
    let title = format!("{} {round}{}", sheet.section, t(T::SlipsTitle));
    let mut doc = Document::new(font, &title, Paper::A4Portrait, vec![], "", t(T::PageOf));
    let (first, second) = if sheet.chess {
        (t(T::White), t(T::Black))
    } else {
        (t(T::Red), t(T::Black))
    };
    let x = doc.margin;
    let w = doc.content_width();
    let boards: Vec<_> = sheet.rows.iter().filter(|r| r.black.is_some()).collect();
    let mut top = 0.0;
    let mut slip_h = 0.0;
    for (i, row) in boards.iter().enumerate() {
        if i % PER_PAGE == 0 {
            top = doc.new_page().y;
            slip_h = doc.room_below(top) / PER_PAGE as f32;
        } else {
            doc.dashed_line(x - 5.0, top, x + w + 5.0, top);
        }
        let Some(black) = &row.black else { continue };
        let line = |k: f32| top + 9.0 * k;
        doc.text_fit(&sheet.event, x, line(1.0), w * 0.62, 11.0, Align::Left);
        let mut board = fill(t(T::BoardN), &[&row.board]);
        if row.record_moves {
            board = format!(
                "{}{}{}{}",
                board,
                t(T::FieldGap),
                super::pairing_sheet::RECORD_MARK,
                t(T::RecordMoves)
            );
        }
        doc.text_fit(
            &format!(
                "{}{gap}{round}{gap}{board}",
                sheet.section,
                gap = t(T::FieldGap)
            ),
            x + w * 0.62,
            line(1.0),
            w * 0.38,
            13.0,
            Align::Right,
        );
        player_line(
            &mut doc,
            font,
            (first, lang),
            &row.red,
            x,
            line(2.2),
            w / 2.0 - 2.0,
        );
        player_line(
            &mut doc,
            font,
            (second, lang),
            black,
            x + w / 2.0,
            line(2.2),
            w / 2.0,
        );
        let (colon, gap) = (t(T::ListColon), t(T::FieldGap));
        let outcomes = format!(
            "{}{colon}□ {}{gap}{gap}□ {}{gap}{gap}□ {}{gap}{gap}{gap}{}{colon}{} ____{gap}{} ____",
            t(T::Result),
            t(T::OutcomeRedWin),
            t(T::OutcomeDraw),
            t(T::OutcomeBlackWin),
            t(T::Fouls),
            first,
            second
        );
        doc.text_fit(&outcomes, x, line(3.4), w, 12.0, Align::Left);
        let signs = format!(
            "{}{}{colon}______________{gap}{}{}{colon}______________{gap}{}{colon}______________",
            first,
            t(T::Signature),
            second,
            t(T::Signature),
            t(T::Arbiter)
        );
        doc.text_fit(&signs, x, line(4.8), w, 12.0, Align::Left);
        if let Some(minutes) = sheet.late_limit {
            let late = fill(t(T::LatenessOnSlip), &[&minutes]);
            doc.text_fit(&late, x, line(5.9), w, 10.0, Align::Left);
        }
        top += slip_h;
    }
    if boards.is_empty() {
        doc.new_page();
    }
    doc.finish(stamp)
}

/// One side of a slip: "红方：5 周喆（嘉定区）" on one line at 13 pt when it fits; otherwise the
/// number and name keep their size and the unit goes on a smaller line below, so that a long
/// unit never shrinks the name the players sign against.
fn player_line(
    doc: &mut Document,
    font: &Font,
    (side, lang): (&str, Lang),
    p: &super::pairing_sheet::SheetPlayer,
    x: f32,
    y: f32,
    width: f32,
) {
    let name = format!("{side}{}{} {}", T::ListColon.get(lang), p.number, p.name);
    if p.unit.is_empty() {
        doc.text_fit(&name, x, y, width, 13.0, Align::Left);
        return;
    }
    let unit = fill(T::InParens.get(lang), &[&p.unit]);
    let whole = format!("{name}{unit}");
    if font.width_mm(&whole, 13.0) <= width {
        doc.text_fit(&whole, x, y, width, 13.0, Align::Left);
    } else {
        doc.text_fit(&name, x, y - 1.8, width, 13.0, Align::Left);
        doc.text_fit(&unit, x, y + 3.6, width, 9.0, Align::Left);
    }
}
