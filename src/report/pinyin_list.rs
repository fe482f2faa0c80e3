//! 对阵查询表 — every player of a round in 拼音 order of names with the board they play on,
//! their colour and their opponent: the list players read to find their table.

use super::ReportError;
use super::layout::{Align, Column, Document, Font, Paper, Pdf};
use super::pairing_sheet::{PairingSheet, SheetPlayer};
use crate::i18n::{Lang, T, fill};
use crate::names::name_key;

/// One line: a player, board, colour and opponent (none for a bye).
struct Line<'a> {
    player: &'a SheetPlayer,
    board: u32,
    colour: &'static str,
    opponent: Option<&'a SheetPlayer>,
}

pub fn render(
    sheet: &PairingSheet,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let (first, second) = if sheet.chess {
        (t(T::White), t(T::Black))
    } else {
        (t(T::Red), t(T::Black))
    };
    let mut lines: Vec<Line> = Vec::new();
    for r in &sheet.rows {
        match &r.black {
            Some(b) => {
                lines.push(Line {
                    player: &r.red,
                    board: r.board,
                    colour: first,
                    opponent: Some(b),
                });
                lines.push(Line {
                    player: b,
                    board: r.board,
                    colour: second,
                    opponent: Some(&r.red),
                });
            }
            None => lines.push(Line {
                player: &r.red,
                board: r.board,
                colour: "",
                opponent: None,
            }),
        }
    }
    lines.sort_by_cached_key(|l| (name_key(&l.player.name), l.player.number.clone()));
    let title = format!(
        "{} {}{}",
        sheet.section,
        fill(t(T::RoundN), &[&sheet.round]),
        t(T::PinyinListTitle)
    );
    let header = vec![sheet.event.clone(), title.clone(), sheet.when.clone()];
    let mut doc = Document::new(font, &title, Paper::A4Portrait, header, "", t(T::PageOf));
    let cols = [
        Column::new(t(T::Name), 30.0, Align::Left),
        Column::new(t(T::Number), 12.0, Align::Center),
        Column::new(t(T::Unit), 40.0, Align::Left),
        Column::new(t(T::Board), 14.0, Align::Center),
        Column::new(t(T::Colour), 14.0, Align::Center),
        Column::new(t(T::Opponent), 30.0, Align::Left),
        Column::new(t(T::Unit), 38.0, Align::Left),
    ];
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|l| match l.opponent {
            Some(o) => vec![
                l.player.name.clone(),
                l.player.number.clone(),
                l.player.unit.clone(),
                l.board.to_string(),
                l.colour.to_string(),
                format!("{} {}", o.number, o.name),
                o.unit.clone(),
            ],
            None => vec![
                l.player.name.clone(),
                l.player.number.clone(),
                l.player.unit.clone(),
                l.board.to_string(),
                String::new(),
                t(T::Bye).to_string(),
                String::new(),
            ],
        })
        .collect();
    let cursor = doc.new_page();
    doc.table(cursor, &cols, &rows, 7.5, 11.0);
    doc.finish(stamp)
}
