//! The chief accepts by keys (issue 41): results sent from phones show at the top of the
//! Results tab, marked by who sent them; Alt+Enter accepts the one picked, Alt+Delete rejects
//! one, Alt+A accepts every one that is no conflict; Ctrl+Z undoes an acceptance.

use super::{deputy, settle, two_sections};
use crate::common::window::{self, ctrl, tab};
use bianpai::app::{Hands, Submission, local_now};
use bianpai::model::{EntryState, Outcome};
use bianpai::ui::TabKind;
use egui::{Key, Modifiers};

#[test]
fn the_chief_accepts_phones_results_by_keys() {
    let (_dir, mut t, open, _) = two_sections();
    let hands = Hands::new();
    let (li, _) = deputy(&mut t, "李裁判", &[open], None);
    t.publish_hands(&hands).unwrap();
    for (i, (board, outcome)) in [
        (1, Outcome::RedWin),
        (2, Outcome::Draw),
        (3, Outcome::BlackWin),
        (4, Outcome::RedWin),
    ]
    .into_iter()
    .enumerate()
    {
        hands.submit(Submission {
            submission: format!("g{i}"),
            role: li,
            section: open,
            round: 1,
            board,
            outcome: Some(outcome),
            fouls: (0, 0),
            note: String::new(),
            at: local_now(),
        });
    }
    settle(&mut t, &hands);
    let mut h = window::harness(t);
    h.run();
    tab(&mut h, TabKind::Results);
    assert!(
        window::shows(&h, "李裁判（副裁判长/裁判员，设备1）"),
        "marked by who sent it"
    );
    let alt = |h: &mut window::Window, k: Key| {
        h.key_press_modifiers(Modifiers::ALT, k);
        h.run();
    };
    let outcomes = |h: &window::Window| -> Vec<Option<Outcome>> {
        window::event(h).section(open).unwrap().rounds[0].games[..4]
            .iter()
            .map(|g| g.outcome)
            .collect()
    };
    // The first picked: accepted.
    alt(&mut h, Key::Enter);
    assert_eq!(outcomes(&h), vec![Some(Outcome::RedWin), None, None, None]);
    // The next (board 2) rejected.
    alt(&mut h, Key::Delete);
    assert_eq!(outcomes(&h), vec![Some(Outcome::RedWin), None, None, None]);
    // The rest at once.
    alt(&mut h, Key::A);
    assert_eq!(
        outcomes(&h),
        vec![
            Some(Outcome::RedWin),
            None,
            Some(Outcome::BlackWin),
            Some(Outcome::RedWin)
        ]
    );
    // Ctrl+Z undoes the last acceptance: board 4 is open again and its entry waits.
    ctrl(&mut h, Key::Z);
    assert_eq!(
        outcomes(&h),
        vec![Some(Outcome::RedWin), None, Some(Outcome::BlackWin), None]
    );
    let t = h.state().desk.tournament.as_ref().unwrap();
    let waiting: Vec<(u32, EntryState)> = t
        .phone_entries(true)
        .unwrap()
        .iter()
        .map(|e| (e.board, e.state))
        .collect();
    assert_eq!(waiting, vec![(4, EntryState::Pending)]);
    window::no_error(&h, "accepting");
}

/// The window is the one writer: the page it serves queues what a phone sends, and its own
/// frame enters it. A device given its role in the 授权 panel signs in with the address its QR
/// code holds, sends a result, and the chief accepts it in the Results tab; revoking it in the
/// panel shuts it out.
#[test]
fn the_window_authorises_a_device_and_takes_what_it_sends() {
    use crate::hands_http::{form, post, sign_in};
    use egui_kittest::kittest::{NodeT, Queryable};
    let (_dir, t, open, _) = two_sections();
    // Tall enough for the whole venue window, the panel open (the fit at the laptop's size is
    // the next test's).
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 1800.0))
        .with_max_steps(64)
        .build_eframe(move |cc| bianpai::ui::BianpaiApp::for_test(&cc.egui_ctx, t));
    h.run();
    h.state_mut().venue.bind = "127.0.0.1".into();
    h.state_mut().venue.port = "0".into();
    h.get_by_label("场地网页").click();
    h.run();
    h.get_by_label("开放场地网页").click();
    h.run();
    let url = h.state().venue.url().expect("the page is on").to_string();
    let addr: std::net::SocketAddr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .unwrap();
    h.get_by_label("授权").click();
    h.run();
    // Typed into the fields (Escape, which leaves a field elsewhere, would close the window).
    for (label, text) in [("持有人", "李明"), ("台次范围（如 1-20，空为全部）", "1-6")]
    {
        h.query_all_by_role_and_label(egui::accesskit::Role::TextInput, label)
            .next()
            .unwrap_or_else(|| panic!("no field {label}"))
            .focus();
        h.run();
        h.event(egui::Event::Text(text.into()));
        h.run();
    }
    // Through accesskit: the button sits in the panel's scroll area.
    h.get_by_label("授权新设备").click_accesskit();
    h.run();
    let shown: Vec<String> = h
        .query_all_by(|n| {
            n.label()
                .or_else(|| n.value())
                .is_some_and(|l| l.contains("/k/"))
        })
        .map(|n| {
            let a = n.accesskit_node();
            a.label().or_else(|| a.value()).unwrap_or_default()
        })
        .filter(|l: &String| l.rsplit('/').next().is_some_and(|t| t.len() == 32))
        .collect();
    window::no_error(&h, "authorising");
    assert_eq!(
        shown.len(),
        1,
        "the new device's address is shown once: {shown:?}"
    );
    let token = shown[0].rsplit('/').next().unwrap().to_string();
    assert!(shown[0].starts_with(&url.trim_end_matches('/').to_string()));
    let roles = h.state().desk.tournament.as_ref().unwrap().roles().unwrap();
    assert_eq!(roles.len(), 1);
    assert_eq!(
        (roles[0].person.as_str(), roles[0].scope.boards),
        ("李明", Some((1, 6)))
    );

    let cookie = sign_in(addr, &token);
    let (sub, ft) = form(addr, &cookie, open.0, 3);
    // The phone is answered once the window's frames have taken and stored what it sent.
    let (sending, cookie) = (cookie.clone(), cookie);
    let (first_sub, first_ft) = (sub.clone(), ft.clone());
    let sending = std::thread::spawn(move || {
        post(
            addr,
            &sending,
            &format!("http://{addr}"),
            &format!(
                "sub={first_sub}&ft={first_ft}&s={}&r=1&b=3&o=0-1&fr=0&fb=0&note=",
                open.0
            ),
        )
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !sending.is_finished() {
        assert!(std::time::Instant::now() < deadline, "never answered");
        h.run();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let sent = sending.join().unwrap();
    assert_eq!(sent.status, 303, "{}", sent.body);
    // Stored, and entered by the window.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while h
        .state()
        .desk
        .tournament
        .as_ref()
        .unwrap()
        .phone_entries(true)
        .unwrap()
        .is_empty()
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the window never took it"
        );
        h.run();
    }
    // Closing the venue window, the Results tab shows it; Alt+Enter enters it.
    h.state_mut().venue.open = false;
    tab(&mut h, TabKind::Results);
    assert!(window::shows(&h, "李明（副裁判长/裁判员，设备1）"));
    h.key_press_modifiers(Modifiers::ALT, Key::Enter);
    h.run();
    let g = &window::event(&h).section(open).unwrap().rounds[0].games[2];
    assert_eq!(g.outcome, Some(Outcome::BlackWin));

    // Revoked in the panel: the device is refused at once.
    h.get_by_label("● 场地网页").click();
    h.run();
    h.get_by_label("撤销").click_accesskit();
    h.run();
    h.run();
    let (sub, ft) = (sub + "2", ft);
    let late = post(
        addr,
        &cookie,
        &format!("http://{addr}"),
        &format!(
            "sub={sub}&ft={ft}&s={}&r=1&b=4&o=1-0&fr=0&fb=0&note=",
            open.0
        ),
    );
    assert_eq!(late.status, 403);
}

/// At the venue laptop's size (1024×768, both languages) the strip of arriving results and the
/// 授权 panel lay out whole: nothing cut, nothing over another (the suite's layout check).
#[test]
fn the_strip_and_the_panel_fit_the_laptop_s_screen() {
    use crate::common::layout;
    use egui_kittest::kittest::Queryable;
    for lang in [bianpai::i18n::Lang::Zh, bianpai::i18n::Lang::En] {
        let (_dir, mut t, open, _) = two_sections();
        let hands = Hands::new();
        let (li, _) = deputy(&mut t, "欧阳长名字裁判员", &[open], Some((1, 12)));
        t.publish_hands(&hands).unwrap();
        for board in 1..=5 {
            hands.submit(Submission {
                submission: format!("f{board}"),
                role: li,
                section: open,
                round: 1,
                board,
                outcome: Some(Outcome::Draw),
                fouls: (1, 2),
                note: "记分单字迹不清，已与双方核对".into(),
                at: local_now(),
            });
        }
        settle(&mut t, &hands);
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(1024.0, 768.0))
            .with_max_steps(64)
            .build_eframe(move |cc| bianpai::ui::BianpaiApp::for_test(&cc.egui_ctx, t));
        let watch = layout::watch(&h.ctx);
        h.state_mut().desk.lang = lang;
        h.run();
        tab(&mut h, TabKind::Results);
        layout::assert_clean(
            &mut h,
            &watch,
            &format!("the Results tab's strip ({lang:?})"),
        );
        h.state_mut().venue.toggle();
        h.run();
        let panel = match lang {
            bianpai::i18n::Lang::Zh => "授权",
            bianpai::i18n::Lang::En => "Devices",
        };
        h.get_by_label(panel).click();
        h.run();
        layout::assert_clean(&mut h, &watch, &format!("the 授权 panel ({lang:?})"));
    }
}
