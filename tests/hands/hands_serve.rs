//! `bianpai serve` takes phones' results too: a deputy given his role by `bianpai role add`
//! sends a result to the page `serve` runs, and `serve` — holding the file only while it writes
//! — stores it and, with deputies' results standing at once, enters it, journaled with who sent
//! it; `bianpai role revoke`, run beside it, shuts the device out at serve's next look.

use super::two_sections;
use crate::common;
use crate::hands_http::{form, post, sign_in};
use bianpai::app::Tournament;
use bianpai::model::Outcome;
use std::time::{Duration, Instant};

#[test]
fn bianpai_serve_enters_what_a_deputy_sends() {
    let (dir, mut t, open, _) = two_sections();
    t.set_deputies_stand(true).unwrap();
    let path = t.path().to_path_buf();
    drop(t);
    let f = path.to_str().unwrap();
    let out = common::ok(&[
        "role",
        "add",
        f,
        "--kind",
        "deputy",
        "-s",
        "公开组",
        "--person",
        "李明",
    ]);
    let token = out
        .lines()
        .find_map(|l| l.split("/k/").nth(1))
        .expect("the QR address")
        .trim()
        .to_string();
    let served = common::serve::Served::start(&path, &["--every", "20"]);
    let (addr, here) = (served.addr, served.origin());
    // serve reads the roles as it starts.
    let deadline = Instant::now() + Duration::from_secs(20);
    let cookie = loop {
        let a = crate::hands_http::send(addr, "GET", &format!("/k/{token}"), &[], "");
        if a.status == 303 {
            break sign_in(addr, &token);
        }
        assert!(Instant::now() < deadline, "serve never knew the device");
        std::thread::sleep(Duration::from_millis(50));
    };
    let (sub, ft) = form(addr, &cookie, open.0, 5);
    let sent = post(
        addr,
        &cookie,
        &here,
        &format!(
            "sub={sub}&ft={ft}&s={}&r=1&b=5&o=%3D&fr=0&fb=0&note=",
            open.0
        ),
    );
    assert_eq!(sent.status, 303, "{}", sent.body);
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(t) = Tournament::open_within(&path, Duration::from_secs(2)) {
            let g = t.event().section(open).unwrap().rounds[0].games[4].clone();
            if g.outcome.is_some() {
                assert_eq!(g.outcome, Some(Outcome::Draw));
                let who = t.journal_hands().unwrap();
                let (action, by) = who.last().unwrap();
                assert_eq!(action, "result.set");
                assert_eq!(by.as_ref().map(|h| h.person.as_str()), Some("李明"));
                break;
            }
        }
        assert!(Instant::now() < deadline, "serve never entered it");
        std::thread::sleep(Duration::from_millis(100));
    }
    // Revoked beside it: refused at serve's next look.
    common::ok(&["role", "revoke", f, "1"]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while crate::hands_http::send(addr, "GET", "/d", &[("Cookie", &cookie)], "").status != 403 {
        assert!(
            Instant::now() < deadline,
            "the revoked device still opens its page"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(dir);
}
