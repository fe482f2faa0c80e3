//! Issue 37: the window at the venue laptop's sizes. First the layout check's self-test — tiny
//! windows built to be wrong in one way each (two texts on one spot, a button below the window
//! with nothing to scroll, a column narrower than its words, a list with more than it shows and
//! no bar) must each fail it, and the same windows done right must pass; then the walk over
//! every tab and panel of the program in the states an arbiter reaches, at 1024×768 and
//! 1366×768, in Chinese and English, which must pass it.

use crate::common::layout::{self, Kind};
use egui_kittest::Harness;

fn kinds(mut h: Harness<'_>) -> Vec<Kind> {
    let w = layout::watch(&h.ctx);
    h.run();
    h.run();
    let found = layout::check(&mut h, &w, "self-test");
    // Shown when a self-test fails: what the check said.
    for p in &found {
        eprintln!("{:?}: {}", p.kind, p.what);
    }
    found.into_iter().map(|p| p.kind).collect()
}

fn small(app: impl FnMut(&mut egui::Ui) + 'static) -> Harness<'static> {
    Harness::builder()
        .with_size(egui::vec2(400.0, 300.0))
        .build_ui(app)
}

#[test]
fn the_check_finds_two_texts_on_one_spot() {
    let over = small(|ui| {
        let at = egui::Rect::from_min_size(egui::pos2(20.0, 40.0), egui::vec2(200.0, 24.0));
        ui.put(at, egui::Label::new("First round by rating"));
        ui.put(
            at.translate(egui::vec2(30.0, 8.0)),
            egui::Label::new("Born from"),
        );
    });
    assert!(kinds(over).contains(&Kind::Overlap));
    let apart = small(|ui| {
        ui.label("First round by rating");
        ui.label("Born from");
    });
    assert_eq!(kinds(apart), vec![]);
}

#[test]
fn the_check_finds_a_button_below_the_window() {
    let below = small(|ui| {
        for i in 0..30 {
            ui.label(format!("row {i}"));
        }
        let _ = ui.button("Import 60 entrants");
    });
    let found = kinds(below);
    assert!(found.contains(&Kind::Hidden), "{found:?}");
    let scrolled = small(|ui| {
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical().show(ui, |ui| {
            for i in 0..30 {
                ui.label(format!("row {i}"));
            }
            let _ = ui.button("Import 60 entrants");
        });
    });
    // Reached by scrolling, with a bar that shows there is more.
    assert_eq!(kinds(scrolled), vec![]);
}

#[test]
fn the_check_finds_a_cut_column() {
    let table = |width: Option<f32>| {
        small(move |ui| {
            let column = match width {
                Some(w) => egui_extras::Column::exact(w).clip(true),
                None => egui_extras::Column::auto(),
            };
            egui_extras::TableBuilder::new(ui)
                .column(column)
                .column(egui_extras::Column::auto())
                .header(24.0, |mut h| {
                    h.col(|ui| {
                        ui.label("Previous round opponent");
                    });
                    h.col(|ui| {
                        ui.label("Pts");
                    });
                })
                .body(|mut b| {
                    b.row(24.0, |mut r| {
                        r.col(|ui| {
                            ui.label("Beijing Xicheng District Chess Association");
                        });
                        r.col(|ui| {
                            ui.label("3");
                        });
                    });
                });
        })
    };
    assert!(kinds(table(Some(60.0))).contains(&Kind::Cut));
    assert_eq!(kinds(table(None)), vec![]);
    let narrow = small(|ui| {
        ui.allocate_ui(egui::vec2(80.0, 30.0), |ui| {
            ui.add(egui::Label::new("Beijing Xicheng District Chess Association").truncate());
        });
    });
    assert!(kinds(narrow).contains(&Kind::Cut));
}

#[test]
fn the_check_finds_a_list_that_hides_items_without_a_bar() {
    let list = |solid: bool| {
        small(move |ui| {
            if solid {
                ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            }
            egui::ScrollArea::vertical()
                .max_height(90.0)
                .show(ui, |ui| {
                    for kind in ["Order book", "Pairings", "Wall sheet", "Slips", "Standings"] {
                        let _ = ui.selectable_label(false, kind);
                    }
                    for kind in ["Crosstable", "Result book", "Certificates", "Prizes"] {
                        let _ = ui.selectable_label(false, kind);
                    }
                });
        })
    };
    let found = kinds(list(false));
    assert!(found.contains(&Kind::NoScrollBar), "{found:?}");
    assert_eq!(kinds(list(true)), vec![]);
}
