//! A knockout section is ranked by its bracket everywhere — standings, awards, certificates,
//! the result book — and a bracket still being played claims no final place (rules.md §5.2:
//! “losers of the same round share a place range (e.g. 5–8 …)”; the places above them are
//! not decided until the matches for them are).
//!
//! The demo's eight-player knockout (少年淘汰赛, seed 002's match format) is played through
//! its quarter-finals through the app: every game still to play is won by red. The losers of
//! the quarter-finals share places 5–8; the four still in play hold places 1–4 between them,
//! undecided, and nobody gets a certificate for 第一名 … 第四名.

use bianpai::app::{BoardRef, ResultEntry};
use bianpai::app::{
    DocumentKind, DocumentRequest, PairNext, Tournament, final_standings, section_awards,
};
use bianpai::i18n::Lang;
use bianpai::model::{EntrantId, Game, Outcome, Section, SectionId};
use std::collections::BTreeSet;
use std::process::Command;

fn juniors(t: &Tournament) -> &Section {
    t.event()
        .sections
        .iter()
        .find(|s| s.name == "少年淘汰赛")
        .expect("the demo's knockout")
}

/// Plays round 1 to its end: pairs the next games while a match is undecided, red wins each.
fn finish_quarter_finals(t: &mut Tournament, s: SectionId) {
    loop {
        let pending: Vec<u32> = juniors(t)
            .round(1)
            .unwrap()
            .games
            .iter()
            .filter(|g| g.outcome.is_none())
            .map(|g| g.board)
            .collect();
        for board in pending {
            t.enter_result(
                BoardRef::new(s, 1, board),
                ResultEntry::result(Some(Outcome::RedWin)),
            )
            .unwrap();
        }
        if quarter_final_losers(juniors(t)).len() == 4 {
            return;
        }
        match t.pair_next_games(s, &[]).unwrap() {
            PairNext::Paired { round: 1, .. } => {}
            other => panic!("expected games of round 1, got {other:?}"),
        }
    }
}

/// The losers of the decided quarter-finals, worked out from the games by seed 002's format
/// (rules.md §5.2): two slow games; if level, two rapid games; if still level, sudden death,
/// the first decisive game deciding.
fn quarter_final_losers(s: &Section) -> BTreeSet<EntrantId> {
    let games = &s.round(1).unwrap().games;
    let winner = |g: &Game| match g.outcome {
        Some(Outcome::RedWin) => Some(g.red),
        Some(Outcome::BlackWin) => Some(g.black),
        _ => None,
    };
    // Half-points of `who` in `gs`.
    let score = |who: EntrantId, gs: &[&Game]| -> u32 {
        gs.iter()
            .map(|g| match g.outcome {
                Some(Outcome::Draw) => 1,
                _ if winner(g) == Some(who) => 2,
                _ => 0,
            })
            .sum()
    };
    let pairs: BTreeSet<(EntrantId, EntrantId)> = games
        .iter()
        .map(|g| (g.red.min(g.black), g.red.max(g.black)))
        .collect();
    let mut out = BTreeSet::new();
    for (a, b) in pairs {
        let between: Vec<&Game> = games
            .iter()
            .filter(|g| g.side_of(a).is_some() && g.side_of(b).is_some())
            .collect();
        if between.len() < 2 || between.iter().any(|g| g.outcome.is_none()) {
            continue;
        }
        let loser_by = |gs: &[&Game]| match score(a, gs).cmp(&score(b, gs)) {
            std::cmp::Ordering::Less => Some(a),
            std::cmp::Ordering::Greater => Some(b),
            std::cmp::Ordering::Equal => None,
        };
        let loser = loser_by(&between[..2]).or_else(|| match between.len() {
            4 => loser_by(&between[2..4]),
            n if n > 4 => winner(between[n - 1]).map(|w| if w == a { b } else { a }),
            _ => None,
        });
        out.extend(loser);
    }
    out
}

fn pdf_pages(t: &Tournament, kind: DocumentKind) -> Vec<String> {
    let pdf = t.document(&DocumentRequest::event(kind, Lang::Zh)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8(out.stdout)
        .unwrap()
        .split('\u{c}')
        .map(str::to_string)
        .collect()
}

#[test]
fn the_demo_knockout_after_its_quarter_finals_claims_no_final_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Tournament::create_demo(&dir.path().join("demo.bianpai")).unwrap();
    let s = juniors(&t).id;
    finish_quarter_finals(&mut t, s);
    let section = juniors(&t).clone();
    let losers = quarter_final_losers(&section);
    assert_eq!(losers.len(), 4);
    let still_in: BTreeSet<EntrantId> = section
        .entrants
        .iter()
        .map(|e| e.id)
        .filter(|e| !losers.contains(e))
        .collect();
    let name = |id: &EntrantId| section.entrant(*id).unwrap().name.clone();

    // Standings: the four still in play first, sharing places 1–4 (ranked at 1); the losers
    // of the quarter-finals share 5–8 (ranked at 5). No place is decided by lot.
    let table = final_standings(&section, 1);
    let firsts: BTreeSet<EntrantId> = table[..4].iter().map(|x| x.entrant).collect();
    assert_eq!(firsts, still_in);
    assert!(table[..4].iter().all(|x| x.rank == 1), "{table:?}");
    let lasts: BTreeSet<EntrantId> = table[4..].iter().map(|x| x.entrant).collect();
    assert_eq!(lasts, losers);
    assert!(table[4..].iter().all(|x| x.rank == 5), "{table:?}");
    assert!(table.iter().all(|x| !x.by_lot));

    // Awards: nothing is given for the undecided places.
    let awards = section_awards(&section, 1);
    assert!(awards.prize_lines().is_empty());
    assert_eq!(awards.titles, Ok(vec![]));

    // Certificates: none for a player still in play; the losers' say 第五名.
    let pages = pdf_pages(&t, DocumentKind::Certificates);
    for p in &pages {
        for w in &still_in {
            assert!(
                !(p.contains(&name(w)) && p.contains("少年淘汰赛")),
                "a certificate for {} while still in play:\n{p}",
                name(w)
            );
        }
    }
    for l in &losers {
        let page = pages
            .iter()
            .find(|p| p.contains(&name(l)) && p.contains("少年淘汰赛"))
            .unwrap_or_else(|| panic!("a certificate for {}", name(l)));
        assert!(page.contains("第五名"), "{page}");
    }

    // Result book: the knockout's standings give each player the range his stage shares
    // (issue 37, point 3): the losers 5–8, the four still in play 1–4.
    let book = pdf_pages(&t, DocumentKind::ResultBook).join("\n");
    let from = book
        .find("少年淘汰赛 第1轮后排名")
        .unwrap_or_else(|| panic!("the knockout's standings in the result book:\n{book}"));
    let part = &book[from..];
    let part = &part[..part.find("成绩交叉表").unwrap_or(part.len())];
    for (who, place) in losers
        .iter()
        .map(|l| (l, "5–8"))
        .chain(still_in.iter().map(|w| (w, "1–4")))
    {
        let line = part
            .lines()
            .find(|l| l.split_whitespace().nth(2) == Some(name(who).as_str()))
            .unwrap_or_else(|| panic!("{} in the standings:\n{part}", name(who)));
        assert_eq!(line.split_whitespace().next(), Some(place), "{line}");
    }
}

/// The Standings tab shows the same: each player's place on his row, the losers of the
/// quarter-finals at 5, the others at 1, none by lot.
#[test]
fn the_standings_tab_ranks_the_demo_knockout_by_its_bracket() {
    use bianpai::ui::{BianpaiApp, TabKind};
    use egui_kittest::{Harness, kittest::Queryable};

    let dir = tempfile::tempdir().unwrap();
    let mut t = Tournament::create_demo(&dir.path().join("demo.bianpai")).unwrap();
    let s = juniors(&t).id;
    finish_quarter_finals(&mut t, s);
    let section = juniors(&t).clone();
    let losers = quarter_final_losers(&section);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    h.run();
    h.state_mut().desk.section = Some(s);
    h.state_mut().tab = TabKind::Standings;
    h.run();
    assert!(h.query_by_label("第1轮后排名").is_some());
    assert!(
        h.query_all_by_label_contains("抽签").next().is_none(),
        "no place by lot"
    );
    for e in &section.entrants {
        let row = h.get_by_label(&e.name).rect();
        // The four losers share places 5–8, the four still in play 1–4 (the tab shows a
        // stage's range since issue 37).
        let want = if losers.contains(&e.id) {
            "5–8"
        } else {
            "1–4"
        };
        let rank = h.query_all_by_label(want).any(|n| {
            (n.rect().center().y - row.center().y).abs() < 2.0 && n.rect().max.x < row.min.x
        });
        assert!(rank, "{} at place {want}", e.name);
    }
}
