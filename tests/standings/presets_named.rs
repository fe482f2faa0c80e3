//! Presets are named after what they hold: a tiebreak preset's button gives its criteria in
//! order, then the rule or regulation; an award preset's says how many places, how far the
//! money goes, and which titles, special prizes, qualifiers and promotions it brings. The words
//! expected here are read off each preset's own values; no two presets share a name.

use bianpai::i18n::{
    Lang, award_preset_label, tiebreak_list_text, tiebreak_preset_label, tiebreak_window_name,
};
use bianpai::model::{AwardOptions, AwardPreset, PlacesRule, Preset};
use std::collections::BTreeSet;

#[test]
fn tiebreak_presets_name_their_criteria() {
    let mut names = BTreeSet::new();
    let mut lists = BTreeSet::new();
    for p in Preset::ALL {
        let label = tiebreak_preset_label(p, Lang::Zh);
        let list = tiebreak_list_text(&p.list(), Lang::Zh);
        // The button names each criterion in the window's words (no FIDE code in Chinese).
        let words: Vec<String> = p
            .list()
            .iter()
            .map(|&tb| tiebreak_window_name(tb, Lang::Zh))
            .collect();
        assert!(label.starts_with(&words.join("、")), "{label}");
        assert!(!label.contains("BH"), "{label}");
        assert!(names.insert(label.clone()), "two presets named {label}");
        assert!(
            lists.insert(list),
            "two presets hold the same list: {label}"
        );
    }
    // Seed 000's 补充细则: 14.3.2, 累进分 first.
    assert!(tiebreak_preset_label(Preset::Xiangqi1432, Lang::Zh).starts_with("累进分、胜局、犯规"));
}

#[test]
fn award_presets_name_what_they_hold() {
    let mut names = BTreeSet::new();
    for p in AwardPreset::ALL {
        let label = award_preset_label(p, Lang::Zh);
        let a = AwardOptions::preset(p);
        let holds = |words: &str| label.contains(words);
        match a.places {
            PlacesRule::ReduceIfFewer { places: 8 } => assert!(holds("前八名（不足9人减一）")),
            PlacesRule::Fixed { places: 8 } => assert!(holds("前八名")),
            PlacesRule::BySize {
                threshold: 80,
                up_to_places: 8,
                above_places: 16,
            } => assert!(holds("80人以内前八名、以上前十六名")),
            ref other => panic!("{label}: name {other:?}"),
        }
        let last_paid = a.prizes.bands.iter().map(|b| b.to).max();
        match last_paid {
            Some(n) => assert!(holds(&format!("奖金至第{n}名")), "{label}"),
            None => assert!(!holds("奖金"), "{label}"),
        }
        let third_grade = a.titles.iter().any(|t| t.title == "三级运动员");
        assert_eq!(holds("三级运动员"), third_grade, "{label}");
        let masters = a.titles.iter().any(|t| t.title.contains("大师"));
        assert_eq!(holds("大师"), masters, "{label}");
        assert_eq!(holds("境外运动员"), !a.special_prizes.is_empty(), "{label}");
        assert_eq!(
            holds(&format!("前{}名获参赛资格", a.qualifiers)),
            a.qualifiers > 0,
            "{label}"
        );
        assert_eq!(holds("晋级表"), !a.promotion.table.is_empty(), "{label}");
        assert!(names.insert(label.clone()), "two presets named {label}");
    }
}
