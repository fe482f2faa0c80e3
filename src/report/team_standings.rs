//! 团体名次表 — the team standings as printed: place, team number, team, unit (when any team
//! has one), 场分, 局分, then one column for each tie-break of the list under its regulation
//! name (对手分, 直胜, 台次分 …). 局分 is a column of its own, so a list's GP (or MPvGP) is not
//! printed twice; a criterion that ranks inside a tied group (直胜, EDET, 台次分 read board by
//! board) shows the place it gave, blank where it separated no one.

use super::layout::{Align, Column, Cursor, Document};
use super::team_paper::{TeamPaper, number_text, team_tiebreak_label};
use crate::i18n::{Lang, T};
use crate::model::{BoardPointsReading, TeamTiebreak};
use crate::standings::team_fide::team_standings;

/// Does the column of `tb` show a place inside a tied group rather than a value?
fn ranks_inside(tb: TeamTiebreak) -> bool {
    matches!(
        tb,
        TeamTiebreak::DirectEncounter
            | TeamTiebreak::ExtendedDirectEncounter
            | TeamTiebreak::BoardPoints(BoardPointsReading::BoardByBoard)
    )
}

/// Draws the standings table at `cursor`; returns the cursor below.
pub fn draw(doc: &mut Document, cursor: Cursor, paper: &TeamPaper, lang: Lang) -> Cursor {
    let t = |k: T| k.get(lang);
    let lines = team_standings(&paper.teams, &paper.tiebreaks, paper.edition, paper.rounds);
    // The list's columns, without game points (a fixed column).
    let shown: Vec<usize> = (0..paper.tiebreaks.len())
        .filter(|&k| {
            !matches!(
                paper.tiebreaks[k].tiebreak,
                TeamTiebreak::GamePoints | TeamTiebreak::MpVsGp
            )
        })
        .collect();
    let with_unit = lines.iter().any(|l| !paper.unit(l.team).is_empty());
    let k = doc.scale();
    let mut cols = vec![
        Column::new(t(T::Rank), 11.0 * k, Align::Center),
        Column::new(t(T::Number), 10.0 * k, Align::Center),
        Column::new(t(T::TeamHeadName), 40.0 * k, Align::Left),
    ];
    if with_unit {
        cols.push(Column::new(t(T::Unit), 24.0 * k, Align::Left));
    }
    cols.push(Column::new(t(T::TeamHeadMp), 12.0 * k, Align::Center));
    cols.push(Column::new(t(T::TeamHeadGp), 12.0 * k, Align::Center));
    let used: f32 = cols.iter().map(|c| c.width).sum();
    let width = doc.content_width();
    if shown.is_empty() {
        cols[2].width += width - used;
    } else {
        let each = ((width - used) / shown.len() as f32).min(30.0 * k);
        for &i in &shown {
            cols.push(Column::new(
                &team_tiebreak_label(paper.tiebreaks[i], lang),
                each,
                Align::Center,
            ));
        }
    }
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|l| {
            let mut row = vec![
                l.rank.to_string(),
                l.team.to_string(),
                paper.team_name(l.team).to_string(),
            ];
            if with_unit {
                row.push(paper.unit(l.team).to_string());
            }
            row.push(l.match_points.to_string());
            row.push(l.game_points.to_string());
            for &i in &shown {
                let v = l.values[i];
                row.push(if ranks_inside(paper.tiebreaks[i].tiebreak) && v == 0.0 {
                    String::new()
                } else {
                    number_text(v)
                });
            }
            row
        })
        .collect();
    doc.table(cursor, &cols, &rows, 6.5, 9.5)
}
