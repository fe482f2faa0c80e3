//! Issue 25: `bianpai check --standings IN.trf --tiebreaks LIST` reports every position of the
//! file's order of places (record 001, columns 86–89) that breaks the tiebreak list. The order
//! the list demands is worked out here from the FIDE TEC exercise's expected values
//! (`expected_tiebreaks_sharly.json`: points, BH and SB of the March-2026 rules), not from the
//! program.

use crate::common;
use bianpai::interchange::TrfFile;
use bianpai::interchange::trf::TrfRecord;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Output;

fn data() -> PathBuf {
    common::shared_data("fide_tiebreak_exercises")
}

/// The expected values of `test` for tec-swiss, by pairing number.
fn expected(test: &str) -> HashMap<u32, f64> {
    let text = std::fs::read_to_string(data().join("expected_tiebreaks_sharly.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let entry = json["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["tournament"] == "tec-swiss" && e["test"] == test)
        .unwrap_or_else(|| panic!("{test}"));
    entry["expected"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.parse().unwrap(), v.as_f64().unwrap()))
        .collect()
}

/// (points, BH, SB) of each player by the exercise.
fn keys() -> HashMap<u32, [f64; 3]> {
    let (p, bh, sb) = (
        expected("test_points"),
        expected("test_buchholz"),
        expected("test_sonneborn_berger_swiss"),
    );
    p.keys().map(|&n| (n, [p[&n], bh[&n], sb[&n]])).collect()
}

/// The order the list demands: points, then BH, then SB, highest first; pairing number last.
fn demanded_order(keys: &HashMap<u32, [f64; 3]>) -> Vec<u32> {
    let mut order: Vec<u32> = keys.keys().copied().collect();
    order.sort_by(|a, b| keys[b].partial_cmp(&keys[a]).unwrap().then(a.cmp(b)));
    order
}

/// tec-swiss.trf with the places of `places` (pairing number → place) in columns 86–89.
fn with_places(places: &HashMap<u32, u32>) -> String {
    let text = std::fs::read_to_string(data().join("tec-swiss.trf")).unwrap();
    let mut file = TrfFile::parse(&text).unwrap();
    for rec in &mut file.records {
        if let TrfRecord::Player(p) = rec {
            p.rank = places.get(&p.start_rank).copied();
        }
    }
    file.write()
}

fn check(file: &Path) -> Output {
    common::command()
        .args(["--lang", "en", "check", "--standings"])
        .arg(file)
        .args(["--tiebreaks", "BH,SB", "--tiebreak-edition", "2026"])
        .output()
        .expect("runs")
}

/// The positions named by the failure message.
fn named_positions(out: &Output) -> Vec<usize> {
    let err = String::from_utf8_lossy(&out.stderr);
    let list = err
        .split("break the tiebreak list: ")
        .nth(1)
        .unwrap_or_else(|| panic!("{err}"));
    list.trim()
        .split(", ")
        .map(|p| p.parse().unwrap())
        .collect()
}

#[test]
fn the_order_the_list_demands_passes_and_every_break_is_named() {
    let keys = keys();
    let order = demanded_order(&keys);
    assert_eq!(order.len(), 16);
    let dir = tempfile::tempdir().unwrap();

    // The places the list demands: the check passes.
    let good: HashMap<u32, u32> = order
        .iter()
        .enumerate()
        .map(|(k, &n)| (n, k as u32 + 1))
        .collect();
    let good_file = dir.path().join("good.trf");
    std::fs::write(&good_file, with_places(&good)).unwrap();
    let out = check(&good_file);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );

    // The exercise file's own places (points, then pairing number): every neighbour pair whose
    // lower player the list puts higher is a break, at the lower one's position.
    let published = {
        let text = std::fs::read_to_string(data().join("tec-swiss.trf")).unwrap();
        let file = TrfFile::parse(&text).unwrap();
        let mut v: Vec<(u32, u32)> = file
            .players()
            .map(|p| (p.rank.unwrap(), p.start_rank))
            .collect();
        v.sort();
        v.into_iter().map(|(_, n)| n).collect::<Vec<u32>>()
    };
    let want: Vec<usize> = (1..published.len())
        .filter(|&k| keys[&published[k]] > keys[&published[k - 1]])
        .map(|k| k + 1)
        .collect();
    assert!(!want.is_empty(), "the exercise's order is not the list's");
    let out = check(&data().join("tec-swiss.trf"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(named_positions(&out), want);
    // In Chinese (the default), the same positions.
    let zh = common::command()
        .args(["check", "--standings"])
        .arg(data().join("tec-swiss.trf"))
        .args(["--tiebreaks", "BH,SB", "--tiebreak-edition", "2026"])
        .output()
        .expect("runs");
    let listed: Vec<String> = want.iter().map(|p| p.to_string()).collect();
    let err = String::from_utf8_lossy(&zh.stderr);
    assert!(
        err.contains(&format!("个位置违反名次区分：第{}位", listed.join("、"))),
        "{err}"
    );
    let stdout = String::from_utf8_lossy(&zh.stdout);
    assert!(stdout.contains(&format!("第{}位：", want[0])), "{stdout}");

    // Broken on purpose: the first two places exchanged (the list separates them), and the
    // players at places 5 and 6 given one shared place though the list separates them too.
    let (first, second) = (order[0], order[1]);
    assert!(keys[&first] > keys[&second]);
    assert!(keys[&order[4]] > keys[&order[5]]);
    let mut broken = good.clone();
    broken.insert(first, 2);
    broken.insert(second, 1);
    broken.insert(order[5], 5);
    let broken_file = dir.path().join("broken.trf");
    std::fs::write(&broken_file, with_places(&broken)).unwrap();
    let out = check(&broken_file);
    assert_eq!(named_positions(&out), vec![2, 6]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "position 2: no. {first} (place 2) is placed below no. {second} (place 1)"
        )),
        "{stdout}"
    );
    // Sharing place 5, the two stand in file order (by pairing number).
    let shared = if order[4] < order[5] {
        format!(
            "position 6: no. {} (place 5) shares the place of no. {} (place 5)",
            order[5], order[4]
        )
    } else {
        format!(
            "position 6: no. {} (place 5) is placed below no. {} (place 5)",
            order[4], order[5]
        )
    };
    assert!(stdout.contains(&shared), "{stdout}");
}

#[test]
fn a_file_without_places_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let none = dir.path().join("none.trf");
    std::fs::write(&none, with_places(&HashMap::new())).unwrap();
    let out = check(&none);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("gives a place"));
}
