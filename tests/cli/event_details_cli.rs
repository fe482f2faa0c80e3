//! Issue 37, point 8: the order book's parts (组织机构, 裁判员名单, 竞赛规程, 赛场须知) are
//! event details set from the command line as from the window: `bianpai event FILE --hosts …
//! --regulations FILE`, printed back, and printed in the order book; a file that cannot be read
//! is refused, naming it, and nothing is changed.

use crate::common::{add_section, ok, refused};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn the_order_book_s_details_are_set_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    ok(&["new", s(&file), "--name", "区赛"]);
    let rules = dir.path().join("规程.txt");
    std::fs::write(&rules, "一、比赛日期\n\n二、竞赛办法\n").unwrap();
    let hall = dir.path().join("须知.txt");
    std::fs::write(&hall, "提前十五分钟入场。\n").unwrap();
    ok(&[
        "event",
        s(&file),
        "--hosts",
        "宝安区少年宫\n宝安区棋协",
        "--co-organisers",
        "深圳棋院",
        "--committee",
        "主任：王某",
        "--deputy-arbiters",
        "吴副",
        "--arbiters",
        "郑一、冯二",
        "--regulations",
        s(&rules),
        "--venue-rules",
        s(&hall),
    ]);
    let details = ok(&["event", s(&file)]);
    // Lists joined by 、; the long texts by their length in characters: 一、比赛日期 (6), two
    // line breaks around the empty line (2), 二、竞赛办法 (6), the last line break trimmed:
    // 14.
    for line in [
        "承办单位\t宝安区少年宫、宝安区棋协",
        "协办单位\t深圳棋院",
        "组委会\t主任：王某",
        "副裁判长\t吴副",
        "裁判员\t郑一、冯二",
        "竞赛规程\t14 字",
        "赛场须知\t9 字",
    ] {
        assert!(details.lines().any(|l| l == line), "{line} in {details}");
    }
    // A file that is not there: refused, naming it; the details stay as they were.
    let missing = dir.path().join("没有这个文件.txt");
    let err = refused(&["event", s(&file), "--regulations", s(&missing)]);
    assert!(err.contains("没有这个文件.txt"), "{err}");
    assert!(ok(&["event", s(&file)]).contains("竞赛规程\t14 字"));
    // An empty value clears a list.
    ok(&["event", s(&file), "--co-organisers", ""]);
    assert!(ok(&["event", s(&file)]).contains("协办单位\t\n"));
}

/// The regulation template (settings file) carries the details as an `[event]` table: read
/// into another event, it sets them; a key the table does not know is refused naming its
/// line, and nothing is changed.
#[test]
fn a_settings_file_carries_the_event_s_details() {
    let dir = tempfile::tempdir().unwrap();
    let make = |name: &str| {
        let file = dir.path().join(format!("{name}.bianpai"));
        ok(&["new", s(&file), "--name", name]);
        add_section(&file, "公开组", "xiangqi", "swiss", "7");
        file
    };
    let last_year = make("去年");
    let rules = dir.path().join("规程.txt");
    std::fs::write(&rules, "一、比赛日期\n[注] 以最后通知为准\n二、竞赛办法").unwrap();
    ok(&[
        "event",
        s(&last_year),
        "--hosts",
        "宝安区少年宫",
        "--regulations",
        s(&rules),
    ]);
    let template = dir.path().join("模板.toml");
    ok(&[
        "settings",
        s(&last_year),
        "-s",
        "1",
        "--export",
        s(&template),
    ]);
    let text = std::fs::read_to_string(&template).unwrap();
    assert!(text.contains("[event]"), "{text}");

    let this_year = make("今年");
    ok(&[
        "settings",
        s(&this_year),
        "-s",
        "1",
        "--import",
        s(&template),
    ]);
    let details = ok(&["event", s(&this_year)]);
    // 一、比赛日期 (6), [注] 以最后通知为准 (3 + 1 + 7 = 11), 二、竞赛办法 (6) and two line
    // breaks: 25.
    for line in ["承办单位\t宝安区少年宫", "竞赛规程\t25 字"] {
        assert!(details.lines().any(|l| l == line), "{line} in {details}");
    }
    // The section's settings came too, read past the text's line that starts with “[”.
    assert!(ok(&["section", "list", s(&this_year)]).contains("\t7\t"));

    // An unknown key of the table: refused with its line; nothing changed.
    let bad = dir.path().join("坏.toml");
    let with_bad = format!("{text}venue_roolz = \"x\"\n");
    let line = with_bad.lines().count();
    std::fs::write(&bad, &with_bad).unwrap();
    let fresh = make("新");
    let err = refused(&["settings", s(&fresh), "-s", "1", "--import", s(&bad)]);
    assert!(
        err.contains(&format!("第{line}行")) && err.contains("event.venue_roolz"),
        "{err}"
    );
    assert!(ok(&["event", s(&fresh)]).contains("承办单位\t\n"));
}
