//! 台次奖 — the board prizes as printed: the rule in one sentence (by percentage, then more
//! games; the games a player needs on the board), then for each board its table: place, name,
//! team, games, points, percentage. Without line-ups the page says there are none.

use super::layout::{Align, Column, Cursor, Document};
use super::team_paper::TeamPaper;
use crate::i18n::{Lang, T, fill};
use crate::standings::team_cn::board_prizes;

/// Draws the board prize tables at `cursor`; returns the cursor below.
pub fn draw(doc: &mut Document, mut cursor: Cursor, paper: &TeamPaper, lang: Lang) -> Cursor {
    let t = |k: T| k.get(lang);
    if paper.teams.lineups.is_empty() {
        doc.paragraph(&mut cursor, t(T::BoardPrizesNoLineups), 10.0);
        return cursor;
    }
    let rule = fill(t(T::BoardPrizeRule), &[&paper.board_prize_min_games]);
    doc.paragraph(&mut cursor, &rule, 9.5);
    let k = doc.scale();
    let cols = [
        Column::new(t(T::Rank), 12.0 * k, Align::Center),
        Column::new(t(T::Name), 50.0 * k, Align::Left),
        Column::new(t(T::TeamHeadName), 52.0 * k, Align::Left),
        Column::new(t(T::BoardPrizeGames), 20.0 * k, Align::Center),
        Column::new(t(T::BoardPrizeScore), 20.0 * k, Align::Center),
        Column::new(t(T::BoardPrizePercent), 26.0 * k, Align::Center),
    ];
    for table in board_prizes(&paper.teams, paper.rounds, paper.board_prize_min_games) {
        cursor.y += 3.0;
        doc.ensure_room(&mut cursor, 20.0);
        let head = fill(t(T::BoardPrizeBoard), &[&table.board]);
        doc.paragraph(&mut cursor, &head, 11.0);
        if table.lines.is_empty() {
            doc.paragraph(&mut cursor, t(T::BoardPrizesNone), 9.5);
            continue;
        }
        let rows: Vec<Vec<String>> = table
            .lines
            .iter()
            .map(|l| {
                let name = paper
                    .teams
                    .player(l.player)
                    .map_or_else(|| l.player.to_string(), |p| p.name.clone());
                vec![
                    l.rank.to_string(),
                    name,
                    paper.team_name(l.team).to_string(),
                    l.games.to_string(),
                    l.points.to_string(),
                    format!("{:.1}%", l.percent()),
                ]
            })
            .collect();
        cursor = doc.table(cursor, &cols, &rows, 6.0, 9.0);
    }
    cursor
}
