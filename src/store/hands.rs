//! The venue network's many hands, as stored: each device's role with its token's hash (never
//! the token), the results phones sent and where each stands, the chief's settings for them,
//! and who acted beside each journal row.

use super::{Store, StoreError, parse_time, time_text};
use crate::model::{EntryState, Outcome, PhoneEntry, Role, RoleKind, RoleScope, SectionId};
use chrono::NaiveDateTime;
use rusqlite::{OptionalExtension, Transaction, params};

fn scope_json(scope: &RoleScope) -> Result<String, StoreError> {
    serde_json::to_string(scope).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// Stores a new device's role; returns its number.
pub fn insert_role(
    tx: &Transaction,
    kind: RoleKind,
    person: &str,
    scope: &RoleScope,
    token_hash: &str,
    created: NaiveDateTime,
    expires: Option<NaiveDateTime>,
) -> Result<i64, StoreError> {
    tx.execute(
        "INSERT INTO device_role (kind, person, scope, token_hash, created, expires)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            kind.code(),
            person,
            scope_json(scope)?,
            token_hash,
            time_text(Some(created)),
            time_text(expires)
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

/// Revokes device `id` at `at` (a device revoked already keeps its first time). Returns false
/// if there is no such device.
pub fn revoke_role(tx: &Transaction, id: i64, at: NaiveDateTime) -> Result<bool, StoreError> {
    let n = tx.execute(
        "UPDATE device_role SET revoked = COALESCE(revoked, ?2) WHERE id = ?1",
        params![id, time_text(Some(at))],
    )?;
    Ok(n == 1)
}

/// Stores a phone's entry unless its submission is stored already: its number, or `None` for
/// a submission seen before.
pub fn insert_phone_entry(tx: &Transaction, e: &PhoneEntry) -> Result<Option<i64>, StoreError> {
    let n = tx.execute(
        "INSERT OR IGNORE INTO phone_entry (submission, role_id, section_id, round, board,
            outcome, fouls_red, fouls_black, note, at, state)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            e.submission,
            e.role,
            e.section.0,
            e.round,
            e.board,
            e.outcome.map(Outcome::code),
            e.fouls.0,
            e.fouls.1,
            e.note,
            time_text(Some(e.at)),
            e.state.code()
        ],
    )?;
    Ok((n == 1).then(|| tx.last_insert_rowid()))
}

/// Sets where entry `id` stands.
pub fn set_entry_state(tx: &Transaction, id: i64, state: EntryState) -> Result<(), StoreError> {
    tx.execute(
        "UPDATE phone_entry SET state = ?2 WHERE id = ?1",
        params![id, state.code()],
    )?;
    Ok(())
}

/// Sets one of the chief's settings for the phones.
pub fn set_hands_setting(tx: &Transaction, key: &str, value: &str) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO hands_setting (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![key, value],
    )?;
    Ok(())
}

fn bad(what: &str, value: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        0,
        rusqlite::types::Type::Text,
        format!("{what}: {value:?}").into(),
    )
}

impl Store {
    /// Every device's role, oldest first, with the hash of its token.
    pub fn roles(&self) -> Result<Vec<(Role, String)>, StoreError> {
        let mut st = self.conn.prepare(
            "SELECT id, kind, person, scope, token_hash, created, revoked, expires
             FROM device_role ORDER BY id",
        )?;
        let rows = st.query_map([], |r| {
            let kind: String = r.get(1)?;
            let scope: String = r.get(3)?;
            let created: String = r.get(5)?;
            let role = Role {
                id: r.get(0)?,
                kind: RoleKind::from_code(&kind).ok_or_else(|| bad("role kind", &kind))?,
                person: r.get(2)?,
                scope: serde_json::from_str(&scope).map_err(|_| bad("role scope", &scope))?,
                created: parse_time(&created).ok_or_else(|| bad("time", &created))?,
                revoked: r.get::<_, Option<String>>(6)?.and_then(|t| parse_time(&t)),
                expires: r.get::<_, Option<String>>(7)?.and_then(|t| parse_time(&t)),
            };
            Ok((role, r.get::<_, String>(4)?))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The phones' entries, oldest first: all of them, or only those still open.
    pub fn phone_entries(&self, open_only: bool) -> Result<Vec<PhoneEntry>, StoreError> {
        let mut st = self.conn.prepare(
            "SELECT id, submission, role_id, section_id, round, board, outcome, fouls_red,
                    fouls_black, note, at, state
             FROM phone_entry
             WHERE ?1 = 0 OR state IN ('pending', 'awaiting', 'conflict') ORDER BY id",
        )?;
        let rows = st.query_map([open_only], |r| {
            let outcome: Option<String> = r.get(6)?;
            let at: String = r.get(10)?;
            let state: String = r.get(11)?;
            Ok(PhoneEntry {
                id: r.get(0)?,
                submission: r.get(1)?,
                role: r.get(2)?,
                section: SectionId(r.get(3)?),
                round: r.get(4)?,
                board: r.get(5)?,
                outcome: match outcome {
                    Some(code) => {
                        Some(Outcome::from_code(&code).ok_or_else(|| bad("outcome", &code))?)
                    }
                    None => None,
                },
                fouls: (r.get(7)?, r.get(8)?),
                note: r.get(9)?,
                at: parse_time(&at).ok_or_else(|| bad("time", &at))?,
                state: EntryState::from_code(&state).ok_or_else(|| bad("entry state", &state))?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// One of the chief's settings for the phones, if set.
    pub fn hands_setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT value FROM hands_setting WHERE key = ?1",
                [key],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Has an action from submission `id` been journaled (a door's check-in sent again)?
    pub fn journal_has_submission(&self, id: &str) -> Result<bool, StoreError> {
        let needle = format!("\"submission\":{}", serde_json::Value::from(id));
        Ok(self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM journal WHERE instr(by_hand, ?1) > 0)",
            [needle],
            |r| r.get(0),
        )?)
    }

    /// Who acted for each journal row, oldest first: (action, who) — `None` for the laptop.
    pub fn journal_hands(&self) -> Result<Vec<(String, Option<String>)>, StoreError> {
        let mut st = self
            .conn
            .prepare("SELECT action, by_hand FROM journal ORDER BY id")?;
        let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
