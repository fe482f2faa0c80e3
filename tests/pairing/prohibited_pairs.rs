//! Issue 25: prohibited pairings (禁止配对) are an absolute criterion of both Swiss engines. Over
//! generated tournaments — random fields, random prohibited pairs (some for a span of rounds
//! only), random results — neither the FIDE Dutch engine nor the xiangqi Swiss ever pairs a
//! prohibited pair in a round where it holds; a round that cannot avoid one is refused, never
//! paired.

use bianpai::model::{
    Entrant, EntrantId, Game, Lots, Outcome, ProhibitedPair, Round, Section, SectionSettings,
};
use bianpai::pairing::PairingError;
use bianpai::pairing::dutch::pair_dutch;
use bianpai::pairing::rtg::{Play, play_rounds};
use bianpai::pairing::xiangqi::pair_round;
use proptest::prelude::*;

#[derive(Clone, Copy, Debug)]
enum Engine {
    Dutch,
    Xiangqi,
}

struct Random {
    engine: Engine,
    lots: Lots,
}

impl Play for Random {
    fn pair(&mut self, s: &Section, r: u32) -> Result<Round, PairingError> {
        let round = match self.engine {
            Engine::Dutch => pair_dutch(s)?,
            Engine::Xiangqi => pair_round(s, r, &s.settings.xiangqi)?.round,
        };
        for g in &round.games {
            assert!(
                !s.settings.prohibits(r, g.red, g.black),
                "{:?} round {r}: board {} pairs {:?} and {:?}, a prohibited pair",
                self.engine,
                g.board,
                g.red,
                g.black
            );
        }
        Ok(round)
    }

    fn outcome(&mut self, _: &Section, _: &Game) -> Outcome {
        match self.lots.below(10) {
            0..4 => Outcome::RedWin,
            4..7 => Outcome::Draw,
            _ => Outcome::BlackWin,
        }
    }
}

fn section(engine: Engine, players: u32, rounds: u32, units: u32) -> Section {
    let mut s = Section {
        settings: match engine {
            Engine::Dutch => SectionSettings::chess(),
            Engine::Xiangqi => SectionSettings::default(),
        },
        ..Section::default()
    };
    s.settings.rounds = rounds;
    for k in 1..=players {
        s.entrants.push(Entrant {
            id: EntrantId(i64::from(k)),
            number: Some(k),
            name: format!("P{k}"),
            rating: Some(2400 - 10 * k as i32),
            unit: if units == 0 {
                String::new()
            } else {
                format!("U{}", k % units)
            },
            ..Entrant::default()
        });
    }
    s
}

fn prohibit(s: &mut Section, pairs: &[(u32, u32, u32, u32)]) {
    let n = s.entrants.len() as u32;
    for &(a, b, from, span) in pairs {
        let (a, b) = (a % n + 1, b % n + 1);
        let Some(mut p) = ProhibitedPair::new(EntrantId(i64::from(a)), EntrantId(i64::from(b)))
        else {
            continue;
        };
        // Half of them hold in every round, the others from a round for a span of rounds.
        if span % 2 == 1 {
            p.from_round = from;
            p.to_round = Some(from + span / 2);
        }
        s.settings.prohibited.push(p);
    }
}

/// The Dutch engine in either edition of its rules (`edition_2017`), the xiangqi Swiss as it is.
fn run_in(
    engine: Engine,
    edition_2017: bool,
    players: u32,
    rounds: u32,
    units: u32,
    pairs: &[(u32, u32, u32, u32)],
    seed: u64,
) {
    let mut s = section(engine, players, rounds, units);
    if edition_2017 {
        s.settings.dutch.edition = bianpai::model::DutchEdition::Fide2017;
    }
    prohibit(&mut s, pairs);
    let mut play = Random {
        engine,
        lots: Lots::new(seed),
    };
    if let Err(e) = play_rounds(&mut s, &mut play) {
        panic!("{engine:?}: {e}");
    }
}

fn run(
    engine: Engine,
    players: u32,
    rounds: u32,
    units: u32,
    pairs: &[(u32, u32, u32, u32)],
    seed: u64,
) {
    run_in(engine, false, players, rounds, units, pairs, seed);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_dutch_engine_never_pairs_a_prohibited_pair(
        players in 4u32..15,
        rounds in 3u32..7,
        pairs in prop::collection::vec((0u32..20, 0u32..20, 1u32..5, 0u32..6), 1..6),
        seed in any::<u64>(),
        edition_2017 in any::<bool>(),
    ) {
        run_in(Engine::Dutch, edition_2017, players, rounds, 0, &pairs, seed);
    }

    #[test]
    fn the_xiangqi_swiss_never_pairs_a_prohibited_pair(
        players in 4u32..15,
        rounds in 3u32..7,
        units in 0u32..4,
        pairs in prop::collection::vec((0u32..20, 0u32..20, 1u32..5, 0u32..6), 1..6),
        seed in any::<u64>(),
    ) {
        run(Engine::Xiangqi, players, rounds, units, &pairs, seed);
    }
}

/// Without the prohibition, 1 meets 2 on board 1 of round 1 in both systems (the Dutch top
/// half against the bottom half: 1-3, 2-4 with four players; the xiangqi pattern 1-2, 4-3);
/// with it, the engines pair around it, and the round still has every player.
#[test]
fn a_prohibited_round_one_table_is_paired_around() {
    for engine in [Engine::Dutch, Engine::Xiangqi] {
        let mut s = section(engine, 4, 3, 0);
        let (one, two, three) = (EntrantId(1), EntrantId(2), EntrantId(3));
        let prohibited = match engine {
            Engine::Dutch => (one, three),
            Engine::Xiangqi => (one, two),
        };
        let unbarred = match engine {
            Engine::Dutch => pair_dutch(&s).unwrap(),
            Engine::Xiangqi => pair_round(&s, 1, &s.settings.xiangqi).unwrap().round,
        };
        let meets = |r: &Round, (a, b): (EntrantId, EntrantId)| {
            r.games
                .iter()
                .any(|g| (g.red, g.black) == (a, b) || (g.red, g.black) == (b, a))
        };
        assert!(meets(&unbarred, prohibited), "{engine:?}");
        s.settings
            .prohibited
            .push(ProhibitedPair::new(prohibited.0, prohibited.1).unwrap());
        let barred = match engine {
            Engine::Dutch => pair_dutch(&s).unwrap(),
            Engine::Xiangqi => pair_round(&s, 1, &s.settings.xiangqi).unwrap().round,
        };
        assert!(!meets(&barred, prohibited), "{engine:?}");
        assert_eq!(barred.games.len(), 2, "{engine:?}");
    }
}

/// Two players who may not meet are the only two: no round can be paired.
#[test]
fn a_field_of_two_who_may_not_meet_is_refused() {
    for engine in [Engine::Dutch, Engine::Xiangqi] {
        let mut s = section(engine, 2, 1, 0);
        s.settings
            .prohibited
            .push(ProhibitedPair::new(EntrantId(1), EntrantId(2)).unwrap());
        let result = match engine {
            Engine::Dutch => pair_dutch(&s).map(|_| ()),
            Engine::Xiangqi => pair_round(&s, 1, &s.settings.xiangqi).map(|_| ()),
        };
        assert_eq!(result, Err(PairingError::NoValidPairing(1)), "{engine:?}");
    }
}

/// The checker (and so a manual change of the round) names a board that pairs a prohibited
/// pair.
#[test]
fn the_checker_names_a_prohibited_board() {
    use bianpai::pairing::xiangqi::checker::{Break, breaks};
    let mut s = section(Engine::Xiangqi, 4, 3, 0);
    let (a, b, c, d) = (EntrantId(1), EntrantId(2), EntrantId(3), EntrantId(4));
    s.rounds.push(Round {
        number: 1,
        games: vec![Game::new(1, a, b), Game::new(2, d, c)],
        byes: Vec::new(),
    });
    let options = s.settings.xiangqi.clone();
    assert_eq!(breaks(&s, 1, &options).unwrap(), vec![]);
    s.settings
        .prohibited
        .push(ProhibitedPair::new(b, a).unwrap());
    assert_eq!(
        breaks(&s, 1, &options).unwrap(),
        vec![Break::Prohibited { board: 1 }]
    );
}
