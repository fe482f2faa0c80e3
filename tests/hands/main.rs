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
