//! Acceptance 2 of the Dutch issue: the Swiss of the FIDE TEC tie-break exercises (16 players,
//! 5 rounds, with half-point byes, pairing-allocated byes, a forfeit, a zero-point bye and a
//! withdrawal) is re-paired round by round — from what was known before each round — and every
//! round comes out as published. This is what `bianpai check --dutch` does.

use crate::common;
use bianpai::cli::dutch::{check_report, edition_of};
use bianpai::interchange::TrfFile;
use bianpai::model::DutchEdition;

///
/// The file began in 2024, so the command pairs it by the 2017 edition; the 2026 edition pairs
/// every round the same way.
#[test]
fn tec_swiss_is_re_paired_as_published() {
    let path = common::shared_data("fide_tiebreak_exercises/tec-swiss.trf");
    let text = std::fs::read_to_string(path).expect("tec-swiss.trf");
    let file = TrfFile::parse(&text).expect("valid TRF");
    assert_eq!(edition_of(&file, None), DutchEdition::Fide2017);
    for edition in [None, Some(DutchEdition::Fide2026)] {
        let (report, differing) =
            check_report(&file, "tec-swiss", edition).expect("every round pairs");
        let expected: String = (1..=5)
            .map(|r| format!("tec-swiss: Round #{r}\n"))
            .collect();
        assert_eq!(report, expected, "no round differs ({edition:?})");
        assert!(differing.is_empty());
    }
}
