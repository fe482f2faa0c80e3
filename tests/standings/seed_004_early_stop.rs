//! Seed 004 (申童级位赛, 八、竞赛办法(二)): “已达标晋级者和中途升级无望者不再进入之后轮次的比赛”
//! — through the app, a player who has reached his promotion, or can no longer reach it, is not
//! paired in later rounds, in the Dutch (chess) and in the xiangqi Swiss; the standings and the
//! awards still list him.
//!
//! The field: ten 棋协二级棋士 (target 棋协一级棋士 at 55 %, rules.md §3.2), five rounds; the
//! lower pairing number wins every game. Who must sit out is worked out in this file from the
//! games as stored: a score rate over the five scheduled rounds of at least 55 % is promotion,
//! and a player who would stay under 55 % by winning every remaining round can no longer reach
//! it (rules.md §3.3–3.4).

use crate::common;
use crate::common::{SectionBuilder, finish_round, number_of};
use bianpai::app::{Tournament, section_awards};
use bianpai::awards::{AwardOptions, AwardPreset};
use bianpai::model::{ByeKind, Entrant, EntrantId, Outcome, Section, SectionId, SectionSettings};
use std::collections::{BTreeMap, BTreeSet};

const ROUNDS: u32 = 5;
const PLAYERS: u32 = 10;

fn section(t: &Tournament) -> &Section {
    &t.event().sections[0]
}

/// Each player's score in half-points of a win (a win 2, a draw 1), from the stored games and
/// byes: a pairing bye scores a win, as seed 004 plays byes (FIDE C.04.1: one point).
fn scores(s: &Section) -> BTreeMap<EntrantId, u32> {
    let mut score: BTreeMap<EntrantId, u32> = s.entrants.iter().map(|e| (e.id, 0)).collect();
    for r in &s.rounds {
        for g in &r.games {
            let (red, black) = match g.outcome.expect("every result in") {
                Outcome::RedWin => (2, 0),
                Outcome::BlackWin => (0, 2),
                Outcome::Draw => (1, 1),
                other => panic!("no {other:?} in this event"),
            };
            *score.get_mut(&g.red).unwrap() += red;
            *score.get_mut(&g.black).unwrap() += black;
        }
        for b in &r.byes {
            assert_eq!(b.kind, ByeKind::Pairing);
            *score.get_mut(&b.entrant).unwrap() += 2;
        }
    }
    score
}

/// The players who sit out after `played` rounds: rate ≥ 55 % of the scheduled rounds, or
/// below 55 % even with a win in every remaining round. (Score in half-wins; the most is
/// 2 × ROUNDS.)
fn must_sit_out(s: &Section, played: u32) -> BTreeSet<EntrantId> {
    let most = 2 * ROUNDS;
    scores(s)
        .into_iter()
        .filter(|&(_, score)| {
            let reached = score * 100 >= 55 * most;
            let best = score + 2 * (ROUNDS - played);
            reached || best * 100 < 55 * most
        })
        .map(|(id, _)| id)
        .collect()
}

fn in_round(s: &Section, r: u32) -> BTreeSet<EntrantId> {
    let round = s.round(r).expect("the round");
    round
        .games
        .iter()
        .flat_map(|g| [g.red, g.black])
        .chain(round.byes.iter().map(|b| b.entrant))
        .collect()
}

fn grade_event(base: SectionSettings) -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = common::create(&common::event("级位赛", vec![]));
    let settings = SectionSettings {
        rounds: ROUNDS,
        awards: Box::new(AwardOptions::preset(AwardPreset::Seed004GradeEvent)),
        ..base
    };
    let s = SectionBuilder::new()
        .name("二级组")
        .settings(settings)
        .entrants((1..=PLAYERS).map(|k| Entrant {
            name: format!("棋手{k}"),
            grade: "棋协二级棋士".into(),
            ..Entrant::default()
        }))
        .lot_seed(2026_0110)
        .enter(&mut t);
    (dir, t, s)
}

fn plays_out_the_early_stop(base: SectionSettings) {
    let (_dir, mut t, s) = grade_event(base);
    let everyone: BTreeSet<EntrantId> = section(&t).entrants.iter().map(|e| e.id).collect();
    let mut sat_out_somewhere = false;
    for r in 1..=ROUNDS {
        let out = must_sit_out(section(&t), r - 1);
        if out.len() == everyone.len() {
            // Nobody is left to pair.
            assert!(t.pair_next_round(s).is_err(), "round {r}: nobody to pair");
            break;
        }
        assert_eq!(t.pair_next_round(s).unwrap(), r);
        let expected: BTreeSet<EntrantId> = everyone.difference(&out).copied().collect();
        assert_eq!(in_round(section(&t), r), expected, "round {r}");
        sat_out_somewhere |= !out.is_empty();
        finish_round(&mut t, s, r, |s, g| {
            if number_of(s, g.red) < number_of(s, g.black) {
                Outcome::RedWin
            } else {
                Outcome::BlackWin
            }
        });
    }
    assert!(sat_out_somewhere, "the event must test the rule");
    // Played out, whether every round was paired or nobody was left to pair.
    assert!(bianpai::conduct::section_over(section(&t)));
    // The standings and the awards list everyone, the stopped players too.
    let last = section(&t).rounds.last().unwrap().number;
    let awards = section_awards(section(&t), last);
    let listed: BTreeSet<EntrantId> = awards.standings.iter().map(|x| x.entrant).collect();
    assert_eq!(listed, everyone);
    // Number 1 wins every game he plays: 3 wins of 5 is 60 % ≥ 55 %.
    let first = section(&t)
        .entrants
        .iter()
        .find(|e| e.number == Some(1))
        .unwrap()
        .id;
    assert!(awards.promotions.iter().any(|p| p.entrant == first));
}

#[test]
fn the_dutch_holds_out_promoted_and_hopeless_players() {
    plays_out_the_early_stop(SectionSettings::chess());
}

#[test]
fn the_xiangqi_swiss_holds_out_promoted_and_hopeless_players() {
    plays_out_the_early_stop(SectionSettings::default());
}

/// A grade event of three rounds (seed 004's preset, its early stop) with `players` 棋协二级棋士.
fn small_grade_event(base: SectionSettings, players: u32) -> SectionBuilder {
    SectionBuilder::new()
        .settings(SectionSettings {
            rounds: 3,
            awards: Box::new(AwardOptions::preset(AwardPreset::Seed004GradeEvent)),
            ..base
        })
        .entrants((1..=players).map(|k| Entrant {
            name: format!("棋手{k}"),
            grade: "棋协二级棋士".into(),
            ..Entrant::default()
        }))
}

/// C.04.1 d (rules.md §2.1; the xiangqi Swiss's rule A2, §1.4.3): a player who has had the
/// pairing-allocated bye does not get a second one — not even when the early stop leaves him
/// alone in the field (seed 004 精英组, round 7). Nobody can be paired: the round is refused,
/// and he gets no free point toward his promotion. In a grade event that stops early the
/// section is then played out: its results are final (not 非最终成绩), though rounds remain.
#[test]
fn a_lone_player_who_had_the_bye_gets_no_second_one() {
    for base in [SectionSettings::chess(), SectionSettings::default()] {
        let mut s = small_grade_event(base, 3)
            .round(&[(1, 2, Outcome::RedWin)])
            .bye(3, ByeKind::Pairing)
            .build();
        // Players 1 and 2 have left; 3 (1 point of the 2 he needs, two rounds to go) is alone.
        for e in &mut s.entrants {
            if e.number != Some(3) {
                e.status = bianpai::model::EntrantStatus::Withdrawn;
            }
        }
        let planned = bianpai::app::plan_next_round(&s);
        let Err(why) = planned else {
            panic!("{:?}: {:?}", s.settings.system, planned.map(|p| p.round));
        };
        // Said in the window's language.
        let zh = why.message(bianpai::i18n::Lang::Zh);
        assert!(zh.starts_with("第2轮"), "{zh}");
        assert!(
            bianpai::conduct::section_over(&s),
            "{:?}: nobody left to pair",
            s.settings.system
        );
        // Without the early stop the section waits for its last rounds.
        s.settings.awards.promotion.early_stop = bianpai::model::EarlyStop::Never;
        assert!(!bianpai::conduct::section_over(&s));
    }
}

/// The same when more than one player is left but they cannot be paired (C.04.3 C1): two
/// players who have met already are all the early stop leaves. The round is refused, and the
/// grade event is played out; without the early stop it waits.
#[test]
fn two_players_left_who_have_met_end_the_grade_event() {
    for base in [SectionSettings::chess(), SectionSettings::default()] {
        let mut s = small_grade_event(base, 4)
            .round(&[(1, 2, Outcome::Draw), (3, 4, Outcome::Draw)])
            .build();
        // 55 % of 3 rounds is 2 points: 1 and 2, on ½ with two rounds to go, can still reach
        // it (best 2½); 3 and 4 have left.
        for e in &mut s.entrants {
            if e.number.is_some_and(|n| n > 2) {
                e.status = bianpai::model::EntrantStatus::Withdrawn;
            }
        }
        assert!(
            bianpai::app::plan_next_round(&s).is_err(),
            "{:?}: 1 and 2 have met",
            s.settings.system
        );
        assert!(bianpai::conduct::section_over(&s));
        s.settings.awards.promotion.early_stop = bianpai::model::EarlyStop::Never;
        assert!(!bianpai::conduct::section_over(&s));
    }
}
