//! Every character of 通用规范汉字表 (8,105 characters, `../shared/data/hanzi/`) and the older
//! name characters of CJK Extension B (𠮷 U+20BB7 …) show in the window and print in the PDFs;
//! a character no bundled font has is printed as 〓 with its entrant and code point named, and
//! the rest of the section still prints; invisible characters are taken out of names on entry.
//!
//! Needs poppler-utils (pdftotext); .ci/run installs it.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{RoundDocument, STAND_IN, unprintable};
use bianpai::i18n::Lang;
use bianpai::model::{Entrant, Event};
use bianpai::pairing::pair_round_one;
use std::path::Path;
use std::process::Command;

/// Older name characters beyond the table, in CJK Extension B.
const EXTENSION_B: &str = "𠮷𠀋𠂉𡨝𤭢𪚥";

fn table() -> Vec<char> {
    let path = common::shared_data("hanzi/tongyong_guifan_2013.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} ({e}): ../shared/data is needed", path.display()));
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(chars.len(), 8105, "the whole table");
    chars
}

#[test]
fn the_window_shows_every_character_of_the_table_and_extension_b() {
    let ctx = egui::Context::default();
    bianpai::ui::install_fonts(&ctx);
    // One frame loads the fonts; its texture changes go nowhere.
    ctx.run_ui(Default::default(), |_| {})
        .textures_delta
        .clear();
    let font = egui::FontId::proportional(17.0);
    let missing: String = table()
        .into_iter()
        .chain(EXTENSION_B.chars())
        .filter(|&c| !ctx.fonts_mut(|f| f.has_glyph(&font, c)))
        .collect();
    assert!(missing.is_empty(), "the window lacks {missing}");
}

fn pdftotext(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .args([pdf.to_str().unwrap(), "-"])
        .output()
        .unwrap_or_else(|e| panic!("pdftotext not found ({e}); install poppler-utils"));
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// One section whose entrants are named with `names`, round 1 paired.
fn event_named(names: &[String]) -> Event {
    let mut s = SectionBuilder::new()
        .name("公开组")
        .entrants(names.iter().map(|n| Entrant {
            name: n.clone(),
            unit: "上海".into(),
            ..Entrant::default()
        }))
        .build();
    let r = pair_round_one(&s).unwrap();
    s.rounds.push(r);
    common::event("字库测试", vec![s])
}

#[test]
fn a_pairing_sheet_prints_every_character_of_the_table_and_extension_b() {
    let chars: Vec<char> = table().into_iter().chain(EXTENSION_B.chars()).collect();
    // Names of 40 characters, the longest the sheet's name column takes on one line or two.
    let names: Vec<String> = chars.chunks(40).map(|c| c.iter().collect()).collect();
    let (dir, t) = common::create(&event_named(&names));
    assert!(unprintable(t.event()).is_empty());
    let pdf = dir.path().join("r1.pdf");
    t.export_round_document(
        RoundDocument::PairingSheet,
        t.event().sections[0].id,
        1,
        &pdf,
        Lang::Zh,
        false,
    )
    .unwrap();
    let text = pdftotext(&pdf);
    let missing: String = chars.iter().filter(|c| !text.contains(**c)).collect();
    assert!(missing.is_empty(), "the PDF lacks {missing}");
}

#[test]
fn a_character_no_font_has_prints_as_a_stand_in_and_is_named() {
    // U+F0000 is a private-use plane character no font ships.
    let names: Vec<String> = ["张\u{F0000}", "李明", "王堃", "赵𠮷"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (dir, t) = common::create(&event_named(&names));
    let lacking = unprintable(t.event());
    assert_eq!(lacking.len(), 1);
    assert_eq!(lacking[0].ch, '\u{F0000}');
    assert_eq!(lacking[0].section, "公开组");
    assert!(lacking[0].entrant.ends_with("张\u{F0000}"));
    let words = bianpai::app::unprintable_text(&lacking, Lang::Zh);
    assert!(words.contains("（U+F0000）"), "{words}");

    let pdf = dir.path().join("r1.pdf");
    t.export_round_document(
        RoundDocument::PairingSheet,
        t.event().sections[0].id,
        1,
        &pdf,
        Lang::Zh,
        false,
    )
    .expect("the rest of the section prints");
    let text = pdftotext(&pdf);
    assert!(text.contains(&format!("张{STAND_IN}")), "{text}");
    for name in ["李明", "王堃", "赵𠮷"] {
        assert!(text.contains(name), "{name} printed");
    }

    // The command line prints the sheet too and names the character on standard error.
    let file = t.path().to_path_buf();
    drop(t);
    let out = common::command()
        .args(["export", "pairings"])
        .arg(&file)
        .args(["--section", "公开组", "--round", "1", "--output"])
        .arg(dir.path().join("cli.pdf"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("U+F0000"), "{err}");
}

#[test]
fn invisible_characters_are_taken_out_of_names_on_entry() {
    let (_dir, mut t) = common::create(&common::event("不可见字符", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .names(&["李明"])
        .enter(&mut t);
    let id = t
        .add_entrant(
            s,
            &Entrant {
                name: "\u{200B}张\u{200D}三\u{202E}".into(),
                unit: "上海\u{FEFF}".into(),
                ..Entrant::default()
            },
        )
        .unwrap();
    let e = t.event().sections[0].entrant(id).unwrap();
    assert_eq!((e.name.as_str(), e.unit.as_str()), ("张三", "上海"));
}
