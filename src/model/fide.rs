//! FIDE 模式 — FIDE mode of a chess section, and its conduct log.
//!
//! **What "rated" means here.** A chess section is taken to be a FIDE-rated event unless the
//! arbiter says otherwise: every chess section starts in FIDE mode, and nothing but an explicit,
//! confirmed act of the arbiter takes it out (or adding a prohibited pairing once round 1 is
//! paired, which the FIDE rules do not allow). A xiangqi section is never in FIDE mode.
//!
//! **No way back.** Leaving is one-way: once a section has left FIDE mode, no change of its
//! settings (an edit, an imported settings file, an undo of an earlier change) puts it back.
//! The record of leaving, and the log of what the arbiter did against the engine or the rules
//! while the section was rated (manual pairings, overridden warnings), travel with the section
//! and are written into its TRF export as `###` comment lines ([`FideRecord::trf_comments`]).
//!
//! **The `###` lines** (one per log line, oldest first):
//! - `### FIDE mode left after round R: REASON` — REASON is `arbiter: TEXT` (the arbiter's
//!   own words) or `prohibited pairing N1-N2 added` (pairing numbers).
//! - `### MPA @ Round R: board B engine ENGINE arbiter ARBITER` — a board of round R that the
//!   arbiter paired differently from the engine (the `### MPA @ Round n:` lead is the TRF-2026
//!   convention for a manual pairing): ENGINE and ARBITER are `W-B` by pairing numbers (white
//!   first), or `W-` for a bye (board 0, no opponent), or `-` when that side had no such board.
//!   One line per board that differs; confirming the round again replaces its lines.
//! - `### WARNING R LEVEL CODE` — a warning the arbiter overrode when R rounds were paired: its
//!   level (`notice`, `warning`, `strong`) and its code ([`RuleWarning::code`], which names the
//!   round and board where the warning is about one, and the previous list of a changed
//!   tiebreak list: `tiebreaks-changed from BH-C1,BH,SB`).
//! - `### Adjournment @ Round R: board B result RESULT` — an adjourned game of round R whose
//!   result (`1-0`, `0-1`, `+-`, `-+`, `--`, white first) came in after a later round had been
//!   paired counting it as a draw.
//!
//! **The levels** follow the checklist's ladder: level 2 is [`WarningLevel::Notice`]
//! (acknowledged), 3 [`WarningLevel::Warning`] (confirm or cancel), 4 [`WarningLevel::Strong`]
//! (two steps: the consequences shown, the section's name typed), 5 [`WarningLevel::Refused`]
//! (not done in FIDE mode: the arbiter may leave FIDE mode first, a level-4 act of its own; a
//! prohibited pairing added after round 1 takes that way at once).

use serde::{Deserialize, Serialize};

/// How strongly the program objects to an action against the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WarningLevel {
    /// Shown, and the action goes on.
    Notice,
    /// Needs the arbiter's confirmation.
    Warning,
    /// Needs a typed confirmation: the arbiter types the section's name.
    Strong,
    /// Not done in FIDE mode at all; only after leaving it.
    Refused,
}

impl WarningLevel {
    /// The level as the TRF comment writes it.
    pub fn code(self) -> &'static str {
        match self {
            WarningLevel::Notice => "notice",
            WarningLevel::Warning => "warning",
            WarningLevel::Strong => "strong",
            WarningLevel::Refused => "refused",
        }
    }
}

/// An action against the rules that the program warns about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleWarning {
    /// Leaving FIDE mode (irreversible).
    LeaveFideMode,
    /// A prohibited pairing added after round 1 of a rated section: it leaves FIDE mode.
    ProhibitedAfterRoundOne,
    /// The tiebreak list changed after round 1 was paired; the list before, by acronym.
    TiebreaksChangedAfterRoundOne { previous: Vec<String> },
    /// The number of rounds changed once the event began (from, to).
    RoundsChanged { from: u32, to: u32 },
    /// A result of a round two or more rounds before the last one changed.
    OldResultChanged { round: u32, board: u32 },
    /// An adjourned game's result other than a draw, entered after a later round was paired
    /// counting it as a draw; the result by its code ([`super::Outcome::code`]).
    AdjournedResult {
        round: u32,
        board: u32,
        result: String,
    },
    /// A round paired while a game of a round before the last is still adjourned.
    AdjournmentStillOpen { round: u32, board: u32 },
    /// The number of rounds changed so that the last round paired became the final one, or no
    /// longer is: it was paired by the other round's rules (the final round relaxes the colour
    /// rules for the top scorers) and should be paired again.
    LastRoundFinality { round: u32, now_final: bool },
    /// More rounds than a Swiss of this many players can pair without rematches.
    RoundsExceedField { rounds: u32, players: u32 },
    /// The points of a pairing-allocated bye exceed those of a win.
    ByeAboveWin,
    /// Two draws score more than a win and a loss.
    TwoDrawsAboveWinLoss,
    /// The pairing numbers re-drawn after round 4 (FIDE mode refuses it; outside it, a warning).
    RenumberAfterRoundFour,
}

impl RuleWarning {
    /// How strongly the program objects, in or out of FIDE mode.
    pub fn level(&self, fide_mode: bool) -> WarningLevel {
        match self {
            RuleWarning::LeaveFideMode | RuleWarning::ProhibitedAfterRoundOne => {
                WarningLevel::Strong
            }
            RuleWarning::TiebreaksChangedAfterRoundOne { .. }
            | RuleWarning::RoundsChanged { .. } => {
                if fide_mode {
                    WarningLevel::Strong
                } else {
                    WarningLevel::Warning
                }
            }
            // FIDE mode lets only the previous round's results change.
            RuleWarning::OldResultChanged { .. } => {
                if fide_mode {
                    WarningLevel::Refused
                } else {
                    WarningLevel::Warning
                }
            }
            RuleWarning::AdjournedResult { .. } => {
                if fide_mode {
                    WarningLevel::Warning
                } else {
                    WarningLevel::Notice
                }
            }
            RuleWarning::AdjournmentStillOpen { .. } | RuleWarning::RoundsExceedField { .. } => {
                WarningLevel::Notice
            }
            RuleWarning::LastRoundFinality { .. } => WarningLevel::Warning,
            RuleWarning::ByeAboveWin | RuleWarning::TwoDrawsAboveWinLoss => {
                if fide_mode {
                    WarningLevel::Warning
                } else {
                    WarningLevel::Notice
                }
            }
            RuleWarning::RenumberAfterRoundFour => WarningLevel::Warning,
        }
    }

    /// A short stable code, as the TRF comment writes it.
    pub fn code(&self) -> String {
        match self {
            RuleWarning::LeaveFideMode => "leave-fide-mode".into(),
            RuleWarning::ProhibitedAfterRoundOne => "prohibited-after-round-1".into(),
            RuleWarning::TiebreaksChangedAfterRoundOne { previous } => {
                format!("tiebreaks-changed from {}", previous.join(","))
            }
            RuleWarning::RoundsChanged { from, to } => format!("rounds-changed {from} to {to}"),
            RuleWarning::OldResultChanged { round, board } => {
                format!("old-result-changed round {round} board {board}")
            }
            RuleWarning::AdjournedResult {
                round,
                board,
                result,
            } => format!("adjourned-result round {round} board {board} {result}"),
            RuleWarning::AdjournmentStillOpen { round, board } => {
                format!("adjournment-open round {round} board {board}")
            }
            RuleWarning::LastRoundFinality { round, now_final } => {
                let now = if *now_final { "final" } else { "not-final" };
                format!("round {round} now {now}")
            }
            RuleWarning::RoundsExceedField { rounds, players } => {
                format!("rounds {rounds} exceed {players} players")
            }
            RuleWarning::ByeAboveWin => "bye-above-win".into(),
            RuleWarning::TwoDrawsAboveWinLoss => "two-draws-above-win-loss".into(),
            RuleWarning::RenumberAfterRoundFour => "renumber-after-round-4".into(),
        }
    }
}

/// Why a section left FIDE mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaveReason {
    /// The arbiter left it, in their own words.
    Arbiter(String),
    /// A prohibited pairing of these pairing numbers was added after round 1.
    Prohibited(u32, u32),
}

/// One side of a board as the MPA line writes it: white's and black's pairing numbers (black
/// `None`: a bye).
pub type BoardPair = (u32, Option<u32>);

/// One line of the conduct log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FideLogLine {
    /// The section left FIDE mode after round `after_round`.
    Left {
        after_round: u32,
        reason: LeaveReason,
    },
    /// A board of round `round` paired by the arbiter differently from the engine.
    ManualPairing {
        round: u32,
        board: u32,
        engine: Option<BoardPair>,
        arbiter: Option<BoardPair>,
    },
    /// A warning the arbiter overrode in round `round`.
    Overridden {
        round: u32,
        warning: RuleWarning,
        level: WarningLevel,
    },
}

/// The FIDE-mode state of a section and its log.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FideRecord {
    /// Lines of the log, oldest first.
    pub log: Vec<FideLogLine>,
}

impl FideRecord {
    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// Has the section left FIDE mode?
    pub fn left(&self) -> bool {
        self.log
            .iter()
            .any(|l| matches!(l, FideLogLine::Left { .. }))
    }

    /// The log as the TRF's `###` comment lines (the module's documentation gives the form).
    pub fn trf_comments(&self) -> Vec<String> {
        self.log.iter().map(trf_comment).collect()
    }
}

fn pair_text(p: &Option<BoardPair>) -> String {
    match p {
        None => "-".into(),
        Some((w, Some(b))) => format!("{w}-{b}"),
        Some((w, None)) => format!("{w}-"),
    }
}

fn trf_comment(line: &FideLogLine) -> String {
    match line {
        FideLogLine::Left {
            after_round,
            reason,
        } => {
            let why = match reason {
                // A comment is one line: the arbiter's words lose their line breaks.
                LeaveReason::Arbiter(text) => {
                    format!(
                        "arbiter: {}",
                        text.split_whitespace().collect::<Vec<_>>().join(" ")
                    )
                }
                LeaveReason::Prohibited(a, b) => format!("prohibited pairing {a}-{b} added"),
            };
            format!("### FIDE mode left after round {after_round}: {why}")
        }
        FideLogLine::ManualPairing {
            round,
            board,
            engine,
            arbiter,
        } => format!(
            "### MPA @ Round {round}: board {board} engine {} arbiter {}",
            pair_text(engine),
            pair_text(arbiter)
        ),
        FideLogLine::Overridden {
            warning:
                RuleWarning::AdjournedResult {
                    round,
                    board,
                    result,
                },
            ..
        } => format!("### Adjournment @ Round {round}: board {board} result {result}"),
        FideLogLine::Overridden {
            round,
            warning,
            level,
        } => format!("### WARNING {round} {} {}", level.code(), warning.code()),
    }
}

/// The warnings a change of a section's settings from `old` to `new` raises, once
/// `rounds_paired` rounds are paired: the tiebreak list or the number of rounds changed after
/// round 1, a
/// pairing-allocated bye made worth more than a win, two draws made worth more than a win and
/// a loss. A condition the old settings had already is not raised again.
pub fn settings_warnings(
    old: &super::SectionSettings,
    new: &super::SectionSettings,
    rounds_paired: usize,
) -> Vec<RuleWarning> {
    let mut out = Vec::new();
    if rounds_paired >= 1 && old.standings.tiebreaks != new.standings.tiebreaks {
        out.push(RuleWarning::TiebreaksChangedAfterRoundOne {
            previous: old
                .standings
                .tiebreaks
                .iter()
                .map(|t| t.acronym())
                .collect(),
        });
    }
    if rounds_paired >= 1 && old.rounds != new.rounds {
        out.push(RuleWarning::RoundsChanged {
            from: old.rounds,
            to: new.rounds,
        });
        // The last round paired was paired as the final one, or as not the final one.
        let last = rounds_paired as u32;
        let swiss = matches!(
            new.system,
            super::PairingSystem::Dutch | super::PairingSystem::XiangqiSwiss
        );
        if swiss && (old.rounds == last) != (new.rounds == last) {
            out.push(RuleWarning::LastRoundFinality {
                round: last,
                now_final: new.rounds == last,
            });
        }
    }
    if bye_above_win(&new.points) && !bye_above_win(&old.points) {
        out.push(RuleWarning::ByeAboveWin);
    }
    if two_draws_above_win_loss(&new.points) && !two_draws_above_win_loss(&old.points) {
        out.push(RuleWarning::TwoDrawsAboveWinLoss);
    }
    out
}

/// Is a pairing-allocated bye worth more than a win with either colour?
pub fn bye_above_win(p: &super::PointSystem) -> bool {
    p.bye > p.red.win.max(p.black.win)
}

/// Do two draws (one with each colour) score more than a win and a loss (one with each
/// colour, whichever way round scores less)?
pub fn two_draws_above_win_loss(p: &super::PointSystem) -> bool {
    let draws = p.red.draw + p.black.draw;
    let win_loss = (p.red.win + p.black.loss).min(p.black.win + p.red.loss);
    draws > win_loss
}

/// Is a result change of `round` one two or more rounds before the last paired round `last`?
pub fn two_rounds_back(round: u32, last: u32) -> bool {
    round + 2 <= last
}

/// The differences between the engine's boards and the arbiter's, as MPA log lines: boards are
/// `(board, white, black)` by pairing number, a bye written as board 0 with no black. Boards are
/// compared by their number; a board present on one side only is a difference too.
pub fn pairing_differences(
    round: u32,
    engine: &[(u32, u32, Option<u32>)],
    arbiter: &[(u32, u32, Option<u32>)],
) -> Vec<FideLogLine> {
    let mut boards: Vec<u32> = engine.iter().chain(arbiter).map(|b| b.0).collect();
    boards.sort_unstable();
    boards.dedup();
    let find = |list: &[(u32, u32, Option<u32>)], board: u32| -> Vec<BoardPair> {
        let mut v: Vec<BoardPair> = list
            .iter()
            .filter(|b| b.0 == board)
            .map(|b| (b.1, b.2))
            .collect();
        v.sort_unstable();
        v
    };
    let mut out = Vec::new();
    for board in boards {
        let (e, a) = (find(engine, board), find(arbiter, board));
        if e == a {
            continue;
        }
        // Byes share board 0: pair them up one by one, in order.
        let n = e.len().max(a.len());
        for k in 0..n {
            let (x, y) = (e.get(k).copied(), a.get(k).copied());
            if x != y {
                out.push(FideLogLine::ManualPairing {
                    round,
                    board,
                    engine: x,
                    arbiter: y,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_name_each_changed_board_once() {
        let engine = [
            (1, 1, Some(4)),
            (2, 3, Some(2)),
            (3, 5, Some(6)),
            (0, 7, None),
        ];
        // Board 1's black and board 2's white swap; board 3 swaps colours; the bye is unchanged.
        let arbiter = [
            (1, 1, Some(3)),
            (2, 4, Some(2)),
            (3, 6, Some(5)),
            (0, 7, None),
        ];
        let d = pairing_differences(5, &engine, &arbiter);
        assert_eq!(d.len(), 3);
        let lines: Vec<String> = d.iter().map(trf_comment).collect();
        assert_eq!(
            lines,
            vec![
                "### MPA @ Round 5: board 1 engine 1-4 arbiter 1-3",
                "### MPA @ Round 5: board 2 engine 3-2 arbiter 4-2",
                "### MPA @ Round 5: board 3 engine 5-6 arbiter 6-5",
            ]
        );
        assert!(pairing_differences(5, &engine, &engine).is_empty());
    }

    #[test]
    fn a_bye_given_to_another_player_is_a_difference() {
        let engine = [(1, 1, Some(2)), (0, 3, None)];
        let arbiter = [(1, 1, Some(3)), (0, 2, None)];
        let lines: Vec<String> = pairing_differences(2, &engine, &arbiter)
            .iter()
            .map(trf_comment)
            .collect();
        assert_eq!(
            lines,
            vec![
                "### MPA @ Round 2: board 0 engine 3- arbiter 2-",
                "### MPA @ Round 2: board 1 engine 1-2 arbiter 1-3"
            ]
        );
    }

    #[test]
    fn leaving_is_logged_in_one_line() {
        let mut r = FideRecord::default();
        assert!(!r.left());
        r.log.push(FideLogLine::Left {
            after_round: 2,
            reason: LeaveReason::Arbiter("club\nevent".into()),
        });
        assert!(r.left());
        assert_eq!(
            r.trf_comments(),
            vec!["### FIDE mode left after round 2: arbiter: club event"]
        );
    }

    #[test]
    fn settings_warnings_name_what_changed_against_the_rules() {
        use crate::model::{PointSystemPreset, SectionSettings};
        let old = SectionSettings::chess();
        // Nothing changed: nothing to warn of, paired or not.
        assert!(settings_warnings(&old, &old, 3).is_empty());
        let mut old = old;
        old.standings.tiebreaks = vec![
            crate::model::Tiebreak::Buchholz { low: 1, high: 0 },
            crate::model::Tiebreak::SonnebornBerger { cut: 0 },
        ];
        let mut new = old.clone();
        new.standings.tiebreaks.reverse();
        assert!(
            settings_warnings(&old, &new, 0).is_empty(),
            "before round 1 it is free"
        );
        assert_eq!(
            settings_warnings(&old, &new, 1),
            vec![RuleWarning::TiebreaksChangedAfterRoundOne {
                previous: vec!["BH-C1".into(), "SB".into()]
            }]
        );
        assert_eq!(
            settings_warnings(&old, &new, 1)[0].code(),
            "tiebreaks-changed from BH-C1,SB"
        );
        // Round 3 of 5 paired, the event cut to 3: round 3 is now the final round, paired as
        // an ordinary one; back to 5 after round 3, and it is no longer final.
        let mut five = old.clone();
        five.rounds = 5;
        let mut three = old.clone();
        three.rounds = 3;
        assert_eq!(
            settings_warnings(&five, &three, 3)[1],
            RuleWarning::LastRoundFinality {
                round: 3,
                now_final: true
            }
        );
        assert_eq!(
            settings_warnings(&three, &five, 3)[1],
            RuleWarning::LastRoundFinality {
                round: 3,
                now_final: false
            }
        );
        // From 5 to 7 after round 3: round 3 was and stays an ordinary round.
        let mut seven = old.clone();
        seven.rounds = 7;
        assert_eq!(settings_warnings(&five, &seven, 3).len(), 1);
        let mut new = old.clone();
        new.rounds = old.rounds + 2;
        assert!(settings_warnings(&old, &new, 0).is_empty());
        assert_eq!(
            settings_warnings(&old, &new, 2),
            vec![RuleWarning::RoundsChanged {
                from: old.rounds,
                to: old.rounds + 2
            }]
        );
        // 1-½-0 with a bye of 1½: above a win.
        let mut new = old.clone();
        new.points.bye = new.points.red.win + new.points.red.draw;
        assert_eq!(
            settings_warnings(&old, &new, 0),
            vec![RuleWarning::ByeAboveWin]
        );
        // A draw worth a win: 2 for two draws against 1 for a win and a loss.
        let mut new = old.clone();
        new.points.red.draw = new.points.red.win;
        new.points.black.draw = new.points.black.win;
        assert_eq!(
            settings_warnings(&old, &new, 0),
            vec![RuleWarning::TwoDrawsAboveWinLoss]
        );
        // The xiangqi presets the seeds use raise neither (3-1-0 with black's draw 2: 1+2 = 3,
        // not above 3+0).
        for preset in [
            PointSystemPreset::TwoOneZero,
            PointSystemPreset::ThreeOneZero,
            PointSystemPreset::ThreeOneZeroBlackDrawTwo,
            PointSystemPreset::Chess,
        ] {
            let p = preset.system();
            assert!(!bye_above_win(&p), "{preset:?}");
            assert!(!two_draws_above_win_loss(&p), "{preset:?}");
        }
    }

    #[test]
    fn two_rounds_back_counts_from_the_last_round() {
        assert!(!two_rounds_back(4, 5));
        assert!(two_rounds_back(3, 5));
        assert!(!two_rounds_back(1, 1));
    }

    #[test]
    fn levels_are_stronger_in_fide_mode() {
        let w = RuleWarning::TiebreaksChangedAfterRoundOne {
            previous: Vec::new(),
        };
        assert_eq!(w.level(true), WarningLevel::Strong);
        assert_eq!(w.level(false), WarningLevel::Warning);
        assert!(WarningLevel::Strong > WarningLevel::Warning);
        assert!(WarningLevel::Warning > WarningLevel::Notice);
        assert!(WarningLevel::Refused > WarningLevel::Strong);
    }

    /// The checklist: in FIDE mode only the previous round's results may change (earlier ones
    /// need leaving FIDE mode, level 5); a non-draw result of an adjourned game that a later
    /// round counted as a draw asks for confirmation (level 3); pairing while an older game is
    /// adjourned is acknowledged (level 2).
    #[test]
    fn past_results_and_adjournments_have_the_checklists_levels() {
        let old = RuleWarning::OldResultChanged { round: 1, board: 2 };
        assert_eq!(old.level(true), WarningLevel::Refused);
        assert_eq!(old.level(false), WarningLevel::Warning);
        let adj = RuleWarning::AdjournedResult {
            round: 3,
            board: 2,
            result: "1-0".into(),
        };
        assert_eq!(adj.level(true), WarningLevel::Warning);
        assert_eq!(adj.level(false), WarningLevel::Notice);
        let open = RuleWarning::AdjournmentStillOpen { round: 1, board: 4 };
        assert_eq!(open.level(true), WarningLevel::Notice);
        let line = FideLogLine::Overridden {
            round: 4,
            warning: adj,
            level: WarningLevel::Warning,
        };
        assert_eq!(
            trf_comment(&line),
            "### Adjournment @ Round 3: board 2 result 1-0"
        );
    }
}
