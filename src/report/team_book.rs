//! 团体赛成绩文书 — the team standings (portrait), the team crosstable (landscape) and the
//! board prizes (portrait) of a [`TeamPaper`] bound into one PDF, each part under its own
//! title (what `bianpai standings TEAM.trf --pdf` writes).

use super::layout::{Document, Font, PaperSize, Pdf};
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
    let title = |k: T| format!("{} {}", paper.section, fill(t(k), &[&paper.rounds]));
    let head = |title: String| vec![paper.event.clone(), title, paper.when.clone()];
    let first = title(T::TeamStandingsAfter);
    let mut doc = Document::new(
        font,
        &first,
        size.portrait(),
        head(first.clone()),
        "",
        t(T::PageOf),
    );
    let c = doc.new_page();
    team_standings::draw(&mut doc, c, paper, lang);
    doc.set_paper(size.landscape());
    doc.set_header(head(title(T::TeamCrosstableAfter)));
    let c = doc.new_page();
    team_crosstable::draw(&mut doc, c, paper, lang);
    doc.set_paper(size.portrait());
    doc.set_header(head(title(T::BoardPrizesAfter)));
    let c = doc.new_page();
    team_board_prizes::draw(&mut doc, c, paper, lang);
    doc.finish(stamp)
}
