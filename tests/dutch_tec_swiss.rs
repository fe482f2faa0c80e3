//! Acceptance 2 of the Dutch issue: the Swiss of the FIDE TEC tie-break exercises (16 players,
//! 5 rounds, with half-point byes, pairing-allocated byes, a forfeit, a zero-point bye and a
//! withdrawal) is re-paired round by round — from what was known before each round — and every
//! round comes out as published. This is what `bianpai check --dutch` does.

use bianpai::cli::dutch::check_report;
use bianpai::interchange::TrfFile;
use std::path::Path;

#[test]
fn tec_swiss_is_re_paired_as_published() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/fide_tiebreak_exercises/tec-swiss.trf");
    let text = std::fs::read_to_string(path).expect("tec-swiss.trf");
    let file = TrfFile::parse(&text).expect("valid TRF");
    let (report, differing) = check_report(&file, "tec-swiss").expect("every round pairs");
    let expected: String = (1..=5)
        .map(|r| format!("tec-swiss: Round #{r}\n"))
        .collect();
    assert_eq!(report, expected, "no round differs");
    assert_eq!(differing, 0);
}
