//! Issue 25: prohibited pairings (禁止配对) from the command line — `bianpai settings FILE -s S
//! --prohibit A,B | --allow A,B | --prohibited` — kept in the event file, honoured by `pair`,
//! written into the TRF as record 260 (so that `pair --dutch` on the export honours them too),
//! and left out of the regulation template.

use crate::common::{ok, refused};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Boards printed by `pair`: (first, second) by pairing number; the bye line left out.
fn boards(text: &str) -> Vec<(u32, u32)> {
    text.lines()
        .map(|l| {
            let f: Vec<u32> = l.split('\t').map(|x| x.parse().unwrap()).collect();
            (f[1], f[2])
        })
        .filter(|&(_, b)| b != 0)
        .collect()
}

fn meets(boards: &[(u32, u32)], a: u32, b: u32) -> bool {
    boards.contains(&(a, b)) || boards.contains(&(b, a))
}

fn event_with(dir: &Path, game: &str, system: &str) -> String {
    let event = dir.join(format!("{game}.bianpai"));
    let ev = s(&event).to_string();
    ok(&["new", &ev, "--name", "禁止配对"]);
    ok(&[
        "section",
        "add",
        &ev,
        "--name",
        "公开组",
        "--game",
        game,
        "--system",
        system,
        "--rounds",
        "3",
    ]);
    let list = dir.join(format!("{game}.csv"));
    let mut text = String::from("姓名,单位,等级分\n");
    for i in 1..=6 {
        text += &format!("选手{i},单位{i},{}\n", 2000 - 10 * i);
    }
    std::fs::write(&list, text).unwrap();
    ok(&["import", &ev, "-s", "公开组", s(&list)]);
    ok(&["draw", &ev, "-s", "公开组", "--seed", "1"]);
    ev
}

#[test]
fn a_prohibited_pair_is_kept_listed_honoured_and_allowed_again() {
    let dir = tempfile::tempdir().unwrap();
    let ev = event_with(dir.path(), "xiangqi", "swiss");
    // Round 1's pattern pairs 1-2 on board 1 (1-2, 4-3, 5-6).
    let out = ok(&["settings", &ev, "-s", "公开组", "--prohibit", "1,2"]);
    assert!(out.contains("已禁止 1 号与 2 号配对"), "{out}");
    let out = ok(&["settings", &ev, "-s", "公开组", "--prohibit", "2,1"]);
    assert!(out.contains("本已禁止"), "{out}");
    // Another process reads it from the file.
    let listed = ok(&["settings", &ev, "-s", "公开组", "--prohibited"]);
    assert_eq!(listed.lines().count(), 1, "{listed}");
    let fields: Vec<&str> = listed.trim_end().split('\t').collect();
    assert_eq!(&fields[..2], ["1", "2"], "{listed}");
    assert!(
        fields[2..].iter().all(|n| n.starts_with("选手")),
        "{listed}"
    );
    // Refused: one entrant twice, a number no one has, text that is no pair.
    assert!(refused(&["settings", &ev, "-s", "公开组", "--prohibit", "3,3"]).contains("两名不同"));
    assert!(refused(&["settings", &ev, "-s", "公开组", "--prohibit", "1,99"]).contains("找不到"));
    let en = refused(&[
        "--lang",
        "en",
        "settings",
        &ev,
        "-s",
        "公开组",
        "--prohibit",
        "1-2",
    ]);
    assert!(en.contains("two pairing numbers"), "{en}");
    // The template file carries no prohibited pairing.
    let toml = dir.path().join("t.toml");
    ok(&["settings", &ev, "-s", "公开组", "--export", s(&toml)]);
    assert!(
        !std::fs::read_to_string(&toml)
            .unwrap()
            .contains("prohibited")
    );
    // And importing a template keeps the section's own.
    ok(&["settings", &ev, "-s", "公开组", "--import", s(&toml)]);
    assert!(ok(&["settings", &ev, "-s", "公开组", "--prohibited"]).starts_with("1\t2\t"));

    let round1 = boards(&ok(&["pair", &ev, "-s", "公开组"]));
    assert_eq!(round1.len(), 3, "{round1:?}");
    assert!(!meets(&round1, 1, 2), "{round1:?}");

    let out = ok(&["settings", &ev, "-s", "公开组", "--allow", "1,2"]);
    assert!(out.contains("可以再配对"), "{out}");
    assert_eq!(ok(&["settings", &ev, "-s", "公开组", "--prohibited"]), "");
}

#[test]
fn a_chess_section_writes_record_260_and_the_dutch_pairing_of_the_export_honours_it() {
    let dir = tempfile::tempdir().unwrap();
    let ev = event_with(dir.path(), "chess", "dutch");
    // The Dutch round 1 of six: 1-4, 5-2, 3-6 (top half against bottom half).
    ok(&["settings", &ev, "-s", "公开组", "--prohibit", "1,4"]);
    let trf = dir.path().join("open.trf");
    ok(&[
        "export",
        "standings",
        &ev,
        "-s",
        "公开组",
        "--format",
        "trf",
        "-o",
        s(&trf),
    ]);
    let text = std::fs::read_to_string(&trf).unwrap();
    assert!(text.lines().any(|l| l == "260 001 003    1    4"), "{text}");
    let by_file = ok(&["pair", "--dutch", s(&trf)]);
    let pairs: Vec<(u32, u32)> = by_file
        .lines()
        .skip(1)
        .map(|l| {
            let (a, b) = l.split_once(' ').unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    assert_eq!(pairs.len(), 3, "{by_file}");
    assert!(!meets(&pairs, 1, 4), "{by_file}");
    let round1 = boards(&ok(&["pair", &ev, "-s", "公开组"]));
    assert!(!meets(&round1, 1, 4), "{round1:?}");
    let mut from_file = pairs.clone();
    from_file.sort();
    let mut from_event = round1.clone();
    from_event.sort();
    assert_eq!(from_file, from_event, "the event and its TRF pair alike");
}

/// A TRF's record 260 becomes the new section's prohibited pairings, on the entrants the file's
/// starting ranks name (the event gives them ids of its own).
#[test]
fn a_section_made_of_a_trf_keeps_its_prohibited_pairings() {
    let dir = tempfile::tempdir().unwrap();
    let ev = event_with(dir.path(), "xiangqi", "swiss");
    let trf = dir.path().join("in.trf");
    let mut text = String::from("012 Open\nXXR 5\n");
    for k in 1..=5 {
        text += &format!("001 {k:>4}      Player {k}\n");
    }
    text += "260 001 005    2    4    5\n";
    std::fs::write(&trf, text).unwrap();
    ok(&[
        "section",
        "add",
        &ev,
        "--from-trf",
        s(&trf),
        "--name",
        "公开组二",
    ]);
    let listed = ok(&["settings", &ev, "-s", "公开组二", "--prohibited"]);
    let pairs: Vec<(u32, u32)> = listed
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    assert_eq!(pairs, [(2, 4), (2, 5), (4, 5)], "{listed}");
}

/// An entrant removed before he has played takes his prohibited pairings with him, in the same
/// action: undo brings back both.
#[test]
fn removing_an_entrant_removes_his_prohibited_pairings() {
    let dir = tempfile::tempdir().unwrap();
    let ev = event_with(dir.path(), "xiangqi", "swiss");
    ok(&["settings", &ev, "-s", "公开组", "--prohibit", "1,2"]);
    ok(&["settings", &ev, "-s", "公开组", "--prohibit", "3,4"]);
    let mut t = bianpai::app::Tournament::open(Path::new(&ev)).unwrap();
    let s = t.event().sections[0].clone();
    let by_number = |n: u32| s.entrants.iter().find(|e| e.number == Some(n)).unwrap().id;
    let (two, three, four) = (by_number(2), by_number(3), by_number(4));
    t.remove_entrant(s.id, two).unwrap();
    let after = &t.event().sections[0].settings.prohibited;
    assert_eq!(after.len(), 1, "only 3–4 is left");
    assert_eq!((after[0].first, after[0].second), (three, four));
    t.undo().unwrap();
    let back = &t.event().sections[0];
    assert!(back.entrant(two).is_some());
    assert_eq!(back.settings.prohibited, s.settings.prohibited);
}
