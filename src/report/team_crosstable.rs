//! 团体成绩交叉表 — teams × rounds in the order of the standings: for each round the
//! opponent's number, the match won, drawn or lost and the team's 局分 in it ("14胜 2.5";
//! 弃胜/弃负 for a match won or lost by forfeit), a bye in words with its 局分 (a zero-point
//! bye: 未赛); then 场分, 局分 and the place. Landscape; a legend under the table says what a cell holds and the 场分制.

use super::layout::{Align, Column, Cursor, Document};
use super::team_paper::TeamPaper;
use crate::i18n::{Lang, T, fill};
use crate::model::ByeKind;
use crate::standings::team_fide::{TeamCell, TeamTable, team_standings};

/// One team's cell of a round: "4胜 2.5", "24弃胜 4", "轮空 4", "未赛".
fn cell(table: &TeamTable, c: &TeamCell, lang: Lang) -> String {
    match c {
        TeamCell::Match {
            opponent,
            mp,
            gp,
            forfeit,
            ..
        } => {
            let word = match forfeit {
                Some(true) => T::TeamCrossForfeitLoss,
                Some(false) => T::TeamCrossForfeitWin,
                None if *mp == table.win => T::TeamCrossWin,
                None if *mp == table.draw => T::TeamCrossDraw,
                None => T::TeamCrossLoss,
            };
            format!("{}{} {gp}", table.teams[*opponent], word.get(lang))
        }
        TeamCell::Bye { kind, gp, .. } => match kind {
            ByeKind::Zero => T::TeamByeZero.get(lang).to_string(),
            ByeKind::Half => format!("{} {gp}", T::TeamByeHalf.get(lang)),
            ByeKind::Full | ByeKind::Pairing => format!("{} {gp}", T::Bye.get(lang)),
        },
    }
}

/// Draws the crosstable and its legend at `cursor`; returns the cursor below.
pub fn draw(doc: &mut Document, cursor: Cursor, paper: &TeamPaper, lang: Lang) -> Cursor {
    let t = |k: T| k.get(lang);
    let table = TeamTable::new(&paper.teams, paper.rounds);
    let lines = team_standings(&paper.teams, &paper.tiebreaks, paper.edition, paper.rounds);
    let width = doc.content_width();
    let k = width / 267.0;
    let mut cols = vec![
        Column::new(t(T::Number), 10.0 * k, Align::Center),
        Column::new(t(T::TeamHeadName), 36.0 * k, Align::Left),
    ];
    let tail = [
        Column::new(t(T::TeamHeadMp), 11.0 * k, Align::Center),
        Column::new(t(T::TeamHeadGp), 11.0 * k, Align::Center),
        Column::new(t(T::Rank), 11.0 * k, Align::Center),
    ];
    let used: f32 = cols.iter().chain(&tail).map(|c| c.width).sum();
    let rounds = paper.rounds.max(1);
    let each = (width - used) / rounds as f32;
    for r in 1..=rounds {
        cols.push(Column::new(&r.to_string(), each, Align::Center));
    }
    cols.extend(tail);
    let rows: Vec<Vec<String>> = lines
        .iter()
        .filter_map(|l| {
            let i = table.teams.iter().position(|&n| n == l.team)?;
            let mut row = vec![l.team.to_string(), paper.team_name(l.team).to_string()];
            let mut cells: Vec<String> = table.rows[i]
                .iter()
                .map(|c| cell(&table, c, lang))
                .collect();
            cells.resize(rounds as usize, String::new());
            row.extend(cells);
            row.push(l.match_points.to_string());
            row.push(l.game_points.to_string());
            row.push(l.rank.to_string());
            Some(row)
        })
        .collect();
    let mut cursor = doc.table(cursor, &cols, &rows, 6.0, 8.5);
    cursor.y += 1.0;
    let mp = &paper.teams.match_points;
    let legend = fill(t(T::TeamCrossLegend), &[&mp.win, &mp.draw, &mp.loss]);
    doc.paragraph(&mut cursor, &legend, 8.5);
    cursor
}
