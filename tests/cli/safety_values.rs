//! Values without bounds (issue 34, point 8), each through the command line as it happened:
//! a point value of 2147483647 in a settings file wrapped every score; a round time of millions
//! of characters, or a million round times, slowed every sheet; a second section of an existing
//! name could not be reached by `-s`; control and direction characters typed on the command
//! line were stored and printed raw; an empty results file exited 0 and journalled an action of
//! no board. Each is now refused (or cleaned) with nothing written, naming the field.

use crate::common::{bianpai, ok};
use bianpai::app::Tournament;
use std::path::{Path, PathBuf};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn demo(dir: &Path) -> PathBuf {
    let path = dir.join("e.bianpai");
    ok(&["demo", s(&path)]);
    path
}

/// The section's settings as a TOML file, with `edit` applied to its text.
fn settings_with(event: &Path, dir: &Path, edit: impl Fn(String) -> String) -> PathBuf {
    let out = dir.join("s.toml");
    let _ = std::fs::remove_file(&out);
    ok(&["settings", s(event), "-s", "1", "--export", s(&out)]);
    let text = std::fs::read_to_string(&out).unwrap();
    let edited = edit(text.clone());
    assert_ne!(edited, text, "the edit changed the file");
    let path = dir.join("edited.toml");
    std::fs::write(&path, edited).unwrap();
    path
}

/// Replaces the value of `key` in table `[table]` of a TOML text.
fn set_key(text: &str, table: &str, key: &str, value: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with('[') {
            inside = line.trim() == format!("[{table}]");
        }
        if inside && line.split('=').next().is_some_and(|k| k.trim() == key) {
            out.push_str(&format!("{key} = {value}\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_point_value_beyond_reason_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path());
    let before = Tournament::open(&event).unwrap().event().clone();
    for value in ["2147483647", "201", "-201"] {
        let file = settings_with(&event, dir.path(), |t| {
            set_key(&t, "points.red", "win", value)
        });
        let r = bianpai(&["settings", s(&event), "-s", "1", "--import", s(&file)]);
        assert_ne!(r.code, 0, "win = {value} is refused");
        assert!(
            r.err.contains("积分") && r.err.contains("100"),
            "names the field and the bound: {}",
            r.err
        );
    }
    assert_eq!(Tournament::open(&event).unwrap().event(), &before);
    // The largest allowed value is taken, and scores do not wrap.
    let file = settings_with(&event, dir.path(), |t| {
        set_key(&t, "points.red", "win", "200")
    });
    ok(&["settings", s(&event), "-s", "1", "--import", s(&file)]);
    let table = ok(&["standings", s(&event), "-s", "1"]);
    assert!(
        table.lines().filter(|l| !l.starts_with('#')).all(|l| !l
            .split('\t')
            .nth(2)
            .unwrap()
            .starts_with('-')),
        "{table}"
    );
}

#[test]
fn round_times_beyond_the_rounds_or_a_line_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path());
    let before = Tournament::open(&event).unwrap().event().clone();
    // The men's section has 9 rounds: ten times, and one time of a thousand characters.
    let ten: Vec<String> = (1..=10).map(|r| format!("\"第{r}轮\"")).collect();
    let long = format!("[\"{}\"]", "八".repeat(1000));
    for value in [format!("[{}]", ten.join(", ")), long] {
        let file = settings_with(&event, dir.path(), |t| {
            let mut out = String::new();
            for line in t.lines() {
                if line.starts_with("round_times") {
                    out.push_str(&format!("round_times = {value}\n"));
                } else {
                    out.push_str(line);
                    out.push('\n');
                }
            }
            out
        });
        let r = bianpai(&["settings", s(&event), "-s", "1", "--import", s(&file)]);
        assert_ne!(r.code, 0);
        assert!(r.err.contains("赛程"), "names the field: {}", r.err);
    }
    assert_eq!(Tournament::open(&event).unwrap().event(), &before);
}

#[test]
fn a_second_section_of_an_existing_name_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path());
    let args = |name: &str| {
        vec![
            "section".to_string(),
            "add".into(),
            s(&event).into(),
            "--name".into(),
            name.into(),
            "--game".into(),
            "xiangqi".into(),
            "--system".into(),
            "swiss".into(),
            "--rounds".into(),
            "7".into(),
        ]
    };
    for name in ["男子组", " 男子组 ", "男子组\u{200b}"] {
        let a = args(name);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let r = bianpai(&a);
        assert_ne!(r.code, 0, "{name:?}");
        assert!(r.err.contains("已有名为“男子组”的组别"), "{}", r.err);
    }
    assert_eq!(Tournament::open(&event).unwrap().event().sections.len(), 3);
}

#[test]
fn control_and_direction_characters_typed_on_the_command_line_are_taken_out() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("n.bianpai");
    ok(&["new", s(&path), "--name", "赛\u{1b}[31m事\u{7}\u{202e}名"]);
    let t = Tournament::open(&path).unwrap();
    assert_eq!(t.event().name, "赛[31m事名");
    drop(t);
    let a = [
        "section",
        "add",
        s(&path),
        "--name",
        "\u{202e}少年\u{1b}组",
        "--game",
        "xiangqi",
        "--system",
        "swiss",
        "--rounds",
        "5",
    ];
    let out = ok(&a);
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{202e}'),
        "{out:?}"
    );
    let t = Tournament::open(&path).unwrap();
    assert_eq!(t.event().sections[0].name, "少年组");
}

#[test]
fn an_empty_results_file_is_refused_and_journals_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path());
    let journal = Tournament::open(&event).unwrap().journal().unwrap().len();
    for text in ["", "board,result,fouls\n", "\n\n"] {
        let file = dir.path().join("r.csv");
        std::fs::write(&file, text).unwrap();
        let r = bianpai(&[
            "result",
            s(&event),
            "-s",
            "1",
            "-r",
            "1",
            "--from",
            s(&file),
        ]);
        assert_ne!(r.code, 0, "{text:?}");
        assert!(r.err.contains("没有任何一台的成绩"), "{}", r.err);
    }
    assert_eq!(
        Tournament::open(&event).unwrap().journal().unwrap().len(),
        journal
    );
}

#[test]
fn a_name_too_long_in_an_entry_list_is_named_by_row_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path());
    let before = Tournament::open(&event).unwrap().event().clone();
    let list = dir.path().join("名单.csv");
    let long = "长".repeat(51);
    std::fs::write(
        &list,
        format!("姓名,单位,性别\n张三,甲队,男\n{long},乙队,男\n"),
    )
    .unwrap();
    let r = bianpai(&["import", s(&event), s(&list), "-s", "1"]);
    assert_ne!(r.code, 0);
    assert!(
        r.err.contains("第3行A列（姓名）") && r.err.contains("最多50个字"),
        "{}",
        r.err
    );
    assert_eq!(Tournament::open(&event).unwrap().event(), &before);
}

#[test]
fn a_settings_file_s_errors_speak_the_arbiter_s_language() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path());
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, "rounds = \"九\"\n").unwrap();
    let r = bianpai(&["settings", s(&event), "-s", "1", "--import", s(&file)]);
    assert_ne!(r.code, 0);
    assert!(
        r.err.contains("第1行 rounds") && r.err.contains("应为整数，写的是文字“九”"),
        "{}",
        r.err
    );
    assert!(
        !r.err.contains("invalid type") && !r.err.contains("expected"),
        "{}",
        r.err
    );
}
