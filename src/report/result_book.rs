//! 成绩册 — the result book printed after the event. A cover (event, organiser, venue, dates,
//! chief arbiter), then for each section: the final standings with the tiebreak columns, the
//! standings of each sub-ranking (女子, 境外 …), the team standings, the prize money with its
//! total, titles, promotions and qualifiers, the chief arbiter's signature line; then the
//! crosstable (landscape) and every round's pairings with their results. A team section
//! prints its team paper instead (team standings, team crosstable, board prizes), then its
//! rounds.

use super::ReportError;
use super::cover::{EventHeader, cover};
use super::crosstable::{self, CrosstableSheet};
use super::layout::{Align, Column, Cursor, Document, Font, PaperSize, Pdf};
use super::standings_sheet::{self, StandingsSheet};
use super::team_book;
use super::team_paper::TeamPaper;
use crate::i18n::{Lang, T, fill};

/// A place in a sub-ranking.
#[derive(Clone, Debug, Default)]
pub struct SubLine {
    pub place: u32,
    pub overall: u32,
    pub number: String,
    pub name: String,
    pub unit: String,
    pub points: String,
}

/// A sub-ranking (分别录取名次) and its places.
#[derive(Clone, Debug, Default)]
pub struct SubTable {
    pub name: String,
    pub rows: Vec<SubLine>,
}

/// A line of the team standings.
#[derive(Clone, Debug, Default)]
pub struct TeamLine {
    pub rank: u32,
    pub team: String,
    pub rank_sum: u32,
    /// The members counted with their places: "周喆(3)、王堃(12)".
    pub members: String,
}

/// A prize paid: to whom, for what, how much.
#[derive(Clone, Debug, Default)]
pub struct PrizeLine {
    pub place: u32,
    /// The entrant ("12 周喆") or the team.
    pub winner: String,
    pub unit: String,
    /// "名次" or the special prize's name.
    pub kind: String,
    /// Whole yuan.
    pub amount: i64,
}

/// Prizes of one ranking (individual or team) with their total.
#[derive(Clone, Debug, Default)]
pub struct PrizeTable {
    pub lines: Vec<PrizeLine>,
    /// 税前 / 税后.
    pub tax: String,
}

impl PrizeTable {
    pub fn total(&self) -> i64 {
        self.lines.iter().map(|l| l.amount).sum()
    }
}

/// A title granted.
#[derive(Clone, Debug, Default)]
pub struct TitleLine {
    pub place: u32,
    pub name: String,
    pub unit: String,
    pub title: String,
}

/// A promotion earned (级位晋升).
#[derive(Clone, Debug, Default)]
pub struct PromotionLine {
    pub name: String,
    pub unit: String,
    pub from: String,
    pub to: String,
    pub points: String,
    pub required: String,
}

/// A player who qualified for a further event.
#[derive(Clone, Debug, Default)]
pub struct QualifierLine {
    pub place: u32,
    pub name: String,
    pub unit: String,
}

/// A game of a round with its result.
#[derive(Clone, Debug, Default)]
pub struct GameLine {
    pub board: u32,
    pub red_number: String,
    pub red: String,
    pub red_unit: String,
    /// 红胜 / 和 / 黑胜 / 黑方弃权 … or 轮空.
    pub result: String,
    pub black_number: String,
    pub black: String,
    pub black_unit: String,
}

/// A round's pairings and results.
#[derive(Clone, Debug, Default)]
pub struct RoundResults {
    pub round: u32,
    pub games: Vec<GameLine>,
}

/// One section of the result book.
#[derive(Clone, Debug, Default)]
pub struct ResultBookSection {
    pub name: String,
    /// "红方"/"白方" for the round tables.
    pub first: String,
    pub standings: StandingsSheet,
    pub sub_rankings: Vec<SubTable>,
    pub teams: Vec<TeamLine>,
    pub prizes: PrizeTable,
    pub special_prizes: Vec<(String, PrizeTable)>,
    pub team_prizes: PrizeTable,
    pub titles: Vec<TitleLine>,
    /// Why no title was granted (too few played), if so.
    pub titles_note: Option<String>,
    pub promotions: Vec<PromotionLine>,
    pub qualifiers: Vec<QualifierLine>,
    /// None for a knockout, whose games are matches, not rounds of a crosstable.
    pub crosstable: Option<CrosstableSheet>,
    /// A team section's paper: the book prints its team standings, team crosstable and
    /// board prizes in place of the individual standings, awards and crosstable.
    pub team: Option<TeamPaper>,
    pub rounds: Vec<RoundResults>,
}

/// Everything the result book prints; built by the app services.
#[derive(Clone, Debug, Default)]
pub struct ResultBook {
    pub header: EventHeader,
    pub sections: Vec<ResultBookSection>,
}

pub fn render(
    book: &ResultBook,
    size: PaperSize,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let title = format!("{} {}", book.header.event, t(T::DocResultBook));
    let mut doc = Document::new(font, &title, size.portrait(), vec![], "", t(T::PageOf));
    cover(&mut doc, &book.header, t(T::DocResultBook), lang);
    for s in &book.sections {
        doc.set_header(vec![book.header.event.clone(), s.name.clone()]);
        if let Some(paper) = &s.team {
            doc.set_table_tail(SIGNATURE_ROOM);
            let mut c = team_book::draw_parts(&mut doc, paper, size, lang, |doc, title| {
                let mut c = doc.new_page();
                heading(doc, &mut c, &format!("{} {title}", s.name));
                c
            });
            signature(&mut doc, &mut c, book, lang);
            doc.set_table_tail(0.0);
            round_pages(&mut doc, s, size, lang);
            continue;
        }
        doc.set_paper(size.portrait());
        // The chief arbiter's signature never goes onto a page of its own: each table keeps
        // its last two rows where the signature (and a prize total) still fit below them.
        doc.set_table_tail(SIGNATURE_ROOM + TOTAL_ROOM);
        let mut c = doc.new_page();
        heading(
            &mut doc,
            &mut c,
            &format!("{} {}", s.name, s.standings.title),
        );
        c = standings_sheet::draw(&mut doc, c, &s.standings, lang);
        for sub in &s.sub_rankings {
            heading(&mut doc, &mut c, &fill(t(T::SubRankingTitle), &[&sub.name]));
            c = sub_table(&mut doc, c, sub, lang);
        }
        if !s.teams.is_empty() {
            heading(&mut doc, &mut c, t(T::TeamStandings));
            c = teams(&mut doc, c, &s.teams, lang);
        }
        c = awards(&mut doc, c, s, lang);
        signature(&mut doc, &mut c, book, lang);
        doc.set_table_tail(0.0);
        if let Some(ct) = &s.crosstable {
            doc.set_paper(size.landscape());
            let mut c = doc.new_page();
            heading(&mut doc, &mut c, &format!("{} {}", s.name, ct.title));
            crosstable::draw(&mut doc, c, ct, lang);
        }
        round_pages(&mut doc, s, size, lang);
    }
    doc.finish(stamp)
}

/// Every round's pairings with their results, from a new portrait page.
fn round_pages(doc: &mut Document, s: &ResultBookSection, size: PaperSize, lang: Lang) {
    doc.set_paper(size.portrait());
    let mut c = doc.new_page();
    for r in &s.rounds {
        heading(
            doc,
            &mut c,
            &fill(T::RoundResultsTitle.get(lang), &[&r.round]),
        );
        c = round_table(doc, c, r, &s.first, lang);
    }
}

/// A part's heading, kept on the page with the first rows below it.
fn heading(doc: &mut Document, c: &mut Cursor, text: &str) {
    c.y += 4.0;
    doc.ensure_room(c, 30.0);
    doc.paragraph(c, text, 13.0);
    c.y += 2.0;
}

/// Columns given for A4 portrait (180 mm), scaled to the page.
fn cols(doc: &Document, spec: &[(&str, f32, Align)]) -> Vec<Column> {
    let total: f32 = spec.iter().map(|c| c.1).sum();
    let k = doc.content_width() / total.max(1.0);
    spec.iter()
        .map(|&(title, w, align)| Column::new(title, w * k, align))
        .collect()
}

fn sub_table(doc: &mut Document, c: Cursor, sub: &SubTable, lang: Lang) -> Cursor {
    let t = |k: T| k.get(lang);
    let columns = cols(
        doc,
        &[
            (t(T::Rank), 14.0, Align::Center),
            (t(T::OverallRank), 16.0, Align::Center),
            (t(T::Number), 12.0, Align::Center),
            (t(T::Name), 34.0, Align::Left),
            (t(T::Unit), 84.0, Align::Left),
            (t(T::Points), 20.0, Align::Center),
        ],
    );
    let rows: Vec<Vec<String>> = sub
        .rows
        .iter()
        .map(|l| {
            vec![
                l.place.to_string(),
                l.overall.to_string(),
                l.number.clone(),
                l.name.clone(),
                l.unit.clone(),
                l.points.clone(),
            ]
        })
        .collect();
    doc.table(c, &columns, &rows, 6.5, 9.5)
}

fn teams(doc: &mut Document, c: Cursor, lines: &[TeamLine], lang: Lang) -> Cursor {
    let t = |k: T| k.get(lang);
    let columns = cols(
        doc,
        &[
            (t(T::Rank), 14.0, Align::Center),
            (t(T::Team), 50.0, Align::Left),
            (t(T::RankSum), 20.0, Align::Center),
            (t(T::MemberPlaces), 96.0, Align::Left),
        ],
    );
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|l| {
            vec![
                l.rank.to_string(),
                l.team.clone(),
                l.rank_sum.to_string(),
                l.members.clone(),
            ]
        })
        .collect();
    doc.table(c, &columns, &rows, 7.5, 9.5)
}

fn prize_table(
    doc: &mut Document,
    mut c: Cursor,
    title: &str,
    table: &PrizeTable,
    lang: Lang,
) -> Cursor {
    if table.lines.is_empty() {
        return c;
    }
    let t = |k: T| k.get(lang);
    heading(doc, &mut c, title);
    // Places with no money (seed 001: 颁发证书和奖品) are listed without an amount or a total.
    let money = table.lines.iter().any(|l| l.amount != 0);
    let mut spec = vec![
        (t(T::Rank), 14.0, Align::Center),
        (t(T::Prize), 30.0, Align::Left),
        (t(T::Name), 36.0, Align::Left),
        (t(T::Unit), 70.0, Align::Left),
    ];
    if money {
        spec.push((t(T::Amount), 30.0, Align::Right));
    }
    let columns = cols(doc, &spec);
    let rows: Vec<Vec<String>> = table
        .lines
        .iter()
        .map(|l| {
            let mut row = vec![
                l.place.to_string(),
                l.kind.clone(),
                l.winner.clone(),
                l.unit.clone(),
            ];
            if money {
                row.push(l.amount.to_string());
            }
            row
        })
        .collect();
    let mut c = doc.table(c, &columns, &rows, 6.5, 9.5);
    c.y += 1.0;
    if !money {
        return c;
    }
    let total = fill(t(T::PrizeTotal), &[&table.total(), &table.tax]);
    doc.paragraph_aligned(&mut c, &total, 11.0, Align::Right);
    c
}

fn awards(doc: &mut Document, mut c: Cursor, s: &ResultBookSection, lang: Lang) -> Cursor {
    let t = |k: T| k.get(lang);
    c = prize_table(doc, c, t(T::Prizes), &s.prizes, lang);
    for (name, table) in &s.special_prizes {
        let title = if table.lines.iter().all(|l| l.amount == 0) {
            fill(t(T::SpecialPlacesTitle), &[name])
        } else {
            format!("{}{}", t(T::Prizes), fill(t(T::InParens), &[name]))
        };
        c = prize_table(doc, c, &title, table, lang);
    }
    c = prize_table(doc, c, t(T::TeamPrizes), &s.team_prizes, lang);
    if !s.titles.is_empty() || s.titles_note.is_some() {
        heading(doc, &mut c, t(T::Titles));
        if let Some(note) = &s.titles_note {
            doc.paragraph(&mut c, note, 10.0);
        }
        if !s.titles.is_empty() {
            let columns = cols(
                doc,
                &[
                    (t(T::Rank), 14.0, Align::Center),
                    (t(T::Name), 40.0, Align::Left),
                    (t(T::Unit), 76.0, Align::Left),
                    (t(T::TitleColumn), 50.0, Align::Left),
                ],
            );
            let rows: Vec<Vec<String>> = s
                .titles
                .iter()
                .map(|l| {
                    vec![
                        l.place.to_string(),
                        l.name.clone(),
                        l.unit.clone(),
                        l.title.clone(),
                    ]
                })
                .collect();
            c = doc.table(c, &columns, &rows, 6.5, 9.5);
        }
    }
    if !s.promotions.is_empty() {
        heading(doc, &mut c, t(T::Promotions));
        let columns = cols(
            doc,
            &[
                (t(T::Name), 30.0, Align::Left),
                (t(T::Unit), 50.0, Align::Left),
                (t(T::FromGrade), 30.0, Align::Left),
                (t(T::ToGrade), 30.0, Align::Left),
                (t(T::Points), 20.0, Align::Center),
                (t(T::Required), 20.0, Align::Center),
            ],
        );
        let rows: Vec<Vec<String>> = s
            .promotions
            .iter()
            .map(|l| {
                vec![
                    l.name.clone(),
                    l.unit.clone(),
                    l.from.clone(),
                    l.to.clone(),
                    l.points.clone(),
                    l.required.clone(),
                ]
            })
            .collect();
        c = doc.table(c, &columns, &rows, 6.5, 9.5);
    }
    if !s.qualifiers.is_empty() {
        heading(doc, &mut c, t(T::Qualifiers));
        let columns = cols(
            doc,
            &[
                (t(T::Rank), 14.0, Align::Center),
                (t(T::Name), 50.0, Align::Left),
                (t(T::Unit), 116.0, Align::Left),
            ],
        );
        let rows: Vec<Vec<String>> = s
            .qualifiers
            .iter()
            .map(|l| vec![l.place.to_string(), l.name.clone(), l.unit.clone()])
            .collect();
        c = doc.table(c, &columns, &rows, 6.5, 9.5);
    }
    c
}

/// The room (mm) the signature line takes below a table: a gap and a line of 12 pt.
const SIGNATURE_ROOM: f32 = 16.0;
/// The room a prize total takes below its table (a line of 11 pt).
const TOTAL_ROOM: f32 = 7.0;

/// The chief arbiter's signature line under a section's results.
fn signature(doc: &mut Document, c: &mut Cursor, book: &ResultBook, lang: Lang) {
    let t = |k: T| k.get(lang);
    c.y += 8.0;
    doc.ensure_room(c, SIGNATURE_ROOM - 8.0);
    let gap = t(T::FieldGap).repeat(2);
    let line = format!(
        "{}{}{}{gap}{}______________{gap}{}______________",
        t(T::ChiefArbiter),
        t(T::ListColon),
        book.header.chief_arbiter,
        t(T::SignatureLine),
        t(T::DateLine)
    );
    doc.paragraph(c, &line, 12.0);
}

fn round_table(doc: &mut Document, c: Cursor, r: &RoundResults, first: &str, lang: Lang) -> Cursor {
    let t = |k: T| k.get(lang);
    let columns = cols(
        doc,
        &[
            (t(T::Board), 11.0, Align::Center),
            (t(T::Number), 10.0, Align::Center),
            (first, 24.0, Align::Left),
            (t(T::Unit), 33.0, Align::Left),
            (t(T::Result), 20.0, Align::Center),
            (t(T::Number), 10.0, Align::Center),
            (t(T::Black), 24.0, Align::Left),
            (t(T::Unit), 33.0, Align::Left),
        ],
    );
    let rows: Vec<Vec<String>> = r
        .games
        .iter()
        .map(|g| {
            vec![
                g.board.to_string(),
                g.red_number.clone(),
                g.red.clone(),
                g.red_unit.clone(),
                g.result.clone(),
                g.black_number.clone(),
                g.black.clone(),
                g.black_unit.clone(),
            ]
        })
        .collect();
    doc.table(c, &columns, &rows, 6.0, 9.0)
}
