//! 团体记分单 — one result slip per match of a team round, two to an A4 page with a dashed
//! cut line between them: event, section, round and match; the two teams; for each board its
//! colours, both players (from the line-ups, blank lines where none were handed in) and the
//! result boxes to tick by colour (红胜, 和, 黑胜); the match's 局分 and 场分 to fill in; the signatures of both
//! captains and the arbiter (the captains confirm their boards' results).

use super::ReportError;
use super::layout::{Align, Document, Font, Pdf};
use super::team_pairing_sheet::{first_colour_on, matches_of, player_on, side_word};
use super::team_paper::TeamPaper;
use crate::i18n::{Lang, T, fill};

const PER_PAGE: usize = 2;

/// Renders the slips of every match of `round` (byes get none).
pub fn render(
    paper: &TeamPaper,
    round: u32,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let title = format!(
        "{} {}",
        paper.section,
        fill(t(T::TeamSlipsTitle), &[&round])
    );
    let paper_size = super::layout::Paper::A4Portrait;
    let mut doc = Document::new(font, &title, paper_size, vec![], "", t(T::PageOf));
    let x = doc.margin;
    let w = doc.content_width();
    let matches = matches_of(paper, round);
    let boards = paper.teams.boards;
    let first_win = if paper.chess {
        t(T::OutcomeWhiteWin)
    } else {
        t(T::OutcomeRedWin)
    };
    let boxes = format!(
        "□{first_win}{gap}□{}{gap}□{}",
        t(T::OutcomeDraw),
        t(T::OutcomeBlackWin),
        gap = t(T::FieldGap)
    );
    let (mut top, mut slip_h) = (0.0, 0.0);
    for (i, m) in matches.iter().enumerate() {
        if i % PER_PAGE == 0 {
            top = doc.new_page().y;
            slip_h = doc.room_below(top) / PER_PAGE as f32;
        } else {
            doc.dashed_line(x - 5.0, top, x + w + 5.0, top);
        }
        let step = (slip_h - 8.0) / (boards as f32 + 6.0);
        let line = |k: f32| top + step * k;
        doc.text_fit(&paper.event, x, line(1.0), w * 0.6, 11.0, Align::Left);
        let head = format!(
            "{}{gap}{}{gap}{}",
            paper.section,
            fill(t(T::RoundN), &[&round]),
            fill(t(T::TeamMatchN), &[&(i + 1)]),
            gap = t(T::FieldGap)
        );
        doc.text_fit(&head, x + w * 0.6, line(1.0), w * 0.4, 12.0, Align::Right);
        let (a, b) = (paper.team_name(m.first), paper.team_name(m.second));
        doc.text_fit(
            &format!("{} {a}", m.first),
            x,
            line(2.2),
            w * 0.45,
            13.0,
            Align::Left,
        );
        doc.text_fit(
            &format!("{} {b}", m.second),
            x + w * 0.55,
            line(2.2),
            w * 0.45,
            13.0,
            Align::Left,
        );
        // Board lines: board, colour and player of each side, and the result by colour
        // (红胜 / 和 / 黑胜), as the individual slips tick it.
        let cw = [w * 0.08, w * 0.1, w * 0.24, w * 0.1, w * 0.24, w * 0.24];
        for k in 1..=boards {
            let y = line(2.4 + k as f32);
            let c = first_colour_on(m, k);
            let cells = [
                fill(t(T::BoardN), &[&k]),
                side_word(paper, c, lang).to_string(),
                player_on(paper, round, m.first, k),
                side_word(paper, c.other(), lang).to_string(),
                player_on(paper, round, m.second, k),
                boxes.clone(),
            ];
            let mut cx = x;
            for (text, width) in cells.iter().zip(cw) {
                let text = if text.is_empty() { "________" } else { text };
                doc.text_fit(text, cx, y, width - 1.0, 11.0, Align::Left);
                cx += width;
            }
        }
        let totals = fill(t(T::TeamSlipTotals), &[&a, &b]);
        doc.text_fit(&totals, x, line(boards as f32 + 3.6), w, 11.0, Align::Left);
        let signs = format!(
            "{}{gap}{}{gap}{}{}______________",
            fill(t(T::TeamCaptainSigns), &[&a]),
            fill(t(T::TeamCaptainSigns), &[&b]),
            t(T::Arbiter),
            t(T::ListColon),
            gap = t(T::FieldGap)
        );
        doc.text_fit(&signs, x, line(boards as f32 + 5.0), w, 11.0, Align::Left);
        top += slip_h;
    }
    if matches.is_empty() {
        doc.new_page();
    }
    doc.finish(stamp)
}
