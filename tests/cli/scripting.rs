//! What an arbiter scripting a whole event with the command line meets (issue 36, points 4–8):
//! every action the window has reaches the command line, and nothing is decided without saying
//! so. Each test runs the `bianpai` program itself; the expected values come from the rule or
//! the regulation quoted beside them.

use crate::common::{bianpai, command, ok, refused};
use std::path::Path;
use std::process::Stdio;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A chess section of `n` players, entered through an entry list, numbers not drawn yet.
fn chess_event(dir: &Path, system: &str, n: usize) -> std::path::PathBuf {
    let file = dir.join("e.bianpai");
    ok(&["new", s(&file), "--name", "测试赛"]);
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "公开组",
        "--game",
        "chess",
        "--system",
        system,
        "--rounds",
        "5",
    ]);
    let csv = dir.join("list.csv");
    let mut text = String::from("姓名,性别,等级分\n");
    for i in 1..=n {
        text += &format!("选手{i:02},男,{}\n", 2000 - 10 * i);
    }
    std::fs::write(&csv, text).unwrap();
    ok(&["import", s(&file), "-s", "1", s(&csv)]);
    file
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    // `bianpai awards … | head -1`: the pipe closes before the program writes; it ends with
    // success and no panic, whatever it was printing.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.bianpai");
    ok(&["demo", s(&file)]);
    for args in [
        vec!["awards", s(&file), "-s", "1"],
        vec!["standings", s(&file), "-s", "1"],
        vec!["section", "list", s(&file)],
        vec!["entrant", "list", s(&file), "-s", "1"],
    ] {
        let mut child = command()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Closed before the program has opened the event, let alone printed.
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    }
}

#[test]
fn a_draw_is_taken_in_every_usual_form() {
    // FIDE's ½-½ and the ways a keyboard writes it; the standings count each as a draw.
    let dir = tempfile::tempdir().unwrap();
    let file = chess_event(dir.path(), "dutch", 8);
    ok(&["draw", s(&file), "-s", "1", "--seed", "7"]);
    ok(&["pair", s(&file), "-s", "1"]);
    for (board, code) in [(1, "½-½"), (2, "1/2-1/2"), (3, "0.5-0.5"), (4, "=")] {
        let b = board.to_string();
        ok(&[
            "result",
            s(&file),
            "-s",
            "1",
            "-r",
            "1",
            "--board",
            &b,
            code,
        ]);
    }
    // Eight players, four draws: everyone has ½.
    let table = ok(&["standings", s(&file), "-s", "1"]);
    let points: Vec<&str> = table
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(2).unwrap())
        .collect();
    assert_eq!(points.len(), 8, "{table}");
    assert!(points.iter().all(|p| *p == "0.5" || *p == "½"), "{table}");
    // Not a result: refused, the board left as it was.
    let err = refused(&[
        "result",
        s(&file),
        "-s",
        "1",
        "-r",
        "1",
        "--board",
        "1",
        "1-1",
    ]);
    assert!(err.contains("1-1") && err.contains("½-½"), "{err}");
}

#[test]
fn no_system_pairs_before_the_numbers_are_drawn() {
    // A Dutch `pair` before `draw` made an empty round 1 and the section was stuck (the draw
    // then refused: 第1轮已编排). Every system refuses now, naming a player without a number,
    // and the draw still works afterwards.
    for system in ["dutch", "swiss", "round-robin"] {
        let dir = tempfile::tempdir().unwrap();
        let file = chess_event(dir.path(), system, 6);
        let err = refused(&["pair", s(&file), "-s", "1"]);
        assert!(
            err.contains("尚未抽签") && err.contains("选手"),
            "{system}: {err}"
        );
        ok(&["draw", s(&file), "-s", "1", "--seed", "3"]);
        let boards = ok(&["pair", s(&file), "-s", "1"]);
        assert_eq!(
            boards.lines().count(),
            3,
            "{system}: six players, three boards"
        );
    }
}

/// Plays every round of a Swiss section from the command line, the lower number winning each
/// board (so the results are the test's, not the program's); returns the rounds played.
fn play_out(file: &Path, section: &str) -> u32 {
    let mut round = 0;
    loop {
        let r = bianpai(&["pair", s(file), "-s", section]);
        if r.code != 0 {
            assert!(
                r.err.contains("已编排") || r.err.contains("全部"),
                "{}",
                r.err
            );
            return round;
        }
        round += 1;
        let rs = round.to_string();
        for line in r.out.lines() {
            let f: Vec<u32> = line.split('\t').map(|x| x.parse().unwrap()).collect();
            if f[0] == 0 {
                continue;
            }
            let code = if f[1] < f[2] { "1-0" } else { "0-1" };
            let b = f[0].to_string();
            ok(&[
                "result",
                s(file),
                "-s",
                section,
                "-r",
                &rs,
                "--board",
                &b,
                code,
            ]);
        }
    }
}

#[test]
fn places_are_reduced_by_those_who_played_not_by_entries() {
    // Seed 001 十一: 各组别均录取前八名，不足9人参赛的，减一录取名次; 十二(三) tells 报名 from
    // 参赛. Nine entered the U16 group and one never came: eight played, so seven places.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bj.bianpai");
    ok(&["new", s(&file), "--name", "北京市象棋锦标赛"]);
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "U16组",
        "--game",
        "xiangqi",
        "--system",
        "swiss",
        "--rounds",
        "3",
    ]);
    for i in 1..=9 {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            "U16组",
            "--name",
            &format!("少年{i}"),
            "--sex",
            "男",
        ]);
    }
    ok(&["draw", s(&file), "-s", "U16组", "--seed", "11"]);
    // The one who never came: withdrawn before round 1, by name (his number is the lot's).
    ok(&["entrant", "withdraw", s(&file), "-s", "U16组", "少年9"]);
    assert_eq!(play_out(&file, "U16组"), 3);
    let r = bianpai(&["awards", s(&file), "-s", "U16组"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.err.contains("录取前7名") && r.err.contains("8名"),
        "{}",
        r.err
    );
    // With the setting at every entry (报名人数), nine entries: eight places.
    let toml = dir.path().join("field.toml");
    std::fs::write(&toml, "[awards]\nfield = \"Entered\"\n").unwrap();
    let exported = dir.path().join("all.toml");
    ok(&[
        "settings",
        s(&file),
        "-s",
        "U16组",
        "--export",
        s(&exported),
    ]);
    let text = std::fs::read_to_string(&exported).unwrap();
    assert!(
        text.contains("field = \"Played\""),
        "the default is said in the file"
    );
    std::fs::write(
        &toml,
        text.replace("field = \"Played\"", "field = \"Entered\""),
    )
    .unwrap();
    ok(&["settings", s(&file), "-s", "U16组", "--import", s(&toml)]);
    let r = bianpai(&["awards", s(&file), "-s", "U16组"]);
    assert!(
        r.err.contains("录取前8名") && r.err.contains("9名"),
        "{}",
        r.err
    );
}

#[test]
fn entrants_and_the_event_s_details_are_edited_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    ok(&["new", s(&file), "--name", "区赛"]);
    // The event's details: printed as key and value, set by the options given.
    ok(&[
        "event",
        s(&file),
        "--organiser",
        "上海市棋牌运动管理中心",
        "--venue",
        "上海棋院",
        "--start",
        "2026年5月1日",
        "--end",
        "2026-05-03",
        "--chief-arbiter",
        "王裁判",
    ]);
    let details = ok(&["event", s(&file)]);
    for line in [
        "赛事名称\t区赛",
        "主办单位\t上海市棋牌运动管理中心",
        "比赛地点\t上海棋院",
        "开始日期\t2026-05-01",
        "结束日期\t2026-05-03",
        "裁判长\t王裁判",
    ] {
        assert!(details.lines().any(|l| l == line), "{line} in {details}");
    }
    let err = refused(&["event", s(&file), "--start", "五月"]);
    assert!(err.contains("五月"), "{err}");
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "公开组",
        "--game",
        "xiangqi",
        "--system",
        "swiss",
        "--rounds",
        "5",
    ]);
    assert_eq!(
        ok(&["section", "list", s(&file)]).trim(),
        "1\t公开组\t象棋\t积分编排制\t5\t0\t0"
    );
    for name in ["甲", "乙", "丙"] {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            "1",
            "--name",
            name,
            "--unit",
            "黄浦",
            "--born",
            "2010-02-03",
        ]);
    }
    // Three entrants: the house player (补双) makes them even, of the organiser.
    assert!(ok(&["entrant", "house", s(&file), "-s", "1"]).contains("补双"));
    // A fourth would make the field odd again: no second house player.
    ok(&[
        "entrant",
        "edit",
        s(&file),
        "-s",
        "1",
        "乙",
        "--unit",
        "徐汇",
        "--rating",
        "1650",
    ]);
    let list = ok(&["entrant", "list", s(&file), "-s", "1"]);
    let yi: Vec<&str> = list
        .lines()
        .find(|l| l.contains("\t乙\t"))
        .unwrap()
        .split('\t')
        .collect();
    assert_eq!(
        &yi[1..],
        ["乙", "", "2010-02-03", "徐汇", "1650", "", "参赛"]
    );
    ok(&["draw", s(&file), "-s", "1", "--seed", "5"]);
    ok(&["entrant", "exclude", s(&file), "-s", "1", "丙"]);
    let list = ok(&["entrant", "list", s(&file), "-s", "1"]);
    assert!(
        list.lines()
            .any(|l| l.contains("\t丙\t") && l.ends_with("取消资格")),
        "{list}"
    );
    ok(&["entrant", "reinstate", s(&file), "-s", "1", "丙"]);
    let list = ok(&["entrant", "list", s(&file), "-s", "1"]);
    assert!(
        list.lines()
            .any(|l| l.contains("\t丙\t") && l.ends_with("参赛")),
        "{list}"
    );
    let err = refused(&["entrant", "withdraw", s(&file), "-s", "1", "丁"]);
    assert!(err.contains("丁"), "{err}");
}
