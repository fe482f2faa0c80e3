//! The venue page switch in the window (issue 26): off until the arbiter turns it on in the
//! 场地网页 menu; then the page serves the open event, follows every result entered in the
//! window, hands its address to the documents (for the QR code) and stops when the event is
//! closed.

use crate::common;
use crate::common::SectionBuilder;
use crate::common::http;
use bianpai::app::Tournament;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{Outcome, Sex};
use bianpai::ui::BianpaiApp;
use egui_kittest::{Harness, kittest::Queryable};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn harness(t: Tournament) -> Harness<'static, BianpaiApp> {
    Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, t))
}

#[test]
fn the_switch_serves_the_open_event_until_it_closes() {
    let (_dir, mut t) = common::create(&common::event("窗口开关测试", vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .lot_seed(5)
        .entrant("周喆", "北京", Sex::Male)
        .entrant("王堃", "上海", Sex::Male)
        .enter(&mut t);
    t.pair_next_round(s).unwrap();
    let mut h = harness(t);
    h.run();
    assert!(!h.state().venue.is_on(), "off until turned on");
    assert!(h.state().desk.venue_url.is_none());

    // Loopback and any free port, typed before the switch.
    h.state_mut().venue.bind = "127.0.0.1".into();
    h.state_mut().venue.port = "0".into();
    h.get_by_label("场地网页").click();
    h.run();
    h.get_by_label("开放场地网页").click();
    h.run();
    let url = h.state().venue.url().expect("the page is on").to_string();
    assert_eq!(h.state().desk.venue_url.as_deref(), Some(url.as_str()));
    let addr: SocketAddr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .unwrap();
    // Round 1 (1-2, red first) is on the page, without a result yet.
    let page = http::get(addr, &format!("/s/{}", s.0));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("id=\"b1\"") && !page.body.contains("红胜"));

    // A result entered in the window is on the page moments later (the window copies the
    // event on its next frame; the snapshot is made on a thread of its own).
    h.state_mut()
        .desk
        .act(|t| {
            t.enter_result(
                BoardRef::new(s, 1, 1),
                ResultEntry::result(Some(Outcome::RedWin)),
            )
        })
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        h.run();
        if http::get(addr, &format!("/s/{}", s.0))
            .body
            .contains("红胜")
        {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the result never reached the page"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    // The event closes: the page stops and lets its port go.
    h.state_mut().desk.tournament = None;
    h.run();
    assert!(!h.state().venue.is_on());
    assert!(h.state().desk.venue_url.is_none());
    let deadline = Instant::now() + Duration::from_secs(5);
    while std::net::TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
        assert!(
            Instant::now() < deadline,
            "still listening after the event closed"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Issue 37 point 6: the address and port are typed by keyboard. The 场地网页 button opens a
/// window whose address field has the keyboard; a click in the port field keeps the window
/// open; Tab goes from the address to the port; Enter there turns the page on at what was
/// typed; Escape closes the window, and the page stays on.
#[test]
fn the_address_and_port_are_typed_tabbed_through_and_applied_with_enter() {
    use egui::{Key, Modifiers};
    let (_dir, mut t) = common::create(&common::event("地址输入测试", vec![]));
    SectionBuilder::new()
        .name("公开组")
        .entrant("周喆", "北京", Sex::Male)
        .enter(&mut t);
    let mut h = harness(t);
    h.run();
    h.get_by_label("场地网页").click();
    h.run();
    // A click in the port field keeps the window (a menu closed on it).
    h.get_by_label("端口").click();
    h.run();
    assert!(h.state().venue.open, "the window stays open");
    assert!(h.query_by_label("开放场地网页").is_some());
    // Back to the address: Ctrl+A and the address typed over the offered one.
    h.get_by_label("监听地址").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(egui::Event::Text("127.0.0.1".into()));
    h.run();
    // Tab: the port field.
    h.key_press(Key::Tab);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(egui::Event::Text("0".into()));
    h.run();
    assert_eq!(h.state().venue.bind, "127.0.0.1");
    assert_eq!(
        h.state().venue.port,
        "0",
        "Tab went from the address to the port"
    );
    h.key_press(Key::Enter);
    h.run();
    let url = h
        .state()
        .venue
        .url()
        .expect("Enter turned the page on")
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    assert!(!url.ends_with(":0/"), "a free port was taken: {url}");
    // Escape closes the window; the page goes on.
    h.key_press(Key::Escape);
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.state().venue.open);
    assert!(h.state().venue.is_on());
}

/// The window opens with the keyboard in its address field.
#[test]
fn the_venue_window_opens_with_the_address_field_focused() {
    let (_dir, t) = common::create(&common::event("焦点测试", vec![]));
    let mut h = harness(t);
    h.run();
    h.get_by_label("场地网页").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text("10.0.0.9".into()));
    h.run();
    assert_eq!(h.state().venue.bind, "10.0.0.9");
}
