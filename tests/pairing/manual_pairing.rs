//! Manual changes to a paired round through the app services: the warnings come from the rule
//! book (a rematch, a second bye), nothing is written until they are confirmed, the change is
//! journaled and undo puts the round back. A result in an earlier round is corrected only with a
//! reason, which the journal keeps.

use crate::common;
use crate::common::{SectionBuilder, finish_round};
use bianpai::app::{AppError, PairingEdit, Seat, Tournament};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::conduct::{JournalEntry, PairingNote};
use bianpai::model::{Entrant, EntrantId, Outcome, SectionId, Side};
use bianpai::pairing::xiangqi::checker::Break;

fn event(n: usize) -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = common::create(&common::event("人工调整", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .entrants((0..n).map(|i| Entrant {
            name: format!("选手{i}"),
            unit: format!("队{i}"),
            ..Entrant::default()
        }))
        .lot_seed(11)
        .enter(&mut t);
    (dir, t, s)
}

fn met_in_round_one(t: &Tournament, a: EntrantId, b: EntrantId) -> bool {
    t.event().sections[0].rounds[0]
        .games
        .iter()
        .any(|g| (g.red == a && g.black == b) || (g.red == b && g.black == a))
}

#[test]
fn a_swap_that_makes_a_rematch_waits_for_confirmation_and_undo_restores_the_round() {
    let (_dir, mut t, s) = event(8);
    t.pair_next_round(s).unwrap();
    finish_round(&mut t, s, 1, |_, _| Outcome::Draw);
    t.pair_next_round(s).unwrap();
    let before = t.event().sections[0].rounds[1].clone();
    // Find a swap of two blacks that pairs a red with a round-1 opponent.
    let g = &before.games;
    let (i, j) = (0..g.len())
        .flat_map(|i| (0..g.len()).map(move |j| (i, j)))
        .find(|&(i, j)| i != j && met_in_round_one(&t, g[i].red, g[j].black))
        .expect("some round-1 pair can be remade");
    let edit = PairingEdit::Swap(
        Seat::Board {
            board: g[i].board,
            side: Side::Black,
        },
        Seat::Board {
            board: g[j].board,
            side: Side::Black,
        },
    );
    let preview = t.preview_edit(s, 2, edit).unwrap();
    assert!(
        preview
            .warnings
            .contains(&Break::Rematch { board: g[i].board }),
        "{:?}",
        preview.warnings
    );
    assert_eq!(preview.round.games[i].black, g[j].black);
    assert_eq!(preview.round.games[j].black, g[i].black);

    // Not confirmed: refused, nothing written.
    let err = t.edit_pairing(s, 2, edit, &[]).unwrap_err();
    assert!(matches!(err, AppError::UnconfirmedWarnings(n) if n == preview.warnings.len()));
    assert_eq!(t.event().sections[0].rounds[1], before);

    t.edit_pairing(s, 2, edit, &preview.warnings).unwrap();
    assert_eq!(t.event().sections[0].rounds[1], preview.round);
    let (_, action, entry) = t.journal().unwrap().last().unwrap().clone();
    assert_eq!(action, "round.edit");
    let JournalEntry::RoundEdit { warnings, .. } = &entry else {
        panic!("{entry:?}");
    };
    assert_eq!(*warnings, preview.warnings);
    assert!(
        warnings.iter().any(|w| matches!(w, Break::Rematch { .. })),
        "{entry:?}"
    );
    let notes = t.round_notes(s, 2).unwrap();
    assert!(notes.iter().any(|(b, n)| *b == g[i].board
        && *n
            == PairingNote::ManualSwap {
                first: Some(g[i].black),
                second: Some(g[j].black),
            }));

    let (undone, _) = t.undo().unwrap().unwrap();
    assert_eq!(undone, "round.edit");
    assert_eq!(t.event().sections[0].rounds[1], before);
}

#[test]
fn colours_swap_and_the_rules_on_what_may_be_edited() {
    let (_dir, mut t, s) = event(8);
    t.pair_next_round(s).unwrap();
    let r1 = t.event().sections[0].rounds[0].clone();
    t.edit_pairing(s, 1, PairingEdit::SwapColours(1), &[])
        .unwrap();
    let g = &t.event().sections[0].rounds[0].games[0];
    assert_eq!((g.red, g.black), (r1.games[0].black, r1.games[0].red));

    // A board with a result cannot be changed; the same seat twice is no swap.
    t.enter_result(
        BoardRef::new(s, 1, 2),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    let e = t
        .preview_edit(s, 1, PairingEdit::SwapColours(2))
        .unwrap_err();
    assert!(matches!(e, AppError::BoardHasResult(2)));
    let seat = Seat::Board {
        board: 3,
        side: Side::Red,
    };
    let e = t
        .preview_edit(s, 1, PairingEdit::Swap(seat, seat))
        .unwrap_err();
    assert!(matches!(e, AppError::SameSeat));

    // Once round 2 exists, round 1 is no longer editable.
    finish_round(&mut t, s, 1, |_, _| Outcome::Draw);
    t.pair_next_round(s).unwrap();
    let e = t
        .preview_edit(s, 1, PairingEdit::SwapColours(3))
        .unwrap_err();
    assert!(matches!(e, AppError::EditNotLastRound));
}

#[test]
fn moving_a_player_to_the_bye_warns_of_a_second_bye() {
    let (_dir, mut t, s) = event(5);
    t.pair_next_round(s).unwrap();
    let first_bye = t.event().sections[0].rounds[0].byes[0].entrant;
    finish_round(&mut t, s, 1, |_, _| Outcome::Draw);
    t.pair_next_round(s).unwrap();
    let r2 = t.event().sections[0].rounds[1].clone();
    let bye2 = r2.byes[0].entrant;
    assert_ne!(bye2, first_bye, "the engine gives a second player the bye");
    let g = r2.game_of(first_bye).unwrap();
    let seat = Seat::Board {
        board: g.board,
        side: g.side_of(first_bye).unwrap(),
    };
    let preview = t
        .preview_edit(s, 2, PairingEdit::Swap(seat, Seat::Bye(bye2)))
        .unwrap();
    assert!(
        preview
            .warnings
            .contains(&Break::SecondBye { player: first_bye }),
        "{:?}",
        preview.warnings
    );
    assert_eq!(preview.round.byes[0].entrant, first_bye);
    assert_eq!(preview.round.game_of(bye2).map(|x| x.board), Some(g.board));
}

#[test]
fn a_correction_of_an_earlier_round_needs_a_reason_which_is_journaled() {
    let (_dir, mut t, s) = event(8);
    t.pair_next_round(s).unwrap();
    finish_round(&mut t, s, 1, |_, _| Outcome::Draw);
    t.pair_next_round(s).unwrap();
    // The latest round takes results as usual.
    t.enter_result(
        BoardRef::new(s, 2, 1),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    // Round 1 is earlier: the plain entry is refused …
    let e = t
        .enter_result(
            BoardRef::new(s, 1, 1),
            ResultEntry::result(Some(Outcome::BlackWin)),
        )
        .unwrap_err();
    assert!(matches!(e, AppError::ReasonRequired(1)));
    let e = t
        .enter_result(BoardRef::new(s, 1, 1), ResultEntry::fouls((1, 0)))
        .unwrap_err();
    assert!(matches!(e, AppError::ReasonRequired(1)));
    let e = t
        .enter_result(
            BoardRef::new(s, 1, 1),
            ResultEntry::result(Some(Outcome::BlackWin))
                .with_fouls((0, 0))
                .because("  "),
        )
        .unwrap_err();
    assert!(matches!(e, AppError::FieldEmpty(_)));
    assert_eq!(
        t.event().sections[0].rounds[0].games[0].outcome,
        Some(Outcome::Draw)
    );
    // … and the correction with a reason is made and journaled.
    t.enter_result(
        BoardRef::new(s, 1, 1),
        ResultEntry::result(Some(Outcome::BlackWin))
            .with_fouls((0, 1))
            .because("记分单填错"),
    )
    .unwrap();
    let g = &t.event().sections[0].rounds[0].games[0];
    assert_eq!((g.outcome, g.fouls_black), (Some(Outcome::BlackWin), 1));
    let (_, action, entry) = t.journal().unwrap().last().unwrap().clone();
    assert_eq!(action, "result.correct");
    assert!(
        matches!(&entry, JournalEntry::Result { round: 1, board: 1, outcome: Some(Outcome::BlackWin), fouls: (0, 1), reason: Some(r), .. } if r == "记分单填错"),
        "{entry:?}"
    );
    t.undo().unwrap();
    assert_eq!(
        t.event().sections[0].rounds[0].games[0].outcome,
        Some(Outcome::Draw)
    );
}

/// A change by hand that gives both players of a board the colour the other is due (each had
/// the other colour in round 1, so each is due the one he did not have) is warned of, in the
/// arbiter's words, and needs confirming; swapping them back warns of nothing.
#[test]
fn a_colour_swap_against_both_players_preferences_is_warned_of() {
    let (_dir, mut t, s) = event(8);
    t.pair_next_round(s).unwrap();
    finish_round(&mut t, s, 1, |_, _| Outcome::Draw);
    t.pair_next_round(s).unwrap();
    let sec = &t.event().sections[0];
    let had = |id: EntrantId| {
        sec.rounds[0].games.iter().find_map(|g| {
            (g.red == id)
                .then_some(Side::Red)
                .or((g.black == id).then_some(Side::Black))
        })
    };
    // A board of round 2 whose red had black in round 1 and whose black had red.
    let board = sec.rounds[1]
        .games
        .iter()
        .find(|g| had(g.red) == Some(Side::Black) && had(g.black) == Some(Side::Red))
        .expect("a board where both got the colour they were due")
        .board;
    let edit = PairingEdit::SwapColours(board);
    let preview = t.preview_edit(s, 2, edit).unwrap();
    assert_eq!(preview.warnings, vec![Break::ColourPreference { board }]);
    let text = bianpai::i18n::break_text(
        &preview.warnings[0],
        &|id| sec.label(id),
        bianpai::i18n::Lang::Zh,
    );
    assert_eq!(
        text,
        format!("第{board}台：两人执子方都与应得的相反，互换即两全")
    );
    assert!(matches!(
        t.edit_pairing(s, 2, edit, &[]),
        Err(AppError::UnconfirmedWarnings(1))
    ));
    t.edit_pairing(s, 2, edit, &preview.warnings).unwrap();
    // Back as the engine had it: nothing to warn of.
    assert!(t.preview_edit(s, 2, edit).unwrap().warnings.is_empty());
}
