//! `bianpai pair FILE --section S`, `result` and `awards` — playing an event from a script,
//! through the same app services as the window's Pairings, Results and Awards tabs; and
//! `pair --xiangqi IN.trf`, the xiangqi engine on a TRF file.

use super::find_section;
use crate::app::{
    AppError, BoardRef, Confirmation, PairNext, ResultEntry, Tournament, parse_fouls,
    parse_outcome, plan_trf_round, section_awards,
};
use crate::i18n::{Lang, T, fill};
use crate::model::{
    ByeKind, EntrantId, Outcome, PointSystem, Points, Section, SectionSettings, Side,
};
use clap::Args;
use std::path::{Path, PathBuf};

/// `bianpai result FILE --section S --round R (--board B RESULT | --from RESULTS.csv)`.
#[derive(Args, Debug)]
pub struct ResultArgs {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
    /// The round.
    #[arg(long, short)]
    round: u32,
    /// The board.
    #[arg(long, short, required_unless_present = "from", conflicts_with = "from")]
    board: Option<u32>,
    /// 1-0 (red/white wins), 0-1 (black wins), = or ½-½, 1/2-1/2, 0.5-0.5 (draw), +- (black forfeits), -+ (red/white
    /// forfeits), -- (both forfeit; write it after the separator: `-- --`), none (clears),
    /// adj (暂停: adjourned — the next round may be paired, counting it as a draw), resume (the
    /// adjournment taken back).
    #[arg(
        requires = "board",
        allow_hyphen_values = true,
        conflicts_with = "late"
    )]
    result: Option<String>,
    /// 迟到判负 — that side came after the lateness limit (迟到时限) and loses by forfeit:
    /// red (white), black, or both; in place of RESULT. The journal and the result book say
    /// why.
    #[arg(long, value_enum, value_name = "SIDE", requires = "board")]
    late: Option<LateSide>,
    /// Fouls (犯规) of red and black, e.g. 1/0 (xiangqi).
    #[arg(long, value_name = "RED/BLACK", requires = "board")]
    fouls: Option<String>,
    /// 更正原因 — the reason for correcting a result of a round that is no longer the latest
    /// (required then, and kept in the journal).
    #[arg(long, requires = "board")]
    reason: Option<String>,
    /// Confirms a result against the rules (an adjourned game ending otherwise than the draw a
    /// later round was paired with) by the section's name, as the window asks it typed.
    #[arg(long, value_name = "SECTION NAME", requires = "board")]
    confirm: Option<String>,
    /// A whole round from a CSV file, one board a line: board,result[,fouls] (a header line
    /// may come first). Every line is checked first: a bad one is named and nothing is written.
    #[arg(long, value_name = "RESULTS.csv")]
    from: Option<PathBuf>,
}

/// The side that came late, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LateSide {
    /// Red (chess: white).
    #[value(alias = "white")]
    Red,
    Black,
    /// Neither came in time: both forfeit.
    Both,
}

/// `bianpai bye FILE --section S [--round R NUMBER [--kind K] [--cancel]]`.
#[derive(Args, Debug)]
pub struct ByeArgs {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
    /// The round the player sits out.
    #[arg(long, short, requires = "number")]
    round: Option<u32>,
    /// The player's pairing number (without it: list the requests).
    #[arg(requires = "round")]
    number: Option<u32>,
    /// The bye's points: half (½), full (1) or zero (an absence announced in advance).
    #[arg(long, value_enum, default_value_t = ByeKindArg::Half)]
    kind: ByeKindArg,
    /// Take the request back.
    #[arg(long)]
    cancel: bool,
}

/// `--kind` of a requested bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ByeKindArg {
    Half,
    Full,
    Zero,
}

pub fn bye(args: ByeArgs, lang: Lang) -> Result<(), String> {
    let mut t = Tournament::open(&args.file).map_err(|e| e.message(lang))?;
    let id = find_section(&t, &args.section).map_err(|e| e.message(lang))?;
    let (Some(round), Some(number)) = (args.round, args.number) else {
        let Some(s) = t.event().section(id) else {
            return Ok(());
        };
        for b in &s.settings.requested_byes {
            outln!(
                "{}\t{}\t{}\t{}",
                b.round,
                number_of(s, b.entrant),
                s.entrant(b.entrant).map_or("", |e| e.name.as_str()),
                crate::i18n::bye_kind_text(b.kind, lang)
            );
        }
        return Ok(());
    };
    let who = t
        .entrant_by_number(id, number)
        .map_err(|e| e.message(lang))?;
    if args.cancel {
        t.cancel_bye(id, round, who).map_err(|e| e.message(lang))?;
        return Ok(());
    }
    let kind = match args.kind {
        ByeKindArg::Half => ByeKind::Half,
        ByeKindArg::Full => ByeKind::Full,
        ByeKindArg::Zero => ByeKind::Zero,
    };
    t.request_bye(id, round, who, kind)
        .map_err(|e| e.message(lang))
}

/// An outcome as the command line writes it; `none` clears the board.
fn parse_result(text: &str, lang: Lang) -> Result<Option<Outcome>, String> {
    parse_outcome(text).ok_or_else(|| fill(T::ResErrResult.get(lang), &[&text]))
}

pub fn result(args: ResultArgs, lang: Lang) -> Result<(), String> {
    let mut t = Tournament::open(&args.file).map_err(|e| e.message(lang))?;
    let id = find_section(&t, &args.section).map_err(|e| e.message(lang))?;
    if let Some(path) = &args.from {
        return t
            .enter_results_file(id, args.round, path)
            .map(|_| ())
            .map_err(|e| e.message(lang));
    }
    let board = args.board.unwrap_or(0);
    if let Some(side) = args.late {
        let mut entry = match side {
            LateSide::Red => ResultEntry::late(Side::Red),
            LateSide::Black => ResultEntry::late(Side::Black),
            LateSide::Both => ResultEntry::both_late(),
        };
        if let Some(reason) = &args.reason {
            entry = entry.because(reason);
        }
        return t
            .enter_result(BoardRef::new(id, args.round, board), entry)
            .map(|_| ())
            .map_err(|e| e.message(lang));
    }
    // A lone `--` is the end of the options: after it, the double forfeit is written `-- --`;
    // a command line ending in `--` with no result left means it too.
    let code = match &args.result {
        Some(code) => code.clone(),
        None if std::env::args().next_back().as_deref() == Some("--") => "--".into(),
        None => return Err(fill(T::ResErrResult.get(lang), &[&""])),
    };
    if ["adj", "adjourned", "暂停"].contains(&code.trim()) {
        return t
            .adjourn_boards(id, args.round, &[board])
            .map_err(|e| e.message(lang));
    }
    // An adjournment taken back before the next round was paired.
    if ["resume", "恢复"].contains(&code.trim()) {
        return t
            .resume_board(id, args.round, board)
            .map_err(|e| e.message(lang));
    }
    let outcome = parse_result(&code, lang)?;
    let mut entry = ResultEntry::result(outcome).confirmed(Confirmation {
        typed: args.confirm.clone(),
        accepted: Vec::new(),
    });
    // Without --fouls the board keeps the fouls it has.
    if let Some(f) = &args.fouls {
        let fouls = parse_fouls(f).ok_or_else(|| fill(T::ResErrFouls.get(lang), &[f]))?;
        entry = entry.with_fouls(fouls);
    }
    if let Some(reason) = &args.reason {
        entry = entry.because(reason);
    }
    let warning = t
        .enter_result(BoardRef::new(id, args.round, board), entry)
        .map_err(|e| e.message(lang))?;
    // Stored as entered; the arbiter is told, as the window tells him.
    if let Some(w) = warning
        && let Some(s) = t.event().section(id)
    {
        eprintln!(
            "{}",
            fill(
                T::FoulLossWarning.get(lang),
                &[&w.board, &s.label(w.player), &w.fouls]
            )
        );
    }
    Ok(())
}

/// A pairing number for output (0 when there is none).
fn number_of(s: &Section, id: EntrantId) -> u32 {
    s.entrant(id).and_then(|e| e.number).unwrap_or(0)
}

/// What `pair FILE --section S` is asked to pair.
pub struct PairWhat<'a> {
    /// `--adjourn`: the last round's games still without a result are adjourned first
    /// (counted as draws for this pairing).
    pub adjourn: bool,
    /// `--playoff`: the playoff's next games, not the Swiss round.
    pub playoff: bool,
    /// `--colour NUMBER=SIDE`, each chooser's colour.
    pub colours: &'a [String],
}

/// A chooser's colour as typed: `NUMBER=red|black` (white, 红, 黑, 白, 先, 后).
fn parse_colour(s: &Section, text: &str, lang: Lang) -> Result<(EntrantId, Side), String> {
    let bad = || fill(T::CliBadColour.get(lang), &[&text]);
    let (number, side) = text.split_once('=').ok_or_else(bad)?;
    let number: u32 = number.trim().parse().map_err(|_| bad())?;
    let side = match side.trim().to_lowercase().as_str() {
        "red" | "white" | "r" | "w" | "红" | "红方" | "白" | "白方" | "先" | "先手" => {
            Side::Red
        }
        "black" | "b" | "黑" | "黑方" | "后" | "后手" => Side::Black,
        _ => return Err(bad()),
    };
    let who = s
        .entrants
        .iter()
        .find(|e| e.number == Some(number))
        .ok_or_else(|| AppError::NoSuchEntrant(number.to_string()).message(lang))?;
    Ok((who.id, side))
}

/// `pair FILE --section S [--adjourn] [--playoff [--colour N=SIDE …]]`: pairs the next round,
/// or a knockout's or the playoff's next games, and prints the boards; the round is said on
/// standard error, and so is a playoff waiting beside the Swiss.
pub fn pair_event(file: &Path, section: &str, what: PairWhat, lang: Lang) -> Result<(), String> {
    let PairWhat {
        adjourn,
        playoff,
        colours,
    } = what;
    let mut t = Tournament::open(file).map_err(|e| e.message(lang))?;
    let id = find_section(&t, section).map_err(|e| e.message(lang))?;
    let choices: Vec<(EntrantId, Side)> = {
        let s = t.section(id).map_err(|e| e.message(lang))?;
        colours
            .iter()
            .map(|c| parse_colour(s, c, lang))
            .collect::<Result<_, _>>()?
    };
    if adjourn {
        t.adjourn_unfinished(id).map_err(|e| e.message(lang))?;
    }
    // Older games still adjourned: acknowledged (level 2), said on standard error.
    if let Some(s) = t.event().section(id) {
        for w in crate::app::pairing_notices(s) {
            eprintln!(
                "{}{}{}",
                crate::i18n::level_text(w.level(s.settings.fide_mode()), lang),
                T::ListLead.get(lang),
                crate::i18n::rule_warning_text(&w, lang)
            );
        }
    }
    let swiss = if playoff {
        Err(AppError::SwissEnded(0))
    } else {
        t.pair_next_round(id)
    };
    let (round, boards) = match swiss {
        Ok(round) => (round, None),
        // A knockout, or the playoff after the Swiss: its next games.
        Err(AppError::KnockoutInBracketTab | AppError::SwissEnded(_)) => {
            match t
                .pair_next_games(id, &choices)
                .map_err(|e| e.message(lang))?
            {
                PairNext::Paired { round, boards } => (round, Some(boards)),
                PairNext::ChooseColour(who) => {
                    let s = t.event().section(id);
                    let names: Vec<String> = who
                        .iter()
                        .map(|p| s.map_or_else(String::new, |s| s.label(*p)))
                        .collect();
                    return Err(fill(
                        T::CliChooseColour.get(lang),
                        &[&names.join(T::NoteSeparator.get(lang))],
                    ));
                }
            }
        }
        // A grade event that stops early ended here: an action done, said, nothing to print.
        Err(e @ AppError::EndedEarly { .. }) => {
            eprintln!("{}", e.message(lang));
            return Ok(());
        }
        Err(e) => return Err(e.message(lang)),
    };
    // The round is stored: a backup that failed after it is a warning, not the action's end.
    if let Some(warning) = t.take_backup_warning() {
        eprintln!(
            "{}",
            fill(
                T::BackupFailedAfterPairing.get(lang),
                &[&round, &warning.cause(lang)]
            )
        );
    }
    let s = t
        .event()
        .section(id)
        .ok_or_else(|| AppError::NoSuch(T::Section).message(lang))?;
    let Some(r) = s.round(round) else {
        return Ok(());
    };
    // Which round the boards belong to: a knockout's or playoff's games join their stage's
    // round, which a script cannot guess.
    let heading = match &boards {
        Some(_) => fill(T::CliPairedGames.get(lang), &[&round]),
        None => fill(T::CliPairedRound.get(lang), &[&round]),
    };
    eprintln!("{heading}");
    let mut games: Vec<_> = r
        .games
        .iter()
        .filter(|g| boards.as_ref().is_none_or(|b| b.contains(&g.board)))
        .collect();
    games.sort_by_key(|g| g.board);
    for g in games {
        outln!(
            "{}\t{}\t{}",
            g.board,
            number_of(s, g.red),
            number_of(s, g.black)
        );
    }
    if boards.is_none() {
        for b in &r.byes {
            outln!("0\t{}\t0", number_of(s, b.entrant));
        }
        // The playoff beside this Swiss may have games to pair too: said, never left unsaid.
        if t.games_waiting(id) {
            eprintln!(
                "{}",
                fill(T::CliPlayoffWaiting.get(lang), &[&file.display(), &section])
            );
        }
    }
    Ok(())
}

/// `awards --list`: which of a section's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AwardList {
    /// The main ranking (总名次).
    Main,
    /// Each sub-ranking of the section (女子、U12 …), in its order.
    Sub,
    /// The team places (团体名次).
    Team,
    /// Every list, one table, the list named in the first column.
    All,
}

/// `awards FILE --section S [--list L]`: one line per place after the last round.
pub fn awards(file: &Path, section: &str, list: AwardList, lang: Lang) -> Result<(), String> {
    let t = Tournament::open(file).map_err(|e| e.message(lang))?;
    let id = find_section(&t, section).map_err(|e| e.message(lang))?;
    let s = t.section(id).map_err(|e| e.message(lang))?;
    let last = s
        .rounds
        .iter()
        .map(|r| r.number)
        .max()
        .ok_or_else(|| AppError::NoSuch(T::Round).message(lang))?;
    let a = section_awards(s, last);
    let all = list == AwardList::All;
    // With every list in one table, each line opens with its list's name.
    let lead = |name: &str| {
        if all {
            format!("{name}\t")
        } else {
            String::new()
        }
    };
    if matches!(list, AwardList::Main | AwardList::All) {
        let (places, field) =
            crate::awards::places_awarded(s, a.standings.iter().map(|st| &st.entrant));
        eprintln!(
            "{}",
            fill(
                T::CliPlacesAwarded.get(lang),
                &[&T::OverallRank.get(lang), &places, &field]
            )
        );
        let titles = a.titles.as_deref().unwrap_or(&[]);
        let qualified = a.qualifiers.as_deref().unwrap_or(&[]);
        for line in &a.standings {
            let who = line.entrant;
            let money: i64 = a
                .prize_lines()
                .iter()
                .filter(|p| p.winner == who)
                .map(|p| p.amount)
                .sum();
            let title: Vec<&str> = titles
                .iter()
                .filter(|x| x.entrant == who)
                .map(|x| x.title.as_str())
                .collect();
            let promotion: Vec<&str> = a
                .promotions
                .iter()
                .filter(|p| p.entrant == who)
                .map(|p| p.to_grade.as_str())
                .collect();
            let yes = if qualified.contains(&who) {
                T::Yes
            } else {
                T::No
            };
            outln!(
                "{}{}\t{}\t{}\t{}\t{}\t{}\t{}",
                lead(T::OverallRank.get(lang)),
                line.rank,
                number_of(s, who),
                s.entrant(who).map_or("", |e| e.name.as_str()),
                money,
                title.join("、"),
                promotion.join("、"),
                yes.get(lang)
            );
        }
    }
    if matches!(list, AwardList::Sub | AwardList::All) {
        // A sub-ranking's line: its name, the place in it, number, name, the special prize
        // of that list (元), the overall place.
        for (name, lines) in &a.sub_rankings {
            for line in lines {
                let money: i64 = a
                    .prize_lines()
                    .iter()
                    .filter(|p| {
                        p.winner == line.entrant
                            && matches!(&p.kind, crate::awards::PrizeKind::Special(n) if n == name)
                    })
                    .map(|p| p.amount)
                    .sum();
                let tail = if all { "\t\t" } else { "" };
                outln!(
                    "{name}\t{}\t{}\t{}\t{}\t{}{tail}",
                    line.place,
                    number_of(s, line.entrant),
                    s.entrant(line.entrant).map_or("", |e| e.name.as_str()),
                    money,
                    line.overall
                );
            }
        }
    }
    if matches!(list, AwardList::Team | AwardList::All) {
        // A team's line: place, no number, team, team prize (元), 名次总和.
        let team_prize = |team: &str| -> i64 {
            a.team_prizes
                .as_ref()
                .map(|p| p.total_of(&team.to_string()))
                .unwrap_or(0)
        };
        for team in &a.teams {
            let tail = if all { "\t\t" } else { "" };
            outln!(
                "{}{}\t\t{}\t{}\t{}{tail}",
                lead(T::TeamPlacesLabel.get(lang)),
                team.rank,
                team.team,
                team_prize(&team.team),
                team.rank_sum
            );
        }
    }
    Ok(())
}

/// `--points W,D,L`: a win, a draw and a loss, for both colours; a bye and a forfeit win score
/// as a win.
fn parse_points(text: &str, lang: Lang) -> Result<PointSystem, String> {
    let bad = || fill(T::CliBadPoints.get(lang), &[&text]);
    let values: Vec<Points> = text
        .split(',')
        .map(|p| Points::parse(p).ok_or_else(bad))
        .collect::<Result<_, _>>()?;
    let [win, draw, loss] = values[..] else {
        return Err(bad());
    };
    Ok(PointSystem::from_table([
        win,
        draw,
        loss,
        win,
        draw,
        loss,
        win,
        win,
        Points::ZERO,
    ]))
}

/// `pair --xiangqi IN.trf [-p OUT] [--points 3,1,0]`: the next round of a xiangqi event held as
/// a TRF, paired by the xiangqi Swiss engine, written as `pair --dutch` writes it.
pub fn pair_xiangqi_trf(
    input: &Path,
    output: Option<&Path>,
    points: Option<&str>,
    lang: Lang,
) -> Result<(), String> {
    let bytes = crate::interchange::entrants::read_bytes(input).map_err(|e| e.message(lang))?;
    let points = match points {
        Some(p) => parse_points(p, lang)?,
        None => SectionSettings::default().points,
    };
    let (section, round) = plan_trf_round(&bytes, points).map_err(|e| {
        fill(
            T::ErrInFile.get(lang),
            &[&input.display(), &e.message(lang)],
        )
    })?;
    let text = super::dutch::pairing_text(&section, &round);
    match output {
        // `-p` replaces an earlier pairing output, as bbpPairings does — never an event.
        Some(path) => {
            crate::app::write_file(path, text.as_bytes(), true).map_err(|e| e.message(lang))
        }
        None => {
            out!("{text}");
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_three_one_zero() {
        // 3-1-0 for both colours, a bye and a forfeit win worth a win (xiangqi 13.1, 14.4).
        let p = parse_points("3,1,0", Lang::En).unwrap();
        let (win, draw) = (Points(6), Points(2));
        for side in [p.red, p.black] {
            assert_eq!((side.win, side.draw, side.loss), (win, draw, Points::ZERO));
        }
        assert_eq!(
            (p.bye, p.forfeit_win, p.forfeit_loss),
            (win, win, Points::ZERO)
        );
        assert!(parse_points("3,1", Lang::En).is_err());
        assert!(parse_points("3,x,0", Lang::En).is_err());
    }
}
