//! Seed 000 (2026 “嘉定娄塘杯” 上海市象棋锦标赛), men's section: 3-1-0 scoring, a 7-round Swiss,
//! then "男子组前4名交叉对阵（1对4、2对3），胜者晋级决赛争夺冠亚军，负者争夺季军、第四名"; slow game
//! with the higher-ranked player choosing colour, if drawn a rapid game with colours swapped, if
//! drawn again an Armageddon (colours chosen by the winner of a lot, 和棋黑胜). The others play
//! rounds 8 and 9 of the Swiss beside the playoff; places 1–4 come from the playoff, 5+ from the
//! Swiss. The Swiss rounds come from the test scaffold (`crate::scaffold`,
//! tests/standings/scaffold.rs).

use crate::common::SectionBuilder;
use crate::scaffold;
use bianpai::model::{EntrantId, GamePhase, Outcome, PointSystemPreset, Round, Section, Side};
use bianpai::pairing::knockout::{Place, add_next_games, next_games};
use bianpai::pairing::pair_round_one;
use bianpai::pairing::playoff::{
    PlayoffOptions, final_places, playoff_bracket, playoff_seeds, swiss_field,
};

const LOT_SEED: u64 = 2026_0830;

fn men_section() -> Section {
    let mut s = SectionBuilder::new()
        .name("男子组")
        .ids_from(1000)
        .named("男", 20)
        .build();
    s.settings.points = PointSystemPreset::ThreeOneZero.system();
    s.settings.rounds = 9;
    s.settings.playoff = PlayoffOptions {
        after_round: 7,
        players: 4,
        others_play_on: true,
        ..PlayoffOptions::default()
    };
    s
}

/// The unfinished match game of the playoff between `a` and `b` in the round numbered `round`.
fn game_mut(s: &mut Section, round: u32, a: EntrantId, b: EntrantId) -> &mut bianpai::model::Game {
    s.rounds
        .iter_mut()
        .find(|r| r.number == round)
        .expect("round")
        .games
        .iter_mut()
        .find(|g| {
            g.phase.is_match_game()
                && g.outcome.is_none()
                && g.side_of(a).is_some()
                && g.side_of(b).is_some()
        })
        .expect("pending match game")
}

fn outcome_for_winner(g: &bianpai::model::Game, winner: Option<EntrantId>) -> Outcome {
    match winner {
        None => Outcome::Draw,
        Some(w) if w == g.red => Outcome::RedWin,
        Some(_) => Outcome::BlackWin,
    }
}

fn play_on_swiss(s: &mut Section, others: &[EntrantId], number: u32) {
    let mut r: Round = scaffold::pair(s, others, number);
    scaffold::play(s, &mut r);
    s.rounds.push(r);
}

#[test]
fn seed_000_swiss_then_top_four_playoff() {
    let mut s = men_section();
    let mut r1 = pair_round_one(&s).unwrap();
    scaffold::play(&s, &mut r1);
    s.rounds.push(r1);
    let all: Vec<EntrantId> = s.entrants.iter().map(|e| e.id).collect();
    for n in 2..=7 {
        let mut r = scaffold::pair(&s, &all, n);
        scaffold::play(&s, &mut r);
        s.rounds.push(r);
    }
    let opts = s.settings.playoff.clone();
    let ranking7 = scaffold::ranking(&s, 7);
    let seeds = playoff_seeds(&opts, &ranking7);
    assert_eq!(seeds, ranking7[..4].to_vec());
    let (s1, s2, s3, s4) = (seeds[0], seeds[1], seeds[2], seeds[3]);
    let others = swiss_field(&opts, &ranking7, &all);
    assert_eq!(others.len(), 16, "the others play on (setting)");

    // Round 8: the others play on in the Swiss; the semi-finals 1 v 4 and 2 v 3 beside them.
    play_on_swiss(&mut s, &others, 8);
    let ko = |s: &Section| s.rounds[opts.after_round as usize..].to_vec();
    let first = next_games(&opts.format, &seeds, &ko(&s), LOT_SEED, &[]).unwrap();
    assert!(first.games.is_empty(), "no draw of lots in the slow game");
    assert_eq!(
        first.awaiting_choice,
        vec![s1, s2],
        "the higher-ranked choose"
    );
    let choices = [(s1, Side::Black), (s2, Side::Red)];
    let semis = next_games(&opts.format, &seeds, &ko(&s), LOT_SEED, &choices).unwrap();
    let got: Vec<(EntrantId, EntrantId, GamePhase)> = semis
        .games
        .iter()
        .map(|g| (g.red, g.black, g.phase))
        .collect();
    assert_eq!(
        got,
        vec![(s4, s1, GamePhase::Slow), (s2, s3, GamePhase::Slow)]
    );
    add_next_games(&mut s.rounds, opts.first_round(), semis);
    let boards: Vec<u32> = s.rounds[7].games.iter().map(|g| g.board).collect();
    assert_eq!(
        boards,
        (1..=10).collect::<Vec<_>>(),
        "8 Swiss boards, 2 playoff boards"
    );

    // Both slow games drawn → one rapid game each, colours swapped.
    game_mut(&mut s, 8, s1, s4).outcome = Some(Outcome::Draw);
    game_mut(&mut s, 8, s2, s3).outcome = Some(Outcome::Draw);
    let rapid = next_games(&opts.format, &seeds, &ko(&s), LOT_SEED, &[]).unwrap();
    let got: Vec<(EntrantId, EntrantId, GamePhase)> = rapid
        .games
        .iter()
        .map(|g| (g.red, g.black, g.phase))
        .collect();
    assert_eq!(
        got,
        vec![(s1, s4, GamePhase::Rapid), (s3, s2, GamePhase::Rapid)]
    );
    add_next_games(&mut s.rounds, opts.first_round(), rapid);
    // 1 v 4: the rapid game decides — 4 wins. 2 v 3: drawn again → Armageddon.
    let g = game_mut(&mut s, 8, s1, s4);
    g.outcome = Some(outcome_for_winner(g, Some(s4)));
    game_mut(&mut s, 8, s2, s3).outcome = Some(Outcome::Draw);
    let lot = next_games(&opts.format, &seeds, &ko(&s), LOT_SEED, &[]).unwrap();
    assert!(lot.games.is_empty());
    assert_eq!(
        lot.awaiting_choice.len(),
        1,
        "the winner of the lot chooses"
    );
    let chooser = lot.awaiting_choice[0];
    assert!(chooser == s2 || chooser == s3);
    let other = if chooser == s2 { s3 } else { s2 };
    // The chooser takes black (a draw wins for black) …
    let arm = next_games(
        &opts.format,
        &seeds,
        &ko(&s),
        LOT_SEED,
        &[(chooser, Side::Black)],
    )
    .unwrap();
    let got: Vec<(EntrantId, EntrantId, GamePhase)> = arm
        .games
        .iter()
        .map(|g| (g.red, g.black, g.phase))
        .collect();
    assert_eq!(got, vec![(other, chooser, GamePhase::Armageddon)]);
    add_next_games(&mut s.rounds, opts.first_round(), arm);
    // … and the Armageddon is drawn: black wins the match.
    game_mut(&mut s, 8, s2, s3).outcome = Some(Outcome::Draw);

    // Round 9: the Swiss goes on; the final (4 v the chooser) and the match for third place
    // (1 v the other). The better-ranked player of each chooses colour.
    play_on_swiss(&mut s, &others, 9);
    let b = playoff_bracket(&opts, &ranking7, &ko(&s)).unwrap();
    assert_eq!(b.stages[0][0].winner(), Some(s4));
    assert_eq!(b.stages[0][1].winner(), Some(chooser));
    let finals = next_games(
        &opts.format,
        &seeds,
        &ko(&s),
        LOT_SEED,
        &[(chooser, Side::Red), (s1, Side::Red)],
    )
    .unwrap();
    let got: Vec<(EntrantId, EntrantId)> = finals.games.iter().map(|g| (g.red, g.black)).collect();
    assert_eq!(got, vec![(chooser, s4), (s1, other)]);
    add_next_games(&mut s.rounds, opts.first_round(), finals);
    // 4 wins the final with black; the other semi-finalist beats 1 for third place.
    game_mut(&mut s, 9, chooser, s4).outcome = Some(Outcome::BlackWin);
    game_mut(&mut s, 9, s1, other).outcome = Some(Outcome::BlackWin);
    let done = next_games(&opts.format, &seeds, &ko(&s), LOT_SEED, &[]).unwrap();
    assert!(done.games.is_empty() && done.awaiting_choice.is_empty());

    // Final places: 1–4 from the playoff, then the Swiss ranking after round 9.
    let b = playoff_bracket(&opts, &ranking7, &ko(&s)).unwrap();
    let ranking9 = scaffold::ranking(&s, 9);
    let places = final_places(&opts, &b, &ranking9).expect("playoff decided");
    let top: Vec<Place> = places[..4].to_vec();
    let single = |entrant, p| Place {
        entrant,
        first: p,
        last: p,
    };
    assert_eq!(
        top,
        vec![
            single(s4, 1),
            single(chooser, 2),
            single(other, 3),
            single(s1, 4)
        ]
    );
    let rest: Vec<EntrantId> = places[4..].iter().map(|p| p.entrant).collect();
    let expect_rest: Vec<EntrantId> = ranking9
        .iter()
        .copied()
        .filter(|e| !seeds.contains(e))
        .collect();
    assert_eq!(rest, expect_rest);
    assert!(
        places[4..]
            .iter()
            .enumerate()
            .all(|(i, p)| p.first == 5 + i as u32 && p.last == p.first)
    );
    // Every other player had exactly one Swiss game in each of rounds 8 and 9.
    for e in &others {
        for r in &s.rounds[7..9] {
            let regular = r
                .games
                .iter()
                .filter(|g| !g.phase.is_match_game() && g.side_of(*e).is_some())
                .count();
            assert_eq!(regular, 1);
        }
    }
}
