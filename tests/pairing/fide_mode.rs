//! Issue 25: FIDE mode of a chess section. A chess section starts in it; leaving it takes the
//! section's name typed as confirmation, is journaled, is written into the TRF export as a `###`
//! line, and no undo or settings change brings it back. A prohibited pairing added after round 1
//! leaves it too, and only with the same confirmation.

use crate::common;
use crate::common::{SectionBuilder, ok, refused};
use bianpai::app::{AppError, Tournament};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::conduct::JournalEntry;
use bianpai::model::{GameKind, LeaveReason, ProhibitedPair, SectionId, SectionSettings};
use std::path::Path;

fn chess(n: u32) -> (tempfile::TempDir, Tournament, SectionId) {
    common::chess_event("FIDE", n, 3)
}

fn settings(t: &Tournament) -> &SectionSettings {
    &t.event().sections[0].settings
}

#[test]
fn a_chess_section_is_in_fide_mode_and_a_xiangqi_one_never() {
    assert!(SectionSettings::chess().fide_mode());
    assert!(!SectionSettings::default().fide_mode());
    assert_eq!(SectionSettings::default().game, GameKind::Xiangqi);
}

#[test]
fn leaving_needs_the_typed_name_a_reason_and_is_for_good() {
    let (_dir, mut t, s) = chess(6);
    assert!(matches!(
        t.leave_fide_mode(s, "club event", "公开"),
        Err(AppError::ConfirmationMismatch)
    ));
    assert!(matches!(
        t.leave_fide_mode(s, "  ", "公开组"),
        Err(AppError::FieldEmpty(_))
    ));
    assert!(settings(&t).fide_mode());

    // A change of settings before leaving, to be undone after.
    let mut changed = settings(&t).clone();
    changed.rounds = 5;
    t.update_section(s, "公开组", &changed).unwrap();
    t.leave_fide_mode(s, "club event", " 公开组 ").unwrap();
    assert!(!settings(&t).fide_mode());
    let (_, action, entry) = t.journal().unwrap().last().unwrap().clone();
    assert_eq!(action, "fide.leave");
    assert_eq!(
        entry,
        JournalEntry::FideLeft {
            section: "公开组".into(),
            after_round: 0,
            reason: LeaveReason::Arbiter("club event".into()),
        }
    );
    // Undo passes over the leaving and undoes the change of rounds before it; the section
    // stays out of FIDE mode.
    t.undo().unwrap();
    assert_eq!(settings(&t).rounds, 7);
    assert!(!settings(&t).fide_mode());
    // Nor does a settings form that carries an empty record bring it back.
    let mut form = settings(&t).clone();
    form.fide = Default::default();
    t.update_section(s, "公开组", &form).unwrap();
    assert!(!settings(&t).fide_mode());
    // And there is nothing left to leave.
    assert!(matches!(
        t.leave_fide_mode(s, "again", "公开组"),
        Err(AppError::NotInFideMode)
    ));
}

#[test]
fn a_prohibited_pairing_after_round_one_leaves_fide_mode_only_when_confirmed() {
    let (_dir, mut t, s) = chess(6);
    let ids: Vec<_> = t.event().sections[0]
        .entrants
        .iter()
        .map(|e| e.id)
        .collect();
    // Before round 1 it is an ordinary setting.
    assert!(t.prohibit_pairing(s, ids[0], ids[1]).unwrap());
    assert!(settings(&t).fide_mode());
    t.pair_next_round(s).unwrap();
    assert!(matches!(
        t.prohibit_pairing(s, ids[2], ids[3]),
        Err(AppError::LeavesFideMode)
    ));
    // Through the settings form as well.
    let mut form = settings(&t).clone();
    form.prohibited
        .push(ProhibitedPair::new(ids[2], ids[3]).unwrap());
    assert!(matches!(
        t.update_section(s, "公开组", &form),
        Err(AppError::LeavesFideMode)
    ));
    assert!(matches!(
        t.update_section_leaving_fide(s, "公开组", &form, "男子组"),
        Err(AppError::ConfirmationMismatch)
    ));
    assert_eq!(settings(&t).prohibited.len(), 1);
    assert!(
        t.prohibit_pairing_confirmed(s, ids[2], ids[3], Some("公开组"))
            .unwrap()
    );
    assert!(!settings(&t).fide_mode());
    let numbers = |id| {
        t.event().sections[0]
            .entrant(id)
            .and_then(|e| e.number)
            .unwrap()
    };
    let (a, b) = (numbers(ids[2]), numbers(ids[3]));
    let JournalEntry::FideLeft {
        after_round,
        reason,
        ..
    } = t.journal().unwrap().last().unwrap().2.clone()
    else {
        panic!("not journaled as leaving FIDE mode");
    };
    assert_eq!(after_round, 1);
    assert_eq!(reason, LeaveReason::Prohibited(a, b));
    // Undo takes the prohibited pairing away, not the leaving.
    t.undo().unwrap();
    assert_eq!(settings(&t).prohibited.len(), 1);
    assert!(!settings(&t).fide_mode());
    // Out of FIDE mode, a prohibited pairing needs no confirmation.
    assert!(t.prohibit_pairing(s, ids[2], ids[3]).unwrap());
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn event_with(dir: &Path, name: &str, game: &str, system: &str) -> String {
    let event = dir.join("fide.bianpai");
    let ev = s(&event).to_string();
    if !event.exists() {
        ok(&["new", &ev, "--name", "FIDE"]);
    }
    ok(&[
        "section", "add", &ev, "--name", name, "--game", game, "--system", system, "--rounds", "3",
    ]);
    let list = dir.join(format!("{name}.csv"));
    let mut text = String::from("姓名,单位,等级分\n");
    for i in 1..=6 {
        text += &format!("选手{i},单位{i},{}\n", 2000 - 10 * i);
    }
    std::fs::write(&list, text).unwrap();
    ok(&["import", &ev, "-s", name, s(&list)]);
    ok(&["draw", &ev, "-s", name, "--seed", "1"]);
    ev
}

fn trf_of(ev: &str, section: &str, dir: &Path) -> String {
    let out = dir.join(format!("{section}.trf"));
    ok(&[
        "export",
        "standings",
        ev,
        "-s",
        section,
        "--format",
        "trf",
        "-o",
        s(&out),
        "--force",
    ]);
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn the_command_line_leaves_fide_mode_with_a_flag_and_the_trf_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let ev = event_with(dir.path(), "公开组", "chess", "dutch");
    // Round 1 paired: a prohibited pairing is refused without the typed name.
    ok(&["pair", &ev, "-s", "公开组"]);
    let err = refused(&["settings", &ev, "-s", "公开组", "--prohibit", "1,2"]);
    assert!(err.contains("FIDE模式"), "{err}");
    let err = refused(&[
        "settings",
        &ev,
        "-s",
        "公开组",
        "--prohibit",
        "1,2",
        "--confirm",
        "公开",
    ]);
    assert!(err.contains("组别名称不符"), "{err}");
    ok(&[
        "settings",
        &ev,
        "-s",
        "公开组",
        "--prohibit",
        "1,2",
        "--confirm",
        "公开组",
    ]);
    let text = trf_of(&ev, "公开组", dir.path());
    assert!(
        text.lines()
            .any(|l| l == "### FIDE mode left after round 1: prohibited pairing 1-2 added"),
        "{text}"
    );
    // Once out, there is nothing to leave.
    let err = refused(&[
        "settings",
        &ev,
        "-s",
        "公开组",
        "--leave-fide-mode",
        "again",
        "--confirm",
        "公开组",
    ]);
    assert!(err.contains("不在FIDE模式"), "{err}");

    // A second chess section left by the arbiter before round 1.
    let ev = event_with(dir.path(), "快棋组", "chess", "dutch");
    let out = ok(&[
        "settings",
        &ev,
        "-s",
        "快棋组",
        "--leave-fide-mode",
        "不报等级分的俱乐部赛",
        "--confirm",
        "快棋组",
    ]);
    assert!(out.contains("已退出FIDE模式"), "{out}");
    let text = trf_of(&ev, "快棋组", dir.path());
    assert!(
        text.lines()
            .any(|l| l == "### FIDE mode left after round 0: arbiter: 不报等级分的俱乐部赛"),
        "{text}"
    );
    // Without --confirm the flag is refused by the command line itself.
    let r = common::bianpai(&["settings", &ev, "-s", "快棋组", "--leave-fide-mode", "x"]);
    assert_ne!(r.code, 0);

    // A xiangqi section has no FIDE mode to leave.
    let ev = event_with(dir.path(), "象棋组", "xiangqi", "swiss");
    let err = refused(&[
        "settings",
        &ev,
        "-s",
        "象棋组",
        "--leave-fide-mode",
        "x",
        "--confirm",
        "象棋组",
    ]);
    assert!(err.contains("不在FIDE模式"), "{err}");
}

fn trf_text(t: &Tournament) -> String {
    let section = &t.event().sections[0];
    String::from_utf8(
        bianpai::app::list_file(
            t.event(),
            section,
            bianpai::app::ListKind::Standings,
            None,
            bianpai::app::ListFormat::Trf,
            bianpai::i18n::Lang::Zh,
        )
        .unwrap(),
    )
    .unwrap()
}

fn comments(t: &Tournament) -> Vec<String> {
    trf_text(t)
        .lines()
        .filter(|l| l.starts_with("### "))
        .map(str::to_string)
        .collect()
}

/// Issue 25's warning levels: changing the tiebreak list once round 1 is paired is a strong
/// warning in FIDE mode (the section's name typed), a plain one outside it; each overridden
/// warning is journaled with its level and, for chess, written into the TRF.
#[test]
fn a_tiebreak_change_after_round_one_needs_the_typed_name_in_fide_mode() {
    use bianpai::app::Confirmation;
    use bianpai::model::Tiebreak;
    use bianpai::model::{RuleWarning, WarningLevel};
    let (_dir, mut t, s) = chess(6);
    // Before round 1 the list is the arbiter's to set.
    let mut form = settings(&t).clone();
    form.standings.tiebreaks = vec![
        Tiebreak::Buchholz { low: 1, high: 0 },
        Tiebreak::SonnebornBerger { cut: 0 },
    ];
    t.update_section(s, "公开组", &form).unwrap();
    assert!(comments(&t).is_empty());
    t.pair_next_round(s).unwrap();
    let mut form = settings(&t).clone();
    form.standings.tiebreaks.reverse();
    let changed = RuleWarning::TiebreaksChangedAfterRoundOne {
        previous: vec!["BH-C1".into(), "SB".into()],
    };
    let warned = vec![(changed.clone(), WarningLevel::Strong)];
    match t.update_section(s, "公开组", &form) {
        Err(AppError::RuleWarnings(list)) => assert_eq!(list, warned),
        other => panic!("{other:?}"),
    }
    // Accepting it without the typed name is not enough for a strong warning.
    let accepted = Confirmation {
        typed: None,
        accepted: vec![changed],
    };
    assert!(matches!(
        t.update_section_confirmed(s, "公开组", &form, &accepted),
        Err(AppError::RuleWarnings(_))
    ));
    assert_ne!(settings(&t).standings.tiebreaks, form.standings.tiebreaks);
    let typed = Confirmation {
        typed: Some("公开组".into()),
        accepted: Vec::new(),
    };
    t.update_section_confirmed(s, "公开组", &form, &typed)
        .unwrap();
    assert_eq!(settings(&t).standings.tiebreaks, form.standings.tiebreaks);
    let (_, _, entry) = t.journal().unwrap().last().unwrap().clone();
    assert_eq!(
        entry,
        JournalEntry::WarningOverridden {
            section: "公开组".into(),
            warnings: warned,
        }
    );
    assert_eq!(
        comments(&t),
        vec!["### WARNING 1 strong tiebreaks-changed from BH-C1,SB"]
    );
    // Undo takes the change and its line away.
    t.undo().unwrap();
    assert!(comments(&t).is_empty());
}

#[test]
fn outside_fide_mode_the_same_change_is_a_plain_warning_and_a_xiangqi_trf_carries_no_line() {
    use bianpai::app::Confirmation;
    use bianpai::model::RuleWarning;
    let (_dir, mut t) = common::create(&common::event("象棋", vec![]));
    let s = SectionBuilder::new()
        .name("男子组")
        .named("选手", 6)
        .lot_seed(3)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    let mut form = settings(&t).clone();
    form.standings.tiebreaks.reverse();
    let warning = match t.update_section(s, "男子组", &form) {
        Err(AppError::RuleWarnings(list)) => {
            assert_eq!(list.len(), 1, "{list:?}");
            assert!(
                matches!(
                    &list[0],
                    (
                        RuleWarning::TiebreaksChangedAfterRoundOne { previous },
                        bianpai::model::WarningLevel::Warning
                    ) if previous.len() == settings(&t).standings.tiebreaks.len()
                ),
                "{list:?}"
            );
            list[0].0.clone()
        }
        other => panic!("{other:?}"),
    };
    let accepted = Confirmation {
        typed: None,
        accepted: vec![warning],
    };
    t.update_section_confirmed(s, "男子组", &form, &accepted)
        .unwrap();
    assert!(matches!(
        t.journal().unwrap().last().unwrap().2,
        JournalEntry::WarningOverridden { .. }
    ));
    assert!(settings(&t).fide.is_empty());
}

#[test]
fn a_bye_worth_more_than_a_win_and_draws_above_a_win_and_a_loss_are_warned_of() {
    use bianpai::app::Confirmation;
    use bianpai::model::{RuleWarning, WarningLevel};
    let (_dir, mut t, s) = chess(6);
    let mut form = settings(&t).clone();
    // 1-½-0 with a bye of 1½, and a draw scoring 1.
    form.points.bye = form.points.red.win + form.points.red.draw;
    form.points.red.draw = form.points.red.win;
    form.points.black.draw = form.points.black.win;
    let expected = vec![
        (RuleWarning::ByeAboveWin, WarningLevel::Warning),
        (RuleWarning::TwoDrawsAboveWinLoss, WarningLevel::Warning),
    ];
    match t.update_section(s, "公开组", &form) {
        Err(AppError::RuleWarnings(list)) => assert_eq!(list, expected),
        other => panic!("{other:?}"),
    }
    let accepted = Confirmation {
        typed: None,
        accepted: vec![RuleWarning::ByeAboveWin, RuleWarning::TwoDrawsAboveWinLoss],
    };
    t.update_section_confirmed(s, "公开组", &form, &accepted)
        .unwrap();
    assert_eq!(
        comments(&t),
        vec![
            "### WARNING 0 warning bye-above-win",
            "### WARNING 0 warning two-draws-above-win-loss",
        ]
    );
    // Saved again unchanged: nothing new to warn of.
    let form = settings(&t).clone();
    t.update_section(s, "公开组", &form).unwrap();
    assert_eq!(comments(&t).len(), 2);
}

/// The checklist (Q189–191): in FIDE mode only the previous round's results may change; a
/// result two rounds back is refused (level 5) until the section leaves FIDE mode, and then it
/// is a plain warning whose reason confirms it, journaled and written into the TRF.
#[test]
fn a_result_corrected_two_rounds_back_is_refused_in_fide_mode_and_logged_outside_it() {
    use bianpai::app::AppError;
    use bianpai::model::{Outcome, RuleWarning, WarningLevel};
    let (_dir, mut t, s) = chess(6);
    for r in 1..=3 {
        t.pair_next_round(s).unwrap();
        common::finish_round(&mut t, s, r, |_, _| Outcome::Draw);
    }
    // One round back: a correction with its reason, no warning.
    t.enter_result(
        BoardRef::new(s, 2, 1),
        ResultEntry::result(Some(Outcome::RedWin))
            .with_fouls((0, 0))
            .because("记分单填错"),
    )
    .unwrap();
    let JournalEntry::Result { overridden, .. } = t.journal().unwrap().last().unwrap().2.clone()
    else {
        panic!("not a result");
    };
    assert_eq!(overridden, None);
    assert!(comments(&t).is_empty());
    // Two rounds back in FIDE mode: refused, whatever the reason; nothing written.
    let journal = t.journal().unwrap().len();
    let err = t
        .enter_result(
            BoardRef::new(s, 1, 2),
            ResultEntry::result(Some(Outcome::BlackWin))
                .with_fouls((0, 0))
                .because("裁判核对"),
        )
        .unwrap_err();
    assert!(matches!(
        err,
        AppError::FideRefuses(RuleWarning::OldResultChanged { round: 1, board: 2 })
    ));
    assert!(
        err.message(bianpai::i18n::Lang::Zh)
            .contains("退出FIDE模式")
    );
    assert_eq!(t.journal().unwrap().len(), journal);
    assert_eq!(
        t.event().sections[0].rounds[0].games[1].outcome,
        Some(Outcome::Draw)
    );
    // Out of FIDE mode the reason confirms a plain warning.
    t.leave_fide_mode(s, "成绩需核对", "公开组").unwrap();
    t.enter_result(
        BoardRef::new(s, 1, 2),
        ResultEntry::result(Some(Outcome::BlackWin))
            .with_fouls((0, 0))
            .because("裁判核对"),
    )
    .unwrap();
    let JournalEntry::Result { overridden, .. } = t.journal().unwrap().last().unwrap().2.clone()
    else {
        panic!("not a result");
    };
    assert_eq!(
        overridden,
        Some((
            RuleWarning::OldResultChanged { round: 1, board: 2 },
            WarningLevel::Warning
        ))
    );
    assert_eq!(
        comments(&t),
        vec![
            "### FIDE mode left after round 3: arbiter: 成绩需核对",
            "### WARNING 3 warning old-result-changed round 1 board 2"
        ]
    );
    // Undo puts the result and the log back (leaving FIDE mode stays).
    t.undo().unwrap();
    assert_eq!(comments(&t).len(), 1);
    let g = &t.event().sections[0].rounds[0].games[1];
    assert_eq!(g.outcome, Some(Outcome::Draw));
}

/// A manual pairing confirmed twice keeps one set of MPA lines (counted from the engine's
/// pairing); unpairing the round takes them out, and undoing the unpairing brings them back.
#[test]
fn a_rounds_mpa_lines_are_replaced_on_a_second_confirmation_and_go_with_the_round() {
    use bianpai::app::{PairingEdit, apply_edit};
    let (_dir, mut t, s) = chess(6);
    t.pair_next_round(s).unwrap();
    let round = t.event().sections[0].rounds[0].clone();
    let once = apply_edit(&round, PairingEdit::SwapColours(1)).unwrap();
    let c = t.confirm_manual_pairing(s, &once, &[]).unwrap();
    assert_eq!(c.differences.len(), 1);
    let mpa = |t: &Tournament| {
        comments(t)
            .into_iter()
            .filter(|l| l.starts_with("### MPA @ Round 1: "))
            .count()
    };
    assert_eq!(mpa(&t), 1);
    // Board 2's colours as well: two boards now differ from the engine's, two lines in all.
    let stored = t.event().sections[0].rounds[0].clone();
    let twice = apply_edit(&stored, PairingEdit::SwapColours(2)).unwrap();
    let c = t.confirm_manual_pairing(s, &twice, &[]).unwrap();
    assert_eq!(c.differences.len(), 2);
    assert_eq!(mpa(&t), 2);
    t.unpair_round(s, 1).unwrap();
    assert_eq!(mpa(&t), 0);
    t.undo().unwrap();
    assert_eq!(mpa(&t), 2);
}

/// Pairing numbers are fixed once round 1 is paired (FIDE asks it from round 4 on): a new
/// drawing of lots and a number changed by hand are refused in every round up to the fifth,
/// and the numbers stay.
#[test]
fn pairing_numbers_cannot_be_drawn_again_once_the_event_began() {
    use bianpai::model::Outcome;
    let (_dir, mut t, s) = chess(8);
    let numbers = |t: &Tournament| -> Vec<Option<u32>> {
        t.event().sections[0]
            .entrants
            .iter()
            .map(|e| e.number)
            .collect()
    };
    let before = numbers(&t);
    for r in 1..=4 {
        t.pair_next_round(s).unwrap();
        common::finish_round(&mut t, s, r, |_, _| Outcome::Draw);
        assert!(matches!(t.draw_lots(s, 99), Err(AppError::Pairing(_))));
        // Nor can one entrant's number be changed by hand.
        let mut first = t.event().sections[0].entrants[0].clone();
        first.number = first.number.map(|n| n % 8 + 1);
        assert!(matches!(
            t.update_entrant(s, &first),
            Err(AppError::NumbersFixed)
        ));
    }
    assert_eq!(numbers(&t), before);
}

/// The checklist (Q56): a tournament read from a TRF is in FIDE mode.
#[test]
fn a_section_read_from_a_trf_is_in_fide_mode() {
    let (_dir, mut t) = common::create(&common::event("TRF", vec![]));
    let trf = std::fs::read(common::shared_data("real_trf/tec_swiss_as_trf2026.trf")).unwrap();
    let id = t.add_section_from_trf(&trf, Some("公开组")).unwrap();
    let s = t.event().section(id).unwrap();
    assert_eq!(s.settings.game, GameKind::Chess);
    assert!(s.settings.fide_mode());
    assert!(s.settings.fide.log.is_empty());
}

/// The checklist: before the start, a Swiss set to more rounds than its players can play
/// without meeting again is a notice: four players meet three opponents at most, five meet
/// four and sit out once.
#[test]
fn more_rounds_than_the_field_can_play_is_a_notice_before_round_one() {
    use bianpai::model::RuleWarning;
    let notice = |players: u32, rounds: u32| {
        let (_dir, mut t, s) = chess(players);
        let mut form = settings(&t).clone();
        form.rounds = rounds;
        t.update_section(s, "公开组", &form).unwrap();
        bianpai::app::pairing_notices(&t.event().sections[0])
    };
    assert!(notice(4, 3).is_empty());
    assert_eq!(
        notice(4, 4),
        vec![RuleWarning::RoundsExceedField {
            rounds: 4,
            players: 4
        }]
    );
    assert!(notice(5, 5).is_empty());
    assert_eq!(notice(5, 6).len(), 1);
    // Once round 1 is paired it is no longer said.
    let (_dir, mut t, s) = chess(4);
    let mut form = settings(&t).clone();
    form.rounds = 5;
    t.update_section(s, "公开组", &form).unwrap();
    t.pair_next_round(s).unwrap();
    assert!(bianpai::app::pairing_notices(&t.event().sections[0]).is_empty());
}
