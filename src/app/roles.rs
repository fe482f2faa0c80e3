//! 授权 — the devices the chief arbiter hands roles to (副裁判长/裁判员, 检录, 选手), and what the
//! venue page knows of them. Each device gets a token of 128 random bits from the operating
//! system, shown once (in its QR address) and kept in the file only as its SHA-256, so that a
//! copy of the file opens no door. A token is refused once revoked, and after the event's last
//! day.
//!
//! [`Hands`] is what the web face and the event's owner (the window, or `bianpai serve`) share:
//! the live roles by token hash (the owner publishes them), the submissions phones sent —
//! results, and the door's check-ins — that the owner has not yet taken (the web threads never
//! hold the event: they queue, the owner applies through [`super::pending`]), what became of
//! each one taken (its receipt, which the phone's answer waits for), where each device's
//! entries stand, and the entrants as the door searches them, for the pages.

use super::{AppError, Tournament, Waker, check_length};
use crate::conduct::JournalEntry;
use crate::i18n::T;
use crate::model::{
    EntrantId, Event, MAX_NAME, Outcome, PhoneEntry, Role, RoleKind, RoleScope, SectionId,
};
use crate::store;
use chrono::NaiveDateTime;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

/// The bytes of a device's token (128 bits).
const TOKEN_BYTES: usize = 16;

/// A new token: 128 bits from the operating system's generator, as 32 hex digits.
pub fn new_token() -> Result<String, AppError> {
    use rand::TryRngCore;
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rngs::OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| AppError::FieldInvalid {
            field: T::HandsToken,
            value: String::new(),
            reason: e.to_string(),
        })?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the file keeps of a token: its SHA-256, in hex.
pub fn token_hash(token: &str) -> String {
    hex(&sha256(token.as_bytes()))
}

/// Is `text` a token as [`new_token`] makes them (32 lowercase hex digits)?
pub fn looks_like_token(text: &str) -> bool {
    text.len() == 2 * TOKEN_BYTES && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The address a device's QR code opens: the page's address and the token, which the page
/// trades at once for a cookie (so it is in no later address).
pub fn role_url(page_url: &str, token: &str) -> String {
    format!("{}/k/{token}", page_url.trim_end_matches('/'))
}

/// SHA-256 (FIPS 180-4) of `data`.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut message = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&bits.to_be_bytes());
    for block in message.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (i, word) in h.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&word.to_be_bytes());
    }
    out
}

/// Now, on the laptop's clock (the journal's).
pub fn local_now() -> NaiveDateTime {
    chrono::Local::now().naive_local()
}

/// A role as the chief gives it: what kind, to whom, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewRole {
    pub kind: RoleKind,
    /// A deputy's name; left empty for a player (his number and name are put there).
    pub person: String,
    pub scope: RoleScope,
}

impl Tournament {
    /// Gives a device a role: a new token (returned, shown once: the file keeps its hash), the
    /// role stored and journaled. A deputy's sections must exist; a player's entrant must be
    /// in the event (his section becomes the role's).
    pub fn add_role(&mut self, new: &NewRole) -> Result<(Role, String), AppError> {
        let mut scope = new.scope.clone();
        for s in &scope.sections {
            self.section(*s)?;
        }
        let person = match new.kind {
            RoleKind::Player => {
                let who = scope.player.ok_or(AppError::FieldEmpty(T::HandsPlayer))?;
                let (s, e) = self
                    .event()
                    .sections
                    .iter()
                    .find_map(|s| s.entrant(who).map(|e| (s, e)))
                    .ok_or(AppError::NoSuch(T::HandsPlayer))?;
                scope.sections = vec![s.id];
                scope.boards = None;
                e.label()
            }
            _ => {
                scope.player = None;
                let person = crate::model::without_invisible(new.person.trim()).0;
                if person.is_empty() {
                    return Err(AppError::FieldEmpty(T::HandsPerson));
                }
                person
            }
        };
        check_length(T::HandsPerson, &person, MAX_NAME)?;
        let token = new_token()?;
        let hash = token_hash(&token);
        let now = local_now();
        let expires = self
            .event()
            .end_date
            .or(self.event().start_date)
            .and_then(|d| d.succ_opt())
            .and_then(|d| d.and_hms_opt(0, 0, 0));
        let entry = JournalEntry::Device {
            device: None,
            kind: new.kind,
            person: person.clone(),
            revoked: false,
        };
        let kind = new.kind;
        let id = self.store.action("role.add", &entry.encode(), |tx| {
            store::insert_role(tx, kind, &person, &scope, &hash, now, expires)
        })?;
        self.reload()?;
        let role = Role {
            id,
            kind,
            person,
            scope,
            created: now,
            revoked: None,
            expires,
        };
        Ok((role, token))
    }

    /// A role's reach in words, as the devices panel and `bianpai role list` show it: its
    /// sections by name (or all) and its boards.
    pub fn scope_text(&self, scope: &RoleScope, lang: crate::i18n::Lang) -> String {
        let mut text = if scope.sections.is_empty() {
            T::HandsAllSections.get(lang).to_string()
        } else {
            scope
                .sections
                .iter()
                .filter_map(|s| self.event().section(*s).map(|s| s.name.clone()))
                .collect::<Vec<_>>()
                .join("、")
        };
        if let Some((from, to)) = scope.boards {
            text.push_str(&format!(" {from}-{to}"));
        }
        text
    }

    /// Revokes device `id` at once: from then on its token is refused.
    pub fn revoke_role(&mut self, id: i64) -> Result<(), AppError> {
        let role = self
            .roles()?
            .into_iter()
            .find(|r| r.id == id)
            .ok_or(AppError::NoSuch(T::HandsDevice))?;
        let entry = JournalEntry::Device {
            device: Some(id),
            kind: role.kind,
            person: role.person.clone(),
            revoked: true,
        };
        self.store.action("role.revoke", &entry.encode(), |tx| {
            store::revoke_role(tx, id, local_now()).map(drop)
        })?;
        self.reload()?;
        Ok(())
    }

    /// Every device's role, oldest first.
    pub fn roles(&self) -> Result<Vec<Role>, AppError> {
        Ok(self.store.roles()?.into_iter().map(|(r, _)| r).collect())
    }

    /// Hands the live roles and where the phones' entries stand to the web face, and, while
    /// a door has a role, the sections' entrants it searches.
    pub fn publish_hands(&self, hands: &Hands) -> Result<(), AppError> {
        let roles = self.store.roles()?;
        let entries = self.store.phone_entries(false)?;
        let mut grants = HashMap::new();
        for (role, hash) in roles {
            grants.insert(hash, Arc::new(role));
        }
        *hands
            .inner
            .grants
            .write()
            .unwrap_or_else(|e| e.into_inner()) = grants;
        *hands
            .inner
            .entries
            .write()
            .unwrap_or_else(|e| e.into_inner()) = Arc::new(entries);
        // The door's book: the sections' entrants (no rounds), only while a door has a role.
        let door = grants_have_door(&hands.inner.grants).then(|| {
            Arc::new(Event {
                sections: self
                    .event()
                    .sections
                    .iter()
                    .map(|s| crate::model::Section {
                        id: s.id,
                        name: s.name.clone(),
                        entrants: s.entrants.clone(),
                        checkin_closed: s.checkin_closed,
                        ..crate::model::Section::default()
                    })
                    .collect(),
                ..Event::default()
            })
        });
        *hands.inner.door.write().unwrap_or_else(|e| e.into_inner()) = door;
        hands
            .inner
            .published
            .store(self.revision(), Ordering::SeqCst);
        Ok(())
    }
}

/// A result a phone sent, not yet taken by the event's owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// The form's submission id (the same twice: one entry).
    pub submission: String,
    /// The device.
    pub role: i64,
    pub section: SectionId,
    pub round: u32,
    pub board: u32,
    pub outcome: Option<Outcome>,
    pub fouls: (u8, u8),
    pub note: String,
    pub at: NaiveDateTime,
}

/// Does a live check-in role exist among `grants`?
fn grants_have_door(grants: &RwLock<HashMap<String, Arc<Role>>>) -> bool {
    let now = local_now();
    grants
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .values()
        .any(|r| r.kind == RoleKind::CheckIn && r.is_live(now))
}

/// A check-in the door sent (检录), not yet taken by the event's owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoorSubmission {
    /// The form's submission id (the same twice: one action).
    pub submission: String,
    /// The device.
    pub role: i64,
    pub section: SectionId,
    pub entrant: EntrantId,
    /// Undo the entrant's check-in (撤销签到) rather than check him in.
    pub undo: bool,
    pub at: NaiveDateTime,
}

/// What a phone sent, waiting in the queue: a result or a check-in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Queued {
    Result(Submission),
    Door(DoorSubmission),
}

impl Queued {
    /// The form's submission id.
    pub fn submission(&self) -> &str {
        match self {
            Queued::Result(s) => &s.submission,
            Queued::Door(d) => &d.submission,
        }
    }
}

/// What the web face and the event's owner share (see the module's note). Cheap to clone.
#[derive(Clone)]
pub struct Hands {
    inner: Arc<HandsInner>,
}

struct HandsInner {
    /// Every device's role by its token's hash (revoked ones too: the page says so).
    grants: RwLock<HashMap<String, Arc<Role>>>,
    /// Every entry the file holds, as last published.
    entries: RwLock<Arc<Vec<PhoneEntry>>>,
    /// Submissions not yet taken by the owner.
    inbox: Mutex<VecDeque<Queued>>,
    /// What became of each submission taken in this run, by its id: the phone that sent it
    /// is answered only once it is here (stored in the file, or refused).
    receipts: Mutex<HashMap<String, super::Taken>>,
    /// The sections' entrants as last published, while a door has a role.
    door: RwLock<Option<Arc<Event>>>,
    /// The submission ids taken into the inbox in this run (the file keeps them for good).
    seen: Mutex<HashSet<String>>,
    waker: Mutex<Option<Waker>>,
    /// The key of the pages' form tokens, new in each run.
    secret: [u8; 32],
    /// The revision last published.
    published: AtomicU64,
    /// Submissions taken into the inbox so far.
    received: AtomicU64,
}

impl Default for Hands {
    fn default() -> Self {
        Hands::new()
    }
}

/// The most submissions waiting for the owner at once; beyond, a phone is asked to try again.
const MAX_INBOX: usize = 4096;
/// The most submission ids remembered in a run before the oldest are forgotten (the file's
/// unique column still refuses them).
const MAX_SEEN: usize = 100_000;

impl Hands {
    pub fn new() -> Hands {
        use rand::TryRngCore;
        let mut secret = [0u8; 32];
        // Without the system's generator the pages' forms still work, keyed by the clock.
        if rand::rngs::OsRng.try_fill_bytes(&mut secret).is_err() {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            secret = sha256(&nanos.to_le_bytes());
        }
        Hands {
            inner: Arc::new(HandsInner {
                grants: RwLock::default(),
                entries: RwLock::default(),
                inbox: Mutex::default(),
                receipts: Mutex::default(),
                door: RwLock::default(),
                seen: Mutex::default(),
                waker: Mutex::default(),
                secret,
                published: AtomicU64::new(0),
                received: AtomicU64::new(0),
            }),
        }
    }

    /// How the owner is woken when a submission arrives (the window: a repaint).
    pub fn set_waker(&self, waker: Waker) {
        *self.inner.waker.lock().unwrap_or_else(|e| e.into_inner()) = Some(waker);
    }

    /// The revision of the event last published (0: never).
    pub fn published(&self) -> u64 {
        self.inner.published.load(Ordering::SeqCst)
    }

    /// The role a token opens, whatever its state (the caller looks whether it is live).
    pub fn role_of(&self, token: &str) -> Option<Arc<Role>> {
        if !looks_like_token(token) {
            return None;
        }
        self.inner
            .grants
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&token_hash(token))
            .cloned()
    }

    /// The form token of a page made for device `role` with submission `submission`: only the
    /// page itself carries it, and it is good for that submission only.
    pub fn form_token(&self, role: i64, submission: &str) -> String {
        let mut data = self.inner.secret.to_vec();
        data.extend_from_slice(format!("{role}:{submission}").as_bytes());
        hex(&sha256(&data)[..16])
    }

    /// A new submission id for a form.
    pub fn new_submission(&self) -> String {
        new_token().unwrap_or_else(|_| {
            let n = self.inner.received.load(Ordering::SeqCst);
            hex(&sha256(format!("{n}:{:?}", std::time::Instant::now()).as_bytes())[..16])
        })
    }

    /// Queues a phone's submission for the owner: false when this submission was queued or
    /// stored already (a retry), or the queue is full (`None`).
    pub fn submit(&self, s: Submission) -> Option<bool> {
        self.queue(Queued::Result(s))
    }

    /// Queues the door's check-in (or its undo) for the owner, as [`Hands::submit`].
    pub fn submit_door(&self, d: DoorSubmission) -> Option<bool> {
        self.queue(Queued::Door(d))
    }

    fn queue(&self, s: Queued) -> Option<bool> {
        let id = s.submission().to_string();
        let stored = self.entries().iter().any(|e| e.submission == id);
        let mut seen = self.inner.seen.lock().unwrap_or_else(|e| e.into_inner());
        if stored || seen.contains(&id) {
            return Some(false);
        }
        let mut inbox = self.inner.inbox.lock().unwrap_or_else(|e| e.into_inner());
        if inbox.len() >= MAX_INBOX {
            return None;
        }
        if seen.len() >= MAX_SEEN {
            seen.clear();
        }
        seen.insert(id);
        inbox.push_back(s);
        drop(inbox);
        drop(seen);
        self.inner.received.fetch_add(1, Ordering::SeqCst);
        let waker = self
            .inner
            .waker
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(w) = waker {
            w(Duration::ZERO);
        }
        Some(true)
    }

    /// What became of submission `id`, once the owner has taken it: stored (the file holds
    /// it), a retry of one stored before, or refused. `None` while it waits (or was never
    /// sent): the phone is not answered yet.
    pub fn receipt(&self, id: &str) -> Option<super::Taken> {
        if let Some(t) = self
            .inner
            .receipts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
        {
            return Some(t.clone());
        }
        // Queued in this run: it waits for its own receipt.
        if self
            .inner
            .seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(id)
        {
            return None;
        }
        // Stored in an earlier run (the file's entries, as published).
        self.entries()
            .iter()
            .any(|e| e.submission == id)
            .then_some(super::Taken::Again)
    }

    /// Notes what became of submission `id` (the owner's, after it stored or refused it).
    pub(super) fn set_receipt(&self, id: &str, taken: super::Taken) {
        let mut receipts = self
            .inner
            .receipts
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if receipts.len() >= MAX_SEEN {
            receipts.clear();
        }
        receipts.insert(id.to_string(), taken);
    }

    /// The sections' entrants as the door searches them (no rounds), as last published;
    /// `None` while no door has a role.
    pub fn door_book(&self) -> Option<Arc<Event>> {
        self.inner
            .door
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Submissions taken into the queue so far.
    pub fn received(&self) -> u64 {
        self.inner.received.load(Ordering::SeqCst)
    }

    /// Is a submission waiting for the owner?
    pub fn has_waiting(&self) -> bool {
        !self
            .inner
            .inbox
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
    }

    /// The submissions waiting, taken out of the queue (the owner's).
    pub fn take_waiting(&self) -> Vec<Queued> {
        self.inner
            .inbox
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
            .collect()
    }

    /// Submissions the owner could not take, put back at the head of the queue.
    pub fn give_back(&self, back: Vec<Queued>) {
        let mut inbox = self.inner.inbox.lock().unwrap_or_else(|e| e.into_inner());
        for s in back.into_iter().rev() {
            inbox.push_front(s);
        }
    }

    /// The results of device `role` still in the queue.
    pub fn waiting_of(&self, role: i64) -> Vec<Submission> {
        self.inner
            .inbox
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .filter_map(|q| match q {
                Queued::Result(s) if s.role == role => Some(s.clone()),
                _ => None,
            })
            .collect()
    }

    /// Every entry the file holds, as last published.
    pub fn entries(&self) -> Arc<Vec<PhoneEntry>> {
        self.inner
            .entries
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The open entries on a board.
    pub fn open_on(&self, section: SectionId, round: u32, board: u32) -> Vec<PhoneEntry> {
        self.entries()
            .iter()
            .filter(|e| {
                e.state.is_open() && e.section == section && e.round == round && e.board == board
            })
            .cloned()
            .collect()
    }

    /// The role of device `id`, as last published.
    pub fn role(&self, id: i64) -> Option<Arc<Role>> {
        self.inner
            .grants
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .find(|r| r.id == id)
            .cloned()
    }

    /// The device holding player `who`'s role, if one is live.
    pub fn player_device(&self, who: EntrantId) -> Option<i64> {
        let now = local_now();
        self.inner
            .grants
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .find(|r| r.kind == RoleKind::Player && r.scope.player == Some(who) && r.is_live(now))
            .map(|r| r.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_gives_the_standard_s_digests() {
        // FIPS 180-4's examples, and a message that fills two blocks.
        assert_eq!(
            hex(&sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(&sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(&sha256(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
    }

    #[test]
    fn tokens_are_128_random_bits_in_hex() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert!(looks_like_token(&a) && looks_like_token(&b));
        assert_ne!(a, b);
        assert!(!looks_like_token("../../etc/passwd"));
        assert!(!looks_like_token(&a.to_uppercase()));
        assert_eq!(
            role_url("http://192.168.1.20:8088/", "ab"),
            "http://192.168.1.20:8088/k/ab"
        );
    }

    #[test]
    fn a_submission_is_queued_once() {
        let hands = Hands::new();
        let s = Submission {
            submission: "s1".into(),
            role: 1,
            section: SectionId(1),
            round: 1,
            board: 3,
            outcome: Some(Outcome::Draw),
            fouls: (0, 0),
            note: String::new(),
            at: local_now(),
        };
        assert_eq!(hands.submit(s.clone()), Some(true));
        assert_eq!(
            hands.submit(s.clone()),
            Some(false),
            "a retry is not queued"
        );
        assert_eq!(hands.take_waiting(), vec![Queued::Result(s.clone())]);
        assert_eq!(hands.submit(s), Some(false), "nor after it was taken");
        // Form tokens are bound to the device and the submission.
        assert_eq!(hands.form_token(1, "x"), hands.form_token(1, "x"));
        assert_ne!(hands.form_token(1, "x"), hands.form_token(2, "x"));
        assert_ne!(hands.form_token(1, "x"), hands.form_token(1, "y"));
        assert_ne!(Hands::new().form_token(1, "x"), hands.form_token(1, "x"));
    }

    #[test]
    fn a_phone_waits_for_its_submission_s_own_receipt() {
        let hands = Hands::new();
        let door = DoorSubmission {
            submission: "d1".into(),
            role: 2,
            section: SectionId(1),
            entrant: EntrantId(7),
            undo: false,
            at: local_now(),
        };
        assert_eq!(hands.submit_door(door.clone()), Some(true));
        assert_eq!(hands.receipt("d1"), None, "queued: not answered yet");
        assert_eq!(hands.take_waiting(), vec![Queued::Door(door)]);
        assert_eq!(hands.receipt("d1"), None, "taken, not yet stored");
        hands.set_receipt("d1", crate::app::Taken::CheckInUndone(false));
        assert_eq!(
            hands.receipt("d1"),
            Some(crate::app::Taken::CheckInUndone(false))
        );
        // Never sent in this run, and in no entry of the file: nothing to say.
        assert_eq!(hands.receipt("zz"), None);
    }
}
