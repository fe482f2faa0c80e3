//! The bbpPairings-compatible command line: `bianpai pair --dutch in.trf -p out.txt` writes the
//! endorsed engine's output format, byte for byte on its own regression cases.

use std::path::Path;
use std::process::Command;

fn data() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/bbppairings_cases")
}

#[test]
fn pair_writes_the_endorsed_engines_file() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["dutch_2025_C5", "dutch_2025_C9"] {
        let out = dir.path().join(format!("{name}.txt"));
        let status = Command::new(env!("CARGO_BIN_EXE_bianpai"))
            .args(["pair", "--dutch"])
            .arg(data().join(format!("{name}.input")))
            .arg("-p")
            .arg(&out)
            .status()
            .expect("runs");
        assert!(status.success(), "{name}");
        let want = std::fs::read_to_string(data().join(format!("{name}.output.expected"))).unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), want, "{name}");
    }
}

#[test]
fn a_bad_file_is_an_error_naming_line_and_column_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.trf");
    // Round 1's block starts at column 92; its colour (column 97) is not w, b or -.
    let line = format!("{:<91}{}", "001    1      A", "   2 q 1");
    std::fs::write(&bad, format!("012 x\n{line}\n")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(["pair", "--dutch"])
        .arg(&bad)
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2, column 97"), "{err}");
}
