//! Issue 40: one check-in at the door must take well under a frame (16 ms) with 3,000
//! entrants. The measurement: the lookup the desk runs on each key (`check_in_matches`) for a
//! typed 序号, a scanned card, a name and pinyin initials (the slowest: every name read as
//! pinyin), at 300 and 3,000 entrants; the peer in the same run is the list of those not yet in
//! (`not_checked_in`), which the desk draws every frame anyway.
//!
//! Run: `cargo bench --bench checkin`.

use bianpai::app::{card_code, check_in_matches, not_checked_in};
use bianpai::model::{Entrant, EntrantId, Event, Section, SectionId};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const SURNAMES: [&str; 8] = ["王", "张", "李", "赵", "周", "陈", "欧阳", "诸葛"];
const GIVEN: [&str; 8] = ["堃", "喆", "明远", "晓燕", "一帆", "建国", "子龙", "思琪"];

fn event(n: u32) -> Event {
    let mut s = Section {
        id: SectionId(1),
        name: "公开组".into(),
        ..Section::default()
    };
    for k in 1..=n {
        s.entrants.push(Entrant {
            id: EntrantId(i64::from(k)),
            number: Some(k),
            name: format!(
                "{}{}{}",
                SURNAMES[k as usize % 8],
                GIVEN[(k / 8) as usize % 8],
                GIVEN[(k / 64) as usize % 8]
            ),
            unit: format!("第{}棋校", k % 40),
            ..Entrant::default()
        });
    }
    Event {
        sections: vec![s],
        ..Event::default()
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("checkin");
    for n in [300u32, 3_000] {
        let e = event(n);
        let section = SectionId(1);
        let card = card_code(EntrantId(i64::from(n / 2)));
        for (what, query) in [
            ("number", (n / 2).to_string()),
            ("card", card),
            ("name", "诸葛子龙".to_string()),
            ("initials", "zgzl".to_string()),
        ] {
            g.bench_function(format!("{what}/{n}"), |b| {
                b.iter(|| black_box(check_in_matches(&e, section, &query)))
            });
        }
        g.bench_function(format!("not_checked_in/{n}"), |b| {
            b.iter(|| black_box(not_checked_in(&e.sections[0]).len()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
