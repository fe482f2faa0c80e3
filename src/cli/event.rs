//! `bianpai new`, `section add`, `settings`, `import` and `draw` — setting an event up from a
//! script, through the same app services as the window's Event and Entrants tabs.

use super::find_section;
use crate::app::{AppError, Tournament};
use crate::i18n::{Lang, T, fill};
use crate::model::{Event, GameKind, PairingSystem, SectionSettings};
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

/// `--game`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Game {
    /// 象棋.
    Xiangqi,
    /// 国际象棋 (1-½-0, FIDE tiebreaks).
    Chess,
}

/// `--system`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum System {
    /// 积分编排制 — the xiangqi Swiss.
    Swiss,
    /// The FIDE Dutch system.
    Dutch,
    /// 循环制.
    RoundRobin,
    /// 淘汰制.
    Knockout,
}

#[derive(Subcommand, Debug)]
pub enum SectionCommand {
    /// Add a section (组别) with the defaults of its game, or (--from-trf) a chess section read
    /// from a FIDE TRF file; prints its position and name.
    #[command(after_help = "Examples:\n  \
        bianpai section add 赛事.bianpai --name 男子组 --game xiangqi --system swiss --rounds 9\n  \
        bianpai section add 赛事.bianpai --from-trf open.trf [--name 公开组]")]
    Add {
        /// The event file.
        file: PathBuf,
        /// Section name, e.g. 男子组. With --from-trf it may be left out: the file's tournament
        /// name (record 012) is taken.
        #[arg(long, required_unless_present = "from_trf")]
        name: Option<String>,
        /// The game: xiangqi or chess.
        #[arg(long, value_enum, required_unless_present = "from_trf")]
        game: Option<Game>,
        /// The pairing system: swiss (积分编排制), dutch, round-robin or knockout.
        #[arg(long, value_enum, required_unless_present = "from_trf")]
        system: Option<System>,
        /// Rounds scheduled (1–99).
        #[arg(long, required_unless_present = "from_trf")]
        rounds: Option<u32>,
        /// Create a chess section from a FIDE TRF file (TRF-16 or TRF-2026): its players as
        /// entrants numbered by starting rank, and every round's games, byes and results. The
        /// settings are a new chess section's (FIDE Dutch in the edition record 192 names, else
        /// the one in force on the file's start date, else the event's; 1-½-0; FIDE tiebreaks)
        /// with what the file's header and records say: rounds (XXR or 142, else the rounds it
        /// holds), initial colour, Baku (192, 250), tiebreaks (202), requested byes (240),
        /// prohibited pairings (260), bonuses and penalties (299), teams (310). One action, undone as one; a bad line is
        /// named (line, column, field) and nothing is written (exit status 2). Not with --game,
        /// --system, --rounds.
        #[arg(
            long,
            value_name = "IN.trf",
            conflicts_with_all = ["game", "system", "rounds"]
        )]
        from_trf: Option<PathBuf>,
        /// 团体赛: a team section whose matches are played on this many boards (1–16); its
        /// entrants are the teams' players (`bianpai team add`).
        #[arg(long, conflicts_with = "from_trf")]
        team_boards: Option<u32>,
        /// 替补: reserves a team may name beyond its boards (default 1).
        #[arg(long, requires = "team_boards")]
        reserves: Option<u32>,
        /// 场分制 win-draw-loss, e.g. 2-1-0 (the default) or 3-1-0.
        #[arg(long, requires = "team_boards")]
        match_points: Option<String>,
        /// The team tie-breaks after 场分, in order: GP (局分), DE, EDET, BH:MP, SB:MP, EMGSB,
        /// MPvGP with /C1 cuts (default GP).
        #[arg(long, requires = "team_boards")]
        team_tiebreaks: Option<String>,
        /// 女子台: the boards a woman must play (a mixed team's regulation), e.g. 4 or 3,4.
        #[arg(long, requires = "team_boards", value_delimiter = ',')]
        women_boards: Vec<u32>,
    },
    /// List the event's sections, one a line, tab-separated: position, name, game, system,
    /// rounds scheduled, rounds paired, entrants.
    List {
        /// The event file.
        file: PathBuf,
    },
    /// Rename a section (its settings and entrants stay).
    Rename {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        section: String,
        /// The new name.
        #[arg(long)]
        to: String,
    },
    /// Remove a section with all its entrants and rounds (undoable in the window, or with
    /// `bianpai undo`); needs --confirm with the section's name.
    Remove {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        section: String,
        /// The section's name, typed to confirm.
        #[arg(long, value_name = "SECTION NAME")]
        confirm: String,
    },
}

/// `bianpai settings FILE --section S --export OUT.toml | --import IN.toml`.
#[derive(Args, Debug)]
pub struct SettingsArgs {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
    /// Write every setting of the section to this TOML file (keys: docs/settings.md).
    #[arg(
        long,
        value_name = "OUT.toml",
        required_unless_present_any = ["import", "prohibit", "allow", "prohibited", "leave_fide_mode"]
    )]
    export: Option<PathBuf>,
    /// Read the section's settings from this TOML file, as one action (undoable); a bad key
    /// or value is named and nothing is changed.
    #[arg(long, value_name = "IN.toml", conflicts_with = "export")]
    import: Option<PathBuf>,
    /// Replace the exported file if it exists.
    #[arg(long)]
    force: bool,
    /// 禁止配对: the two entrants (pairing numbers `A,B`) are never to be paired (undoable).
    #[arg(long, value_name = "A,B")]
    prohibit: Vec<String>,
    /// Allow two entrants (pairing numbers `A,B`) to be paired again.
    #[arg(long, value_name = "A,B")]
    allow: Vec<String>,
    /// List the section's prohibited pairings, one a line: number, number, name, name.
    #[arg(long)]
    prohibited: bool,
    /// Take the chess section out of FIDE mode, for good, giving the reason (journaled and
    /// written into the TRF); needs --confirm with the section's name.
    #[arg(long, value_name = "REASON", requires = "confirm")]
    leave_fide_mode: Option<String>,
    /// The section's name, typed to confirm a strong warning: leaving FIDE mode, a prohibited
    /// pairing added after round 1 (which leaves it), or settings imported against the rules
    /// (a tiebreak list changed after round 1, a bye above a win …).
    #[arg(long, value_name = "SECTION NAME")]
    confirm: Option<String>,
}

/// `A,B` as two pairing numbers.
fn number_pair(text: &str, lang: Lang) -> Result<(u32, u32), String> {
    let bad = || fill(T::CliPairNumbers.get(lang), &[&text]);
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let a = a.trim().parse().map_err(|_| bad())?;
    let b = b.trim().parse().map_err(|_| bad())?;
    Ok((a, b))
}

/// `bianpai import FILE --section S ENTRANTS [--dry-run]`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
    /// The entry list: csv (UTF-8 or GB18030), xlsx, xls or ods, headers such as 姓名, 性别,
    /// 出生日期, 单位 (培训机构), 等级分, 级别 (现有级别), 组别. Rows whose 组别 names another
    /// section of the event are left out (and listed); a row whose 组别 names no section of
    /// the event is refused, and with it the whole file. Every column not imported is listed.
    entrants: PathBuf,
    /// Check every row and print the problems, but write nothing.
    #[arg(long)]
    dry_run: bool,
    /// The column headed HEADER holds FIELD: name, sex, birth_date, unit, section, rating,
    /// grade, member, overseas, team_member, wildcard, paid (or a header word such as 姓名), or
    /// `none` to leave the column out; as the window's mapping. Repeatable.
    #[arg(long = "map", value_name = "HEADER=FIELD")]
    map: Vec<String>,
    /// The 组别 written WRITTEN in the file is the event's section SECTION, e.g.
    /// `--section-map 男子=男子组`. Repeatable.
    #[arg(long = "section-map", value_name = "WRITTEN=SECTION")]
    section_map: Vec<String>,
}

pub fn new_event(file: PathBuf, name: String, cap: Option<u32>, lang: Lang) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err(crate::app::AppError::FieldEmpty(T::EventName).message(lang));
    }
    let event = Event {
        name: name.trim().to_string(),
        entry_cap: cap.filter(|&c| c > 0),
        ..Event::default()
    };
    let t = Tournament::create(&file, &event).map_err(|e| e.message(lang))?;
    outln!("{}", t.path().display());
    Ok(())
}

pub fn section(cmd: SectionCommand, lang: Lang) -> Result<(), String> {
    if let SectionCommand::Rename { file, section, to } = &cmd {
        let mut t = Tournament::open(file).map_err(|e| e.message(lang))?;
        let id = find_section(&t, section).map_err(|e| e.message(lang))?;
        let settings = t.section(id).map_err(|e| e.message(lang))?.settings.clone();
        t.update_section(id, to, &settings)
            .map_err(|e| e.message(lang))?;
        return print_section(&t, id);
    }
    if let SectionCommand::Remove {
        file,
        section,
        confirm,
    } = &cmd
    {
        let mut t = Tournament::open(file).map_err(|e| e.message(lang))?;
        let id = find_section(&t, section).map_err(|e| e.message(lang))?;
        let name = t.section(id).map_err(|e| e.message(lang))?.name.clone();
        if confirm.trim() != name {
            return Err(AppError::ConfirmationMismatch.message(lang));
        }
        return t.remove_section(id).map_err(|e| e.message(lang));
    }
    if let SectionCommand::List { file } = &cmd {
        let t = Tournament::open(file).map_err(|e| e.message(lang))?;
        for (i, s) in t.event().sections.iter().enumerate() {
            let game = match s.settings.game {
                GameKind::Xiangqi => T::Xiangqi,
                GameKind::Chess => T::Chess,
            };
            outln!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                i + 1,
                s.name,
                game.get(lang),
                crate::app::system_name(s.settings.system).get(lang),
                s.settings.rounds,
                s.rounds.len(),
                s.entrants.len()
            );
        }
        return Ok(());
    }
    let SectionCommand::Add {
        file,
        name,
        game,
        system,
        rounds,
        from_trf,
        team_boards,
        reserves,
        match_points,
        team_tiebreaks,
        women_boards,
    } = cmd
    else {
        return Ok(());
    };
    let mut t = Tournament::open(&file).map_err(|e| e.message(lang))?;
    if let Some(trf) = from_trf {
        let bytes = crate::app::read_trf_file(&trf).map_err(|e| e.message(lang))?;
        let id = t
            .add_section_from_trf(&bytes, name.as_deref())
            .map_err(|e| fill(T::ErrInFile.get(lang), &[&trf.display(), &e.message(lang)]))?;
        return print_section(&t, id);
    }
    // clap requires the three without --from-trf.
    let (Some(name), Some(game), Some(system), Some(rounds)) = (name, game, system, rounds) else {
        return Err(T::CliSectionArgs.get(lang).to_string());
    };
    let game = match game {
        Game::Xiangqi => GameKind::Xiangqi,
        Game::Chess => GameKind::Chess,
    };
    let settings = SectionSettings {
        system: match system {
            System::Swiss => PairingSystem::XiangqiSwiss,
            System::Dutch => PairingSystem::Dutch,
            System::RoundRobin => PairingSystem::RoundRobin,
            System::Knockout => PairingSystem::Knockout,
        },
        rounds,
        team_section: match team_boards {
            Some(boards) => Some(crate::model::TeamSectionOptions {
                women_boards,
                ..team_options(
                    boards,
                    reserves,
                    match_points.as_deref(),
                    team_tiebreaks.as_deref(),
                    lang,
                )?
            }),
            None => None,
        },
        ..SectionSettings::for_game_starting(game, t.event().start_date)
    };
    let id = t
        .add_section(&name, &settings)
        .map_err(|e| e.message(lang))?;
    print_section(&t, id)
}

/// A team section's options from `section add`'s flags; a bad one is named.
fn team_options(
    boards: u32,
    reserves: Option<u32>,
    match_points: Option<&str>,
    tiebreaks: Option<&str>,
    lang: Lang,
) -> Result<crate::model::TeamSectionOptions, String> {
    let mut o = crate::model::TeamSectionOptions {
        boards,
        ..Default::default()
    };
    if let Some(r) = reserves {
        o.reserves = r;
    }
    if let Some(text) = match_points {
        let values: Vec<Option<crate::model::Points>> = text
            .split(['-', ':', ','])
            .map(|v| crate::model::Points::parse(v.trim()))
            .collect();
        o.match_points = match values[..] {
            [Some(win), Some(draw), Some(loss)] if win > draw && draw >= loss => {
                crate::model::MatchPoints { win, draw, loss }
            }
            _ => return Err(fill(T::TeamErrMatchPoints.get(lang), &[&text])),
        };
    }
    if let Some(text) = tiebreaks {
        o.tiebreaks = crate::model::parse_team_list(text)
            .map_err(|code| fill(T::TeamTiebreakUnknown.get(lang), &[&code]))?;
    }
    Ok(o)
}

/// Prints a new section's position and name, tab-separated.
fn print_section(t: &Tournament, id: crate::model::SectionId) -> Result<(), String> {
    let sections = &t.event().sections;
    let position = sections.iter().position(|s| s.id == id);
    let name = t.event().section(id).map_or("", |s| s.name.as_str());
    outln!("{}\t{}", position.map_or(0, |p| p + 1), name);
    Ok(())
}

pub fn settings(args: SettingsArgs, lang: Lang) -> Result<(), String> {
    let mut t = Tournament::open(&args.file).map_err(|e| e.message(lang))?;
    let id = find_section(&t, &args.section).map_err(|e| e.message(lang))?;
    if let Some(out) = args.export {
        let text = t.settings_file(id).map_err(|e| e.message(lang))?;
        crate::app::write_file(&out, text.as_bytes(), args.force).map_err(|e| e.message(lang))?;
        outln!("{}", out.display());
    }
    if let Some(input) = args.import {
        let bytes =
            crate::interchange::entrants::read_bytes(&input).map_err(|e| e.message(lang))?;
        let text = String::from_utf8(bytes).map_err(|_| T::ImpErrEncoding.get(lang).to_string())?;
        let confirm = crate::app::Confirmation {
            typed: args.confirm.clone(),
            accepted: Vec::new(),
        };
        t.import_settings_file_confirmed(id, &text, &confirm)
            .map_err(|e| e.message(lang))?;
        let name = t.section(id).map_err(|e| e.message(lang))?.name.clone();
        outln!("{}", fill(T::CliSettingsImported.get(lang), &[&name]));
    }
    for (texts, prohibit) in [(&args.prohibit, true), (&args.allow, false)] {
        for text in texts {
            let (a, b) = number_pair(text, lang)?;
            let ids = (
                t.entrant_by_number(id, a).map_err(|e| e.message(lang))?,
                t.entrant_by_number(id, b).map_err(|e| e.message(lang))?,
            );
            let changed = if prohibit {
                t.prohibit_pairing_confirmed(id, ids.0, ids.1, args.confirm.as_deref())
            } else {
                t.allow_pairing(id, ids.0, ids.1)
            }
            .map_err(|e| e.message(lang))?;
            let key = match (prohibit, changed) {
                (true, true) => T::CliProhibited,
                (true, false) => T::CliProhibitedAlready,
                (false, true) => T::CliAllowed,
                (false, false) => T::CliAllowedAlready,
            };
            outln!("{}", fill(key.get(lang), &[&a, &b]));
        }
    }
    if let Some(reason) = &args.leave_fide_mode {
        let typed = args.confirm.as_deref().unwrap_or_default();
        t.leave_fide_mode(id, reason, typed)
            .map_err(|e| e.message(lang))?;
        outln!("{}", T::FideModeLeft.get(lang));
    }
    if args.prohibited {
        let section = t
            .event()
            .section(id)
            .ok_or_else(|| crate::app::AppError::NoSuch(T::Section).message(lang))?;
        let show = |e: crate::model::EntrantId| {
            section
                .entrant(e)
                .map_or((String::new(), String::new()), |x| {
                    (
                        x.number.map_or_else(String::new, |n| n.to_string()),
                        x.name.clone(),
                    )
                })
        };
        for p in &section.settings.prohibited {
            let ((na, a), (nb, b)) = (show(p.first), show(p.second));
            outln!("{na}\t{nb}\t{a}\t{b}");
        }
    }
    Ok(())
}

pub fn import(args: ImportArgs, lang: Lang) -> Result<(), String> {
    use crate::interchange::entrants::field_named;
    let mut t = Tournament::open(&args.file).map_err(|e| e.message(lang))?;
    let id = find_section(&t, &args.section).map_err(|e| e.message(lang))?;
    let table = crate::app::read_entrant_file(&args.entrants).map_err(|e| e.message(lang))?;
    let mut mapping = crate::app::guess_mapping(&table);
    for m in &args.map {
        let (header, field) = m
            .split_once('=')
            .ok_or_else(|| fill(T::CliMapSyntax.get(lang), &[m]))?;
        let field = field_named(field).map_err(|e| e.message(lang))?;
        mapping
            .map_header(&table, header, field)
            .map_err(|e| e.message(lang))?;
    }
    for m in &args.section_map {
        let (written, section) = m
            .split_once('=')
            .filter(|(w, s)| !w.trim().is_empty() && !s.trim().is_empty())
            .ok_or_else(|| fill(T::CliSectionMapSyntax.get(lang), &[m]))?;
        mapping
            .sections
            .insert(written.trim().to_string(), section.trim().to_string());
    }
    let preview = t
        .import_preview(id, &table, &mapping)
        .map_err(|e| e.message(lang))?;
    for column in &preview.unused {
        outln!("{}", column.message(lang));
    }
    if let Some(paid) = preview.paid_column_text(lang) {
        outln!("{paid}");
    }
    for (row, other) in &preview.other_sections {
        outln!("{}", fill(T::CliOtherSection.get(lang), &[row, other]));
    }
    if !preview.errors.is_empty() {
        for e in &preview.errors {
            eprintln!("{}", e.message(lang));
        }
        if preview.errors.iter().any(|e| e.unknown_section().is_some()) {
            eprintln!("{}", T::CliSectionMapHint.get(lang));
        }
        let mut rows: Vec<usize> = preview.errors.iter().map(|e| e.row).collect();
        rows.dedup();
        return Err(fill(T::CliImportRefused.get(lang), &[&rows.len()]));
    }
    if preview.rows.is_empty() {
        return Err(T::CliImportEmpty.get(lang).to_string());
    }
    let count = preview.rows.len();
    if args.dry_run {
        outln!("{}", fill(T::CliImportDryRun.get(lang), &[&count]));
        return Ok(());
    }
    // Checked again and written as one action, as the window imports.
    t.import_table(id, &table, &mapping)
        .map_err(|e| e.message(lang))?;
    outln!("{}", fill(T::CliImported.get(lang), &[&count]));
    Ok(())
}

/// 抽签: draws the pairing numbers from `seed`; prints number and name, one entrant a line.
/// 晋级正赛: the qualified list of `from` entered into the empty section `to`; prints number
/// and name, one entrant a line.
pub fn advance(file: &Path, from: &str, to: &str, lang: Lang) -> Result<(), String> {
    let mut t = Tournament::open(file).map_err(|e| e.message(lang))?;
    let from = find_section(&t, from).map_err(|e| e.message(lang))?;
    let to = find_section(&t, to).map_err(|e| e.message(lang))?;
    t.enter_qualifiers(from, to).map_err(|e| e.message(lang))?;
    if let Some(s) = t.event().section(to) {
        for e in s.entrants_by_number() {
            outln!("{}\t{}", e.number.unwrap_or(0), e.name);
        }
    }
    Ok(())
}

pub fn draw(file: PathBuf, section: String, seed: u64, lang: Lang) -> Result<(), String> {
    let mut t = Tournament::open(&file).map_err(|e| e.message(lang))?;
    let id = find_section(&t, &section).map_err(|e| e.message(lang))?;
    t.draw_lots(id, seed).map_err(|e| e.message(lang))?;
    if let Some(s) = t.event().section(id) {
        for e in s.entrants_by_number() {
            outln!("{}\t{}", e.number.unwrap_or(0), e.name);
        }
    }
    Ok(())
}
