//! Documents: the app builds each document's values from the rule book and hands them to the
//! report layer, then writes the file through the one guarded writer ([`write_file`]).

use super::{AppError, Tournament, write_file};
use crate::i18n::{Lang, T, fill};
use crate::model::{Event, GameKind, PairingSystem, Section, SectionId};
use crate::report::ReportError;
use crate::report::layout::{Font, PaperSize, Pdf};
use crate::report::order_book::{self, OrderBook, OrderBookSection};
use crate::report::pairing_sheet::{self, PairingSheet, SheetPlayer, SheetRow, SheetStyle};
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
}

impl<'a> Printer<'a> {
    pub(super) fn new(event: &'a Event) -> Printer<'a> {
        Printer { event }
    }

    pub(super) fn event(&self) -> &'a Event {
        self.event
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
                "{}　{time}　{}",
                fill(T::RoundN.get(lang), &[&round]),
                when_line(e, lang)
            ),
            None => when_line(e, lang),
        };
        Ok(PairingSheet {
            event: e.name.clone(),
            section: s.name.clone(),
            round,
            chess: s.settings.game == GameKind::Chess,
            when,
            lot_seed: s.lot_seed,
            rows,
            venue: None,
        })
    }

    /// The values of the order book (秩序册).
    pub fn order_book(&self, lang: Lang) -> Result<OrderBook, AppError> {
        let t = |k: T| k.get(lang);
        let e = self.event();
        let mut sections = Vec::new();
        for s in &e.sections {
            let mut rules = vec![
                fill(
                    t(T::RoundsLine),
                    &[
                        &t(super::error::system_name(s.settings.system)),
                        &s.settings.rounds,
                    ],
                ),
                fill(t(T::PointsLine), &[&s.settings.points.label()]),
            ];
            rules.push(format!(
                "{}：{}",
                t(T::FirstRound),
                first_round_text(s, lang)
            ));
            rules.extend(conduct_lines(s, lang));
            if let Some(seed) = s.lot_seed {
                rules.push(fill(t(T::LotSeedLine), &[&seed]));
            }
            let tiebreaks: Vec<String> = s
                .settings
                .standings
                .tiebreaks
                .iter()
                .map(|tb| crate::i18n::tiebreak_label(*tb, lang))
                .collect();
            // A knockout is placed by its bracket: its tiebreak list is not in force.
            if !tiebreaks.is_empty() && s.settings.system != PairingSystem::Knockout {
                rules.push(fill(t(T::TiebreakOrder), &[&tiebreaks.join("、")]));
            }
            rules.extend(award_lines(s, lang));
            rules.extend(eligibility_line(s, lang));
            rules.extend(team_line(s, lang));
            let rm = s.settings.record_moves;
            if rm.boards > 0 {
                rules.push(fill(
                    t(T::RecordMovesLine),
                    &[&rm.from_round.max(1), &rm.boards],
                ));
            }
            rules.extend(promotion_lines(s, lang));
            let mut units: Vec<(String, Vec<String>)> = Vec::new();
            for en in s.entrants_by_number() {
                let label = match en.number {
                    Some(n) => format!("{n} {}", en.name),
                    None => en.name.clone(),
                };
                match units.iter_mut().find(|(u, _)| *u == en.unit) {
                    Some((_, names)) => names.push(label),
                    None => units.push((en.unit.clone(), vec![label])),
                }
            }
            units.sort_by_cached_key(|(u, _)| crate::names::pinyin_key(u));
            let round_one = match s.round(1) {
                Some(_) => Some(self.pairing_sheet(s.id, 1, lang)?),
                None => None,
            };
            let schedule = (1..=s.settings.rounds)
                .filter_map(|r| s.settings.round_time(r).map(|w| (r, w.to_string())))
                .collect();
            sections.push(OrderBookSection {
                name: s.name.clone(),
                rules,
                schedule,
                units,
                entrants: ranked_entrants(s) as usize,
                round_one,
            });
        }
        Ok(OrderBook {
            event: e.name.clone(),
            organiser: e.organiser.clone(),
            venue: e.venue.clone(),
            dates: dates(e),
            chief_arbiter: e.chief_arbiter.clone(),
            sections,
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
                _ => certificates::render(&self.certificates(lang)?, req.paper, font, lang, stamp)?,
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

/// Makes the document `req` asks for from `event` (a copy of the open event may be printed on a
/// worker thread). A character of a name or unit that no bundled font has is printed as
/// [`STAND_IN`] (see [`unprintable`]), so that the rest of the section still prints.
pub fn make_document(event: &Event, req: &DocumentRequest) -> Result<Pdf, AppError> {
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
        return Printer::new(event).document(req);
    }
    let mut event = event.clone();
    for s in &mut event.sections {
        for e in &mut s.entrants {
            stand_in(&mut e.name);
            stand_in(&mut e.unit);
        }
    }
    Printer::new(&event).document(req)
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
        make_document(self.event(), req)
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
}

impl DocumentKind {
    pub const ALL: [DocumentKind; 9] = [
        DocumentKind::PairingSheet,
        DocumentKind::WallSheet,
        DocumentKind::Slips,
        DocumentKind::PinyinList,
        DocumentKind::Standings,
        DocumentKind::Crosstable,
        DocumentKind::OrderBook,
        DocumentKind::ResultBook,
        DocumentKind::Certificates,
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
        }
    }

    /// Is the document about one round of one section (else: the whole event)?
    pub fn for_a_round(self) -> bool {
        !matches!(
            self,
            DocumentKind::OrderBook | DocumentKind::ResultBook | DocumentKind::Certificates
        )
    }

    /// Can the arbiter choose A3 for it (the others are A4 by their nature)?
    pub fn offers_a3(self) -> bool {
        !matches!(
            self,
            DocumentKind::Slips | DocumentKind::PinyinList | DocumentKind::OrderBook
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

/// The award rules of a section in brief, for the order book: places, prize money, titles,
/// qualifiers.
/// The entrants who take part for places: a house player (补双) does not.
fn ranked_entrants(s: &Section) -> u32 {
    s.entrants.iter().filter(|e| !e.house).count() as u32
}

/// How round 1 is paired, as the section's system does it.
fn first_round_text(s: &Section, lang: Lang) -> String {
    crate::i18n::first_round_label(s.settings.system, s.settings.first_round)
        .get(lang)
        .to_string()
}

/// The rules of the section's conduct: a knockout's match format, a playoff, same-unit
/// avoidance and exclusion after forfeits (xiangqi Swiss), staged qualification.
fn conduct_lines(s: &Section, lang: Lang) -> Vec<String> {
    use crate::model::{ForfeitCount, PairingSystem};
    let t = |k: T| k.get(lang);
    let set = &s.settings;
    let third = |k: &crate::model::KnockoutOptions| {
        if k.third_place_match {
            t(T::ThirdPlaceMatchSuffix)
        } else {
            ""
        }
    };
    let mut out = Vec::new();
    if set.system == PairingSystem::Knockout {
        out.push(fill(
            t(T::MatchFormatLine),
            &[
                &crate::i18n::phases_text(&set.knockout.phases, lang),
                &third(&set.knockout),
            ],
        ));
    } else if set.playoff.players > 0 {
        let p = &set.playoff;
        out.push(fill(
            t(T::PlayoffLine),
            &[
                &p.after_round,
                &p.players,
                &crate::i18n::phases_text(&p.format.phases, lang),
                &third(&p.format),
            ],
        ));
    }
    if set.system == PairingSystem::XiangqiSwiss {
        let x = &set.xiangqi;
        if x.same_unit_to != 0 {
            out.push(if x.same_unit_from == x.same_unit_to {
                fill(t(T::SameUnitOne), &[&x.same_unit_from])
            } else {
                fill(t(T::SameUnitRange), &[&x.same_unit_from, &x.same_unit_to])
            });
        }
        if x.forfeit_exclusion > 0 {
            let k = match x.forfeit_exclusion_count {
                ForfeitCount::Consecutive => T::ForfeitConsecutiveLine,
                ForfeitCount::Total => T::ForfeitTotalLine,
            };
            out.push(fill(t(k), &[&x.forfeit_exclusion]));
        }
    }
    let q = &set.qualification;
    if !q.stages.is_empty() {
        let items: Vec<String> = q
            .stages
            .iter()
            .map(|st| fill(t(T::QualificationStageLine), &[&st.after_round, &st.count]))
            .chain(
                q.sub_lists
                    .iter()
                    .map(|l| fill(t(T::QualificationSubListLine), &[&l.name, &l.count])),
            )
            .chain(
                (q.wildcards > 0).then(|| fill(t(T::QualificationWildcardLine), &[&q.wildcards])),
            )
            .collect();
        out.push(fill(t(T::QualificationLine), &[&items.join("、")]));
    }
    out
}

/// 参赛资格 — the section's entry rules, if it has any: sex, birth dates, grades, the ways in.
fn eligibility_line(s: &Section, lang: Lang) -> Option<String> {
    use crate::model::Sex;
    let t = |k: T| k.get(lang);
    let el = &s.settings.eligibility;
    let mut parts = Vec::new();
    match el.sex {
        Some(Sex::Male) => parts.push(t(T::EligibilityMen).to_string()),
        Some(Sex::Female) => parts.push(t(T::EligibilityWomen).to_string()),
        Some(Sex::Unknown) | None => {}
    }
    match (el.born_from, el.born_to) {
        (Some(a), Some(b)) => parts.push(fill(t(T::EligibilityBornRange), &[&a, &b])),
        (Some(a), None) => parts.push(fill(t(T::EligibilityBornFrom), &[&a])),
        (None, Some(b)) => parts.push(fill(t(T::EligibilityBornTo), &[&b])),
        (None, None) => {}
    }
    if !el.grades.is_empty() {
        parts.push(fill(t(T::EligibilityGradesLine), &[&el.grades.join("、")]));
    }
    if !el.any_of.is_empty() {
        let routes: Vec<String> = el.any_of.iter().map(|r| r.text()).collect();
        parts.push(fill(t(T::EligibilityRoutesLine), &[&routes.join("；")]));
    }
    (!parts.is_empty()).then(|| fill(t(T::EligibilityLine), &[&parts.join("；")]))
}

/// 团体名次 — how teams are ranked and how many are placed, where the section holds a team
/// competition.
fn team_line(s: &Section, lang: Lang) -> Option<String> {
    use crate::model::Sex;
    if !s.has_team_competition() {
        return None;
    }
    let t = |k: T| k.get(lang);
    let team = &s.settings.standings.team;
    let sex = match team.sex {
        Some(Sex::Male) => t(T::TeamMen),
        Some(Sex::Female) => t(T::TeamWomen),
        Some(Sex::Unknown) | None => "",
    };
    let registered = if team.registered_only {
        t(T::TeamRegisteredOnlyLine)
    } else {
        ""
    };
    let teams = crate::standings::team::teams_entered(s, team);
    let places = s
        .settings
        .awards
        .team_places
        .places_awarded(u32::try_from(teams).unwrap_or(u32::MAX));
    Some(fill(
        t(T::TeamRuleLine),
        &[&team.members, &sex, &registered, &teams, &places],
    ))
}

/// The promotion table (级位赛晋级标准) and the early stop, if the section has them.
fn promotion_lines(s: &Section, lang: Lang) -> Vec<String> {
    use crate::model::EarlyStop;
    let t = |k: T| k.get(lang);
    let p = &s.settings.awards.promotion;
    if p.table.is_empty() {
        return Vec::new();
    }
    let steps: Vec<String> = p
        .table
        .iter()
        .map(|st| match st.points {
            // Seed 004 精英组: “4.5分”, not a rate.
            Some(points) => fill(
                t(T::PromotionStepPointsLine),
                &[&st.from_grade, &st.to_grade, &points],
            ),
            None => fill(
                t(T::PromotionStepLine),
                &[&st.from_grade, &st.to_grade, &st.rate_percent],
            ),
        })
        .collect();
    let mut out = vec![fill(t(T::PromotionLine), &[&steps.join("、")])];
    if p.early_stop != EarlyStop::Never {
        out.push(t(T::EarlyStopLine).to_string());
    }
    out
}

fn award_lines(s: &Section, lang: Lang) -> Vec<String> {
    let t = |k: T| k.get(lang);
    let a = &s.settings.awards;
    let n = ranked_entrants(s);
    let bands = |bands: &[crate::awards::PrizeBand]| {
        let text: Vec<String> = bands
            .iter()
            .map(|b| {
                if b.from == b.to {
                    fill(t(T::PrizeBandOne), &[&b.from, &b.amount])
                } else {
                    fill(t(T::PrizeBandRange), &[&b.from, &b.to, &b.amount])
                }
            })
            .collect();
        text.join("、")
    };
    let mut out = Vec::new();
    // A section that places only within its sub-rankings (seed 001's U14组: 男子录取前八名、女子
    // 录取前七名) awards no places of its own: its special prizes say what it awards.
    let places = a.places.places_awarded(n);
    if places > 0 || a.special_prizes.is_empty() {
        out.push(fill(t(T::PlacesLine), &[&n, &places]));
    }
    if !a.prizes.bands.is_empty() {
        out.push(fill(
            t(T::PrizesLine),
            &[
                &crate::i18n::tax_basis(a.prizes.tax, lang),
                &bands(&a.prizes.bands),
            ],
        ));
    }
    for sp in &a.special_prizes {
        let last = sp.table.bands.iter().map(|b| b.to).max().unwrap_or(0);
        let mut line = fill(t(T::SpecialPlacesLine), &[&sp.name, &last]);
        if sp.table.bands.iter().any(|b| b.amount > 0) {
            line.push_str(&fill(
                t(T::SpecialPrizeMoney),
                &[
                    &crate::i18n::tax_basis(sp.table.tax, lang),
                    &bands(&sp.table.bands),
                ],
            ));
        }
        out.push(line);
    }
    for r in &a.titles {
        let mut line = fill(t(T::TitleRuleLine), &[&r.from, &r.to, &r.title]);
        if r.min_played > 0 {
            line.push_str(&fill(t(T::TitleRuleMinLine), &[&r.min_played]));
        }
        out.push(line);
    }
    if a.qualifiers > 0 {
        out.push(fill(t(T::QualifiersLine), &[&a.qualifiers]));
    }
    out
}

/// The dates of the event as printed ("2026-08-29 — 2026-08-30").
pub(super) fn dates(e: &Event) -> String {
    match (e.start_date, e.end_date) {
        (Some(a), Some(b)) if a != b => format!("{a} — {b}"),
        (Some(a), _) => a.to_string(),
        _ => String::new(),
    }
}

/// The time line under a document's title: dates, venue and the printing time.
pub(super) fn when_line(e: &Event, lang: Lang) -> String {
    let printed = format!(
        "{} {}",
        T::PrintedAt.get(lang),
        chrono::Local::now().format("%Y-%m-%d %H:%M")
    );
    [dates(e), e.venue.clone(), printed]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join("　")
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
