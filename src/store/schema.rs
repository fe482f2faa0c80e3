//! The schema and its migrations. `PRAGMA user_version` holds the schema version and
//! `PRAGMA application_id` marks the file as ours; both sit in the file header, so a file can
//! be checked without opening it. The `schema_migrations` table records when each step ran.

use super::StoreError;
use rusqlite::Connection;

/// "BPAI" — marks a SQLite file as a Bianpai event file.
pub const APPLICATION_ID: u32 = 0x4250_4149;

/// The newest schema this program writes: one version per migration (counted, so that a
/// migration appended by another branch needs no second edit here).
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// Migration `i` takes the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    // 0 -> 1
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
     CREATE TABLE event (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT NOT NULL, organiser TEXT NOT NULL, venue TEXT NOT NULL,
        start_date TEXT, end_date TEXT, chief_arbiter TEXT NOT NULL);
     CREATE TABLE section (
        id INTEGER PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL,
        settings TEXT NOT NULL, lot_seed INTEGER);
     CREATE TABLE entrant (
        id INTEGER PRIMARY KEY,
        section_id INTEGER NOT NULL REFERENCES section(id),
        number INTEGER, name TEXT NOT NULL, sex TEXT NOT NULL, birth_date TEXT,
        unit TEXT NOT NULL, rating INTEGER, grade TEXT NOT NULL, status TEXT NOT NULL,
        UNIQUE (section_id, number));
     CREATE TABLE round (
        section_id INTEGER NOT NULL REFERENCES section(id), number INTEGER NOT NULL,
        PRIMARY KEY (section_id, number));
     CREATE TABLE game (
        section_id INTEGER NOT NULL, round INTEGER NOT NULL, board INTEGER NOT NULL,
        red_id INTEGER NOT NULL REFERENCES entrant(id),
        black_id INTEGER NOT NULL REFERENCES entrant(id),
        outcome TEXT, fouls_red INTEGER NOT NULL DEFAULT 0, fouls_black INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (section_id, round, board),
        FOREIGN KEY (section_id, round) REFERENCES round(section_id, number));
     CREATE TABLE bye (
        section_id INTEGER NOT NULL, round INTEGER NOT NULL,
        entrant_id INTEGER NOT NULL REFERENCES entrant(id), kind TEXT NOT NULL,
        PRIMARY KEY (section_id, round, entrant_id),
        FOREIGN KEY (section_id, round) REFERENCES round(section_id, number));
     CREATE TABLE journal (
        id INTEGER PRIMARY KEY, at TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);",
    // 1 -> 2: knockout and playoff match games (slow, rapid, sudden death, armageddon), the
    // inverse of each journalled action (for undo), the pairing engine's note per board, and
    // the entrant flags sub-rankings use (member, overseas, team member, free flags).
    "ALTER TABLE game ADD COLUMN phase TEXT NOT NULL DEFAULT 'regular';
     ALTER TABLE journal ADD COLUMN undo TEXT;
     ALTER TABLE journal ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE entrant ADD COLUMN member INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE entrant ADD COLUMN overseas INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE entrant ADD COLUMN team_member INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE entrant ADD COLUMN flags TEXT NOT NULL DEFAULT '[]';
     CREATE TABLE round_note (
        section_id INTEGER NOT NULL, round INTEGER NOT NULL, board INTEGER NOT NULL,
        note TEXT NOT NULL,
        PRIMARY KEY (section_id, round, board),
        FOREIGN KEY (section_id, round) REFERENCES round(section_id, number));",
    // 2 -> 3: the house player (补双选手) flag; every entrant stored before was a real one.
    "ALTER TABLE entrant ADD COLUMN house INTEGER NOT NULL DEFAULT 0;",
    // 3 -> 4: the event-wide cap on entries (限报人数, seed 001: 300); none before.
    "ALTER TABLE event ADD COLUMN entry_cap INTEGER;",
    // 4 -> 5: adjourned games (暂停对局); no game stored before was one.
    "ALTER TABLE game ADD COLUMN adjourned INTEGER NOT NULL DEFAULT 0;",
    // 5 -> 6: the registration desk (签到): when each entrant checked in (none before: nobody
    // had), and when each section's check-in was closed (none was).
    "ALTER TABLE entrant ADD COLUMN checked_in TEXT;
     ALTER TABLE section ADD COLUMN checkin_closed TEXT;",
    // 6 -> 7: the event's details the order book prints (组织机构, 裁判员名单, 竞赛规程, 赛场须知);
    // none before.
    "ALTER TABLE event ADD COLUMN hosts TEXT NOT NULL DEFAULT '';
     ALTER TABLE event ADD COLUMN co_organisers TEXT NOT NULL DEFAULT '';
     ALTER TABLE event ADD COLUMN committee TEXT NOT NULL DEFAULT '';
     ALTER TABLE event ADD COLUMN deputy_arbiters TEXT NOT NULL DEFAULT '';
     ALTER TABLE event ADD COLUMN arbiters TEXT NOT NULL DEFAULT '';
     ALTER TABLE event ADD COLUMN regulations TEXT NOT NULL DEFAULT '';
     ALTER TABLE event ADD COLUMN venue_rules TEXT NOT NULL DEFAULT '';",
    // 7 -> 8: 迟到判负 — a forfeit given for lateness says so; no game stored before was one.
    "ALTER TABLE game ADD COLUMN late INTEGER NOT NULL DEFAULT 0;",
    // 8 -> 9: fees at the registration desk (缴费): an entrant's payment of his section's fee,
    // a row only once something is recorded (nobody had paid before); it goes with the entrant.
    "CREATE TABLE payment (
        entrant_id INTEGER PRIMARY KEY REFERENCES entrant(id) ON DELETE CASCADE,
        state TEXT NOT NULL, amount INTEGER NOT NULL, method TEXT NOT NULL DEFAULT '',
        receipt TEXT NOT NULL DEFAULT '', paid_at TEXT, refunded_at TEXT);",
    // 9 -> 10: many hands on the venue network (授权): each device's role and its token's
    // hash, the results its phone sent and where each stands, the chief's settings for them,
    // and who acted (person, role, device) beside each journal row (none before: the laptop).
    "CREATE TABLE device_role (
        id INTEGER PRIMARY KEY, kind TEXT NOT NULL, person TEXT NOT NULL, scope TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE, created TEXT NOT NULL, revoked TEXT, expires TEXT);
     CREATE TABLE phone_entry (
        id INTEGER PRIMARY KEY, submission TEXT NOT NULL UNIQUE,
        role_id INTEGER NOT NULL REFERENCES device_role(id),
        section_id INTEGER NOT NULL, round INTEGER NOT NULL, board INTEGER NOT NULL,
        outcome TEXT, fouls_red INTEGER NOT NULL, fouls_black INTEGER NOT NULL,
        note TEXT NOT NULL, at TEXT NOT NULL, state TEXT NOT NULL);
     CREATE TABLE hands_setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
     ALTER TABLE journal ADD COLUMN by_hand TEXT;",
    // 10 -> 11: team sections (团体赛): a section's teams by number (队名, 单位, 领队), their
    // players (entrants of the section) in the team's order with the reserves after, each
    // round's line-up (出场名单) board by board, and each paired round's matches (桌次, the
    // team named first and second, a forfeit of the whole match: '+-', '-+', '--') and team
    // byes. The games of a match are ordinary game rows: board b of table t is game board
    // (t - 1) * boards + b of the round, so result entry, slips and phones take them as any
    // board. A match names no round row: a manual change of a round leaves its matches.
    "CREATE TABLE team (
        section_id INTEGER NOT NULL REFERENCES section(id), number INTEGER NOT NULL,
        name TEXT NOT NULL, unit TEXT NOT NULL, captain TEXT NOT NULL,
        PRIMARY KEY (section_id, number));
     CREATE TABLE team_player (
        section_id INTEGER NOT NULL, team INTEGER NOT NULL, position INTEGER NOT NULL,
        entrant_id INTEGER NOT NULL UNIQUE REFERENCES entrant(id),
        PRIMARY KEY (section_id, team, position),
        FOREIGN KEY (section_id, team) REFERENCES team(section_id, number));
     CREATE TABLE team_lineup (
        section_id INTEGER NOT NULL, round INTEGER NOT NULL, team INTEGER NOT NULL,
        board INTEGER NOT NULL, entrant_id INTEGER NOT NULL REFERENCES entrant(id),
        PRIMARY KEY (section_id, round, team, board),
        FOREIGN KEY (section_id, team) REFERENCES team(section_id, number));
     CREATE TABLE team_match (
        section_id INTEGER NOT NULL, round INTEGER NOT NULL, table_no INTEGER NOT NULL,
        first_team INTEGER NOT NULL, second_team INTEGER NOT NULL, forfeit TEXT,
        PRIMARY KEY (section_id, round, table_no),
        FOREIGN KEY (section_id, first_team) REFERENCES team(section_id, number),
        FOREIGN KEY (section_id, second_team) REFERENCES team(section_id, number));
     CREATE TABLE team_bye (
        section_id INTEGER NOT NULL, round INTEGER NOT NULL, team INTEGER NOT NULL,
        kind TEXT NOT NULL,
        PRIMARY KEY (section_id, round, team),
        FOREIGN KEY (section_id, team) REFERENCES team(section_id, number));",
];

/// Brings the file up to [`SCHEMA_VERSION`], one transaction per step.
pub fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let version: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::Corrupt(format!(
            "schema {version} is newer than {SCHEMA_VERSION}"
        )));
    }
    if version == 0 {
        // A new file: mark it as ours before anything else is written.
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
    }
    for (step, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let to = step as u32 + 1;
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, datetime('now'))",
            [to],
        )?;
        tx.pragma_update(None, "user_version", to)?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_before_the_registration_desk_has_nobody_checked_in_and_check_in_open() {
        let mut conn = Connection::open_in_memory().unwrap();
        let before = MIGRATIONS
            .iter()
            .position(|m| m.contains("checked_in"))
            .unwrap();
        for sql in &MIGRATIONS[..before] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", before as u32)
            .unwrap();
        conn.execute_batch(
            "INSERT INTO section (id, name, position, settings) VALUES (1, 'A', 1, '{}');
             INSERT INTO entrant (id, section_id, name, sex, unit, grade, status) VALUES
                (1, 1, 'x', '', '', '', 'active');",
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let (checked, closed): (Option<String>, Option<String>) = conn
            .query_row(
                "SELECT checked_in, checkin_closed FROM entrant JOIN section ON section.id = section_id",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!((checked, closed), (None, None));
    }

    #[test]
    fn a_version_1_file_migrates_to_the_current_schema_keeping_its_games() {
        let mut conn = Connection::open_in_memory().unwrap();
        // A file as version 1 wrote it.
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute_batch(
            "INSERT INTO section (id, name, position, settings) VALUES (1, 'A', 1, '{}');
             INSERT INTO entrant (id, section_id, name, sex, unit, grade, status) VALUES
                (1, 1, 'x', '', '', '', 'active'), (2, 1, 'y', '', '', '', 'active');
             INSERT INTO round (section_id, number) VALUES (1, 1);
             INSERT INTO game (section_id, round, board, red_id, black_id, outcome) VALUES (1, 1, 1, 1, 2, '1-0');",
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let version: u32 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, SCHEMA_VERSION);
        let (outcome, phase): (String, String) = conn
            .query_row("SELECT outcome, phase FROM game", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((outcome.as_str(), phase.as_str()), ("1-0", "regular"));
        let steps: u32 = conn
            .query_row("SELECT COUNT(*) FROM schema_migrations", [], |r| r.get(0))
            .unwrap();
        assert_eq!(steps, SCHEMA_VERSION - 1, "the steps run here are recorded");
    }

    #[test]
    fn a_version_2_file_gains_the_house_flag_with_every_entrant_a_real_player() {
        let mut conn = Connection::open_in_memory().unwrap();
        // A file as version 2 wrote it.
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.execute_batch(MIGRATIONS[1]).unwrap();
        conn.pragma_update(None, "user_version", 2).unwrap();
        conn.execute_batch(
            "INSERT INTO section (id, name, position, settings) VALUES (1, 'A', 1, '{}');
             INSERT INTO entrant (id, section_id, name, sex, unit, grade, status, member) VALUES
                (1, 1, 'x', '', '', '', 'active', 1), (2, 1, 'y', '', '', '', 'active', 0);",
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let version: u32 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, SCHEMA_VERSION, "migrated to the newest schema");
        let rows: Vec<(String, bool, bool)> = conn
            .prepare("SELECT name, member, house FROM entrant ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            rows,
            vec![("x".into(), true, false), ("y".into(), false, false)],
            "old entrants keep their flags and none is a house player"
        );
    }

    #[test]
    fn a_file_before_fees_has_nobody_paid_and_a_payment_goes_with_its_entrant() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", "ON").unwrap();
        let before = MIGRATIONS
            .iter()
            .position(|m| m.contains("CREATE TABLE payment"))
            .unwrap();
        for sql in &MIGRATIONS[..before] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", before as u32)
            .unwrap();
        conn.execute_batch(
            "INSERT INTO section (id, name, position, settings) VALUES (1, 'A', 1, '{}');
             INSERT INTO entrant (id, section_id, name, sex, unit, grade, status) VALUES
                (1, 1, 'x', '', '', '', 'active'), (2, 1, 'y', '', '', '', 'active');",
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let count = |conn: &Connection| -> u32 {
            conn.query_row("SELECT COUNT(*) FROM payment", [], |r| r.get(0))
                .unwrap()
        };
        assert_eq!(count(&conn), 0, "nobody had paid");
        conn.execute_batch(
            "INSERT INTO payment (entrant_id, state, amount) VALUES (1, 'paid', 150);
             DELETE FROM entrant WHERE id = 1;",
        )
        .unwrap();
        assert_eq!(count(&conn), 0, "the payment went with its entrant");
    }

    #[test]
    fn a_version_3_event_gains_no_entry_cap() {
        let mut conn = Connection::open_in_memory().unwrap();
        for sql in &MIGRATIONS[..3] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 3).unwrap();
        conn.execute_batch(
            "INSERT INTO event (id, name, organiser, venue, chief_arbiter)
             VALUES (1, '锦标赛', '', '', '');",
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let (name, cap): (String, Option<u32>) = conn
            .query_row("SELECT name, entry_cap FROM event", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!(
            (name.as_str(), cap),
            ("锦标赛", None),
            "an old event has no cap"
        );
    }
}
