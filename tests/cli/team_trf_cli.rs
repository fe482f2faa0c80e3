//! A team section's TRF (issue 42): a four-team chess round robin run from the command line,
//! exported with `export … --format trf`, and read back by `standings OUT.trf` — the same 场分,
//! 局分, tie-breaks and places as the section's own standings, which are worked out here by
//! hand from the results entered; and the file's team records (310 members, 801 line-ups with a
//! reserve) checked column by column.

use crate::common::ok;
use std::collections::HashMap;
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The match of teams lo < hi board by board from lo's side: W, D, L.
fn pattern(lo: u32, hi: u32) -> &'static str {
    match (lo, hi) {
        (1, 2) => "WWDL", // 2½–1½
        (1, 3) => "DDDD", // 2–2
        (1, 4) => "WWWW", // 4–0
        (2, 3) => "LLLD", // ½–3½
        (2, 4) => "WDDD", // 2½–1½
        _ => "LLWW",      // 3–4: 2–2
    }
}

#[test]
fn a_team_sections_trf_reads_back_to_the_same_team_standings() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("team.bianpai");
    ok(&["new", s(&file), "--name", "区团体赛"]);
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "团体组",
        "--game",
        "chess",
        "--system",
        "round-robin",
        "--rounds",
        "3",
        "--team-boards",
        "4",
        "--reserves",
        "1",
        "--match-points",
        "2-1-0",
        "--team-tiebreaks",
        "GP,EDET,BH:MP",
    ]);
    for (k, name) in ["甲队", "乙队", "丙队", "丁队"].iter().enumerate() {
        let players: Vec<String> = (1..=5).map(|p| format!("{}-{p}", k + 1)).collect();
        ok(&[
            "team",
            "add",
            s(&file),
            "-s",
            "1",
            "--name",
            name,
            "--unit",
            &format!("第{}中学", k + 1),
            "--players",
            &players.join(","),
        ]);
    }
    let mut team_of: HashMap<u32, u32> = HashMap::new();
    for line in ok(&["team", "list", s(&file), "-s", "1"]).lines() {
        let f: Vec<&str> = line.split('\t').collect();
        for p in f[4].split(',') {
            team_of.insert(
                p.split(' ').next().unwrap().parse().unwrap(),
                f[0].parse().unwrap(),
            );
        }
    }
    // 甲队's reserve 1-5 plays board 4 of round 2 in place of 1-4.
    ok(&[
        "team",
        "lineup",
        s(&file),
        "-s",
        "1",
        "-r",
        "2",
        "-t",
        "1",
        "--players",
        "1-1,1-2,1-3,1-5",
    ]);
    for round in 1..=3u32 {
        for line in ok(&["pair", s(&file), "-s", "1"]).lines() {
            let f: Vec<u32> = line.split('\t').map(|x| x.parse().unwrap()).collect();
            let (board, white, black) = (f[0], f[1], f[2]);
            let (tw, tb) = (team_of[&white], team_of[&black]);
            let (lo, hi) = (tw.min(tb), tw.max(tb));
            let from_lo = pattern(lo, hi).as_bytes()[((board - 1) % 4) as usize];
            let result = match (from_lo, tw == lo) {
                (b'D', _) => "=",
                (b'W', true) | (b'L', false) => "1-0",
                _ => "0-1",
            };
            ok(&[
                "result",
                s(&file),
                "-s",
                "1",
                "-r",
                &round.to_string(),
                "-b",
                &board.to_string(),
                result,
            ]);
        }
    }
    let own = ok(&["standings", s(&file), "-s", "团体组"]);
    // By hand (场分 2-1-0, 局分 1-½-0 a board):
    //   甲队: W 2½ v 乙, D 2 v 丙, W 4 v 丁 → 场分 5, 局分 8½
    //   乙队: L 1½ v 甲, L ½ v 丙, W 2½ v 丁 → 场分 2, 局分 4½
    //   丙队: D 2 v 甲, W 3½ v 乙, D 2 v 丁 → 场分 4, 局分 7½
    //   丁队: L 0 v 甲, L 1½ v 乙, D 2 v 丙 → 场分 1, 局分 3½
    // Places: 甲 1, 丙 2, 乙 3, 丁 4.
    let places: Vec<(String, String, String, String)> = own
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].into(), f[2].into(), f[3].into(), f[4].into())
        })
        .collect();
    let want = [
        ("1", "甲队", "5", "8.5"),
        ("2", "丙队", "4", "7.5"),
        ("3", "乙队", "2", "4.5"),
        ("4", "丁队", "1", "3.5"),
    ];
    assert_eq!(
        places,
        want.map(|(a, b, c, d)| (a.into(), b.into(), c.into(), d.into()))
    );

    let out = dir.path().join("out.trf");
    ok(&[
        "export",
        "results",
        s(&file),
        "-s",
        "1",
        "--format",
        "trf",
        "-o",
        s(&out),
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    // Read back: the same standings, tie-break values included.
    assert_eq!(ok(&["standings", s(&out)]), own);

    // 310: 甲队 with its five players' starting ranks from column 74, its 场分, 局分 and place.
    let t1 = text.lines().find(|l| l.starts_with("310   1")).unwrap();
    let cols = |l: &str, a: usize, b: usize| -> String {
        l.chars()
            .skip(a - 1)
            .take(b - a + 1)
            .collect::<String>()
            .trim()
            .to_string()
    };
    assert_eq!(cols(t1, 9, 40), "甲队");
    assert_eq!(cols(t1, 55, 60), "5.0");
    assert_eq!(cols(t1, 62, 67), "8.5");
    assert_eq!(cols(t1, 69, 71), "1");
    let ranks: Vec<u32> = {
        let mut r: Vec<u32> = team_of
            .iter()
            .filter(|(_, t)| **t == 1)
            .map(|(n, _)| *n)
            .collect();
        r.sort_unstable();
        r
    };
    let members: Vec<u32> = cols(t1, 74, 200)
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(members, ranks, "1-1 … 1-5 in the team's order");
    assert!(text.contains("\n362 TW 2 TD 1 TL 0\n"), "{text}");
    assert!(text.contains("\n352 WBWB\n"), "{text}");
    assert!(text.contains("\n202 GP,EDET,BH:MP\n"), "{text}");
    // 801: 甲队 met 乙队 in round 2 (Berger: 1–4, then 1–2, then 3–1) with its reserve, the
    // team's fifth player, on board 4: line-up 1235, results WWDL.
    let r801 = text.lines().find(|l| l.starts_with("801  1 ")).unwrap();
    let words: Vec<&str> = r801.split_whitespace().collect();
    assert_eq!(&words[5..9], ["4", "w", "1111", "1234"], "{r801}");
    assert_eq!(&words[9..13], ["2", "w", "11=0", "1235"], "{r801}");
    assert_eq!(&words[13..17], ["3", "b", "====", "1234"], "{r801}");
}
