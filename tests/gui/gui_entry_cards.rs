//! Issue 40: the entry cards (参赛证, seed 004: "报名缴费成功后务必打印参赛证") from the
//! Documents tab. Ten players before the draw make two sheets, eight cards on the first and two
//! on the second; each card's QR code, read back from the printed page by a QR reader
//! (zbarimg, over pdftoppm's pixels), is the card code of its player ("BP" and the 报名号), which
//! `parse_card_code` reads as his 报名号; typed into the check-in desk as a USB scanner types
//! it (the code and Enter), it checks that player in. A name with a character outside the
//! common set (𠮷, CJK Extension B) is printed, not replaced.

use crate::common::{self, window::*};
use bianpai::app::{card_code, parse_card_code};
use bianpai::model::{Entrant, EntrantId};
use bianpai::ui::TabKind;
use egui::Key;
use std::process::Command;

/// The QR codes zbarimg reads from page `page` of `pdf`, in any order.
fn codes_on_page(pdf: &std::path::Path, page: u32) -> Vec<String> {
    let prefix = pdf.with_file_name(format!("page{page}"));
    let p = page.to_string();
    let status = Command::new("pdftoppm")
        .args(["-r", "150", "-f", &p, "-l", &p, "-png", "-singlefile"])
        .arg(pdf)
        .arg(&prefix)
        .status()
        .expect("pdftoppm (poppler-utils)");
    assert!(status.success());
    let out = Command::new("zbarimg")
        .args(["--quiet", "--raw"])
        .arg(prefix.with_extension("png"))
        .output()
        .expect("zbarimg (zbar-tools): bash .ci/run installs it");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn eight_cards_a_sheet_whose_codes_check_their_players_in() {
    let (dir, mut t) = common::create(&common::event("第二十一届“小世界杯”国际象棋公开赛", vec![]));
    let mut names: Vec<String> = (1..=9).map(|k| format!("棋手{k}")).collect();
    names.insert(3, "吉𠮷".into());
    // Entered, the lots not drawn: no 序号 yet.
    let section = t
        .add_section("五级组", &bianpai::model::SectionSettings::default())
        .unwrap();
    for n in &names {
        let e = Entrant {
            name: n.clone(),
            unit: "闵行区罗阳小学".into(),
            ..Entrant::default()
        };
        t.add_entrant(section, &e).unwrap();
    }
    let mut h = harness(t);
    h.run();
    let pdf = dir.path().join("参赛证.pdf");
    save_document(&mut h, "参赛证", &pdf);

    let ids: Vec<EntrantId> = {
        let mut v: Vec<EntrantId> = event(&h).sections[0]
            .entrants
            .iter()
            .map(|e| e.id)
            .collect();
        v.sort();
        v
    };
    let text = pdf_text(&pdf);
    let pages: Vec<&str> = text
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect();
    assert_eq!(pages.len(), 2, "ten cards: a sheet of eight and one of two");
    assert_eq!(squeeze(pages[0]).matches("参赛证").count(), 8);
    assert_eq!(squeeze(pages[1]).matches("参赛证").count(), 2);
    // Before the draw each card names its player by his 报名号.
    assert_eq!(squeeze(pages[0]).matches("报名号：").count(), 8);
    assert!(!text.contains("序号："));
    assert!(text.contains("吉𠮷"), "the rare character is printed");
    assert!(!text.contains('〓'), "nothing stands in for it");
    for id in &ids {
        assert!(text.contains(&card_code(*id)), "{id:?}'s code under its QR");
    }

    // The QR codes of the first sheet: the first eight players by 报名号.
    let mut scanned = codes_on_page(&pdf, 1);
    scanned.sort();
    let read: Vec<EntrantId> = scanned
        .iter()
        .map(|c| parse_card_code(c).unwrap_or_else(|| panic!("{c} is a card code")))
        .collect();
    assert_eq!(read, ids[..8]);
    assert_eq!(codes_on_page(&pdf, 2).len(), 2);

    // At the door, each scanned code and Enter checks its player in.
    tab(&mut h, TabKind::Entrants);
    ctrl(&mut h, Key::K);
    assert!(shows(&h, "五级组：已签到 0 / 报名 10"));
    for code in &scanned {
        type_text(&mut h, code);
        key(&mut h, Key::Enter);
        no_error(&h, code);
    }
    assert!(shows(&h, "五级组：已签到 8 / 报名 10"));
    let checked: Vec<EntrantId> = {
        let mut v: Vec<EntrantId> = event(&h).sections[0]
            .entrants
            .iter()
            .filter(|e| e.checked_in.is_some())
            .map(|e| e.id)
            .collect();
        v.sort();
        v
    };
    assert_eq!(checked, ids[..8]);
}
