//! Acceptance 2 of the Dutch issue: the Swiss of the FIDE TEC tie-break exercises (16 players,
//! 5 rounds, with half-point byes, pairing-allocated byes, a forfeit, a zero-point bye and a
//! withdrawal) is re-paired round by round, and every round comes out as published.

use bianpai::interchange::{TrfFile, TrfRecord, TrfResult};
use bianpai::model::{ByeKind, EntrantId};
use bianpai::pairing::dutch::pair_dutch;
use std::collections::BTreeSet;
use std::path::Path;

/// The file as it stood before round `r` was paired: rounds before `r`, and in round `r` only
/// what the arbiter knew beforehand (requested byes, absences) — not the pairing-allocated bye.
fn before_round(file: &TrfFile, r: u32) -> TrfFile {
    let mut out = file.clone();
    for rec in out.records.iter_mut() {
        if let TrfRecord::Player(p) = rec {
            let keep_pending = p
                .round(r)
                .is_some_and(|e| e.opponent.is_none() && e.result != TrfResult::PairingBye);
            let pending = if keep_pending {
                p.rounds[r as usize - 1]
            } else {
                None
            };
            p.rounds.truncate(r as usize - 1);
            if pending.is_some() {
                p.rounds.push(pending);
            }
        }
    }
    out
}

#[test]
fn tec_swiss_is_re_paired_as_published() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/fide_tiebreak_exercises/tec-swiss.trf");
    let text = std::fs::read_to_string(path).expect("tec-swiss.trf");
    let file = TrfFile::parse(&text).expect("valid TRF");
    for r in 1..=5u32 {
        // Published: games (white, black) and the pairing-allocated bye of round r.
        let mut published = BTreeSet::new();
        let mut published_bye = None;
        for p in file.players() {
            match p.round(r) {
                Some(e) if e.result == TrfResult::PairingBye => published_bye = Some(p.start_rank),
                Some(e) => {
                    if let (Some(o), bianpai::interchange::TrfColour::White) =
                        (e.opponent, e.colour)
                    {
                        published.insert((p.start_rank, o));
                    }
                }
                None => {}
            }
        }
        let section = before_round(&file, r)
            .to_section()
            .expect("maps to the model");
        let round = pair_dutch(&section).expect("pairs");
        let num = |id: EntrantId| section.entrant(id).and_then(|e| e.number).unwrap_or(0);
        let ours: BTreeSet<(u32, u32)> = round
            .games
            .iter()
            .map(|g| (num(g.red), num(g.black)))
            .collect();
        let our_bye = round
            .byes
            .iter()
            .find(|b| b.kind == ByeKind::Pairing)
            .map(|b| num(b.entrant));
        assert_eq!(ours, published, "round {r}");
        assert_eq!(our_bye, published_bye, "round {r} bye");
    }
}
