//! `bianpai standings FILE --tiebreaks LIST` — the standings of a section, one player a line,
//! tab-separated (rank, starting number, points, each tiebreak value), so that other
//! programs' values can be compared. FILE is a `.bianpai` event or a FIDE TRF. And `bianpai
//! check --standings IN.trf --tiebreaks LIST`, which checks a TRF's places against the list.
//! A team TRF (team records 801) gives the team standings instead: place, team number, 场分,
//! 局分 and each team tie-break of its 202 line (or of `--tiebreaks`), and `check` compares
//! them with the file's 310 ranks. With `--pdf OUT.pdf` a team TRF also gives the team paper:
//! the team standings, the team crosstable and the board prizes (台次奖, from the 801
//! line-ups; `--board-prize-games` games on a board, 70% of the rounds by default).

use crate::app::{AppError, Tournament};
use crate::i18n::{Lang, T, fill, tiebreak_label, tiebreak_list_text};
use crate::interchange::trf::{TrfFile, TrfTeamFile};
use crate::model::{EntrantId, PairingSystem, Section};
use crate::model::{TeamTiebreakSpec, board_prize_default_min, parse_team_list};
use crate::report::layout::{Font, PaperSize};
use crate::report::team_book::render_standings_book;
use crate::report::team_paper::TeamPaper;
use crate::standings::order::{OrderBreakKind, order_breaks};
use crate::standings::team_fide::{edition_on, team_standings};
use crate::standings::{FideEdition, Preset, StandingsSettings, parse_list, standings_with};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct StandingsArgs {
    /// A `.bianpai` event file, or a FIDE TRF (any other extension).
    pub file: PathBuf,
    /// Tiebreak list: FIDE acronyms with modifiers (`BH,BH-C1,SB,DE,WIN`), xiangqi names
    /// (对手分,胜局 …) or a preset (14.3.1, 14.3.2, 14.1, seed001-rr, fide-swiss,
    /// fide-rr). Default: the section's own list (a TRF: fide-swiss or fide-rr).
    #[arg(long, short)]
    pub tiebreaks: Option<String>,
    /// C.07 edition for unplayed rounds: 2023 or 2026.
    #[arg(long, value_parser = ["2023", "2026"])]
    pub edition: Option<String>,
    /// Section name or 1-based position (a `.bianpai` file; default the first).
    #[arg(long, short)]
    pub section: Option<String>,
    /// Standings after this round (default: the last round paired).
    #[arg(long, short)]
    pub round: Option<u32>,
    /// Players still tied share the place instead of drawing lots.
    #[arg(long)]
    pub shared: bool,
    /// A team TRF: also write the team standings, crosstable and board prizes to this PDF.
    #[arg(long)]
    pub pdf: Option<PathBuf>,
    /// A team TRF: games on a board a board prize needs (default 70% of the rounds).
    #[arg(long)]
    pub board_prize_games: Option<u32>,
}

/// Reads the section to rank from a `.bianpai` file or a TRF.
/// The section to rank, and whether it is a TRF without a tiebreak list of its own (record 202),
/// which then takes FIDE's list for its system.
fn load(args: &StandingsArgs, lang: Lang) -> Result<(Section, bool), String> {
    let is_event = args
        .file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("bianpai"));
    if is_event {
        let t = Tournament::open(&args.file).map_err(|e| e.message(lang))?;
        let id = match &args.section {
            Some(key) => super::find_section(&t, key).map_err(|e| e.message(lang))?,
            None => t
                .event()
                .sections
                .first()
                .map(|s| s.id)
                .ok_or_else(|| AppError::NoSuch(T::Section).message(lang))?,
        };
        let section = t
            .event()
            .section(id)
            .cloned()
            .ok_or_else(|| AppError::NoSuch(T::Section).message(lang))?;
        return Ok((section, false));
    }
    read_trf_file(&args.file, lang).map(|(trf, s)| (s, trf.header("202").is_none()))
}

/// A TRF file, and the file as a section; a round robin when its 092 line says so.
fn read_trf_file(path: &Path, lang: Lang) -> Result<(TrfFile, Section), String> {
    let bytes = crate::interchange::entrants::read_bytes(path).map_err(|e| e.message(lang))?;
    let trf =
        TrfFile::read(&bytes).map_err(|e| format!("{}: {}", path.display(), e.message(lang)))?;
    let mut section = trf
        .to_section()
        .map_err(|e| format!("{}: {}", path.display(), e.message(lang)))?;
    if trf
        .header("092")
        .is_some_and(|h| h.to_ascii_lowercase().contains("round-robin"))
    {
        section.settings.system = PairingSystem::RoundRobin;
    }
    Ok((trf, section))
}

/// A tiebreak value as other programs print it: no trailing zeros.
fn show(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// The standings as text: a `#` header line, then one tab-separated line per player.
pub fn render(section: &Section, settings: &StandingsSettings, round: u32) -> String {
    let mut out = String::from("# rank\tno\tpoints");
    for tb in &settings.tiebreaks {
        out.push('\t');
        out.push_str(&tb.acronym());
    }
    out.push('\n');
    for line in standings_with(section, settings, round) {
        let number = section
            .entrant(line.entrant)
            .and_then(|e| e.number)
            .map_or_else(String::new, |n| n.to_string());
        out.push_str(&format!("{}\t{}\t{}", line.rank, number, line.points));
        for v in &line.tiebreaks {
            out.push('\t');
            out.push_str(&show(*v));
        }
        out.push('\n');
    }
    out
}

/// The standings settings of `section` with the tiebreak list and C.07 edition asked for; a
/// TRF without a list takes FIDE's for its system.
/// The standings settings: `tiebreaks` if given, else FIDE's list for the system when
/// `fide_list` (a TRF that names none), else the section's own.
fn settings_for(
    section: &Section,
    fide_list: bool,
    tiebreaks: Option<&str>,
    edition: Option<&str>,
    lang: Lang,
) -> Result<StandingsSettings, String> {
    let mut settings = section.settings.standings.clone();
    match tiebreaks {
        Some(list) => {
            settings.tiebreaks =
                parse_list(list).map_err(|e| crate::i18n::tiebreak_parse_error_text(&e, lang))?
        }
        None if fide_list => {
            let preset = if section.settings.system == PairingSystem::RoundRobin {
                Preset::FideRoundRobin
            } else {
                Preset::FideSwiss
            };
            settings.tiebreaks = preset.list();
        }
        None => {}
    }
    match edition {
        Some("2023") => settings.edition = FideEdition::E2023,
        Some(_) => settings.edition = FideEdition::E2026,
        None => {}
    }
    Ok(settings)
}

/// The file at `path` as a team event, when it is a TRF with team round records (801).
fn team_file(path: &Path, lang: Lang) -> Result<Option<TrfTeamFile>, String> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("bianpai"))
    {
        return Ok(None);
    }
    let bytes = crate::interchange::entrants::read_bytes(path).map_err(|e| e.message(lang))?;
    let trf =
        TrfFile::read(&bytes).map_err(|e| format!("{}: {}", path.display(), e.message(lang)))?;
    if trf.header("801").is_none() {
        return Ok(None);
    }
    let file = trf
        .team_event()
        .map_err(|e| format!("{}: {}", path.display(), e.message(lang)))?;
    for w in &file.warnings {
        eprintln!("{}: {}", path.display(), w.message(lang));
    }
    Ok(Some(file))
}

/// The team tie-break list (`--tiebreaks` or the file's 202) and the C.07 edition (`--edition`
/// or the one in force on the file's start date).
fn team_settings(
    file: &TrfTeamFile,
    tiebreaks: Option<&str>,
    edition: Option<&str>,
    lang: Lang,
) -> Result<(Vec<TeamTiebreakSpec>, FideEdition), String> {
    let list = match tiebreaks {
        Some(text) => parse_team_list(text)
            .map_err(|code| fill(T::TeamTiebreakUnknown.get(lang), &[&code]))?,
        None => file.tiebreaks.clone(),
    };
    let edition = match edition {
        Some("2023") => FideEdition::E2023,
        Some(_) => FideEdition::E2026,
        None => edition_on(file.start),
    };
    Ok((list, edition))
}

/// The team standings as text: a `#` header line, then one tab-separated line per team
/// (place, number, name, match points, game points, each tie-break).
pub fn render_teams(file: &TrfTeamFile, list: &[TeamTiebreakSpec], edition: FideEdition) -> String {
    let lines = team_standings(&file.event, list, edition, file.event.rounds);
    render_team_lines(&file.event, list, &lines)
}

/// Team standings lines as [`render_teams`] prints them: a `#` header, then place, number,
/// name, match points, game points and each tie-break, tab-separated.
fn render_team_lines(
    event: &crate::model::TeamEvent,
    list: &[TeamTiebreakSpec],
    lines: &[crate::standings::team_fide::TeamStanding],
) -> String {
    let mut out = String::from("# rank\tno\tteam\tMP\tGP");
    for spec in list {
        out.push('\t');
        out.push_str(&spec.tiebreak.code());
    }
    out.push('\n');
    for line in lines {
        let name = event.team(line.team).map_or("", |t| t.name.as_str());
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}",
            line.rank, line.team, name, line.match_points, line.game_points
        ));
        for v in &line.values {
            out.push('\t');
            out.push_str(&show(*v));
        }
        out.push('\n');
    }
    out
}

/// The team paper of a team TRF after `rounds` rounds, written to `out`.
fn team_pdf(
    args: &StandingsArgs,
    file: &TrfTeamFile,
    tiebreaks: Vec<TeamTiebreakSpec>,
    edition: FideEdition,
    rounds: u32,
    out: &Path,
    lang: Lang,
) -> Result<(), String> {
    let event = crate::interchange::entrants::read_bytes(&args.file)
        .ok()
        .and_then(|b| TrfFile::read(&b).ok())
        .and_then(|t| t.header("012").map(|s| s.trim().to_string()))
        .unwrap_or_default();
    let units = file
        .event
        .teams
        .iter()
        .filter(|t| !t.code.is_empty())
        .map(|t| (t.number, t.code.clone()))
        .collect();
    let paper = TeamPaper {
        event,
        section: String::new(),
        when: String::new(),
        teams: file.event.clone(),
        units,
        tiebreaks,
        edition,
        rounds,
        board_prize_min_games: args
            .board_prize_games
            .unwrap_or_else(|| board_prize_default_min(rounds)),
        // A TRF is FIDE's: chess colours.
        chess: true,
    };
    let report = |e: crate::report::ReportError| AppError::from(e).message(lang);
    let font = Font::bundled().map_err(report)?;
    let pdf = render_standings_book(
        &paper,
        PaperSize::A4,
        font,
        lang,
        chrono::Utc::now().timestamp(),
    )
    .map_err(report)?;
    crate::app::write_file(out, &pdf.bytes, false).map_err(|e| e.message(lang))?;
    eprintln!(
        "{}",
        fill(
            T::TeamPdfWritten.get(lang),
            &[&out.display(), &pdf.pages.len()]
        )
    );
    Ok(())
}

/// `check --standings` on a team TRF: every team whose 310 rank is not the computed place, then
/// how many; fails when one differs.
fn check_teams(
    path: &Path,
    file: &TrfTeamFile,
    tiebreaks: Option<&str>,
    edition: Option<&str>,
    lang: Lang,
) -> Result<(), String> {
    let (list, edition) = team_settings(file, tiebreaks, edition, lang)?;
    let lines = team_standings(&file.event, &list, edition, file.event.rounds);
    let mut differ = 0;
    for l in &file.lines {
        let Some(computed) = lines.iter().find(|c| c.team == l.number) else {
            continue;
        };
        if l.rank != Some(computed.rank) {
            differ += 1;
            let name = file.event.team(l.number).map_or("", |t| t.name.as_str());
            let stated = l.rank.map_or_else(|| "-".to_string(), |r| r.to_string());
            outln!(
                "{}",
                fill(
                    T::TeamRankDiffers.get(lang),
                    &[&l.number, &name, &stated, &computed.rank]
                )
            );
        }
    }
    if differ == 0 {
        outln!(
            "{}",
            fill(T::TeamRanksAgree.get(lang), &[&file.lines.len()])
        );
        return Ok(());
    }
    Err(format!(
        "{}: {}",
        path.display(),
        fill(T::TeamRanksDiffer.get(lang), &[&differ])
    ))
}

pub fn run(args: StandingsArgs, lang: Lang) -> Result<(), String> {
    if let Some(file) = team_file(&args.file, lang)? {
        let (list, edition) = team_settings(
            &file,
            args.tiebreaks.as_deref(),
            args.edition.as_deref(),
            lang,
        )?;
        out!("{}", render_teams(&file, &list, edition));
        if let Some(pdf) = &args.pdf {
            let rounds = args
                .round
                .map_or(file.event.rounds, |r| r.min(file.event.rounds));
            team_pdf(&args, &file, list, edition, rounds, pdf, lang)?;
        }
        return Ok(());
    }
    if let Some(text) = team_section_standings(&args, lang)? {
        out!("{text}");
        return Ok(());
    }
    if args.pdf.is_some() || args.board_prize_games.is_some() {
        return Err(fill(T::TeamPdfOnlyTeams.get(lang), &[&args.file.display()]));
    }
    let (section, fide_list) = load(&args, lang)?;
    let mut settings = settings_for(
        &section,
        fide_list,
        args.tiebreaks.as_deref(),
        args.edition.as_deref(),
        lang,
    )?;
    if args.shared {
        settings.shared_places = true;
    }
    let last = section.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    let round = args.round.unwrap_or(last);
    out!("{}", render(&section, &settings, round));
    Ok(())
}

/// The standings of a team section of a `.bianpai` file (团体赛: 场分, 局分, the section's
/// team tie-breaks or `--tiebreaks`), after `--round` or every complete round; `None` for any
/// other file or section.
fn team_section_standings(args: &StandingsArgs, lang: Lang) -> Result<Option<String>, String> {
    let is_event = args
        .file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("bianpai"));
    if !is_event {
        return Ok(None);
    }
    let t = Tournament::open(&args.file).map_err(|e| e.message(lang))?;
    let id = match &args.section {
        Some(key) => super::find_section(&t, key).map_err(|e| e.message(lang))?,
        None => match t.event().sections.first() {
            Some(s) => s.id,
            None => return Ok(None),
        },
    };
    let s = t.section(id).map_err(|e| e.message(lang))?;
    let Some(options) = &s.settings.team_section else {
        return Ok(None);
    };
    let list = match args.tiebreaks.as_deref() {
        Some(text) => parse_team_list(text)
            .map_err(|code| fill(T::TeamTiebreakUnknown.get(lang), &[&code]))?,
        None => options.tiebreaks.clone(),
    };
    let edition = match args.edition.as_deref() {
        Some("2023") => FideEdition::E2023,
        Some(_) => FideEdition::E2026,
        None => edition_on(t.event().start_date),
    };
    let records = t.team_records(id).map_err(|e| e.message(lang))?;
    let event = crate::app::team_event(s, &records);
    let rounds = args
        .round
        .unwrap_or_else(|| crate::app::team_rounds_complete(s));
    let lines = team_standings(&event, &list, edition, rounds);
    if let Some(out) = &args.pdf {
        // The section's own team paper: standings, crosstable and board prizes.
        let req = crate::app::DocumentRequest {
            section: Some(id),
            round: Some(rounds),
            ..crate::app::DocumentRequest::event(crate::app::DocumentKind::Standings, lang)
        };
        t.export_document(&req, out, false)
            .map_err(|e| e.message(lang))?;
    }
    Ok(Some(render_team_lines(&event, &list, &lines)))
}

/// `check --standings IN.trf [--tiebreaks LIST]`: the places of the file (record 001, columns
/// 86–89) against the standings the tiebreak list gives after the file's last round. Prints
/// every position where the file's order breaks the list, with both players' values; fails
/// when there is one (or when the file gives no places). Words in the user's language.
pub fn check(
    path: &Path,
    tiebreaks: Option<&str>,
    edition: Option<&str>,
    lang: Lang,
) -> Result<(), String> {
    let t = |k: T| k.get(lang);
    if let Some(file) = team_file(path, lang)? {
        return check_teams(path, &file, tiebreaks, edition, lang);
    }
    let (trf, section) = read_trf_file(path, lang)?;
    let settings = settings_for(
        &section,
        trf.header("202").is_none(),
        tiebreaks,
        edition,
        lang,
    )?;
    let mut published: Vec<(usize, EntrantId, u32)> = trf
        .players()
        .enumerate()
        .filter_map(|(k, p)| p.rank.map(|r| (k, EntrantId(i64::from(p.start_rank)), r)))
        .collect();
    if published.is_empty() {
        return Err(fill(t(T::CheckNoPlaces), &[&path.display()]));
    }
    published.sort_by_key(|&(k, _, r)| (r, k));
    let published: Vec<(EntrantId, u32)> =
        published.into_iter().map(|(_, id, r)| (id, r)).collect();
    let round = section.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    let lines = standings_with(&section, &settings, round);
    let values = |id: EntrantId| -> String {
        let Some(line) = lines.iter().find(|l| l.entrant == id) else {
            return String::new();
        };
        let mut v = fill(t(T::CheckPoints), &[&line.points]);
        for (tb, x) in settings.tiebreaks.iter().zip(&line.tiebreaks) {
            v.push_str(t(T::ListSeparator));
            v.push_str(&format!("{} {}", tiebreak_label(*tb, lang), show(*x)));
        }
        v
    };
    let number = |id: EntrantId| section.entrant(id).and_then(|e| e.number).unwrap_or(0);
    let breaks = order_breaks(&section, &settings, round, &published);
    let list = if settings.tiebreaks.is_empty() {
        t(T::CheckByPoints).to_string()
    } else {
        tiebreak_list_text(&settings.tiebreaks, lang)
    };
    outln!(
        "{}",
        fill(
            t(T::CheckPlacesHeader),
            &[&path.display(), &published.len(), &list]
        )
    );
    for b in &breaks {
        let key = match b.kind {
            OrderBreakKind::ShouldBeAbove => T::CheckPlacedBelow,
            OrderBreakKind::WronglyShared => T::CheckSharesPlace,
        };
        outln!(
            "{}",
            fill(
                t(key),
                &[
                    &b.position,
                    &number(b.entrant),
                    &b.place,
                    &number(b.above),
                    &b.above_place,
                    &b.computed.0,
                    &b.computed.1,
                    &values(b.entrant),
                    &values(b.above),
                ]
            )
        );
    }
    if breaks.is_empty() {
        return Ok(());
    }
    let positions: Vec<String> = breaks.iter().map(|b| b.position.to_string()).collect();
    Err(fill(
        t(T::CheckPlacesBroken),
        &[
            &path.display(),
            &breaks.len(),
            &positions.join(t(T::ListSeparator)),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_the_tec_swiss_values_tab_separated() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/data/fide_tiebreak_exercises/tec-swiss.trf");
        let (_, section) = read_trf_file(&path, Lang::En).unwrap();
        let mut settings = StandingsSettings::with_list(parse_list("BH,BH-C1,SB").unwrap());
        settings.shared_places = true;
        settings.edition = FideEdition::E2023;
        let text = render(&section, &settings, 5);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("# rank\tno\tpoints\tBH\tBH-C1\tSB"));
        // Player 2 leads with 4 points; the exercise: BH 13, SB 9.5 (BH-C1 cuts Lais' 1 point).
        assert_eq!(lines.next(), Some("1\t2\t4\t13\t12\t9.5"));
        // Player 4 (half-point bye in round 2), 2023 text: BH 15, BH-C1 11.5, SB 9.75.
        assert!(
            text.lines()
                .any(|l| l.ends_with("\t4\t3.5\t15\t11.5\t9.75"))
        );
        assert_eq!(show(13.38), "13.38");
        assert_eq!(show(2120.0), "2120");
    }
}
