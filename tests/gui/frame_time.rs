//! Issue 9, point 3: with 1,000 entrants the entrants and results tabs must draw a frame in
//! under 16 ms. This harness measures the CPU time of one frame of each tab — the app's own
//! code and egui's layout, as `Harness::step` runs them; tessellation and the GPU are not in
//! the figure — and prints the median. It asserts nothing about
//! time — a shared machine is no place for a timed assertion — only that the tabs draw.
//!
//! Run: `cargo test --test gui frame_time -- --nocapture` (add `--release` for the shipped figure).

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{Entrant, Event, Outcome};
use bianpai::ui::{BianpaiApp, TabKind};
use egui_kittest::Harness;
use std::time::{Duration, Instant};

fn big_event(n: usize) -> Event {
    let family = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"];
    let given = ["伟", "芳", "堃", "喆", "明", "华", "强", "丽"];
    let s = SectionBuilder::new()
        .name("公开组")
        .entrants((0..n).map(|i| Entrant {
            name: format!("{}{}{}", family[i % 10], given[(i / 10) % 8], i),
            unit: format!("第{}队", i % 60),
            rating: Some(1500 + (i % 700) as i32),
            ..Entrant::default()
        }))
        .build();
    common::event("千人测试", vec![s])
}

/// The median of `frames` frames of the current tab, after it has settled.
fn frame_time(h: &mut Harness<'static, BianpaiApp>, frames: usize) -> Duration {
    h.run();
    let mut v: Vec<Duration> = (0..frames)
        .map(|_| {
            let t = Instant::now();
            h.step();
            t.elapsed()
        })
        .collect();
    v.sort();
    v[v.len() / 2]
}

/// A harness on an event of `n` entrants, numbers drawn, round 1 paired and half of its
/// boards with a result.
fn harness(n: usize) -> (tempfile::TempDir, Harness<'static, BianpaiApp>) {
    let (dir, mut t) = common::create(&big_event(n));
    let s = t.event().sections[0].id;
    t.draw_lots(s, 1).unwrap();
    t.pair_next_round(s).unwrap();
    for b in 1..=(n / 4) as u32 {
        t.enter_result(
            BoardRef::new(s, 1, b),
            ResultEntry::result(Some(Outcome::Draw)),
        )
        .unwrap();
    }
    assert_eq!(t.event().sections[0].rounds[0].games.len(), n / 2);
    let h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t));
    (dir, h)
}

fn report(n: usize, tabs: &[TabKind]) -> String {
    let (_dir, mut h) = harness(n);
    let mut out = Vec::new();
    for &tab in tabs {
        h.state_mut().tab = tab;
        let d = frame_time(&mut h, 15);
        out.push(format!("{tab:?} {:.1} ms", d.as_secs_f64() * 1000.0));
    }
    out.join(", ")
}

#[test]
fn entrants_and_results_tabs_with_a_thousand_entrants() {
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    let all = [
        TabKind::Entrants,
        TabKind::Results,
        TabKind::Pairings,
        TabKind::Standings,
        TabKind::Awards,
        TabKind::Journal,
    ];
    println!(
        "median frame ({profile}), 1000 entrants / 500 boards: {}",
        report(1000, &all)
    );
    // The same tabs on a small field: what every frame costs whatever the field.
    println!(
        "median frame ({profile}), 10 entrants / 5 boards: {}",
        report(10, &all[..2])
    );
}
