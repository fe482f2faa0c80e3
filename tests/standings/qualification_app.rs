//! Staged qualification (分阶段晋级, seed 002's shape, rules.md §1.9) through the app on a small
//! field: 20 players, 5 rounds, in the Event tab's words "3:2, 4:2, 境外运动员:1, 外卡:1" — after
//! round 3 the best 2 qualify and leave the field, after round 4 the best 2 not yet qualified
//! leave too; then the best overseas player not yet qualified and the entrant flagged 外卡 are
//! added to the list, but play on (seed 002 names them at the end of the qualifier).
//!
//! Results follow one rule so that the field is settled: the lower pairing number wins. The
//! expected lists are read off the standings after rounds 3 and 4 by the rule's own words;
//! the pairing is checked for who is left out (20 → 18 → 16 players, no bye).

use crate::common;
use crate::common::{SectionBuilder, finish_round, number_of};
use bianpai::app::{Tournament, WILDCARD_FLAG, qualified_list, section_awards};
use bianpai::model::{EntrantId, Outcome, Section, SectionId, SectionSettings};
use bianpai::pairing::qualification::{QualificationOptions, QualificationStage, SubListQuota};
use bianpai::standings::standings;
use std::collections::BTreeSet;

fn section(t: &Tournament) -> &Section {
    &t.event().sections[0]
}

fn by_number(t: &Tournament, n: u32) -> bianpai::model::Entrant {
    section(t)
        .entrants
        .iter()
        .find(|e| e.number == Some(n))
        .cloned()
        .expect("drawn")
}

/// Pairs the next round and plays it: the lower pairing number wins.
fn play_round(t: &mut Tournament, s: SectionId) -> u32 {
    let round = t.pair_next_round(s).unwrap();
    finish_round(t, s, round, |s, g| {
        if number_of(s, g.red) < number_of(s, g.black) {
            Outcome::RedWin
        } else {
            Outcome::BlackWin
        }
    });
    round
}

/// Everyone in round `r`: both players of every game and the byes.
fn in_round(t: &Tournament, r: u32) -> BTreeSet<EntrantId> {
    let round = section(t).round(r).unwrap();
    round
        .games
        .iter()
        .flat_map(|g| [g.red, g.black])
        .chain(round.byes.iter().map(|b| b.entrant))
        .collect()
}

#[test]
fn qualified_players_leave_the_field_stage_by_stage_then_quota_and_wildcard() {
    let (_dir, mut t) = common::create(&common::event("海选赛", vec![]));
    let settings = SectionSettings {
        rounds: 5,
        qualification: QualificationOptions {
            stages: vec![
                QualificationStage {
                    after_round: 3,
                    count: 2,
                },
                QualificationStage {
                    after_round: 4,
                    count: 2,
                },
            ],
            sub_lists: vec![SubListQuota {
                name: "境外运动员".into(),
                count: 1,
            }],
            wildcards: 1,
        },
        ..SectionSettings::default()
    };
    let s = SectionBuilder::new()
        .name("男子海选")
        .settings(settings)
        .named("选手", 20)
        .lot_seed(2026_1201)
        .enter(&mut t);
    // Numbers 3 and 15 are overseas; number 20 has the organiser's wildcard.
    for n in [3, 15] {
        let mut e = by_number(&t, n);
        e.overseas = true;
        t.update_entrant(s, &e).unwrap();
    }
    let mut e = by_number(&t, 20);
    e.flags.push(WILDCARD_FLAG.into());
    t.update_entrant(s, &e).unwrap();
    let wildcard = e.id;

    for r in 1..=3 {
        assert_eq!(play_round(&mut t, s), r);
        assert_eq!(in_round(&t, r).len(), 20, "round {r}: the whole field");
    }
    // After round 3: the best 2 of the standings qualify.
    let after3: Vec<EntrantId> = standings(section(&t), 3)
        .iter()
        .map(|x| x.entrant)
        .collect();
    let stage1 = after3[..2].to_vec();
    assert_eq!(qualified_list(section(&t)).entrants(), stage1);

    assert_eq!(play_round(&mut t, s), 4);
    let r4 = in_round(&t, 4);
    assert_eq!(r4.len(), 18, "round 4: 18 players, 9 boards");
    assert!(section(&t).round(4).unwrap().byes.is_empty());
    assert!(
        stage1.iter().all(|q| !r4.contains(q)),
        "qualified players left"
    );

    // After round 4: the best 2 not yet qualified, then the best overseas player not yet
    // qualified, then the wildcard.
    let after4: Vec<EntrantId> = standings(section(&t), 4)
        .iter()
        .map(|x| x.entrant)
        .collect();
    let stage2: Vec<EntrantId> = after4
        .iter()
        .copied()
        .filter(|e| !stage1.contains(e))
        .take(2)
        .collect();
    let overseas: Vec<EntrantId> = after4
        .iter()
        .copied()
        .filter(|e| section(&t).entrant(*e).unwrap().overseas)
        .filter(|e| !stage1.contains(e) && !stage2.contains(e))
        .take(1)
        .collect();
    let mut expected = stage1.clone();
    expected.extend(&stage2);
    expected.extend(&overseas);
    expected.push(wildcard);
    assert_eq!(qualified_list(section(&t)).entrants(), expected);

    assert_eq!(play_round(&mut t, s), 5);
    let r5 = in_round(&t, 5);
    assert_eq!(
        r5.len(),
        16,
        "round 5: 20 less the 4 who qualified in stages"
    );
    assert!(stage1.iter().chain(&stage2).all(|q| !r5.contains(q)));
    assert!(r5.contains(&wildcard), "a wildcard plays on");
    // The awards (and so the result book) list the qualified in order of qualification.
    assert_eq!(section_awards(section(&t), 5).qualifiers, Ok(expected));
}
