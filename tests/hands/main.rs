//! Many hands on the venue network (issue 41): devices given a role (副裁判长/裁判员, 选手) send
//! results from their phones; the laptop stays the one writer. The app's weighing of what
//! arrives, the page's refusals over plain HTTP, the whole of it in a real headless browser,
//! and the chief accepting by keys in the window.
//!
//! One test binary of the suite (`cargo test --test hands`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod gui_hands;
mod hands_app;
mod hands_browser;
mod hands_cli;
mod hands_crash;
mod hands_door;
mod hands_http;
mod hands_serve;

use bianpai::app::{Hands, NewRole, Tournament};
use bianpai::model::{RoleKind, RoleScope, SectionId};
use common::SectionBuilder;

/// An event of two sections, round 1 paired in each: 公开组 of 24 players (12 boards) and 女子组
/// of 8 (4 boards).
pub fn two_sections() -> (tempfile::TempDir, Tournament, SectionId, SectionId) {
    let (dir, mut t) = common::create(&common::event("多人录入测试赛", vec![]));
    let open = SectionBuilder::new()
        .name("公开组")
        .named("公开", 24)
        .lot_seed(7)
        .enter(&mut t);
    let women = SectionBuilder::new()
        .name("女子组")
        .named("女子", 8)
        .lot_seed(9)
        .enter(&mut t);
    t.pair_next_round(open).expect("round 1 of 公开组");
    t.pair_next_round(women).expect("round 1 of 女子组");
    (dir, t, open, women)
}

/// A deputy's role over `sections` (and `boards`), its token.
pub fn deputy(
    t: &mut Tournament,
    name: &str,
    sections: &[SectionId],
    boards: Option<(u32, u32)>,
) -> (i64, String) {
    let (role, token) = t
        .add_role(&NewRole {
            kind: RoleKind::Deputy,
            person: name.into(),
            scope: RoleScope {
                sections: sections.to_vec(),
                boards,
                player: None,
            },
        })
        .expect("a deputy's role");
    (role.id, token)
}

/// A player's role (by pairing number in `section`), its token.
pub fn player(t: &mut Tournament, section: SectionId, number: u32) -> (i64, String) {
    let who = t
        .event()
        .section(section)
        .unwrap()
        .entrants
        .iter()
        .find(|e| e.number == Some(number))
        .expect("the player")
        .id;
    let (role, token) = t
        .add_role(&NewRole {
            kind: RoleKind::Player,
            person: String::new(),
            scope: RoleScope {
                sections: vec![],
                boards: None,
                player: Some(who),
            },
        })
        .expect("a player's role");
    (role.id, token)
}

/// What the window does each frame: takes what the phones queued, until nothing waits.
pub fn settle(t: &mut Tournament, hands: &Hands) {
    for _ in 0..100 {
        t.take_submissions(hands).expect("the queue is taken");
        if !hands.has_waiting() {
            return;
        }
    }
    panic!("the queue does not empty");
}

/// The event's owner on a thread of its own, as the window is to the page: it takes what the
/// phones queued as soon as it arrives (the page answers a phone only once its submission is
/// stored) and shows the page anew after each change. The test reaches the event through
/// [`Owner::t`], as the window's own actions would, between two frames.
pub struct Owner {
    t: std::sync::Arc<std::sync::Mutex<Tournament>>,
    hands: Hands,
    feed: Option<bianpai::app::VenueFeed>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Owner {
    pub fn start(t: Tournament, hands: &Hands, feed: Option<&bianpai::app::VenueFeed>) -> Owner {
        use std::sync::atomic::Ordering;
        let t = std::sync::Arc::new(std::sync::Mutex::new(t));
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let thread = {
            let (t, hands, feed, stop) = (t.clone(), hands.clone(), feed.cloned(), stop.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    {
                        let mut t = t.lock().unwrap_or_else(|e| e.into_inner());
                        frame(&mut t, &hands, feed.as_ref());
                    }
                    std::thread::sleep(std::time::Duration::from_millis(3));
                }
            })
        };
        Owner {
            t,
            hands: hands.clone(),
            feed: feed.cloned(),
            stop,
            thread: Some(thread),
        }
    }

    /// The event, the owner held off meanwhile.
    pub fn t(&self) -> std::sync::MutexGuard<'_, Tournament> {
        self.t.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One frame now, until nothing waits: what was sent before is stored and shown.
    pub fn settle(&self) {
        let mut t = self.t();
        settle(&mut t, &self.hands);
        frame(&mut t, &self.hands, self.feed.as_ref());
    }
}

/// The window's frame: the queue taken, the roles and the page published after a change.
fn frame(t: &mut Tournament, hands: &Hands, feed: Option<&bianpai::app::VenueFeed>) {
    let changed = hands.published() != t.revision();
    if (hands.has_waiting() || changed)
        && t.take_submissions(hands).is_ok()
        && let Some(feed) = feed
    {
        let _ = feed.publish(t);
    }
}

impl Drop for Owner {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(h) = self.thread.take() {
            let _ = h.join();
        }
    }
}
