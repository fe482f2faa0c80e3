//! The team section's rows (团体赛): teams, their players in the team's order, line-ups,
//! matches and team byes ([`TeamRecords`]). Every team action rewrites a section's team rows
//! whole in its one transaction, and its undo writes back the rows as they were — a team
//! section holds tens of teams, so writing them all costs nothing beside the safety of one
//! shape for every change.

use super::{Store, StoreError};
use crate::model::{
    ByeKind, EntrantId, Lineup, MatchForfeit, MatchRecord, SectionId, TeamBye, TeamEntry,
    TeamRecords,
};
use rusqlite::{Connection, Transaction, params};

fn forfeit_code(f: MatchForfeit) -> &'static str {
    match f {
        MatchForfeit::FirstWins => "+-",
        MatchForfeit::SecondWins => "-+",
        MatchForfeit::Both => "--",
    }
}

fn forfeit_from_code(code: &str) -> Option<MatchForfeit> {
    match code {
        "+-" => Some(MatchForfeit::FirstWins),
        "-+" => Some(MatchForfeit::SecondWins),
        "--" => Some(MatchForfeit::Both),
        _ => None,
    }
}

/// Deletes every team row of `section` (its removal, or before its rows are written anew).
pub fn delete_team_section(tx: &Transaction, section: SectionId) -> Result<(), StoreError> {
    for table in [
        "team_bye",
        "team_match",
        "team_lineup",
        "team_player",
        "team",
    ] {
        tx.execute(
            &format!("DELETE FROM {table} WHERE section_id = ?1"),
            [section.0],
        )?;
    }
    Ok(())
}

/// Deletes the matches and team byes of one round (the round is taken back).
pub fn delete_team_round(
    tx: &Transaction,
    section: SectionId,
    round: u32,
) -> Result<(), StoreError> {
    for table in ["team_bye", "team_match"] {
        tx.execute(
            &format!("DELETE FROM {table} WHERE section_id = ?1 AND round = ?2"),
            params![section.0, round],
        )?;
    }
    Ok(())
}

/// Writes `records` as the team rows of `section`, in place of those it had.
pub fn write_team_records(
    tx: &Transaction,
    section: SectionId,
    records: &TeamRecords,
) -> Result<(), StoreError> {
    delete_team_section(tx, section)?;
    for t in &records.teams {
        tx.execute(
            "INSERT INTO team (section_id, number, name, unit, captain) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![section.0, t.number, t.name, t.unit, t.captain],
        )?;
        for (i, p) in t.players.iter().enumerate() {
            tx.execute(
                "INSERT INTO team_player (section_id, team, position, entrant_id)
                 VALUES (?1, ?2, ?3, ?4)",
                params![section.0, t.number, i as u32 + 1, p.0],
            )?;
        }
    }
    for l in &records.lineups {
        for (i, p) in l.players.iter().enumerate() {
            tx.execute(
                "INSERT INTO team_lineup (section_id, round, team, board, entrant_id)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![section.0, l.round, l.team, i as u32 + 1, p.0],
            )?;
        }
    }
    for m in &records.matches {
        tx.execute(
            "INSERT INTO team_match (section_id, round, table_no, first_team, second_team, forfeit)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                section.0,
                m.round,
                m.table,
                m.first,
                m.second,
                m.forfeit.map(forfeit_code)
            ],
        )?;
    }
    for b in &records.byes {
        tx.execute(
            "INSERT INTO team_bye (section_id, round, team, kind) VALUES (?1, ?2, ?3, ?4)",
            params![section.0, b.round, b.team, b.kind.code()],
        )?;
    }
    Ok(())
}

impl Store {
    /// The team rows of `section` (empty for an individual section).
    pub fn team_records(&self, section: SectionId) -> Result<TeamRecords, StoreError> {
        read_team_records(&self.conn, section)
    }
}

fn read_team_records(c: &Connection, section: SectionId) -> Result<TeamRecords, StoreError> {
    let s = section.0;
    let mut out = TeamRecords::default();
    let mut st = c.prepare(
        "SELECT number, name, unit, captain FROM team WHERE section_id = ?1 ORDER BY number",
    )?;
    let rows = st.query_map([s], |r| {
        Ok(TeamEntry {
            number: r.get(0)?,
            name: r.get(1)?,
            unit: r.get(2)?,
            captain: r.get(3)?,
            players: Vec::new(),
        })
    })?;
    for row in rows {
        out.teams.push(row?);
    }
    let mut st = c.prepare(
        "SELECT team, entrant_id FROM team_player WHERE section_id = ?1 ORDER BY team, position",
    )?;
    let rows = st.query_map([s], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, i64>(1)?)))?;
    for row in rows {
        let (team, who) = row?;
        let t = out
            .teams
            .iter_mut()
            .find(|t| t.number == team)
            .ok_or_else(|| StoreError::Corrupt(format!("team_player: no team {team}")))?;
        t.players.push(EntrantId(who));
    }
    let mut st = c.prepare(
        "SELECT round, team, entrant_id FROM team_lineup WHERE section_id = ?1
         ORDER BY round, team, board",
    )?;
    let rows = st.query_map([s], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, u32>(1)?,
            r.get::<_, i64>(2)?,
        ))
    })?;
    for row in rows {
        let (round, team, who) = row?;
        match out.lineups.last_mut() {
            Some(l) if l.round == round && l.team == team => l.players.push(EntrantId(who)),
            _ => out.lineups.push(Lineup {
                round,
                team,
                players: vec![EntrantId(who)],
            }),
        }
    }
    let mut st = c.prepare(
        "SELECT round, table_no, first_team, second_team, forfeit FROM team_match
         WHERE section_id = ?1 ORDER BY round, table_no",
    )?;
    let rows = st.query_map([s], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, u32>(1)?,
            r.get::<_, u32>(2)?,
            r.get::<_, u32>(3)?,
            r.get::<_, Option<String>>(4)?,
        ))
    })?;
    for row in rows {
        let (round, table, first, second, forfeit) = row?;
        let forfeit = match forfeit {
            None => None,
            Some(code) => Some(forfeit_from_code(&code).ok_or_else(|| {
                StoreError::Corrupt(format!("round {round} table {table}: forfeit {code:?}"))
            })?),
        };
        out.matches.push(MatchRecord {
            round,
            table,
            first,
            second,
            forfeit,
        });
    }
    let mut st = c.prepare(
        "SELECT round, team, kind FROM team_bye WHERE section_id = ?1 ORDER BY round, team",
    )?;
    let rows = st.query_map([s], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, u32>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (round, team, kind) = row?;
        let kind = ByeKind::from_code(&kind).ok_or_else(|| {
            StoreError::Corrupt(format!("round {round} team {team}: bye kind {kind:?}"))
        })?;
        out.byes.push(TeamBye { round, team, kind });
    }
    Ok(out)
}
