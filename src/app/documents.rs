//! Documents: the app builds each document's values from the rule book and hands them to the
//! report layer, then writes the file through the one guarded writer ([`write_file`]).

use super::{AppError, Tournament, write_file};
use crate::i18n::{Lang, T, fill};
use crate::model::{Event, GameKind, PairingSystem, Section, SectionId};
use crate::report::ReportError;
use crate::report::layout::{Font, PaperSize, Pdf};
use crate::report::order_book;
use crate::report::pairing_sheet::{self, PairingSheet, SheetPlayer, SheetRow, SheetStyle};
use crate::report::team_paper::TeamPaper;
use crate::report::{certificates, crosstable, pinyin_list, result_book, slips, standings_sheet};
use crate::standings::points_after;
use std::path::Path;

impl From<ReportError> for AppError {
    fn from(e: ReportError) -> Self {
        match e {
            ReportError::MissingGlyphs(chars) => AppError::MissingGlyphs(chars),
            ReportError::Font => AppError::Pdf(e.to_string()),
        }
    }
}

/// The document builders. They read the event only, so that a copy of it can be printed on a
/// worker thread while the window stays responsive.
pub(super) struct Printer<'a> {
    event: &'a Event,
    /// The team paper of the section asked for, when it is a team section.
    team: Option<&'a TeamPaper>,
    /// The team paper of every team section, for the result book.
    books: &'a [(SectionId, TeamPaper)],
}

impl<'a> Printer<'a> {
    pub(super) fn new(event: &'a Event) -> Printer<'a> {
        Printer {
            event,
            team: None,
            books: &[],
        }
    }

    pub(super) fn event(&self) -> &'a Event {
        self.event
    }

    /// The team paper of a team section, for the result book (None: no team section, or a
    /// document other than the result book).
    pub(super) fn team_book(&self, section: SectionId) -> Option<TeamPaper> {
        self.books
            .iter()
            .find(|(id, _)| *id == section)
            .map(|(_, paper)| paper.clone())
    }

    pub(super) fn section(&self, id: SectionId) -> Result<&'a Section, AppError> {
        self.event.section(id).ok_or(AppError::NoSuch(T::Section))
    }

    /// The values of a round's pairing sheet.
    pub fn pairing_sheet(
        &self,
        section: SectionId,
        round: u32,
        lang: Lang,
    ) -> Result<PairingSheet, AppError> {
        let s = self
            .event()
            .section(section)
            .ok_or(AppError::NoSuch(T::Section))?;
        let r = s.round(round).ok_or(AppError::NoSuch(T::Round))?;
        // A knockout is not played on points: its sheet leaves the points blank.
        let on_points = s.settings.system != PairingSystem::Knockout;
        let player = |id| {
            let e = s.entrant(id);
            SheetPlayer {
                number: e
                    .and_then(|e| e.number)
                    .map(|n| n.to_string())
                    .unwrap_or_default(),
                name: e.map(|e| e.name.clone()).unwrap_or_default(),
                unit: e.map(|e| e.unit.clone()).unwrap_or_default(),
                points: if on_points {
                    points_after(s, id, round - 1).to_string()
                } else {
                    String::new()
                },
            }
        };
        let mut rows: Vec<SheetRow> = r
            .games
            .iter()
            .map(|g| SheetRow {
                board: g.board,
                phase: crate::i18n::phase_text(g.phase, lang).to_string(),
                record_moves: s.settings.record_moves.applies(round, g.board),
                red: player(g.red),
                black: Some(player(g.black)),
            })
            .collect();
        let last = rows.last().map(|r| r.board).unwrap_or(0);
        for (board, b) in (last + 1..).zip(&r.byes) {
            rows.push(SheetRow {
                board,
                phase: String::new(),
                record_moves: false,
                red: player(b.entrant),
                black: None,
            });
        }
        let e = self.event();
        let when = match s.settings.round_time(round) {
            Some(time) => format!(
                "{}{gap}{time}{gap}{}",
                fill(T::RoundN.get(lang), &[&round]),
                when_line(e, lang),
                gap = T::FieldGap.get(lang)
            ),
            None => when_line(e, lang),
        };
        Ok(PairingSheet {
            event: e.name.clone(),
            section: s.name.clone(),
            round,
            chess: s.settings.game == GameKind::Chess,
            when,
            lateness: crate::i18n::lateness_text(&s.settings.lateness, lang),
            late_limit: s.settings.lateness.limit(round),
            lot_seed: s.lot_seed,
            rows,
            venue: None,
        })
    }

    /// A round document of a team section, on the team paper: the pairing sheet and the wall
    /// sheet list the matches, then each match's boards; the slips are one per match; the
    /// standings and the crosstable are the team standings, the team crosstable and the board
    /// prizes bound together.
    fn team_document(&self, req: &DocumentRequest, round: u32) -> Result<Pdf, AppError> {
        use crate::report::{team_book, team_pairing_sheet, team_slips};
        use DocumentKind as K;
        let paper = self.team.ok_or(AppError::NoSuch(T::Section))?;
        let (lang, font) = (req.lang, Font::bundled()?);
        let stamp = chrono::Utc::now().timestamp();
        Ok(match req.kind {
            K::Standings | K::Crosstable => {
                team_book::render_standings_book(paper, req.paper, font, lang, stamp)?
            }
            K::Slips => team_slips::render(paper, round, font, lang, stamp)?,
            _ => team_pairing_sheet::render(paper, round, req.paper, font, lang, stamp)?,
        })
    }

    /// Makes a document. Round documents, the standings and the crosstable need a section;
    /// without a round they show the last round paired.
    pub(super) fn document(&self, req: &DocumentRequest) -> Result<Pdf, AppError> {
        use DocumentKind as K;
        let lang = req.lang;
        let font = Font::bundled()?;
        let stamp = chrono::Utc::now().timestamp();
        if !req.kind.for_a_round() {
            let pdf = match req.kind {
                K::OrderBook => order_book::render(&self.order_book(lang)?, font, lang, stamp)?,
                K::ResultBook => {
                    result_book::render(&self.result_book(lang)?, req.paper, font, lang, stamp)?
                }
                K::SignInSheet => crate::report::sign_in_sheet::render(
                    &self.sign_in_sheet(req.section, lang)?,
                    font,
                    lang,
                    stamp,
                )?,
                K::EntryCards => crate::report::entry_cards::render(
                    &self.entry_cards(req.section, lang)?,
                    font,
                    lang,
                    stamp,
                )?,
                K::CertificateOffice => crate::report::certificate_office::render(
                    &self.certificate_office(req.section, lang)?,
                    font,
                    lang,
                    stamp,
                )?,
                K::PrizeReceipts => crate::report::prize_receipts::render(
                    &self.prize_receipts(req.section, lang)?,
                    font,
                    lang,
                    stamp,
                )?,
                K::FeeList => crate::report::fee_list::render(
                    &self.fee_list(req.section, lang)?,
                    font,
                    lang,
                    stamp,
                )?,
                _ => certificates::render(
                    &self.certificates(req.section, lang)?,
                    req.paper,
                    font,
                    lang,
                    stamp,
                )?,
            };
            return Ok(pdf);
        }
        let section = req.section.ok_or(AppError::NoSuch(T::Section))?;
        let s = self.section(section)?;
        let round = match req.round {
            Some(r) => r,
            None => s
                .rounds
                .last()
                .map(|r| r.number)
                .ok_or(AppError::NoSuch(T::Round))?,
        };
        if s.settings.team_section.is_some() {
            return self.team_document(req, round);
        }
        let pdf = match req.kind {
            K::Standings => standings_sheet::render(
                &self.standings_sheet(section, round, lang)?,
                req.paper,
                font,
                lang,
                stamp,
            )?,
            K::Crosstable => crosstable::render(
                &self.crosstable_sheet(section, round, lang)?,
                req.paper,
                font,
                lang,
                stamp,
            )?,
            kind => {
                let mut sheet = self.pairing_sheet(section, round, lang)?;
                // The venue page's address, while it is served, on the sheets for the wall.
                if matches!(kind, K::WallSheet | K::PairingSheet)
                    && let Some(url) = &req.venue_url
                    && let Some(code) = crate::report::qr::QrCode::of(url)
                {
                    sheet.venue = Some(pairing_sheet::SheetVenue {
                        code,
                        hint: fill(T::VenueScanHint.get(lang), &[url]),
                    });
                }
                match kind {
                    K::WallSheet => pairing_sheet::render(
                        &sheet,
                        SheetStyle::Wall,
                        req.paper,
                        font,
                        lang,
                        stamp,
                    )?,
                    K::Slips => slips::render(&sheet, font, lang, stamp)?,
                    K::PinyinList => pinyin_list::render(&sheet, font, lang, stamp)?,
                    _ => pairing_sheet::render(
                        &sheet,
                        SheetStyle::Normal,
                        req.paper,
                        font,
                        lang,
                        stamp,
                    )?,
                }
            }
        };
        Ok(pdf)
    }
}

/// What a document is made from: a copy of the open event, and for a round document of a team
/// section its team paper (read from the file's team records), so that it may be printed on a
/// worker thread. [`Tournament::document_source`] makes it.
#[derive(Clone, Debug)]
pub struct DocumentSource {
    pub event: Event,
    pub team: Option<TeamPaper>,
    /// For the result book: the team paper of every team section, after all its complete
    /// rounds.
    pub books: Vec<(SectionId, TeamPaper)>,
}

/// Makes the document `req` asks for from `source` (a team section's round documents need its
/// team paper there).
pub fn make_document_from(source: &DocumentSource, req: &DocumentRequest) -> Result<Pdf, AppError> {
    print(&source.event, source.team.as_ref(), &source.books, req)
}

/// Makes the document `req` asks for from `event`, which holds no team section's team records
/// (see [`make_document_from`]).
pub fn make_document(event: &Event, req: &DocumentRequest) -> Result<Pdf, AppError> {
    print(event, None, &[], req)
}

/// A character of a name or unit that no bundled font has is printed as [`STAND_IN`] (see
/// [`unprintable`]), so that the rest of the section still prints.
fn print(
    event: &Event,
    team: Option<&TeamPaper>,
    books: &[(SectionId, TeamPaper)],
    req: &DocumentRequest,
) -> Result<Pdf, AppError> {
    let font = Font::bundled()?;
    let lacks = |c: char| !font.draws(c);
    let stand_in = |text: &mut String| {
        if text.chars().any(lacks) {
            *text = text
                .chars()
                .map(|c| if lacks(c) { STAND_IN } else { c })
                .collect();
        }
    };
    if unprintable(event).is_empty() {
        return Printer { event, team, books }.document(req);
    }
    let mut event = event.clone();
    for s in &mut event.sections {
        for e in &mut s.entrants {
            stand_in(&mut e.name);
            stand_in(&mut e.unit);
        }
    }
    Printer {
        event: &event,
        team,
        books,
    }
    .document(req)
}

/// 〓 — printed in place of a character no bundled font has.
pub const STAND_IN: char = '〓';

/// A character of an entrant's name or unit that no bundled font has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unprintable {
    pub section: String,
    /// "12 张𠮷" — pairing number and name.
    pub entrant: String,
    pub ch: char,
}

/// [`unprintable`] in words.
pub fn unprintable_text(list: &[Unprintable], lang: Lang) -> String {
    crate::i18n::unprintable_text(
        list.iter()
            .map(|u| (u.section.as_str(), u.entrant.as_str(), u.ch)),
        lang,
    )
}

/// The characters of entrants' names and units that no bundled font has, entrant by entrant:
/// documents print them as [`STAND_IN`], and the window names them.
pub fn unprintable(event: &Event) -> Vec<Unprintable> {
    let Ok(font) = Font::bundled() else {
        return vec![];
    };
    let mut out = vec![];
    for s in &event.sections {
        for e in &s.entrants {
            for ch in font.missing_glyphs([e.name.as_str(), e.unit.as_str()]) {
                out.push(Unprintable {
                    section: s.name.clone(),
                    entrant: e.label(),
                    ch,
                });
            }
        }
    }
    out
}

impl Tournament {
    /// Makes a document of the open event.
    pub fn document(&self, req: &DocumentRequest) -> Result<Pdf, AppError> {
        make_document_from(&self.document_source(req)?, req)
    }

    /// What `req` is made from: a copy of the event, and the team paper when it asks for a
    /// round document of a team section (its standings after the round asked for, or after
    /// every complete round).
    pub fn document_source(&self, req: &DocumentRequest) -> Result<DocumentSource, AppError> {
        let team = match req.section {
            Some(id) if req.kind.for_a_round() => {
                let s = self.section(id)?;
                match s.settings.team_section {
                    Some(_) => Some(self.team_paper(id, req.round, req.lang)?),
                    None => None,
                }
            }
            _ => None,
        };
        let mut books = Vec::new();
        if req.kind == DocumentKind::ResultBook {
            for s in &self.event().sections {
                if s.settings.team_section.is_some() && !s.rounds.is_empty() {
                    books.push((s.id, self.team_paper(s.id, None, req.lang)?));
                }
            }
        }
        Ok(DocumentSource {
            event: self.event().clone(),
            team,
            books,
        })
    }

    /// Writes the order book (秩序册) as PDF to `path`.
    pub fn export_order_book(&self, path: &Path, lang: Lang) -> Result<(), AppError> {
        let req = DocumentRequest::event(DocumentKind::OrderBook, lang);
        self.export_document(&req, path, false)
    }

    /// Writes the pairing sheet of a round as PDF to `path`.
    pub fn export_pairing_sheet(
        &self,
        section: SectionId,
        round: u32,
        path: &Path,
        lang: Lang,
    ) -> Result<(), AppError> {
        self.export_round_document(
            RoundDocument::PairingSheet,
            section,
            round,
            path,
            lang,
            false,
        )
    }

    /// Writes one of the documents of a round as PDF to `path` (`replace`: see [`write_file`]).
    pub fn export_round_document(
        &self,
        doc: RoundDocument,
        section: SectionId,
        round: u32,
        path: &Path,
        lang: Lang,
        replace: bool,
    ) -> Result<(), AppError> {
        let req = DocumentRequest {
            section: Some(section),
            round: Some(round),
            ..DocumentRequest::event(doc.kind(), lang)
        };
        self.export_document(&req, path, replace)
    }

    /// Makes a document and writes it to `path` (nothing is written if it cannot be made;
    /// an existing file is replaced only with `replace`, see [`write_file`]).
    pub fn export_document(
        &self,
        req: &DocumentRequest,
        path: &Path,
        replace: bool,
    ) -> Result<(), AppError> {
        let pdf = self.document(req)?;
        write_file(path, &pdf.bytes, replace)
    }
}

/// Every document the program prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DocumentKind {
    /// 对阵表.
    PairingSheet,
    /// 对阵表, large print for the wall.
    WallSheet,
    /// 记分单, one per board.
    Slips,
    /// 对阵查询表 in pinyin order.
    PinyinList,
    /// 排名表 after a round.
    Standings,
    /// 成绩交叉表（大表）after a round.
    Crosstable,
    /// 秩序册.
    OrderBook,
    /// 成绩册.
    ResultBook,
    /// 获奖证书.
    Certificates,
    /// 签到表, by unit with a column to sign.
    SignInSheet,
    /// 参赛证, eight to a sheet with the code the check-in reads.
    EntryCards,
    /// 办证处名单: the promoted players and their certificate fees, with a column to sign.
    CertificateOffice,
    /// 奖金签收表: the prizes paid, with columns to sign and date.
    PrizeReceipts,
    /// 缴费名单, by unit with the totals per unit and per section.
    FeeList,
}

impl DocumentKind {
    pub const ALL: [DocumentKind; 14] = [
        DocumentKind::PairingSheet,
        DocumentKind::WallSheet,
        DocumentKind::Slips,
        DocumentKind::PinyinList,
        DocumentKind::Standings,
        DocumentKind::Crosstable,
        DocumentKind::OrderBook,
        DocumentKind::ResultBook,
        DocumentKind::Certificates,
        DocumentKind::SignInSheet,
        DocumentKind::EntryCards,
        DocumentKind::CertificateOffice,
        DocumentKind::PrizeReceipts,
        DocumentKind::FeeList,
    ];

    pub fn title(self) -> T {
        match self {
            DocumentKind::PairingSheet => T::DocPairingSheet,
            DocumentKind::WallSheet => T::DocWallSheet,
            DocumentKind::Slips => T::DocSlips,
            DocumentKind::PinyinList => T::DocPinyinList,
            DocumentKind::Standings => T::DocStandings,
            DocumentKind::Crosstable => T::DocCrosstable,
            DocumentKind::OrderBook => T::DocOrderBook,
            DocumentKind::ResultBook => T::DocResultBook,
            DocumentKind::Certificates => T::DocCertificates,
            DocumentKind::SignInSheet => T::DocSignInSheet,
            DocumentKind::EntryCards => T::DocEntryCards,
            DocumentKind::CertificateOffice => T::DocCertificateOffice,
            DocumentKind::PrizeReceipts => T::DocPrizeReceipts,
            DocumentKind::FeeList => T::DocFeeList,
        }
    }

    /// Is the document about one round of one section (else: the whole event)?
    pub fn for_a_round(self) -> bool {
        !matches!(
            self,
            DocumentKind::OrderBook
                | DocumentKind::ResultBook
                | DocumentKind::Certificates
                | DocumentKind::SignInSheet
                | DocumentKind::EntryCards
                | DocumentKind::CertificateOffice
                | DocumentKind::PrizeReceipts
                | DocumentKind::FeeList
        )
    }

    /// Is it printed for one section when one is named, and for every section otherwise (the
    /// certificates, the sign-in sheet, the entry cards, the desk's lists)?
    pub fn one_section_or_all(self) -> bool {
        matches!(
            self,
            DocumentKind::Certificates
                | DocumentKind::SignInSheet
                | DocumentKind::EntryCards
                | DocumentKind::CertificateOffice
                | DocumentKind::PrizeReceipts
                | DocumentKind::FeeList
        )
    }

    /// Can the arbiter choose A3 for it (the others are A4 by their nature)?
    pub fn offers_a3(self) -> bool {
        !matches!(
            self,
            DocumentKind::Slips
                | DocumentKind::PinyinList
                | DocumentKind::OrderBook
                | DocumentKind::SignInSheet
                | DocumentKind::EntryCards
                | DocumentKind::CertificateOffice
                | DocumentKind::PrizeReceipts
                | DocumentKind::FeeList
        )
    }
}

/// What to print: the document, for which section and round, on which paper, in which language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentRequest {
    pub kind: DocumentKind,
    pub section: Option<SectionId>,
    /// `None`: the last round paired.
    pub round: Option<u32>,
    pub paper: PaperSize,
    pub lang: Lang,
    /// The venue page's address while it is served: the pairing and wall sheets print its QR
    /// code.
    pub venue_url: Option<String>,
}

impl DocumentRequest {
    /// A request for `kind` with no section or round chosen, on A4.
    pub fn event(kind: DocumentKind, lang: Lang) -> DocumentRequest {
        DocumentRequest {
            kind,
            section: None,
            round: None,
            paper: PaperSize::A4,
            lang,
            venue_url: None,
        }
    }
}

/// The event's dates as a reader of `lang` writes them: 2026年8月29日—30日 (the year and month
/// not said twice), 2026年8月29日—9月2日, 2026年12月30日—2027年1月2日; in English ISO dates,
/// 2026-08-29 – 2026-08-30.
pub(super) fn dates(e: &Event, lang: Lang) -> String {
    use chrono::Datelike;
    let zh = |d: chrono::NaiveDate| format!("{}年{}月{}日", d.year(), d.month(), d.day());
    match (e.start_date, e.end_date, lang) {
        (Some(a), Some(b), Lang::Zh) if a != b => {
            let end = if a.year() != b.year() {
                zh(b)
            } else if a.month() != b.month() {
                format!("{}月{}日", b.month(), b.day())
            } else {
                format!("{}日", b.day())
            };
            format!("{}—{end}", zh(a))
        }
        (Some(a), _, Lang::Zh) => zh(a),
        (Some(a), Some(b), Lang::En) if a != b => format!("{a} – {b}"),
        (Some(a), _, Lang::En) => a.to_string(),
        _ => String::new(),
    }
}

/// The event's details a book prints on its cover.
pub(super) fn cover_details(e: &Event, lang: Lang) -> crate::report::cover::EventHeader {
    crate::report::cover::EventHeader {
        event: e.name.clone(),
        organiser: e.organiser.clone(),
        venue: e.venue.clone(),
        dates: dates(e, lang),
        chief_arbiter: e.chief_arbiter.clone(),
    }
}

/// The time line under a document's title: dates, venue and the printing time.
pub(super) fn when_line(e: &Event, lang: Lang) -> String {
    // The printing time as the reader writes a date: 2026年8月29日 14:05.
    let pattern = match lang {
        Lang::Zh => "%Y年%-m月%-d日 %H:%M",
        Lang::En => "%Y-%m-%d %H:%M",
    };
    let printed = format!(
        "{} {}",
        T::PrintedAt.get(lang),
        chrono::Local::now().format(pattern)
    );
    [dates(e, lang), e.venue.clone(), printed]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join(T::FieldGap.get(lang))
}

/// The documents printed for one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundDocument {
    /// 对阵表.
    PairingSheet,
    /// 对阵表, large print for the wall.
    WallSheet,
    /// 记分单, one per board.
    Slips,
    /// 对阵查询表: players in pinyin order with their boards.
    PinyinList,
}

impl RoundDocument {
    /// The same document in the list of all documents.
    pub fn kind(self) -> DocumentKind {
        match self {
            RoundDocument::PairingSheet => DocumentKind::PairingSheet,
            RoundDocument::WallSheet => DocumentKind::WallSheet,
            RoundDocument::Slips => DocumentKind::Slips,
            RoundDocument::PinyinList => DocumentKind::PinyinList,
        }
    }

    pub const ALL: [RoundDocument; 4] = [
        RoundDocument::PairingSheet,
        RoundDocument::WallSheet,
        RoundDocument::Slips,
        RoundDocument::PinyinList,
    ];

    pub fn title(self) -> T {
        self.kind().title()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn dates_are_written_as_a_chinese_arbiter_writes_them() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
        let event = |a, b| Event {
            start_date: a,
            end_date: b,
            ..Event::default()
        };
        let zh = |a, b| dates(&event(a, b), Lang::Zh);
        // The year and the month are not said twice.
        assert_eq!(zh(day(2026, 8, 29), day(2026, 8, 30)), "2026年8月29日—30日");
        assert_eq!(
            zh(day(2026, 8, 29), day(2026, 9, 2)),
            "2026年8月29日—9月2日"
        );
        assert_eq!(
            zh(day(2026, 12, 30), day(2027, 1, 2)),
            "2026年12月30日—2027年1月2日"
        );
        assert_eq!(zh(day(2026, 1, 31), day(2026, 1, 31)), "2026年1月31日");
        assert_eq!(zh(day(2026, 1, 31), None), "2026年1月31日");
        assert_eq!(zh(None, None), "");
        assert_eq!(
            dates(&event(day(2026, 8, 29), day(2026, 8, 30)), Lang::En),
            "2026-08-29 – 2026-08-30"
        );
    }
}
