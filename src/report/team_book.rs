//! 团体赛成绩文书 — the team standings (portrait), the team crosstable (landscape) and the
//! board prizes (portrait) of a [`TeamPaper`] bound into one PDF, each part under its own
//! title (what `bianpai standings TEAM.trf --pdf` writes); the result book (成绩册) prints a
//! team section by the same [`draw_parts`].

use super::layout::{Cursor, Document, Font, PaperSize, Pdf};
use super::team_paper::TeamPaper;
use super::{ReportError, team_board_prizes, team_crosstable, team_standings};
use crate::i18n::{Lang, T, fill};

/// The team standings, the team crosstable and the board prizes in one PDF.
pub fn render_standings_book(
    paper: &TeamPaper,
    size: PaperSize,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let head = |title: &str| {
        vec![
            paper.event.clone(),
            format!("{} {title}", paper.section),
            paper.when.clone(),
        ]
    };
    let first = format!(
        "{} {}",
        paper.section,
        fill(t(T::TeamStandingsAfter), &[&paper.rounds])
    );
    let mut doc = Document::new(
        font,
        &first,
        size.portrait(),
        head(&fill(t(T::TeamStandingsAfter), &[&paper.rounds])),
        "",
        t(T::PageOf),
    );
    draw_parts(&mut doc, paper, size, lang, |doc, title| {
        doc.set_header(head(title));
        doc.new_page()
    });
    doc.finish(stamp)
}

/// The three parts of a team section's paper, each on a new page: the team standings
/// (portrait), the team crosstable (landscape), the board prizes (portrait). `page` opens a
/// part's page under its title (e.g. "第7轮后团体名次", without the section's name) and gives
/// the cursor to draw from; the cursor below the board prizes is returned. The standings book
/// and the result book (成绩册) both print a team section through this.
pub fn draw_parts(
    doc: &mut Document,
    paper: &TeamPaper,
    size: PaperSize,
    lang: Lang,
    mut page: impl FnMut(&mut Document, &str) -> Cursor,
) -> Cursor {
    let title = |k: T| fill(k.get(lang), &[&paper.rounds]);
    doc.set_paper(size.portrait());
    let c = page(doc, &title(T::TeamStandingsAfter));
    team_standings::draw(doc, c, paper, lang);
    doc.set_paper(size.landscape());
    let c = page(doc, &title(T::TeamCrosstableAfter));
    team_crosstable::draw(doc, c, paper, lang);
    doc.set_paper(size.portrait());
    let c = page(doc, &title(T::BoardPrizesAfter));
    team_board_prizes::draw(doc, c, paper, lang)
}
