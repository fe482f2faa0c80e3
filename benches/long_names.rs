//! Issue 23, item 4: laying out a PDF took time growing with the square of a name's length
//! (1,000 characters 0.9 s, 5,000 23 s, 20,000 over 100 s). The measurement: the demo event's
//! round-1 pairing sheet and standings with one entrant's name 1,000, 5,000 and 20,000
//! characters long, against the same documents with an ordinary name in the same run (the
//! peer). Linear layout keeps the 5,000-character sheet well under a second.
//!
//! Run: `cargo bench --bench long_names`.

use bianpai::app::{DocumentKind, DocumentRequest, demo_event, make_document};
use bianpai::i18n::Lang;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("long_names");
    g.sample_size(10);
    for len in [3usize, 1_000, 5_000, 20_000] {
        let mut event = demo_event();
        let name: String = "王堃周喆李明远".chars().cycle().take(len).collect();
        event.sections[0].entrants[0].name = name;
        let id = event.sections[0].id;
        for kind in [DocumentKind::PairingSheet, DocumentKind::Standings] {
            let req = DocumentRequest {
                section: Some(id),
                round: Some(1),
                ..DocumentRequest::event(kind, Lang::Zh)
            };
            g.bench_function(format!("{kind:?}/{len}"), |b| {
                b.iter(|| black_box(make_document(&event, &req).unwrap()))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
