//! Issue 40, acceptance: the check-in desk (签到台) at the door of seed 001's event, the
//! “中国体育彩票杯”2026年北京市象棋锦标赛 (十二(三) 限报300人: 300 players), used only by keys:
//! Ctrl+K opens the desk in the Entrants tab, the person at the door types a 序号 and Enter, or
//! scans an entry card (the scanner types its code and Enter); 关闭签到 and its confirmation
//! close check-in; Ctrl+L draws the lots and Ctrl+P pairs.
//!
//! Two of its sections, as 二(二) sets them:
//! - 男子个人组 (积分编排制, 9 rounds; 180 players): the numbers drawn before the day (for the
//!   order book), the players checked in by their typed 序号. The ten whose numbers are
//!   multiples of 18 do not come: closing check-in withdraws them, and round 1 pairs the 170
//!   present by 三(一) “1号对2号、4号对3号、5号对6号、8号对7号” over the numbers of those present
//!   (三(一) names no same-unit avoidance, so none is set).
//! - U16组 (积分编排制, 7 rounds; 120 players), set to draw the lots among those present, as
//!   Chinese events do: its players check in by scanning their cards, while the desk still shows
//!   男子个人组 (a card names its player in any section). Seven do not come; after closing, the
//!   draw numbers the 113 present 1–113 and nobody else, and round 1 gives number 113 the bye.
//!
//! Expected values are worked out from those words, not read from the program.

use crate::common::{self, SectionBuilder, window::*};
use bianpai::app::card_code;
use bianpai::model::{
    Entrant, EntrantId, EntrantStatus, Event, PairingSystem, SectionSettings, XiangqiSwissOptions,
};
use bianpai::ui::TabKind;
use egui::Key;
use std::collections::BTreeSet;

const MEN: &str = "男子个人组";
const U16: &str = "U16组";

fn settings(rounds: u32) -> SectionSettings {
    SectionSettings {
        system: PairingSystem::XiangqiSwiss,
        rounds,
        // 三(一) pairs 1-2, 4-3 … with no same-unit avoidance.
        xiangqi: XiangqiSwissOptions {
            same_unit_to: 0,
            ..XiangqiSwissOptions::default()
        },
        ..SectionSettings::default()
    }
}

fn players(prefix: &str, n: u32) -> Vec<Entrant> {
    const UNITS: [&str; 5] = ["东城区", "西城区", "朝阳区", "海淀区", "丰台区"];
    (1..=n)
        .map(|k| Entrant {
            name: format!("{prefix}{k:03}"),
            unit: UNITS[k as usize % UNITS.len()].into(),
            ..Entrant::default()
        })
        .collect()
}

/// Checks in by typing `text` into the desk's field and Enter.
fn at_door(h: &mut Window, text: &str) {
    type_text(h, text);
    key(h, Key::Enter);
    no_error(h, text);
}

#[test]
fn three_hundred_players_check_in_by_number_and_card_and_the_absent_are_not_paired() {
    let event = Event {
        entry_cap: Some(300),
        ..common::event("“中国体育彩票杯”2026年北京市象棋锦标赛", vec![])
    };
    let (_dir, mut t) = common::create(&event);
    SectionBuilder::new()
        .name(MEN)
        .settings(settings(9))
        .entrants(players("男选手", 180))
        .lot_seed(2026)
        .enter(&mut t);
    SectionBuilder::new()
        .name(U16)
        .settings(settings(7))
        .entrants(players("少年", 120))
        .enter(&mut t);
    let mut h = harness(t);
    h.run();

    // U16组 draws among those present: set in its settings (Event tab, Ctrl+S).
    show_section(&mut h, U16);
    tab(&mut h, TabKind::Event);
    click(&mut h, "只在已签到选手中抽签（关闭签到后抽签）");
    save_section(&mut h);
    assert!(shown_section(&h).settings.checkin.lots_among_present);
    show_section(&mut h, MEN);

    // The desk, from the keyboard.
    tab(&mut h, TabKind::Entrants);
    ctrl(&mut h, Key::K);
    assert!(shows(&h, "男子个人组：已签到 0 / 报名 180"));
    let men_absent: BTreeSet<u32> = (1..=180).filter(|n| n % 18 == 0).collect();
    for n in 1..=180u32 {
        if !men_absent.contains(&n) {
            at_door(&mut h, &n.to_string());
        }
    }
    let u16_ids: Vec<EntrantId> = {
        let ev = event_of(&h);
        let s = ev.section_by_name(U16).unwrap();
        s.entrants.iter().map(|e| e.id).collect()
    };
    // Every 17th of the U16 list stays away: 7 of 120.
    let u16_absent: BTreeSet<EntrantId> = u16_ids
        .iter()
        .enumerate()
        .filter(|(i, _)| (i + 1) % 17 == 0)
        .map(|(_, id)| *id)
        .collect();
    assert_eq!(u16_absent.len(), 7);
    for id in &u16_ids {
        if !u16_absent.contains(id) {
            at_door(&mut h, &card_code(*id));
        }
    }
    assert!(shows(&h, "男子个人组：已签到 170 / 报名 180"));
    assert!(shows(&h, "U16组：已签到 113 / 报名 120"));
    // A second scan of a card says so and changes nothing.
    let again = u16_ids[0];
    at_door(&mut h, &card_code(again));
    assert!(
        h.state()
            .desk
            .message
            .as_ref()
            .is_some_and(|(_, m)| m.contains("无需再签")),
        "{:?}",
        h.state().desk.message
    );

    // 关闭签到 of 男子个人组, then of U16组.
    click(&mut h, "关闭签到…");
    click(&mut h, "确认关闭签到");
    no_error(&h, "closing check-in");
    ctrl(&mut h, Key::PageDown);
    assert_eq!(shown_section(&h).name, U16);
    click(&mut h, "关闭签到…");
    click(&mut h, "确认关闭签到");
    no_error(&h, "closing check-in of U16组");

    // U16组's lots, drawn (Ctrl+L, a seed, Enter) after the desk is left (Ctrl+K).
    ctrl(&mut h, Key::K);
    ctrl(&mut h, Key::L);
    ctrl(&mut h, Key::A);
    type_text(&mut h, "88");
    key(&mut h, Key::Enter);
    no_error(&h, "drawing U16组's lots");
    let u16 = shown_section(&h);
    let numbers: BTreeSet<u32> = u16.entrants.iter().filter_map(|e| e.number).collect();
    assert_eq!(
        numbers,
        (1..=113).collect(),
        "the present are numbered 1–113"
    );
    for e in &u16.entrants {
        let absent = u16_absent.contains(&e.id);
        assert_eq!(
            e.number.is_none(),
            absent,
            "{}: a number only if present",
            e.name
        );
        assert_eq!(e.status == EntrantStatus::Withdrawn, absent, "{}", e.name);
    }
    assert_eq!(pair_next_round(&mut h), 1);
    let r1 = &shown_section(&h).rounds[0];
    assert_eq!(r1.games.len(), 56);
    let bye: Vec<u32> = r1
        .byes
        .iter()
        .map(|b| u16.entrant(b.entrant).unwrap().number.unwrap())
        .collect();
    assert_eq!(bye, [113], "odd 113: the last number has the bye");
    for id in &u16_absent {
        assert!(!r1.plays(*id) && r1.bye_of(*id).is_none());
    }

    // 男子个人组: the absent kept their numbers and are withdrawn; round 1 pairs the others.
    ctrl(&mut h, Key::PageUp);
    assert_eq!(shown_section(&h).name, MEN);
    assert_eq!(pair_next_round(&mut h), 1);
    let men = shown_section(&h);
    let number = |id: EntrantId| men.entrant(id).unwrap().number.unwrap();
    let r1 = &men.rounds[0];
    assert_eq!((r1.games.len(), r1.byes.len()), (85, 0));
    let paired: BTreeSet<u32> = r1
        .games
        .iter()
        .flat_map(|g| [number(g.red), number(g.black)])
        .collect();
    let present: Vec<u32> = (1..=180).filter(|n| !men_absent.contains(n)).collect();
    assert_eq!(paired, present.iter().copied().collect());
    // 1-2, 4-3, … over the present in number order: table k pairs the (2k-1)th and (2k)th
    // present, the smaller number red on odd tables, the larger on even ones.
    for (k, pair) in present.chunks(2).enumerate() {
        let g = &r1.games[k];
        let (red, black) = if k % 2 == 0 {
            (pair[0], pair[1])
        } else {
            (pair[1], pair[0])
        };
        assert_eq!(
            (number(g.red), number(g.black)),
            (red, black),
            "board {}",
            k + 1
        );
    }
    assert_eq!(
        (number(r1.games[8].red), number(r1.games[8].black)),
        (17, 19),
        "board 9: 18 did not come"
    );
    for e in &men.entrants {
        let absent = men_absent.contains(&e.number.unwrap());
        assert_eq!(e.status == EntrantStatus::Withdrawn, absent, "{}", e.name);
    }
}

fn event_of(h: &Window) -> Event {
    event(h).clone()
}

#[test]
fn ctrl_z_at_the_desk_undoes_a_check_in_and_the_closing_and_a_late_player_plays_from_round_2() {
    let (_dir, mut t) = common::create(&common::event("签到撤销", vec![]));
    SectionBuilder::new()
        .name("公开组")
        .settings(settings(3))
        .names(&["周喆", "张三", "李四", "王五", "赵六"])
        .lot_seed(3)
        .enter(&mut t);
    let mut h = harness(t);
    h.run();
    tab(&mut h, TabKind::Entrants);
    ctrl(&mut h, Key::K);
    // Pinyin initials: zs names 张三 only (周喆 is zz, 赵六 zl).
    at_door(&mut h, "zs");
    let checked = |h: &Window| -> Vec<String> {
        shown_section(h)
            .entrants
            .iter()
            .filter(|e| e.checked_in.is_some())
            .map(|e| e.name.clone())
            .collect()
    };
    assert_eq!(checked(&h), ["张三"]);
    // Ctrl+Z in the empty field undoes it.
    ctrl(&mut h, Key::Z);
    assert_eq!(checked(&h), Vec::<String>::new());
    // 李四 and 王五 by name; then "z", which names three (周喆 zz, 张三 zs, 赵六 zl): Enter
    // checks in nobody, ↓↓ marks the second in number order and Enter checks him in.
    at_door(&mut h, "李四");
    at_door(&mut h, "王五");
    type_text(&mut h, "z");
    key(&mut h, Key::Enter);
    assert_eq!(checked(&h).len(), 2, "several match: nobody checked in yet");
    let s = shown_section(&h);
    let mut z: Vec<&Entrant> = s
        .entrants
        .iter()
        .filter(|e| ["周喆", "张三", "赵六"].contains(&e.name.as_str()))
        .collect();
    z.sort_by_key(|e| e.number);
    let z: Vec<String> = z.iter().map(|e| e.name.clone()).collect();
    // The field has the focus again, with "z" still in it.
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::Enter);
    no_error(&h, "picking by ↑↓");
    assert_eq!(checked(&h).len(), 3);
    assert!(checked(&h).contains(&z[1]), "{} picked", z[1]);
    at_door(&mut h, &z[0]);
    let late = z[2].as_str();

    // Closing withdraws the late one; Ctrl+Z takes the closing back whole.
    click(&mut h, "关闭签到…");
    click(&mut h, "确认关闭签到");
    let status = |h: &Window, name: &str| {
        shown_section(h)
            .entrants
            .iter()
            .find(|e| e.name == name)
            .unwrap()
            .status
    };
    assert_eq!(status(&h, late), EntrantStatus::Withdrawn);
    assert!(shown_section(&h).checkin_closed.is_some());
    ctrl(&mut h, Key::Z);
    assert_eq!(status(&h, late), EntrantStatus::Active);
    assert!(shown_section(&h).checkin_closed.is_none());
    click(&mut h, "关闭签到…");
    click(&mut h, "确认关闭签到");
    let journal = last_journal(&h);
    assert_eq!(journal.0, "checkin.close");
    assert!(
        format!("{:?}", journal.1).contains(late),
        "the journal names {late}"
    );

    // Round 1 without him; he comes and checks in: paired from round 2.
    ctrl(&mut h, Key::K);
    assert_eq!(pair_next_round(&mut h), 1);
    let s = shown_section(&h);
    let him = s.entrants.iter().find(|e| e.name == late).unwrap().id;
    assert!(!s.rounds[0].plays(him) && s.rounds[0].bye_of(him).is_none());
    assert_eq!(s.rounds[0].games.len(), 2, "four present: two boards");
    tab(&mut h, TabKind::Entrants);
    ctrl(&mut h, Key::K);
    at_door(&mut h, late);
    assert!(
        h.state()
            .desk
            .message
            .as_ref()
            .is_some_and(|(_, m)| m.contains("自第2轮起编排")),
        "{:?}",
        h.state().desk.message
    );
    assert_eq!(status(&h, late), EntrantStatus::Active);
    ctrl(&mut h, Key::K);
    enter_results(&mut h, |_, _| bianpai::model::Outcome::RedWin);
    assert_eq!(pair_next_round(&mut h), 2);
    let s = shown_section(&h);
    let r2 = &s.rounds[1];
    assert!(
        r2.plays(him) || r2.bye_of(him).is_some(),
        "the late player is in round 2"
    );
}
