//! `bianpai role add|list|revoke`: the address a device's QR code opens and the QR code itself
//! in the terminal (read back module by module against the QR code of that address), the token
//! kept only as its hash, bad input refused with nothing written, and revocation.

use super::two_sections;
use crate::common;
use bianpai::app::{Hands, QrCode, Tournament, token_hash};

/// The modules of a QR code printed two rows a character (light as blocks), without the quiet
/// zone of four.
fn read_terminal_qr(text: &str) -> Vec<Vec<bool>> {
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| l.contains('█')) {
        let chars: Vec<char> = line.chars().collect();
        rows.push(
            chars
                .iter()
                .map(|c| matches!(c, '▄' | ' '))
                .collect::<Vec<_>>(),
        );
        rows.push(
            chars
                .iter()
                .map(|c| matches!(c, '▀' | ' '))
                .collect::<Vec<_>>(),
        );
    }
    rows
}

#[test]
fn role_add_prints_the_address_and_its_qr_code_and_keeps_only_the_hash() {
    let (dir, t, _, _) = two_sections();
    let path = t.path().to_path_buf();
    drop(t);
    let file = path.to_str().unwrap();
    let out = common::ok(&[
        "role",
        "add",
        file,
        "--kind",
        "deputy",
        "-s",
        "公开组",
        "--boards",
        "1-20",
        "--person",
        "李明",
        "--url",
        "http://192.168.1.20:8088/",
    ]);
    let url = out
        .lines()
        .find(|l| l.starts_with("http://"))
        .expect("the address")
        .to_string();
    let token = url
        .strip_prefix("http://192.168.1.20:8088/k/")
        .expect("the QR address");
    assert_eq!(token.len(), 32);
    // The QR code on the terminal is that address's.
    let code = QrCode::of(&url).unwrap();
    let printed = read_terminal_qr(&out);
    let n = code.width;
    for y in 0..n {
        for x in 0..n {
            assert_eq!(printed[y + 4][x + 4], code.is_dark(x, y), "module {x},{y}");
        }
    }
    // The file keeps the hash, never the token.
    let bytes = std::fs::read(&path).unwrap();
    let has = |s: &str| bytes.windows(s.len()).any(|w| w == s.as_bytes());
    assert!(!has(token), "the token is not in the file");
    assert!(has(&token_hash(token)));
    let t = Tournament::open(&path).unwrap();
    let hands = Hands::new();
    t.publish_hands(&hands).unwrap();
    let role = hands.role_of(token).expect("the token opens the role");
    assert_eq!(role.scope.boards, Some((1, 20)));
    drop(t);

    // Bad input: named, nothing written.
    let bad = common::bianpai(&[
        "role", "add", file, "--kind", "deputy", "--boards", "20-1", "--person", "王",
    ]);
    assert_ne!(bad.code, 0);
    assert!(bad.err.contains("20-1"), "{}", bad.err);
    let no_player = common::bianpai(&["role", "add", file, "--kind", "player"]);
    assert_ne!(no_player.code, 0);
    assert!(no_player.err.contains("--player"), "{}", no_player.err);
    let list = common::ok(&["role", "list", file]);
    assert_eq!(list.trim(), "1\t副裁判长/裁判员\t李明\t公开组 1-20\t有效");

    common::ok(&["role", "revoke", file, "1"]);
    let list = common::ok(&["role", "list", file]);
    assert!(list.trim().ends_with("已撤销"), "{list}");
    let gone = common::bianpai(&["role", "revoke", file, "9"]);
    assert_ne!(gone.code, 0);
    drop(dir);
}
