//! 日志 — what each arbiter action did, as data. The journal is what an arbiter shows in a
//! dispute, so an entry keeps the facts (section, round, board, result, players by pairing
//! number and name as they were at that moment) and words come only when it is shown
//! (`crate::i18n::journal_entry`), in the language of the window at that moment.
//!
//! Entries are kept as JSON text in the journal's `detail` column. Files written before the
//! entries were typed hold plain text there; it reads back as [`JournalEntry::Text`] and is
//! shown as it was written.

use crate::model::{EntrantId, GameKind, GamePhase, Outcome};
use crate::pairing::xiangqi::checker::Break;
use serde::{Deserialize, Serialize};

/// What one journalled action did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JournalEntry {
    /// 建立赛事, 修改赛事信息 — the event's name after the action.
    Event { name: String },
    /// A section added, changed or removed.
    Section { name: String },
    /// An entrant added, changed or removed: "number name" as it stood.
    Entrant { section: String, player: String },
    /// 导入选手.
    Import { section: String, count: u32 },
    /// 晋级正赛 — the qualified list of section `from` entered into section `to`.
    Qualifiers {
        from: String,
        to: String,
        count: u32,
    },
    /// 从TRF文件新建组别 — a section read whole from a TRF file: its name, entrants and rounds.
    TrfSection {
        name: String,
        entrants: u32,
        rounds: u32,
    },
    /// 关闭签到 — check-in of a section closed: how many had checked in, and the players who had
    /// not ("number name"), withdrawn from round 1 by it.
    CheckInClosed {
        section: String,
        present: u32,
        absent: Vec<String>,
    },
    /// 缴费 / 退费 — an entrant's payment of the section's fee as the action left it ("number
    /// name" as he stood).
    Payment {
        section: String,
        player: String,
        payment: crate::model::Payment,
    },
    /// 授权 / 撤销授权 — a device of the venue network given a role (its number is not known
    /// before it is stored: `None`), or its role revoked.
    Device {
        device: Option<i64>,
        kind: crate::model::RoleKind,
        person: String,
        revoked: bool,
    },
    /// 手机送来成绩 — a result sent from a phone, as it was weighed: its board and where it
    /// stands (who sent it is kept beside the row).
    PhoneEntry {
        section: String,
        round: u32,
        board: u32,
        state: crate::model::EntryState,
    },
    /// 驳回 — the chief turned down a result sent from a phone.
    PhoneRejected {
        section: String,
        round: u32,
        board: u32,
    },
    /// "Deputies' results stand at once" turned on or off.
    DeputiesStand { on: bool },
    /// 抽签 with the seed that repeats it.
    Lots { section: String, seed: u64 },
    /// A round paired or withdrawn.
    Round { section: String, round: u32 },
    /// A result entered or corrected (`reason`: 更正原因).
    Result {
        section: String,
        round: u32,
        board: u32,
        outcome: Option<Outcome>,
        fouls: (u8, u8),
        reason: Option<String>,
        /// The section's game, so that the result reads in its colours (红胜, 白胜); an entry
        /// written before it was kept reads as xiangqi.
        #[serde(default)]
        game: GameKind,
        /// The warning the correction went ahead against (a result two or more rounds back),
        /// with its level: the reason typed is its confirmation.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        overridden: Option<(crate::model::RuleWarning, crate::model::WarningLevel)>,
        /// 迟到判负 — the forfeit was for lateness.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        late: bool,
    },
    /// Boards of a round adjourned (暂停对局), e.g. so that the next round can be paired.
    Adjourned {
        section: String,
        round: u32,
        boards: Vec<u32>,
    },
    /// An adjournment taken back before the next round was paired.
    Resumed {
        section: String,
        round: u32,
        board: u32,
    },
    /// The results of several boards of a round entered at once (a results sheet).
    RoundResults {
        section: String,
        round: u32,
        boards: u32,
    },
    /// 人工调整 of the last round, with the warnings the arbiter accepted.
    RoundEdit {
        section: String,
        round: u32,
        change: EditChange,
        warnings: Vec<Break>,
        /// The players the warnings name, as they stood.
        players: Vec<(EntrantId, String)>,
    },
    /// Knockout games paired: board, red, black, phase.
    Knockout {
        section: String,
        round: u32,
        boards: Vec<(u32, String, String, GamePhase)>,
    },
    /// FIDE 模式 left (irreversibly) after round `after_round`, and why.
    FideLeft {
        section: String,
        after_round: u32,
        reason: crate::model::LeaveReason,
    },
    /// 人工编排 confirmed: the round as the arbiter paired it, and each board that differs
    /// from the engine's pairing as the TRF's MPA comment writes it.
    ManualPairing {
        section: String,
        round: u32,
        differences: Vec<String>,
    },
    /// A change of a section's settings made against the rules: the warnings the arbiter
    /// went ahead against, each with its level.
    WarningOverridden {
        section: String,
        warnings: Vec<(crate::model::RuleWarning, crate::model::WarningLevel)>,
    },
    /// A grade event that stops early (seed 004) ended: the players still in play before round
    /// `round` could not be paired (they had all met), so the section ends after the round
    /// before.
    EndedEarly {
        section: String,
        round: u32,
        players: Vec<String>,
    },
    /// 恢复备份 from the named copy (its file name), and what the copy was, as the list of
    /// backups named it then (absent in files of earlier versions).
    Restore {
        backup: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        copy: Option<BackupCopy>,
    },
    /// 撤销 of an earlier action.
    Undo {
        action: String,
        entry: Box<JournalEntry>,
    },
    /// An entry stored as text by an earlier version.
    Text(String),
}

/// A backup copy as the list of backups and the journal name it: what it was made for, and
/// when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupCopy {
    pub kind: CopyKind,
    /// When it was made (local time); `None` when its file name does not say.
    pub made: Option<chrono::NaiveDateTime>,
}

/// Why a backup copy was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CopyKind {
    /// After pairing a round of a section: the section's name (`None` when the copy does not
    /// say, or the section is gone) and the round.
    AfterPairing { section: Option<String>, round: u32 },
    /// The state before a restore (what undoing the restore puts back).
    BeforeRestore,
    /// A file in the folder named otherwise: its file name.
    Other(String),
}

/// A manual change of a paired round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EditChange {
    /// Two seats swapped (a player by "number name", `None`: the empty seat of the bye).
    Swap {
        first: Option<String>,
        second: Option<String>,
    },
    /// The colours of a board swapped.
    Colours { board: u32 },
}

impl JournalEntry {
    /// The stored form.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a stored entry; text that is not an entry (an older file's) is kept as it is.
    pub fn decode(text: &str) -> JournalEntry {
        serde_json::from_str(text).unwrap_or_else(|_| JournalEntry::Text(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_written() {
        let e = JournalEntry::Undo {
            action: "result.set".into(),
            entry: Box::new(JournalEntry::Result {
                section: "男子组".into(),
                round: 2,
                board: 8,
                outcome: Some(Outcome::Draw),
                fouls: (1, 0),
                reason: Some("记录员笔误".into()),
                game: GameKind::Chess,
                overridden: Some((
                    crate::model::RuleWarning::OldResultChanged { round: 2, board: 8 },
                    crate::model::WarningLevel::Strong,
                )),
                late: false,
            }),
        };
        assert_eq!(JournalEntry::decode(&e.encode()), e);
    }

    #[test]
    fn a_result_written_before_the_game_was_kept_reads_as_xiangqi() {
        let e = JournalEntry::Result {
            section: "男子组".into(),
            round: 1,
            board: 3,
            outcome: Some(Outcome::RedWin),
            fouls: (0, 0),
            reason: None,
            game: GameKind::Xiangqi,
            overridden: None,
            late: false,
        };
        let old = e.encode().replace(r#","game":"Xiangqi""#, "");
        assert!(!old.contains("game"), "{old}");
        assert_eq!(JournalEntry::decode(&old), e);
    }

    #[test]
    fn an_older_files_text_stays_text() {
        let old = "section 1 round 2 board 8: = fouls 0/0";
        assert_eq!(JournalEntry::decode(old), JournalEntry::Text(old.into()));
        // An event once named like JSON is still only text.
        assert_eq!(
            JournalEntry::decode("{赛事}"),
            JournalEntry::Text("{赛事}".into())
        );
    }
}
