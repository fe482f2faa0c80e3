//! The door (检录) checks entrants in from its phone (issue 41, after issue 40's desk): what it
//! sends comes by the results' queue and is applied by the one writer through the desk's own
//! check-in service, journaled with the person, role and device; a check-in sent twice is one;
//! the door undoes a check-in, and the chief undoes what the door did; another section, a
//! deputy's device and a closed check-in are refused, nothing written. Then the same in a real
//! browser at a phone's size: the door finds three entrants by pinyin initials, a name and the
//! list of the missing, checks them in (one twice: stored once), undoes one; a deputy's token
//! cannot check in and the door's token cannot enter a result.

use super::{Owner, deputy, settle};
use crate::common::browser::{self, Driver};
use crate::common::{self, SectionBuilder};
use bianpai::app::{
    CheckedIn, DoorSubmission, Hands, NewRole, Taken, Tournament, VenueFeed, local_now, role_url,
};
use bianpai::i18n::{Lang, T};
use bianpai::model::{EntrantId, RoleKind, RoleScope, SectionId};
use bianpai::web::{ServeOptions, VenueServer};
use serde_json::json;

/// An event of two sections before round 1, nobody checked in: 少儿组 (six of 浦东) and 女子组.
fn at_the_door() -> (tempfile::TempDir, Tournament, SectionId, SectionId) {
    let (dir, mut t) = common::create(&common::event("检录测试赛", vec![]));
    let kids = SectionBuilder::new()
        .name("少儿组")
        .unit(
            "浦东",
            &["周喆", "张三", "张三丰", "李四", "王五", "赵子龙"],
        )
        .enter(&mut t);
    let women = SectionBuilder::new()
        .name("女子组")
        .named("女子", 4)
        .enter(&mut t);
    (dir, t, kids, women)
}

/// The door's role over `sections`: its device number and token.
fn door(t: &mut Tournament, sections: &[SectionId]) -> (i64, String) {
    let (role, token) = t
        .add_role(&NewRole {
            kind: RoleKind::CheckIn,
            person: "门口小陈".into(),
            scope: RoleScope {
                sections: sections.to_vec(),
                boards: None,
                player: None,
            },
        })
        .expect("the door's role");
    (role.id, token)
}

fn id_of(t: &Tournament, s: SectionId, name: &str) -> EntrantId {
    t.event()
        .section(s)
        .unwrap()
        .entrants
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("{name}"))
        .id
}

fn checked_in(t: &Tournament, s: SectionId, name: &str) -> bool {
    let id = id_of(t, s, name);
    t.event()
        .section(s)
        .unwrap()
        .entrant(id)
        .unwrap()
        .checked_in
        .is_some()
}

fn tap(id: &str, role: i64, section: SectionId, entrant: EntrantId, undo: bool) -> DoorSubmission {
    DoorSubmission {
        submission: id.into(),
        role,
        section,
        entrant,
        undo,
        at: local_now(),
    }
}

/// The journal's actions and who did each, oldest first.
fn actions(t: &Tournament) -> Vec<(String, Option<String>)> {
    t.journal_hands()
        .unwrap()
        .into_iter()
        .map(|(a, h)| {
            (
                a,
                h.map(|h| format!("{}/{}/{}", h.person, h.role, h.device)),
            )
        })
        .collect()
}

#[test]
fn the_door_checks_in_through_the_desk_s_service_and_undoes() {
    let (_dir, mut t, kids, women) = at_the_door();
    let (door_id, _) = door(&mut t, &[kids]);
    let (deputy_id, _) = deputy(&mut t, "李裁判", &[kids], None);
    let hands = Hands::new();
    t.publish_hands(&hands).unwrap();
    // The door's book: the sections' entrants, for its search.
    let book = hands.door_book().expect("a door has a role: its book");
    assert_eq!(book.section(kids).unwrap().entrants.len(), 6);
    let before = actions(&t).len();

    let (zhang, li) = (id_of(&t, kids, "张三"), id_of(&t, kids, "李四"));
    assert_eq!(
        hands.submit_door(tap("a", door_id, kids, zhang, false)),
        Some(true)
    );
    assert_eq!(
        hands.submit_door(tap("a", door_id, kids, zhang, false)),
        Some(false),
        "the same tap sent again is queued once"
    );
    // Tapped again from a fresh page: a second submission, which changes nothing.
    hands.submit_door(tap("b", door_id, kids, zhang, false));
    hands.submit_door(tap("c", door_id, kids, li, false));
    settle(&mut t, &hands);
    assert!(checked_in(&t, kids, "张三") && checked_in(&t, kids, "李四"));
    assert!(!checked_in(&t, kids, "王五"));
    assert!(matches!(
        hands.receipt("a"),
        Some(Taken::CheckedIn(CheckedIn::Now(_)))
    ));
    assert!(matches!(
        hands.receipt("b"),
        Some(Taken::CheckedIn(CheckedIn::Already(_)))
    ));
    let who = format!("门口小陈/checkin/{door_id}");
    assert_eq!(
        actions(&t)[before..],
        [
            ("checkin".to_string(), Some(who.clone())),
            ("checkin".to_string(), Some(who.clone())),
        ],
        "two check-ins, each once, each with who did it"
    );
    let lines = t.journal_lines(Lang::Zh).unwrap();
    let last = &lines.last().unwrap()[2];
    assert!(last.contains("李四") && last.contains("门口小陈"), "{last}");

    // The door undoes 李四's check-in; the chief undoes that undo.
    hands.submit_door(tap("d", door_id, kids, li, true));
    settle(&mut t, &hands);
    assert_eq!(hands.receipt("d"), Some(Taken::CheckInUndone(true)));
    assert!(!checked_in(&t, kids, "李四"));
    assert_eq!(
        actions(&t).last().unwrap(),
        &("checkin.cancel".to_string(), Some(who.clone()))
    );
    let undone = t.undo().unwrap().expect("an action to undo");
    assert_eq!(undone.0, "checkin.cancel");
    assert!(
        checked_in(&t, kids, "李四"),
        "the chief's undo puts him back"
    );
    // And undoes the door's check-in of 张三 itself? Only the newest action is undone: the
    // chief's undo of the door's check-in works as any check-in's.
    t.publish_hands(&hands).unwrap();

    // Refused, nothing written: another section, a deputy's device, a revoked … and, after the
    // chief closed check-in, the door itself.
    let written = actions(&t).len();
    let woman = id_of(&t, women, "女子1");
    hands.submit_door(tap("e", door_id, women, woman, false));
    hands.submit_door(tap("f", deputy_id, kids, id_of(&t, kids, "王五"), false));
    settle(&mut t, &hands);
    assert_eq!(
        hands.receipt("e"),
        Some(Taken::Refused(T::HandsDoorRefusedScope))
    );
    assert_eq!(
        hands.receipt("f"),
        Some(Taken::Refused(T::HandsDoorRefusedScope))
    );
    t.close_check_in(kids).unwrap();
    t.publish_hands(&hands).unwrap();
    let written_closed = actions(&t).len();
    assert_eq!(written_closed, written + 1, "only the chief's closing");
    hands.submit_door(tap("g", door_id, kids, id_of(&t, kids, "王五"), false));
    hands.submit_door(tap("h", door_id, kids, zhang, true));
    settle(&mut t, &hands);
    assert_eq!(hands.receipt("g"), Some(Taken::Refused(T::HandsDoorClosed)));
    assert_eq!(hands.receipt("h"), Some(Taken::Refused(T::HandsDoorClosed)));
    assert!(!checked_in(&t, kids, "王五") && checked_in(&t, kids, "张三"));
    assert_eq!(actions(&t).len(), written_closed, "nothing written");
    assert!(
        T::HandsDoorClosed.get(Lang::Zh).contains("截止"),
        "the message says why"
    );

    // A tap stored before a restart, sent again to the next run: known, nothing done twice.
    let next_run = Hands::new();
    t.publish_hands(&next_run).unwrap();
    next_run.submit_door(tap("c", door_id, kids, li, false));
    settle(&mut t, &next_run);
    assert_eq!(next_run.receipt("c"), Some(Taken::Again));
    assert_eq!(actions(&t).len(), written_closed);
}

/// The door's phone in a real browser (see the module's note).
#[test]
fn the_door_checks_entrants_in_from_its_phone() {
    if !browser::present() {
        return;
    }
    let (dir, mut t, kids, _women) = at_the_door();
    let (_, token) = door(&mut t, &[kids]);
    let (_, li) = deputy(&mut t, "李裁判", &[kids], None);
    let ids: Vec<EntrantId> = ["张三", "李四", "王五", "赵子龙"]
        .iter()
        .map(|n| id_of(&t, kids, n))
        .collect();
    let hands = Hands::new();
    let feed = VenueFeed::new();
    feed.publish(&t).unwrap();
    t.publish_hands(&hands).unwrap();
    let mut options = ServeOptions::new([127, 0, 0, 1].into(), 0);
    options.burst = 1000;
    let server = VenueServer::start_with(&options, feed.clone(), Some(hands.clone())).unwrap();
    let owner = Owner::start(t, &hands, Some(&feed));
    let base = format!("http://{}/", server.local_addr());
    let d = Driver::start(&dir.path().join("profile"));
    let s = kids.0;

    d.open(&role_url(&base, &token));
    d.wait_for("/d");
    assert_eq!(d.run("return window.innerWidth;"), json!(390));
    let text = d.text();
    assert!(
        text.contains("少儿组：已签到 0 / 报名 6") && text.contains("未签到（6人）"),
        "{text}"
    );
    crate::hands_browser::shot(&d, "hands-door-start");
    let find = |q: &str| {
        d.run(&format!(
            "const f = document.getElementById('find'); f.querySelector('input[name=q]').value = {q:?}; \
             f.submit(); return true;"
        ));
        d.wait_for(&format!("/d?s={s}&q={}", urlencode(q)));
    };
    let tap = |who: EntrantId, how: &str| {
        d.run(&format!(
            "document.querySelector('#found li[data-entrant=\"{}\"] button').click(); return true;",
            who.0
        ));
        d.wait_for(&format!("/d?s={s}&e={}&how={how}", who.0));
    };
    // 张三 by his pinyin initials (张三丰 is found too), 李四 by name.
    find("zs");
    assert_eq!(
        d.run("return document.querySelectorAll('#found li').length;"),
        json!(2)
    );
    crate::hands_browser::shot(&d, "hands-door-found");
    // The form as this page made it, kept to be sent again as a phone does after a lost answer.
    d.run(&format!(
        "sessionStorage.setItem('form', document.querySelector('#found li[data-entrant=\"{}\"] form').outerHTML); return true;",
        ids[0].0
    ));
    tap(ids[0], "in");
    assert!(d.text().contains("张三 · 浦东 已签到"), "{}", d.text());
    crate::hands_browser::shot(&d, "hands-door-done");
    find("李四");
    tap(ids[1], "in");
    // 王五 from the list of the missing: his name, then his button.
    d.run(
        "[...document.querySelectorAll('ul.missing a')].find(a => a.textContent.includes('王五')).click(); return true;",
    );
    d.wait_for(&format!("/d?s={s}&q=BP{:06}", ids[2].0));
    tap(ids[2], "in");
    // 张三's form sent again: stored once, and the door is told so.
    d.run(
        "const box = document.createElement('div'); box.innerHTML = sessionStorage.getItem('form'); \
         document.body.appendChild(box); box.querySelector('form').submit(); return true;",
    );
    d.wait_for(&format!("/d?s={s}&e={}&how=again", ids[0].0));
    assert!(d.text().contains("未重复记录"), "{}", d.text());
    // Found again, he shows as checked in, with the undo in place of the button.
    find("张三");
    assert!(d.text().contains("已签到"), "{}", d.text());
    {
        let t = owner.t();
        let rows: Vec<String> = t
            .journal_hands()
            .unwrap()
            .into_iter()
            .filter(|(_, h)| h.is_some())
            .map(|(a, _)| a)
            .collect();
        assert_eq!(rows, ["checkin", "checkin", "checkin"], "three, each once");
        let c = bianpai::app::check_in_count(t.event().section(kids).unwrap());
        assert_eq!((c.present, c.entered), (3, 6));
    }
    // Undo: 王五 was tapped by mistake.
    find("王五");
    assert!(d.text().contains("撤销签到"), "{}", d.text());
    tap(ids[2], "out");
    let text = d.text();
    assert!(text.contains("已撤销") && text.contains("王五"), "{text}");
    assert!(!checked_in(&owner.t(), kids, "王五"));
    // English one tap away.
    d.run("document.querySelector('header a.lang').click(); return true;");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !d.text().contains("Check-in") {
        assert!(std::time::Instant::now() < deadline, "{}", d.text());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    crate::hands_browser::shot(&d, "hands-door-en");

    // The door's token cannot enter a result (its form token is good, the write is not its).
    find_en(&d, s, "zzl");
    let results = d.run_async(&format!(
        "const done = arguments[arguments.length - 1]; \
         const f = document.querySelector('#found form'); \
         const b = new URLSearchParams(new FormData(f)); \
         const body = 'sub=' + b.get('sub') + '&ft=' + b.get('ft') + '&s={s}&r=1&b=1&o=1-0'; \
         fetch('/d/enter', {{method: 'POST', redirect: 'manual', body: new URLSearchParams(body)}}) \
           .then(r => done(r.status));"
    ));
    assert_eq!(results, json!(403));
    // Closed by the chief: the door's page, made before, is refused with the reason.
    owner.t().close_check_in(kids).unwrap();
    owner.settle();
    d.run("document.querySelector('#found li button').click(); return true;");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !d.text().contains("closed") {
        assert!(std::time::Instant::now() < deadline, "{}", d.text());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    crate::hands_browser::shot(&d, "hands-door-closed");
    assert!(!checked_in(&owner.t(), kids, "赵子龙"));

    // A deputy's token cannot check in, whatever form it sends.
    d.open(&role_url(&base, &li));
    d.wait_for("/d");
    let deputy_tries = d.run_async(&format!(
        "const done = arguments[arguments.length - 1]; \
         fetch('/d/door', {{method: 'POST', redirect: 'manual', \
           body: new URLSearchParams('sub=zz&ft=zz&s={s}&e={}')}}) \
           .then(r => r.text().then(t => done([r.status, t.includes('不能签到')])));",
        ids[3].0
    ));
    assert_eq!(deputy_tries, json!([403, true]));
    owner.settle();
    let t = owner.t();
    assert!(!checked_in(&t, kids, "赵子龙"), "nothing written");
    let by_hand = t
        .journal_hands()
        .unwrap()
        .into_iter()
        .filter(|(_, h)| h.is_some())
        .count();
    assert_eq!(by_hand, 4, "three check-ins and one undo, nothing more");
}

fn find_en(d: &Driver, s: i64, q: &str) {
    d.run(&format!(
        "const f = document.getElementById('find'); f.querySelector('input[name=q]').value = {q:?}; \
         f.submit(); return true;"
    ));
    d.wait_for(&format!("/d?lang=en&s={s}&q={}", urlencode(q)));
}

/// A search word as the browser puts it in the address.
fn urlencode(q: &str) -> String {
    q.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                (b as char).to_string()
            }
            b' ' => "+".into(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
