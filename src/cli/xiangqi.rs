//! `bianpai check xiangqi FILE --section S [--round R]` — checks stored rounds of a xiangqi
//! Swiss section against every absolute rule and the quality order; `bianpai rtg xiangqi …` —
//! writes a random tournament paired by the engine to a new event file (for tests and peers).

use crate::app::{AppError, Tournament};
use crate::i18n::{Lang, T, fill};
use crate::model::{EntrantId, Event, PointSystemPreset, Section};
use crate::pairing::xiangqi::checker::{CheckReport, check_round};
use crate::pairing::xiangqi::rtg::{RtgConfig, generate};
use crate::pairing::xiangqi::{PositionalRule, XiangqiSwissOptions};
use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Subcommand, Debug)]
pub enum CheckCommand {
    /// Check a xiangqi Swiss section (积分编排制).
    Xiangqi {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// Round to check (all paired rounds when left out).
        #[arg(long, short)]
        round: Option<u32>,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Positional {
    ColourRows,
    Adjacent,
    TopHalfBottomHalf,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Scoring {
    #[value(name = "2-1-0")]
    TwoOneZero,
    #[value(name = "3-1-0")]
    ThreeOneZero,
}

#[derive(Subcommand, Debug)]
pub enum RtgCommand {
    /// A random xiangqi Swiss tournament.
    Xiangqi {
        /// The event file to create (must not exist).
        output: PathBuf,
        /// Players.
        #[arg(long, default_value_t = 40)]
        players: u32,
        /// Rounds.
        #[arg(long, default_value_t = 9)]
        rounds: u32,
        /// The seed: the same seed makes the same tournament.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of units (单位); 0 = none.
        #[arg(long, default_value_t = 8)]
        units: u32,
        /// Forfeit chance per player and game, in thousandths.
        #[arg(long, default_value_t = 20)]
        forfeit_permille: u32,
        /// Withdrawal chance per player and round, in thousandths.
        #[arg(long, default_value_t = 5)]
        withdraw_permille: u32,
        /// Players joining after round 1.
        #[arg(long, default_value_t = 0)]
        late: u32,
        /// How round 1 pairs by position: colour rows, adjacent numbers, or top half against
        /// bottom half.
        #[arg(long, value_enum, default_value_t = Positional::ColourRows)]
        positional: Positional,
        /// Points for a win, a draw and a loss.
        #[arg(long, value_enum, default_value_t = Scoring::TwoOneZero)]
        scoring: Scoring,
    },
    /// A random FIDE Dutch (chess) tournament written as a TRF: random ratings (starting rank
    /// by rating), every round paired by the Dutch engine, results drawn with chances that
    /// follow the rating difference.
    Dutch {
        /// The TRF file to write (an existing file only with --force).
        #[arg(short = 'o', long)]
        output: PathBuf,
        /// Players.
        #[arg(long, default_value_t = 20)]
        players: u32,
        /// Rounds.
        #[arg(long, default_value_t = 7)]
        rounds: u32,
        /// The seed: the same seed makes the same tournament.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Edition of the Dutch rules: 2026 or 2017 (check a 2017 file with `--edition 2017`).
        #[arg(long, value_enum, value_name = "YEAR", default_value_t = super::Edition::Fide2026)]
        edition: super::Edition,
        /// Share of games drawn between equal players, in thousandths.
        #[arg(long, default_value_t = 400)]
        draw_permille: u32,
        /// Forfeit chance per game, in thousandths.
        #[arg(long, default_value_t = 10)]
        forfeit_permille: u32,
        /// Double forfeit (neither player appears) chance per game, in thousandths.
        #[arg(long, default_value_t = 0)]
        double_forfeit_permille: u32,
        /// The tie-break list written into the TRF (record 202), e.g. BH-C1,BH,SB; FIDE's Swiss
        /// list when left out.
        #[arg(long, value_name = "LIST")]
        tiebreaks: Option<String>,
        /// Requested half-point bye (TRF 240 H) chance per player and round (not the last), in
        /// thousandths.
        #[arg(long, default_value_t = 20)]
        half_bye_permille: u32,
        /// Announced absence (zero-point bye, TRF 240 Z) chance per player and round, in
        /// thousandths.
        #[arg(long, visible_alias = "zero-bye-permille", default_value_t = 10)]
        absent_permille: u32,
        /// Accelerate the first rounds by the Baku method (written as TRF records 192 and 250).
        #[arg(long)]
        baku: bool,
        /// Replace an existing output file.
        #[arg(long)]
        force: bool,
    },
}

/// The report's lines in the arbiter's words, players by number and name.
fn report_lines(r: &CheckReport, s: &Section, lang: Lang) -> Vec<String> {
    let who = |id: EntrantId| s.label(id);
    r.breaks
        .iter()
        .map(|b| crate::i18n::break_text(b, &who, lang))
        .chain(
            r.better
                .iter()
                .map(|b| crate::i18n::better_text(b, &who, lang)),
        )
        .map(|text| fill(T::RoundLine.get(lang), &[&r.round, &text]))
        .collect()
}

/// Runs `check xiangqi`; returns whether every round was clean.
pub fn run_check(cmd: CheckCommand, lang: Lang) -> Result<bool, AppError> {
    let CheckCommand::Xiangqi {
        file,
        section,
        round,
    } = cmd;
    let t = Tournament::open(&file)?;
    let id = super::find_section(&t, &section)?;
    let s = t
        .event()
        .section(id)
        .ok_or(AppError::NoSuch(crate::i18n::T::Section))?;
    let rounds: Vec<u32> = match round {
        Some(r) => vec![r],
        None => s.rounds.iter().map(|r| r.number).collect(),
    };
    let mut clean = true;
    for r in rounds {
        let Ok(rep) = check_round(s, r, &s.settings.xiangqi) else {
            outln!("{}", fill(T::CheckRoundNotPaired.get(lang), &[&r]));
            clean = false;
            continue;
        };
        let lines = report_lines(&rep, s, lang);
        if lines.is_empty() {
            outln!("{}", fill(T::CheckRoundClean.get(lang), &[&r]));
        } else {
            clean = false;
            lines.iter().for_each(|l| outln!("{l}"));
        }
    }
    Ok(clean)
}

/// Runs `rtg xiangqi` (`rtg dutch` is [`super::dutch::rtg_command`]).
pub fn run_rtg(cmd: RtgCommand) -> Result<(), AppError> {
    let RtgCommand::Xiangqi {
        output,
        players,
        rounds,
        seed,
        units,
        forfeit_permille,
        withdraw_permille,
        late,
        positional,
        scoring,
    } = cmd
    else {
        return Ok(());
    };
    let options = XiangqiSwissOptions {
        positional: match positional {
            Positional::ColourRows => PositionalRule::ColourRows,
            Positional::Adjacent => PositionalRule::Adjacent,
            Positional::TopHalfBottomHalf => PositionalRule::TopHalfBottomHalf,
        },
        ..XiangqiSwissOptions::default()
    };
    let cfg = RtgConfig {
        players,
        rounds,
        points: match scoring {
            Scoring::TwoOneZero => PointSystemPreset::TwoOneZero.system(),
            Scoring::ThreeOneZero => PointSystemPreset::ThreeOneZero.system(),
        },
        units,
        forfeit_permille,
        withdraw_permille,
        late_entries: late,
        options,
    };
    let g = generate(&cfg, seed)?;
    let mut section = g.section;
    section.name = format!("rtg {seed}");
    let event = Event {
        name: format!("random xiangqi Swiss, seed {seed}"),
        sections: vec![section],
        ..Event::default()
    };
    Tournament::create(&output, &event)?;
    if let Some(r) = g.stopped_at {
        outln!("stopped before round {r}: no pairing respects the absolute rules");
    }
    outln!("{}", output.display());
    Ok(())
}
