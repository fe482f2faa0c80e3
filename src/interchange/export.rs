//! 导出 — results leave the program as spreadsheets (XLSX), CSV, static HTML pages and TRF.
//! Each list (entrants, pairings, standings, prizes, crosstable) is first built as an
//! [`ExportTable`] — a title, headers and typed cells — and then written by one writer per
//! format, so every format shows the same values. Standings and prizes are taken as rows
//! already ranked by whichever standings engine the caller uses.

use crate::i18n::{Lang, T, fill, sex_text, status_text};
use crate::interchange::trf::{TrfError, TrfFile};
use crate::model::{ByeKind, EntrantId, Event, GameKind, Points, Section, Side, WILDCARD_FLAG};
use chrono::{Datelike, NaiveDate};
use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, XlsxError};
use std::collections::HashMap;

/// A file that could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    #[error("XLSX: {0}")]
    Xlsx(String),
    #[error("round {0} is not paired")]
    NoSuchRound(u32),
    #[error(transparent)]
    Trf(#[from] TrfError),
}

impl From<XlsxError> for ExportError {
    fn from(e: XlsxError) -> Self {
        ExportError::Xlsx(e.to_string())
    }
}

/// One cell of an exported table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Text(String),
    Int(i64),
    Date(NaiveDate),
}

impl Cell {
    fn text(s: impl Into<String>) -> Cell {
        let s = s.into();
        if s.is_empty() {
            Cell::Empty
        } else {
            Cell::Text(s)
        }
    }

    /// The cell as CSV and HTML show it.
    pub fn display(&self) -> String {
        match self {
            Cell::Empty => String::new(),
            Cell::Text(s) => s.clone(),
            Cell::Int(i) => i.to_string(),
            Cell::Date(d) => d.format("%Y-%m-%d").to_string(),
        }
    }
}

/// A titled table: what one sheet, one CSV file or one HTML table holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportTable {
    pub title: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

/// One ranked line of the standings, as a standings engine gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedRow {
    /// 名次.
    pub rank: u32,
    pub entrant: EntrantId,
    /// 积分.
    pub points: Points,
    /// Tie-break values, in the order of the headers passed with them.
    pub tiebreaks: Vec<String>,
}

impl From<&crate::standings::Standing> for RankedRow {
    fn from(s: &crate::standings::Standing) -> Self {
        RankedRow {
            rank: s.rank,
            entrant: s.entrant,
            points: s.points,
            tiebreaks: Vec::new(),
        }
    }
}

/// One prize awarded: 奖项, the place it is for, and who won it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizeRow {
    pub prize: String,
    pub rank: u32,
    pub entrant: EntrantId,
}

fn number_cell(n: Option<u32>) -> Cell {
    n.map(|n| Cell::Int(n.into())).unwrap_or(Cell::Empty)
}

/// 参赛名单: one row per entrant in pairing-number order, with every field the importer reads
/// (so an exported list imports back unchanged) plus number and status.
pub fn entrants_table(section: &Section, lang: Lang) -> ExportTable {
    let t = |k: T| k.get(lang).to_string();
    let yes_no = |yes: bool| Cell::text(t(if yes { T::Yes } else { T::No }));
    ExportTable {
        title: format!("{} {}", section.name, t(T::Entrants)),
        headers: vec![
            t(T::Number),
            t(T::Name),
            t(T::Sex),
            t(T::BirthDate),
            t(T::Unit),
            t(T::Section),
            t(T::Rating),
            t(T::Grade),
            t(T::Member),
            t(T::Overseas),
            t(T::TeamMember),
            t(T::Wildcard),
            t(T::Status),
        ],
        rows: section
            .entrants_by_number()
            .into_iter()
            .map(|e| {
                vec![
                    number_cell(e.number),
                    Cell::text(e.name.clone()),
                    Cell::text(sex_text(e.sex, lang)),
                    e.birth_date.map(Cell::Date).unwrap_or(Cell::Empty),
                    Cell::text(e.unit.clone()),
                    Cell::text(section.name.clone()),
                    e.rating.map(|r| Cell::Int(r.into())).unwrap_or(Cell::Empty),
                    Cell::text(e.grade.clone()),
                    yes_no(e.member),
                    yes_no(e.overseas),
                    yes_no(e.team_member),
                    yes_no(e.flags.iter().any(|f| f == WILDCARD_FLAG)),
                    Cell::text(status_text(e.status, lang)),
                ]
            })
            .collect(),
    }
}

/// 对阵表 of one round: board, both players with number and unit, and the result so far;
/// byes after the boards.
pub fn pairings_table(
    section: &Section,
    round: u32,
    lang: Lang,
) -> Result<ExportTable, ExportError> {
    let r = section
        .round(round)
        .ok_or(ExportError::NoSuchRound(round))?;
    let t = |k: T| k.get(lang).to_string();
    let (first, second) = match section.settings.game {
        GameKind::Xiangqi => (t(T::Red), t(T::Black)),
        GameKind::Chess => (t(T::White), t(T::Black)),
    };
    let who = |id: EntrantId| {
        let e = section.entrant(id);
        (
            number_cell(e.and_then(|e| e.number)),
            Cell::text(e.map(|e| e.name.clone()).unwrap_or_default()),
            Cell::text(e.map(|e| e.unit.clone()).unwrap_or_default()),
        )
    };
    let mut rows = Vec::new();
    for g in &r.games {
        let (rn, rname, runit) = who(g.red);
        let (bn, bname, bunit) = who(g.black);
        let result = crate::i18n::game_result_text(g, section.settings.game, lang);
        rows.push(vec![
            Cell::Int(g.board.into()),
            rn,
            rname,
            runit,
            Cell::text(result),
            bn,
            bname,
            bunit,
        ]);
    }
    for b in &r.byes {
        let (n, name, unit) = who(b.entrant);
        rows.push(vec![
            Cell::Empty,
            n,
            name,
            unit,
            Cell::text(t(T::Bye)),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
        ]);
    }
    Ok(ExportTable {
        title: format!("{} {}", section.name, fill(T::RoundN.get(lang), &[&round])),
        headers: vec![
            t(T::Board),
            t(T::Number),
            first,
            t(T::Unit),
            t(T::Result),
            t(T::Number),
            second,
            t(T::Unit),
        ],
        rows,
    })
}

/// 成绩 of rounds 1 to `last`: the boards and byes of each round as [`pairings_table`] lists
/// them, behind a column with the round's number.
pub fn results_table(section: &Section, last: u32, lang: Lang) -> Result<ExportTable, ExportError> {
    let t = |k: T| k.get(lang).to_string();
    let mut headers = vec![t(T::Round)];
    let mut rows = Vec::new();
    for r in 1..=last {
        let table = pairings_table(section, r, lang)?;
        if headers.len() == 1 {
            headers.extend(table.headers);
        }
        rows.extend(table.rows.into_iter().map(|row| {
            let mut out = vec![Cell::Int(r.into())];
            out.extend(row);
            out
        }));
    }
    Ok(ExportTable {
        title: format!("{} {}", section.name, t(T::Result)),
        headers,
        rows,
    })
}

/// 排名: the ranked rows as given, with name, unit, points and the tie-break columns.
pub fn standings_table(
    section: &Section,
    ranked: &[RankedRow],
    tiebreak_headers: &[String],
    lang: Lang,
) -> ExportTable {
    let t = |k: T| k.get(lang).to_string();
    let mut headers = vec![
        t(T::Rank),
        t(T::Number),
        t(T::Name),
        t(T::Unit),
        t(T::Points),
    ];
    headers.extend(tiebreak_headers.iter().cloned());
    let rows = ranked
        .iter()
        .map(|r| {
            let e = section.entrant(r.entrant);
            let mut row = vec![
                Cell::Int(r.rank.into()),
                number_cell(e.and_then(|e| e.number)),
                Cell::text(e.map(|e| e.name.clone()).unwrap_or_default()),
                Cell::text(e.map(|e| e.unit.clone()).unwrap_or_default()),
                Cell::Text(r.points.to_string()),
            ];
            row.extend(r.tiebreaks.iter().map(|v| Cell::text(v.clone())));
            row
        })
        .collect();
    ExportTable {
        title: format!("{} {}", section.name, t(T::TabStandings)),
        headers,
        rows,
    }
}

/// 获奖名单: prize, place, name, unit.
pub fn prizes_table(section: &Section, prizes: &[PrizeRow], lang: Lang) -> ExportTable {
    let t = |k: T| k.get(lang).to_string();
    ExportTable {
        title: format!("{} {}", section.name, t(T::Prize)),
        headers: vec![t(T::Prize), t(T::Rank), t(T::Name), t(T::Unit)],
        rows: prizes
            .iter()
            .map(|p| {
                let e = section.entrant(p.entrant);
                vec![
                    Cell::text(p.prize.clone()),
                    Cell::Int(p.rank.into()),
                    Cell::text(e.map(|e| e.name.clone()).unwrap_or_default()),
                    Cell::text(e.map(|e| e.unit.clone()).unwrap_or_default()),
                ]
            })
            .collect(),
    }
}

/// The crosstable cell of one player in one round: opponent's rank, colour and result —
/// "3红1" (against the 3rd placed, red, won), "5黑=", "7白0"; forfeits "+"/"-"; a bye shows
/// its kind; the house player, who has no rank, shows as "补双红1".
fn crosstable_cell(
    section: &Section,
    round: &crate::model::Round,
    who: EntrantId,
    rank_of: &HashMap<EntrantId, u32>,
    lang: Lang,
) -> Cell {
    if let Some(g) = round.game_of(who) {
        let Some(side) = g.side_of(who) else {
            return Cell::Empty;
        };
        let opponent = g.player(side.other());
        let colour = match (side, section.settings.game) {
            (Side::Red, GameKind::Xiangqi) => T::Red,
            (Side::Red, GameKind::Chess) => T::White,
            (Side::Black, _) => T::Black,
        }
        .get(lang)
        .chars()
        .next()
        .map(String::from)
        .unwrap_or_default();
        let result = match g.outcome {
            None => "",
            Some(o) if o.forfeited_by(side) => "-",
            Some(o) if o.forfeited_by(side.other()) => "+",
            Some(o) => match o.winner() {
                Some(w) if w == side => "1",
                Some(_) => "0",
                None => "=",
            },
        };
        // An opponent without a place is the house player (补双): he is named by his mark.
        let opp = match rank_of.get(&opponent) {
            Some(r) => r.to_string(),
            None if section.entrant(opponent).is_some_and(|e| e.house) => {
                T::HouseMark.get(lang).to_string()
            }
            None => String::new(),
        };
        return Cell::Text(format!("{opp}{colour}{result}"));
    }
    match round.bye_of(who) {
        Some(b) => Cell::Text(match b.kind {
            ByeKind::Pairing => T::Bye.get(lang).to_string(),
            k => format!("{}{}", T::Bye.get(lang), k.code()),
        }),
        None => Cell::Empty,
    }
}

/// 交叉表: one row per ranked player, one column per round.
pub fn crosstable(section: &Section, ranked: &[RankedRow], lang: Lang) -> ExportTable {
    let t = |k: T| k.get(lang).to_string();
    let rank_of: HashMap<EntrantId, u32> = ranked.iter().map(|r| (r.entrant, r.rank)).collect();
    let mut headers = vec![t(T::Rank), t(T::Number), t(T::Name), t(T::Unit)];
    headers.extend(section.rounds.iter().map(|r| r.number.to_string()));
    headers.push(t(T::Points));
    let rows = ranked
        .iter()
        .map(|r| {
            let e = section.entrant(r.entrant);
            let mut row = vec![
                Cell::Int(r.rank.into()),
                number_cell(e.and_then(|e| e.number)),
                Cell::text(e.map(|e| e.name.clone()).unwrap_or_default()),
                Cell::text(e.map(|e| e.unit.clone()).unwrap_or_default()),
            ];
            row.extend(
                section
                    .rounds
                    .iter()
                    .map(|round| crosstable_cell(section, round, r.entrant, &rank_of, lang)),
            );
            row.push(Cell::Text(r.points.to_string()));
            row
        })
        .collect();
    ExportTable {
        title: format!("{} {}", section.name, t(T::Crosstable)),
        headers,
        rows,
    }
}

/// A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`, unique in the book.
fn sheet_name(title: &str, used: &mut Vec<String>) -> String {
    let clean: String = title
        .chars()
        .map(|c| if "[]:*?/\\".contains(c) { '_' } else { c })
        .filter(|c| *c != '\'')
        .take(28)
        .collect();
    let base = if clean.trim().is_empty() {
        "Sheet".to_string()
    } else {
        clean
    };
    let mut name = base.clone();
    let mut k = 2;
    while used.iter().any(|u| u.to_lowercase() == name.to_lowercase()) {
        name = format!("{base}~{k}");
        k += 1;
    }
    used.push(name.clone());
    name
}

/// Columns a text takes in a spreadsheet: two for a CJK character, one for ASCII.
fn display_width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// Writes the tables as one workbook, a sheet each: title in row 1, headers in row 2, data
/// from row 3; dates are real dates and numbers real numbers.
pub fn to_xlsx(tables: &[ExportTable]) -> Result<Vec<u8>, ExportError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let title_format = Format::new().set_bold().set_font_size(14);
    let date = Format::new().set_num_format("yyyy-mm-dd");
    let mut used = Vec::new();
    for table in tables {
        let sheet = book.add_worksheet();
        sheet.set_name(sheet_name(&table.title, &mut used))?;
        sheet.write_string_with_format(0, 0, &table.title, &title_format)?;
        for (c, h) in table.headers.iter().enumerate() {
            sheet.write_string_with_format(1, c as u16, h, &bold)?;
            let widest = table
                .rows
                .iter()
                .filter_map(|r| r.get(c))
                .map(|v| display_width(&v.display()))
                .chain([display_width(h)])
                .max()
                .unwrap_or(8);
            sheet.set_column_width(c as u16, (widest as f64 + 2.0).min(60.0))?;
        }
        for (i, row) in table.rows.iter().enumerate() {
            let r = i as u32 + 2;
            for (c, cell) in row.iter().enumerate() {
                let c = c as u16;
                match cell {
                    Cell::Empty => {}
                    Cell::Text(s) => {
                        sheet.write_string(r, c, s)?;
                    }
                    Cell::Int(n) => {
                        sheet.write_number(r, c, *n as f64)?;
                    }
                    Cell::Date(d) => match excel_date(*d) {
                        Some(x) => {
                            sheet.write_datetime_with_format(r, c, x, &date)?;
                        }
                        None => {
                            sheet.write_string(r, c, d.format("%Y-%m-%d").to_string())?;
                        }
                    },
                }
            }
        }
    }
    Ok(book.save_to_buffer()?)
}

/// An Excel date, for the years Excel can hold (1900–9999).
fn excel_date(d: NaiveDate) -> Option<ExcelDateTime> {
    let y = u16::try_from(d.year())
        .ok()
        .filter(|y| (1900..=9999).contains(y))?;
    ExcelDateTime::from_ymd(y, d.month() as u8, d.day() as u8).ok()
}

/// The text encoding of a CSV file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsvEncoding {
    /// UTF-8 with a byte-order mark, so that Excel shows the Chinese.
    Utf8Bom,
    /// GB18030, for older Chinese spreadsheet programs.
    Gb18030,
}

/// GB18030 on Windows, where the Chinese Excel and WPS read a CSV file in the system's code
/// page (GBK, which GB18030 extends) unless it is told otherwise; UTF-8 elsewhere.
impl Default for CsvEncoding {
    fn default() -> Self {
        if cfg!(windows) {
            CsvEncoding::Gb18030
        } else {
            CsvEncoding::Utf8Bom
        }
    }
}

/// The first characters with which a spreadsheet takes a cell for a formula.
const FORMULA_LEADS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell as CSV writes it: one that a spreadsheet would run as a formula (`=…`, `+…`,
/// `-…`, `@…`) gets a leading apostrophe, which makes it text; a number (`-1`) stays a number.
/// [`super::entrants::read_csv`] takes the apostrophe off again.
pub fn csv_safe(text: &str) -> String {
    if text.starts_with(FORMULA_LEADS) && text.parse::<f64>().is_err() {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// Writes one table as CSV in `encoding`, headers in the first line; cells that a spreadsheet
/// would run as formulas are written as text ([`csv_safe`]).
pub fn to_csv(table: &ExportTable, encoding: CsvEncoding) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut w = csv::WriterBuilder::new()
            .flexible(true)
            .from_writer(&mut out);
        // Writing into a Vec cannot fail; a failure would only shorten the file.
        let _ = w.write_record(table.headers.iter().map(|h| csv_safe(h)));
        for row in &table.rows {
            let _ = w.write_record(row.iter().map(|c| csv_safe(&c.display())));
        }
        let _ = w.flush();
    }
    match encoding {
        CsvEncoding::Utf8Bom => [b"\xEF\xBB\xBF".as_slice(), &out].concat(),
        CsvEncoding::Gb18030 => {
            let text = String::from_utf8_lossy(&out);
            encoding_rs::GB18030.encode(&text).0.into_owned()
        }
    }
}

/// Text made safe for HTML (element content and quoted attributes).
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A static HTML page (UTF-8, no scripts, no outside files) with one table per entry, for
/// uploading to a web site.
pub fn to_html(page_title: &str, tables: &[ExportTable]) -> String {
    let mut h = String::new();
    h.push_str("<!DOCTYPE html>\n<html lang=\"zh-CN\">\n<head>\n<meta charset=\"utf-8\">\n");
    h.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    h.push_str(&format!("<title>{}</title>\n", escape_html(page_title)));
    h.push_str(
        "<style>body{font-family:sans-serif;margin:1em}table{border-collapse:collapse;\
         margin-bottom:2em}th,td{border:1px solid #999;padding:2px 6px}th{background:#eee}\
         td.n{text-align:right}</style>\n</head>\n<body>\n",
    );
    h.push_str(&format!("<h1>{}</h1>\n", escape_html(page_title)));
    for t in tables {
        h.push_str(&format!(
            "<h2>{}</h2>\n<table>\n<thead><tr>",
            escape_html(&t.title)
        ));
        for head in &t.headers {
            h.push_str(&format!("<th>{}</th>", escape_html(head)));
        }
        h.push_str("</tr></thead>\n<tbody>\n");
        for row in &t.rows {
            h.push_str("<tr>");
            for cell in row {
                let class = if matches!(cell, Cell::Int(_)) {
                    " class=\"n\""
                } else {
                    ""
                };
                h.push_str(&format!("<td{class}>{}</td>", escape_html(&cell.display())));
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</tbody>\n</table>\n");
    }
    h.push_str("</body>\n</html>\n");
    h
}

/// The section of `event` as a TRF-2026 file for the rating officer, written by the TRF
/// module.
pub fn to_trf(event: &Event, section: &Section) -> Result<String, ExportError> {
    Ok(TrfFile::from_event_section(event, section)?.write())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_markup() {
        let t = ExportTable {
            title: "A&B".into(),
            headers: vec!["<x>".into()],
            rows: vec![vec![Cell::Text("\"q\" 'a'".into())]],
        };
        let h = to_html("T", &[t]);
        assert!(h.contains("<h2>A&amp;B</h2>"));
        assert!(h.contains("<th>&lt;x&gt;</th>"));
        assert!(h.contains("<td>&quot;q&quot; &#39;a&#39;</td>"));
    }

    #[test]
    fn sheet_names_are_legal_and_unique() {
        let mut used = Vec::new();
        assert_eq!(sheet_name("U12/男子[1]", &mut used), "U12_男子_1_");
        assert_eq!(sheet_name("U12/男子[1]", &mut used), "U12_男子_1_~2");
        assert_eq!(sheet_name("", &mut used), "Sheet");
        assert!(sheet_name(&"长".repeat(40), &mut used).chars().count() <= 31);
    }

    #[test]
    fn csv_has_bom_and_quotes_commas() {
        let t = ExportTable {
            title: String::new(),
            headers: vec!["姓名".into(), "单位".into()],
            rows: vec![vec![Cell::Text("张三".into()), Cell::Text("a,b".into())]],
        };
        assert_eq!(
            to_csv(&t, CsvEncoding::Utf8Bom),
            "\u{feff}姓名,单位\n张三,\"a,b\"\n".as_bytes()
        );
        // GB18030: 姓名 is D0 D5 C3 FB, and no byte-order mark.
        assert!(to_csv(&t, CsvEncoding::Gb18030).starts_with(&[0xD0, 0xD5, 0xC3, 0xFB, b',']));
    }

    #[test]
    fn csv_cells_that_a_spreadsheet_would_run_are_text() {
        assert_eq!(csv_safe("=1+2"), "'=1+2");
        assert_eq!(csv_safe("+86 138"), "'+86 138");
        assert_eq!(csv_safe("-cmd"), "'-cmd");
        assert_eq!(csv_safe("@SUM(A1)"), "'@SUM(A1)");
        // Numbers and ordinary text are left alone.
        assert_eq!(csv_safe("-1"), "-1");
        assert_eq!(csv_safe("1.5"), "1.5");
        assert_eq!(csv_safe("张三"), "张三");
        assert_eq!(csv_safe("a=b"), "a=b");
    }
}
