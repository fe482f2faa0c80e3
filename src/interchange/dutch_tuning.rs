//! The Dutch engine's tuning changes only the work, never the pairing: checked here, on the
//! shared cases the endorsed engines paired, because reading a TRF is this layer's (the rule
//! book reads no files).

use super::TrfFile;
use crate::model::DutchEdition;
use crate::pairing::dutch::{Field, TUNING, Tuning, pair_from};

/// Pricing finds every pair the optimum needs: started from no pairs at all, or from one
/// partner each, the engine pairs the generated cases exactly as from its usual start. And
/// the S1 players' opponents come out the same whether chosen over the tight edges, by one
/// matching for several of them, or by one matching each. Both editions.
#[test]
fn pricing_and_batches_give_the_same_pairings() {
    for (folder, edition, step) in [
        ("dutch_cases", DutchEdition::Fide2026, 8),
        ("dutch2017_cases", DutchEdition::Fide2017, 16),
    ] {
        same_pairings_however_tuned(folder, edition, step);
    }
}

fn same_pairings_however_tuned(folder: &str, edition: DutchEdition, step: usize) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("cases folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    let mut paired = 0;
    for path in files.iter().step_by(step) {
        let text = std::fs::read_to_string(path).expect("case");
        let file = TrfFile::parse(&text).expect("TRF");
        let mut section = file.to_section().expect("section");
        section.settings.dutch.edition = edition;
        // The file's bonuses and penalties (record 299) are in the section's settings.
        let field = Field::from_section(&section, &section.settings.dutch);
        let usual = pair_from(&field, TUNING);
        assert!(usual.is_ok(), "{}", path.display());
        for near in [0, 1] {
            assert_eq!(
                pair_from(&field, Tuning { near, ..TUNING }),
                usual,
                "{} from {near}",
                path.display()
            );
        }
        // The S1 players' opponents by matchings, several or one per matching (as the
        // rules take them), rather than over the tight edges.
        for batch in [TUNING.batch, 1] {
            assert_eq!(
                pair_from(
                    &field,
                    Tuning {
                        batch,
                        serial: false,
                        ..TUNING
                    }
                ),
                usual,
                "{} by matchings of {batch}",
                path.display()
            );
        }
        paired += 1;
    }
    assert!(paired >= 400 / step, "only {paired} cases");
}
