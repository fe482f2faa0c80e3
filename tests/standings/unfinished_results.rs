//! Until a section's last round has every result, its results are not final: the result book,
//! the certificates, the standings sheet and the Standings tab say 非最终成绩 — or, when the
//! arbiter sets it, the result book and the certificates are refused.
//!
//! Four players, two rounds, through the app; the lower pairing number wins.

use crate::common;
use crate::common::{SectionBuilder, finish_round, number_of};
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::app::{DocumentKind, DocumentRequest, Tournament};
use bianpai::i18n::Lang;
use bianpai::model::{Outcome, SectionId, SectionSettings};
use std::process::Command;

const MARK: &str = "非最终成绩";

fn two_rounds() -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = common::create(&common::event("小型赛", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .settings(SectionSettings {
            rounds: 2,
            ..SectionSettings::default()
        })
        .names(&["甲", "乙", "丙", "丁"])
        .lot_seed(7)
        .enter(&mut t);
    (dir, t, s)
}

fn lower_number_wins(t: &mut Tournament, s: SectionId, round: u32) {
    finish_round(t, s, round, |s, g| {
        if number_of(s, g.red) < number_of(s, g.black) {
            Outcome::RedWin
        } else {
            Outcome::BlackWin
        }
    });
}

fn text(t: &Tournament, kind: DocumentKind, round: Option<u32>) -> String {
    let req = DocumentRequest {
        section: Some(t.event().sections[0].id),
        round,
        ..DocumentRequest::event(kind, Lang::Zh)
    };
    let pdf = t.document(&req).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8(out.stdout).unwrap()
}

fn pages(text: &str) -> Vec<&str> {
    text.split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect()
}

#[test]
fn results_are_marked_until_the_last_result_is_in() {
    let (_dir, mut t, s) = two_rounds();
    t.pair_next_round(s).unwrap();
    lower_number_wins(&mut t, s, 1);
    t.pair_next_round(s).unwrap();
    // One board of round 2 has its result, the other not yet.
    t.enter_result(
        BoardRef::new(s, 2, 1),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();

    let book = text(&t, DocumentKind::ResultBook, None);
    assert!(book.contains(MARK), "result book:\n{book}");
    let certs = text(&t, DocumentKind::Certificates, None);
    let cert_pages = pages(&certs);
    assert!(!cert_pages.is_empty());
    for p in &cert_pages {
        assert!(p.contains(MARK), "certificate:\n{p}");
    }
    let sheet = text(&t, DocumentKind::Standings, Some(2));
    assert!(sheet.contains(MARK), "standings sheet:\n{sheet}");

    // The last result: final, unmarked.
    t.enter_result(
        BoardRef::new(s, 2, 2),
        ResultEntry::result(Some(Outcome::RedWin)),
    )
    .unwrap();
    for kind in [
        DocumentKind::ResultBook,
        DocumentKind::Certificates,
        DocumentKind::Standings,
    ] {
        let done = text(&t, kind, Some(2));
        assert!(!done.contains(MARK), "{kind:?}:\n{done}");
    }
    assert!(text(&t, DocumentKind::Standings, Some(2)).contains("最终名次"));
    // An earlier round's standings are not the final ones, and do not say so.
    assert!(!text(&t, DocumentKind::Standings, Some(1)).contains(MARK));
}

#[test]
fn the_arbiter_may_refuse_them_instead() {
    let (_dir, mut t, s) = two_rounds();
    let mut settings = t.event().sections[0].settings.clone();
    settings.awards.refuse_unfinished = true;
    t.update_section(s, "公开组", &settings).unwrap();
    t.pair_next_round(s).unwrap();
    lower_number_wins(&mut t, s, 1);
    for kind in [DocumentKind::ResultBook, DocumentKind::Certificates] {
        let req = DocumentRequest {
            section: Some(s),
            ..DocumentRequest::event(kind, Lang::Zh)
        };
        let err = t.document(&req).expect_err("refused before the end");
        let words = err.message(Lang::Zh);
        assert!(words.contains("公开组") && words.contains(MARK), "{words}");
    }
    t.pair_next_round(s).unwrap();
    lower_number_wins(&mut t, s, 2);
    for kind in [DocumentKind::ResultBook, DocumentKind::Certificates] {
        assert!(!text(&t, kind, None).contains(MARK));
    }
}

/// The Standings tab says it too, beside its heading.
#[test]
fn the_standings_tab_marks_unfinished_results() {
    use bianpai::ui::{BianpaiApp, TabKind};
    use egui_kittest::{Harness, kittest::Queryable};

    let (_dir, mut t, s) = two_rounds();
    t.pair_next_round(s).unwrap();
    lower_number_wins(&mut t, s, 1);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    h.run();
    h.state_mut().desk.section = Some(s);
    h.state_mut().tab = TabKind::Standings;
    h.run();
    assert!(h.query_by_label(MARK).is_some());
}
