//! Issue 40: `bianpai checkin` — the registration desk from a script. A player is checked in by
//! his 序号, his name, his pinyin initials or his entry card's code; a text naming several is
//! refused and names them; `--list` shows who is in; `--close` withdraws the absent from round 1
//! and prints them; `undo` takes a check-in back; round 1 then pairs only those present; the
//! 签到表 (`export signin`) lists the players by unit with their check-in times.

use crate::common::{add_section, bianpai, ok};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Each line of `checkin --list`: (number, registration number, name, checked in?).
fn listed(file: &Path) -> Vec<(u32, String, String, bool)> {
    ok(&["checkin", s(file), "-s", "公开组", "--list"])
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].to_string(),
                !f[4].is_empty(),
            )
        })
        .collect()
}

#[test]
fn checkin_by_number_name_initials_and_card_then_close_pairs_only_those_present() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    ok(&["new", s(&file), "--name", "签到测试赛"]);
    add_section(&file, "公开组", "xiangqi", "swiss", "3");
    for (name, unit) in [
        ("周喆", "嘉定区"),
        ("张三", "浦东新区"),
        ("张三丰", "浦东新区"),
        ("李四", "嘉定区"),
        ("王五", "徐汇区"),
        ("赵六", "徐汇区"),
    ] {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            "公开组",
            "--name",
            name,
            "--unit",
            unit,
        ]);
    }
    ok(&["draw", s(&file), "-s", "公开组", "--seed", "7"]);
    let number_of = |name: &str| listed(&file).into_iter().find(|l| l.2 == name).unwrap().0;
    let reg_of = |name: &str| listed(&file).into_iter().find(|l| l.2 == name).unwrap().1;

    // By 序号.
    let n = number_of("李四").to_string();
    let out = ok(&["checkin", s(&file), "-s", "公开组", &n]);
    assert!(out.contains("李四 已签到"), "{out}");
    // By an exact name, though 张三丰 holds it too.
    ok(&["checkin", s(&file), "-s", "公开组", "张三"]);
    // By pinyin initials: zsf is 张三丰 only.
    ok(&["checkin", s(&file), "-s", "公开组", "zsf"]);
    // "z" names 周喆, 张三, 张三丰 and 赵六: refused, nobody checked in, the four named.
    let r = bianpai(&["checkin", s(&file), "-s", "公开组", "z"]);
    assert_ne!(r.code, 0);
    for name in ["周喆", "张三", "张三丰", "赵六"] {
        assert!(r.err.contains(name), "{name} named: {}", r.err);
    }
    // By the entry card's code: BP and the 报名号, six digits.
    let code = format!("BP{:0>6}", reg_of("王五"));
    ok(&["checkin", s(&file), "-s", "公开组", &code]);
    // Nobody of that name: refused, said.
    let r = bianpai(&["checkin", s(&file), "-s", "公开组", "钱七"]);
    assert_ne!(r.code, 0);
    assert!(r.err.contains("钱七"), "{}", r.err);

    let in_now: Vec<String> = listed(&file)
        .into_iter()
        .filter(|l| l.3)
        .map(|l| l.2)
        .collect();
    let mut sorted = in_now.clone();
    sorted.sort();
    let mut want = vec!["李四", "张三", "张三丰", "王五"];
    want.sort();
    assert_eq!(sorted, want);

    // Undo takes the last check-in (王五's) back; he checks in again.
    let undone = ok(&["undo", s(&file)]);
    assert!(undone.contains("签到"), "{undone}");
    assert!(!listed(&file).into_iter().any(|l| l.2 == "王五" && l.3));
    ok(&["checkin", s(&file), "-s", "公开组", "王五"]);

    // Closing prints the absent, 周喆 and 赵六, by number and name.
    let closed = ok(&["checkin", s(&file), "-s", "公开组", "--close"]);
    let mut absent: Vec<&str> = closed
        .lines()
        .map(|l| l.split_once(' ').unwrap().1)
        .collect();
    absent.sort();
    let mut want_absent = vec!["周喆", "赵六"];
    want_absent.sort();
    assert_eq!(absent, want_absent);
    let again = bianpai(&["checkin", s(&file), "-s", "公开组", "--close"]);
    assert_ne!(again.code, 0, "closed already");

    // Round 1: the four present, two boards, no bye.
    let pairs = ok(&["pair", s(&file), "-s", "公开组"]);
    let numbers: Vec<u32> = pairs
        .lines()
        .flat_map(|l| l.split('\t').skip(1).map(|n| n.parse::<u32>().unwrap()))
        .collect();
    let mut present: Vec<u32> = want.iter().map(|n| number_of(n)).collect();
    present.sort();
    let mut paired = numbers.clone();
    paired.sort();
    assert_eq!(paired, present, "only those present are paired: {pairs}");

    // The 签到表: by unit, each player under his own, the times of those in.
    let pdf = dir.path().join("签到表.pdf");
    ok(&["export", "signin", s(&file), "-s", "公开组", "-o", s(&pdf)]);
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", s(&pdf), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("公开组 签到表"), "{text}");
    assert!(text.contains("已签到 4 / 报名 6"), "{text}");
    // Units in pinyin order: 嘉定区 (jia), 浦东新区 (pu), 徐汇区 (xu); two players each.
    let at = |what: &str| text.find(what).unwrap_or_else(|| panic!("{what}: {text}"));
    assert!(at("单位：嘉定区（2人）") < at("单位：浦东新区（2人）"));
    assert!(at("单位：浦东新区（2人）") < at("单位：徐汇区（2人）"));
    for (name, unit) in [
        ("周喆", "嘉定区"),
        ("张三丰", "浦东新区"),
        ("赵六", "徐汇区"),
    ] {
        let heading = format!("单位：{unit}（2人）");
        assert!(at(&heading) < at(name), "{name} under {unit}");
    }
}
