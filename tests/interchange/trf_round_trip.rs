//! Acceptance 3 of the Dutch issue: every real TRF file reads and writes back with the same
//! players, rounds and results.

use crate::common;
use bianpai::interchange::{TrfFile, TrfRecord};

/// Lichess writes a bye as a blank opponent (`         U`) where TRF has `0000 - U`.
fn standard_blocks(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out: String = chars.iter().take(91).collect();
    for block in chars.get(91..).unwrap_or(&[]).chunks(10) {
        let b: String = block.iter().collect();
        if b.len() >= 8 && b[..4].trim().is_empty() && !b.trim().is_empty() {
            let colour = if b.as_bytes()[5] == b' ' {
                '-'
            } else {
                b.as_bytes()[5] as char
            };
            out.push_str(&format!("0000 {colour} {}", &b[7..]));
        } else {
            out.push_str(&b);
        }
    }
    out.trim_end().to_string()
}

#[test]
fn every_real_trf_file_round_trips() {
    let dir = common::shared_data("real_trf");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("real_trf folder") {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("trf") {
            continue;
        }
        files += 1;
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let file = TrfFile::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let lines: Vec<&str> = text
            .split(['\n', '\r'])
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .collect();
        let n001 = lines.iter().filter(|l| l.starts_with("001")).count();
        assert_eq!(file.players().count(), n001, "{}", path.display());
        assert_eq!(file.records.len(), lines.len(), "{}", path.display());
        // Every line comes back as it was written (player lines in the standard layout).
        for (rec, line) in file.records.iter().zip(&lines) {
            match rec {
                TrfRecord::Other(s) => assert_eq!(s, line),
                TrfRecord::Player(p) => {
                    assert_eq!(p.to_line(), standard_blocks(line), "{}", path.display())
                }
            }
        }
        let written = file.write();
        let again = TrfFile::parse(&written).expect("our own output reads");
        assert_eq!(again, file, "{}", path.display());
        // The individual files also map onto the model and back: same entrants, opponents and
        // results in every round.
        if file.header("013").is_none() {
            let section = file
                .to_section()
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(section.entrants.len(), n001);
            assert_eq!(section.rounds.len() as u32, file.rounds_present());
            let back = TrfFile::from_section(&section).unwrap();
            for (a, b) in back.players().zip(file.players()) {
                assert_eq!((a.start_rank, &a.name), (b.start_rank, &b.name));
                for r in 1..=file.rounds_present() {
                    let (x, y) = (a.round(r), b.round(r));
                    let what = format!("{} player {} round {r}", path.display(), b.start_rank);
                    assert_eq!(
                        x.and_then(|e| e.opponent),
                        y.and_then(|e| e.opponent),
                        "{what}"
                    );
                    // The model keeps no colour for a forfeit; played games keep theirs.
                    if y.is_some_and(|e| e.result.is_played()) {
                        assert_eq!(x.map(|e| e.colour), y.map(|e| e.colour), "{what}");
                    }
                    assert_eq!(
                        x.map(|e| e.result.is_played()),
                        y.map(|e| e.result.is_played()),
                        "{what}"
                    );
                }
            }
        }
    }
    assert!(files >= 6, "expected the six real files, found {files}");
}

/// Mangled files (characters replaced, lines cut short) give a result or an error naming a line
/// and column — never a panic, neither in reading nor in pairing.
#[test]
fn mangled_files_never_panic() {
    use bianpai::model::Lots;
    let path = common::shared_data("fide_tiebreak_exercises/tec-swiss.trf");
    let text = std::fs::read_to_string(path).unwrap();
    let chars: Vec<char> = text.chars().collect();
    let noise = ['x', '9', ' ', '-', '+', 'w', 'b', '\n', '0', '='];
    let mut lots = Lots::new(4);
    for _ in 0..500 {
        let mut mangled = chars.clone();
        for _ in 0..3 {
            let at = lots.below(mangled.len() as u64) as usize;
            mangled[at] = noise[lots.below(noise.len() as u64) as usize];
        }
        let cut = lots.below(mangled.len() as u64) as usize;
        let text: String = mangled[..cut.max(mangled.len() / 2)].iter().collect();
        match TrfFile::parse(&text) {
            Ok(file) => match file.to_section() {
                // Whatever the file says, pairing it answers with a round or an error.
                Ok(section) => drop(bianpai::pairing::dutch::pair_dutch(&section)),
                Err(e) => assert!(e.line > 0 && e.column > 0, "{e}"),
            },
            Err(e) => assert!(e.line > 0 && e.column > 0, "{e}"),
        }
    }
}
