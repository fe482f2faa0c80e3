//! A team round robin run from the command line (issue 42): six teams of four boards and one
//! reserve, from an empty file to the team standings, every 场分, 局分 and place worked out here
//! by hand from the results entered; and the line-up rules as the command line meets them.

use crate::common::{bianpai, ok, refused};
use std::collections::{HashMap, HashSet};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A xiangqi team round robin of six teams (甲队 … 己队, numbers 1–6), four boards and one
/// reserve, 2-1-0 match points, ranked by 局分 after 场分. Players of team k: k-1 … k-5.
fn six_teams(dir: &Path) -> std::path::PathBuf {
    let file = dir.join("team.bianpai");
    ok(&["new", s(&file), "--name", "区团体赛"]);
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "团体组",
        "--game",
        "xiangqi",
        "--system",
        "round-robin",
        "--rounds",
        "5",
        "--team-boards",
        "4",
        "--reserves",
        "1",
        "--match-points",
        "2-1-0",
        "--team-tiebreaks",
        "GP",
    ]);
    for (k, name) in ["甲队", "乙队", "丙队", "丁队", "戊队", "己队"]
        .iter()
        .enumerate()
    {
        let players: Vec<String> = (1..=5).map(|p| format!("{}-{p}", k + 1)).collect();
        let out = ok(&[
            "team",
            "add",
            s(&file),
            "-s",
            "团体组",
            "--name",
            name,
            "--unit",
            "区体育局",
            "--players",
            &players.join(","),
        ]);
        assert_eq!(out, format!("{}\t{name}\n", k + 1));
    }
    file
}

/// Team of each player's pairing number, from `team list` ("number name" items).
fn teams_by_player(file: &Path) -> HashMap<u32, u32> {
    let mut m = HashMap::new();
    for line in ok(&["team", "list", s(file), "-s", "1"]).lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let team: u32 = f[0].parse().unwrap();
        for p in f[4].split(',') {
            let number: u32 = p.split(' ').next().unwrap().parse().unwrap();
            m.insert(number, team);
        }
    }
    m
}

/// The results of the match of teams i < j, board by board, from i's side: W, D, L. Most
/// matches the lower number wins boards 1 and 2, board 3 is drawn and board 4 lost
/// (2½–1½); four matches differ.
fn pattern(i: u32, j: u32) -> &'static str {
    match (i, j) {
        (1, 2) => "LLDW", // 乙队 beats 甲队 2½–1½
        (3, 4) => "WLDD", // drawn 2–2
        (5, 6) => "WWWW", // 戊队 4–0
        _ => "WWDL",
    }
}

#[test]
fn a_six_team_round_robin_runs_from_an_empty_file_to_the_team_standings() {
    let dir = tempfile::tempdir().unwrap();
    let file = six_teams(dir.path());
    let team_of = teams_by_player(&file);
    assert_eq!(team_of.len(), 30, "six teams of five players");
    // Team 1's reserve plays round 2 in place of 1-4: a reserve takes his place in the team's
    // order (board 4 here). Put above 1-3, he is refused, naming team, board and player.
    let bad = refused(&[
        "team",
        "lineup",
        s(&file),
        "-s",
        "1",
        "-r",
        "2",
        "-t",
        "甲队",
        "--players",
        "1-1,1-2,1-5,1-3",
    ]);
    assert!(
        bad.contains("甲队") && bad.contains("第4台") && bad.contains("1-3"),
        "{bad}"
    );
    let lineup = ok(&[
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
    assert_eq!(lineup, "1\t1\t1-1\n2\t2\t1-2\n3\t3\t1-3\n4\t5\t1-5\n");

    let mut met = HashSet::new();
    for round in 1..=5u32 {
        let r = round.to_string();
        let boards: Vec<(u32, u32, u32)> = ok(&["pair", s(&file), "-s", "1"])
            .lines()
            .map(|l| {
                let f: Vec<u32> = l.split('\t').map(|x| x.parse().unwrap()).collect();
                (f[0], f[1], f[2])
            })
            .collect();
        assert_eq!(
            boards.len(),
            12,
            "round {round}: three matches of four boards"
        );
        let matches: Vec<Vec<String>> = ok(&["team", "matches", s(&file), "-s", "1", "-r", &r])
            .lines()
            .map(|l| l.split('\t').map(String::from).collect())
            .collect();
        assert_eq!(matches.len(), 3, "round {round}: no bye with six teams");
        if round == 1 {
            // The Berger table of six: 1–6, 2–5, 3–4, the first-listed team 先走.
            let pairs: Vec<(&str, &str)> = matches
                .iter()
                .map(|m| (m[1].as_str(), m[3].as_str()))
                .collect();
            assert_eq!(pairs, vec![("1", "6"), ("2", "5"), ("3", "4")]);
        }
        for m in &matches {
            let (table, first, second): (u32, u32, u32) = (
                m[0].parse().unwrap(),
                m[1].parse().unwrap(),
                m[3].parse().unwrap(),
            );
            assert!(
                met.insert((first.min(second), first.max(second))),
                "rematch {m:?}"
            );
            assert_eq!(
                (m[7].as_str(), m[8].as_str()),
                (
                    &*((table - 1) * 4 + 1).to_string(),
                    &*(table * 4).to_string()
                )
            );
            for (board, red, black) in boards.iter().filter(|b| (b.0 - 1) / 4 + 1 == table) {
                let b = (board - 1) % 4 + 1;
                // Odd boards red for the first-named team, even boards black.
                let (red_team, black_team) = (team_of[red], team_of[black]);
                if b % 2 == 1 {
                    assert_eq!((red_team, black_team), (first, second), "board {board}");
                } else {
                    assert_eq!((red_team, black_team), (second, first), "board {board}");
                }
                if round == 2 && b == 4 && (first == 1 || second == 1) {
                    let one = if red_team == 1 { red } else { black };
                    assert_eq!(*one, 5, "the reserve 1-5 (number 5) plays board 4");
                }
                let (lo, hi) = (first.min(second), first.max(second));
                let from_lo = pattern(lo, hi).as_bytes()[b as usize - 1];
                let lo_red = red_team == lo;
                let result = match (from_lo, lo_red) {
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
                    &r,
                    "-b",
                    &board.to_string(),
                    result,
                ]);
            }
        }
    }
    assert_eq!(met.len(), 15, "every pair of the six met once");

    // 场分 2-1-0 and 局分 (each board 2-1-0, xiangqi 13.1–13.2), by hand from `pattern`:
    // a WWDL match is 5–3 (2+2+1+0 against 0+0+1+2), LLDW 3–5, WLDD 4–4, WWWW 8–0.
    //   甲队: L 3 v 乙, W 5 v 丙 丁 戊 己        → 场分 8,  局分 23
    //   乙队: W 5 v all five                     → 场分 10, 局分 25
    //   丙队: L 3 v 甲 乙, D 4 v 丁, W 5 v 戊 己 → 场分 5,  局分 20
    //   丁队: L 3 v 甲 乙, D 4 v 丙, W 5 v 戊 己 → 场分 5,  局分 20
    //   戊队: L 3 v 甲 乙 丙 丁, W 8 v 己        → 场分 2,  局分 20
    //   己队: L 3 v 甲 乙 丙 丁, L 0 v 戊        → 场分 0,  局分 12
    // Places: 乙 1, 甲 2, 丙 and 丁 tied on 场分 and 局分 share 3, 戊 5, 己 6.
    let standings = ok(&["standings", s(&file), "-s", "团体组"]);
    assert_eq!(
        standings,
        "# rank\tno\tteam\tMP\tGP\tGP\n\
         1\t2\t乙队\t10\t25\t25\n\
         2\t1\t甲队\t8\t23\t23\n\
         3\t3\t丙队\t5\t20\t20\n\
         3\t4\t丁队\t5\t20\t20\n\
         5\t5\t戊队\t2\t20\t20\n\
         6\t6\t己队\t0\t12\t12\n"
    );
    // All five rounds are paired: a sixth is refused.
    assert_ne!(bianpai(&["pair", s(&file), "-s", "1"]).code, 0);
}

#[test]
fn a_team_is_named_by_its_faults_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = six_teams(dir.path());
    // Too few players for four boards.
    let err = refused(&[
        "team",
        "add",
        s(&file),
        "-s",
        "1",
        "--name",
        "庚队",
        "--players",
        "a,b,c",
    ]);
    assert!(
        err.contains("庚队") && err.contains('3') && err.contains('4'),
        "{err}"
    );
    // A player twice.
    let err = refused(&[
        "team",
        "add",
        s(&file),
        "-s",
        "1",
        "--name",
        "庚队",
        "--players",
        "a,b,c,a",
    ]);
    assert!(err.contains("庚队") && err.contains("“a”"), "{err}");
    // An empty item is named by its place in the list.
    let err = refused(&[
        "team",
        "add",
        s(&file),
        "-s",
        "1",
        "--name",
        "庚队",
        "--players",
        "a,,c,d",
    ]);
    assert!(err.contains("第2项"), "{err}");
    // A player of another team in a line-up.
    let err = refused(&[
        "team",
        "lineup",
        s(&file),
        "-s",
        "1",
        "-r",
        "1",
        "-t",
        "2",
        "--players",
        "2-1,2-2,1-3,2-4",
    ]);
    assert!(err.contains("第3项") && err.contains("1-3"), "{err}");
    assert_eq!(
        ok(&["team", "list", s(&file), "-s", "1"]).lines().count(),
        6,
        "no team was added"
    );
    // A team section of an individual section's verbs: an individual section is no team one.
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "个人组",
        "--game",
        "xiangqi",
        "--system",
        "swiss",
        "--rounds",
        "5",
    ]);
    let err = refused(&["team", "list", s(&file), "-s", "个人组"]);
    assert!(err.contains("个人组"), "{err}");
}

/// The xiangqi team Swiss by the command line: five teams of two boards, round 1 by the rule
/// book's adjacent pattern over the team numbers (1-2, 4-3, the last number's bye), the
/// first-named team red on odd boards, so table 2 is 丁队 (players 7, 8) against 丙队 (5, 6):
/// board 3 is 7 red against 5, board 4 is 6 red against 8. A team knockout is refused in words.
#[test]
fn a_xiangqi_team_swiss_pairs_round_one_by_the_team_numbers_and_a_team_knockout_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("swiss.bianpai");
    ok(&["new", s(&file), "--name", "团体积分赛"]);
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "团体组",
        "--game",
        "xiangqi",
        "--system",
        "swiss",
        "--rounds",
        "5",
        "--team-boards",
        "2",
    ]);
    for (name, players) in [
        ("甲队", "a,b"),
        ("乙队", "c,d"),
        ("丙队", "e,f"),
        ("丁队", "g,h"),
        ("戊队", "i,j"),
    ] {
        ok(&[
            "team",
            "add",
            s(&file),
            "-s",
            "1",
            "--name",
            name,
            "--players",
            players,
        ]);
    }
    let boards = ok(&["pair", s(&file), "-s", "1"]);
    let boards: Vec<Vec<&str>> = boards
        .lines()
        .map(|l| l.split('\t').collect())
        .filter(|f: &Vec<&str>| f.len() == 3)
        .collect();
    assert_eq!(
        boards,
        vec![
            vec!["1", "1", "3"],
            vec!["2", "4", "2"],
            vec!["3", "7", "5"],
            vec!["4", "6", "8"],
        ]
    );
    let matches = ok(&["team", "matches", s(&file), "-s", "1", "-r", "1"]);
    let firsts: Vec<(&str, &str)> = matches
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .map(|f| (f[2], f.get(4).copied().unwrap_or("")))
        .collect();
    assert_eq!(
        firsts,
        vec![("甲队", "乙队"), ("丁队", "丙队"), ("戊队", "")],
        "{matches}"
    );
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "团体淘汰",
        "--game",
        "xiangqi",
        "--system",
        "knockout",
        "--rounds",
        "3",
        "--team-boards",
        "2",
    ]);
    for (name, players) in [("甲队", "k,l"), ("乙队", "m,n")] {
        ok(&[
            "team",
            "add",
            s(&file),
            "-s",
            "团体淘汰",
            "--name",
            name,
            "--players",
            players,
        ]);
    }
    let err = refused(&["pair", s(&file), "-s", "团体淘汰"]);
    assert!(err.contains("尚未接入"), "{err}");
}

#[test]
fn a_bad_match_points_setting_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("swiss.bianpai");
    ok(&["new", s(&file), "--name", "团体积分赛"]);
    // A bad 场分制 is named.
    let err = refused(&[
        "section",
        "add",
        s(&file),
        "--name",
        "B",
        "--game",
        "xiangqi",
        "--system",
        "round-robin",
        "--rounds",
        "3",
        "--team-boards",
        "4",
        "--match-points",
        "1-2-0",
    ]);
    assert!(err.contains("1-2-0"), "{err}");
}

#[test]
fn a_board_the_regulation_gives_to_women_takes_a_woman() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.bianpai");
    ok(&["new", s(&file), "--name", "混合团体赛"]);
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "混合组",
        "--game",
        "xiangqi",
        "--system",
        "round-robin",
        "--rounds",
        "1",
        "--team-boards",
        "2",
        "--women-boards",
        "2",
    ]);
    ok(&[
        "team",
        "add",
        s(&file),
        "-s",
        "1",
        "--name",
        "甲队",
        "--players",
        "甲男,甲女/女",
    ]);
    // 乙队's default line-up puts 乙男二 on the women's board 2.
    ok(&[
        "team",
        "add",
        s(&file),
        "-s",
        "1",
        "--name",
        "乙队",
        "--players",
        "乙男,乙男二,乙女/女",
    ]);
    let err = refused(&["pair", s(&file), "-s", "1"]);
    assert!(
        err.contains("乙队") && err.contains("第2台") && err.contains("乙男二"),
        "{err}"
    );
    let err = refused(&[
        "team",
        "lineup",
        s(&file),
        "-s",
        "1",
        "-r",
        "1",
        "-t",
        "乙队",
        "--players",
        "乙男,乙男二",
    ]);
    assert!(err.contains("女子台"), "{err}");
    ok(&[
        "team",
        "lineup",
        s(&file),
        "-s",
        "1",
        "-r",
        "1",
        "-t",
        "乙队",
        "--players",
        "乙男,乙女",
    ]);
    ok(&["pair", s(&file), "-s", "1"]);
    // A women's board beyond the boards is named.
    let err = refused(&[
        "section",
        "add",
        s(&file),
        "--name",
        "B",
        "--game",
        "xiangqi",
        "--system",
        "round-robin",
        "--rounds",
        "1",
        "--team-boards",
        "2",
        "--women-boards",
        "3",
    ]);
    assert!(err.contains("女子台") && err.contains('3'), "{err}");
}

/// A team section's paper from the same verbs as an individual section's: `export pairings`
/// gives the team pairing sheet (matches, then each match's boards), `export slips` one slip a
/// match with both captains' signatures, `standings --pdf` the team standings. Four teams of
/// two boards, round robin, round 1 by the Berger table: 甲队–丁队 and 乙队–丙队, the first-named
/// team red on board 1. Board 1 red wins (2 in xiangqi's 2-1-0), board 2 drawn: 甲队 3 局分 to
/// 丁队 1, 场分 2–0; boards 3 and 4 each won by red: 乙队 2, 丙队 2, 场分 1 each.
#[test]
fn a_team_section_prints_its_pairing_sheet_slips_and_standings_by_the_usual_verbs() {
    use crate::common::window::{pdf_text, squeeze};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("paper.bianpai");
    let f = s(&file);
    ok(&["new", f, "--name", "区团体赛"]);
    ok(&[
        "section",
        "add",
        f,
        "--name",
        "团体组",
        "--game",
        "xiangqi",
        "--system",
        "round-robin",
        "--rounds",
        "3",
        "--team-boards",
        "2",
    ]);
    for (name, players) in [
        ("甲队", "甲一,甲二"),
        ("乙队", "乙一,乙二"),
        ("丙队", "丙一,丙二"),
        ("丁队", "丁一,丁二"),
    ] {
        ok(&[
            "team",
            "add",
            f,
            "-s",
            "1",
            "--name",
            name,
            "--players",
            players,
        ]);
    }
    // A team's player is not removed as a loose entrant: the team's list says who plays.
    let err = refused(&["entrant", "remove", f, "-s", "1", "甲二"]);
    assert!(
        err.contains("甲二") && err.contains("甲队") && err.contains("team edit"),
        "{err}"
    );
    assert!(ok(&["team", "list", f, "-s", "1"]).contains("甲二"));
    ok(&["pair", f, "-s", "1"]);
    for (board, result) in [("1", "1-0"), ("2", "="), ("3", "1-0"), ("4", "1-0")] {
        ok(&["result", f, "-s", "1", "-r", "1", "--board", board, result]);
    }
    let pdf = |name: &str| dir.path().join(name);
    ok(&["export", "pairings", f, "-s", "1", "-o", s(&pdf("p.pdf"))]);
    let sheet = squeeze(&pdf_text(&pdf("p.pdf")));
    assert!(sheet.contains("第1场1甲队对4丁队"), "{sheet}");
    assert!(sheet.contains("第2场2乙队对3丙队"), "{sheet}");
    assert!(sheet.contains("1红方甲一黑方丁一"), "{sheet}");
    assert!(sheet.contains("2黑方甲二红方丁二"), "{sheet}");
    ok(&["export", "slips", f, "-s", "1", "-o", s(&pdf("s.pdf"))]);
    let slips = squeeze(&pdf_text(&pdf("s.pdf")));
    assert!(
        slips.contains("甲队队长签名") && slips.contains("丁队队长签名"),
        "{slips}"
    );
    assert!(slips.contains("乙队队长签名"), "{slips}");
    ok(&["standings", f, "-s", "1", "--pdf", s(&pdf("st.pdf"))]);
    let standings = squeeze(&pdf_text(&pdf("st.pdf")));
    // 名次 序号 队名 场分 局分: 甲队 1st on 2/3, 乙队 and 丙队 share 2nd on 1/2, 丁队 4th on 0/1.
    for row in ["11甲队23", "22乙队12", "23丙队12", "44丁队01"] {
        assert!(standings.contains(row), "{row}: {standings}");
    }
    // The file is not replaced unasked.
    let again = refused(&["standings", f, "-s", "1", "--pdf", s(&pdf("st.pdf"))]);
    assert!(again.contains("st.pdf"), "{again}");
}
