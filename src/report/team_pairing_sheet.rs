//! 团体对阵表 — a team round's pairings as an arbiter posts them: first the matches (场次, the
//! team that has the first board's first move, its opponent; a team bye under the table),
//! then each match's boards: board, each side's colour and player from the round's line-ups
//! (blank where a team has not handed its line-up in). Colours: the first-named team has
//! `first_colour` on board 1 and the boards alternate (odd boards its colour, rules.md §4:
//! “先走”的队单数台执红), unless the match records its boards' colours.

use super::ReportError;
use super::layout::{Align, Column, Cursor, Document, Font, PaperSize, Pdf, titled_sheet};
use super::team_paper::TeamPaper;
use crate::i18n::{Lang, T, fill};
use crate::model::{Side, TeamMatch, TeamNo};

/// The matches of `round`, in the order recorded.
pub fn matches_of(paper: &TeamPaper, round: u32) -> Vec<&TeamMatch> {
    paper
        .teams
        .matches
        .iter()
        .filter(|m| m.round == round)
        .collect()
}

/// The first-named team's colour on `board` (1-based) of `m`.
pub fn first_colour_on(m: &TeamMatch, board: u32) -> Side {
    match m.boards.iter().find(|b| b.board == board) {
        Some(b) => b.first_colour,
        None if board % 2 == 1 => m.first_colour,
        None => m.first_colour.other(),
    }
}

/// The colour's word: 红方/黑方 in xiangqi, 白方/黑方 in chess.
pub fn side_word(paper: &TeamPaper, side: Side, lang: Lang) -> &'static str {
    match (side, paper.chess) {
        (Side::Red, false) => T::Red.get(lang),
        (Side::Red, true) => T::White.get(lang),
        (Side::Black, _) => T::Black.get(lang),
    }
}

/// The name of `team`'s player on `board` in `round` ("" when unknown).
pub fn player_on(paper: &TeamPaper, round: u32, team: TeamNo, board: u32) -> String {
    paper
        .teams
        .lineup(round, team)
        .and_then(|l| l.boards.get(board as usize - 1).copied().flatten())
        .and_then(|id| paper.teams.player(id))
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

/// Renders the pairings of `round` (portrait).
pub fn render(
    paper: &TeamPaper,
    round: u32,
    size: PaperSize,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let title = format!(
        "{} {}",
        paper.section,
        fill(T::TeamPairingsRound.get(lang), &[&round])
    );
    titled_sheet(
        font,
        size.portrait(),
        [&paper.event, &title, &paper.when],
        T::PageOf.get(lang),
        stamp,
        |doc, cursor| {
            draw(doc, cursor, paper, round, lang);
        },
    )
}

/// Draws the matches, then each match's boards; returns the cursor below.
pub fn draw(
    doc: &mut Document,
    cursor: Cursor,
    paper: &TeamPaper,
    round: u32,
    lang: Lang,
) -> Cursor {
    let t = |k: T| k.get(lang);
    let k = doc.scale();
    let team = |n: TeamNo| format!("{} {}", n, paper.team_name(n));
    let matches = matches_of(paper, round);
    let cols = [
        Column::new(t(T::TeamMatchNo), 16.0 * k, Align::Center),
        Column::new(t(T::TeamFirst), 82.0 * k, Align::Left),
        Column::new(t(T::TeamSecond), 82.0 * k, Align::Left),
    ];
    let rows: Vec<Vec<String>> = matches
        .iter()
        .enumerate()
        .map(|(i, m)| vec![(i + 1).to_string(), team(m.first), team(m.second)])
        .collect();
    let mut cursor = doc.table(cursor, &cols, &rows, 7.0, 10.5);
    for y in paper.teams.byes.iter().filter(|y| y.round == round) {
        cursor.y += 1.0;
        doc.paragraph(
            &mut cursor,
            &fill(t(T::TeamByeLine), &[&team(y.team)]),
            10.0,
        );
    }
    let board_cols = [
        Column::new(t(T::Board), 14.0 * k, Align::Center),
        Column::new("", 16.0 * k, Align::Center),
        Column::new("", 60.0 * k, Align::Left),
        Column::new("", 16.0 * k, Align::Center),
        Column::new("", 60.0 * k, Align::Left),
        Column::new(t(T::Result), 14.0 * k, Align::Center),
    ];
    for (i, m) in matches.iter().enumerate() {
        cursor.y += 4.0;
        doc.ensure_room(&mut cursor, 10.0 + 7.0 * (paper.teams.boards as f32 + 1.0));
        let head = fill(
            t(T::TeamMatchHeading),
            &[&(i + 1), &team(m.first), &team(m.second)],
        );
        doc.paragraph(&mut cursor, &head, 11.0);
        cursor.y += 2.0;
        let mut cols = board_cols.clone();
        cols[2].title = paper.team_name(m.first).to_string();
        cols[4].title = paper.team_name(m.second).to_string();
        let rows: Vec<Vec<String>> = (1..=paper.teams.boards)
            .map(|b| {
                let c = first_colour_on(m, b);
                vec![
                    b.to_string(),
                    side_word(paper, c, lang).to_string(),
                    player_on(paper, round, m.first, b),
                    side_word(paper, c.other(), lang).to_string(),
                    player_on(paper, round, m.second, b),
                    String::new(),
                ]
            })
            .collect();
        cursor = doc.table(cursor, &cols, &rows, 7.0, 10.0);
    }
    cursor
}
