//! 编排说明 — the notes a pairing leaves on a round, as data: why each board of the xiangqi Swiss
//! is what it is, who had the bye and why, the round-1 same-unit swaps, whether the house player
//! plays, and the arbiter's changes by hand. Words come only when a note is shown
//! (`crate::i18n::pairing_note`), in the language of the window at that moment, with players
//! named by pairing number and name.
//!
//! A round's notes are kept per board (board 0: the round as a whole) as JSON text. Files
//! written before the notes were typed hold plain text there; it reads back as
//! [`PairingNote::Text`] and is shown as it was written.

use crate::model::EntrantId;
use crate::pairing::house::HouseDecision;
use crate::pairing::xiangqi::explain::{BoardExplanation, ByeExplanation, RoundOneNote};
use serde::{Deserialize, Serialize};

/// One note on a paired round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PairingNote {
    /// Why a board of the xiangqi Swiss is what it is.
    Board(BoardExplanation),
    /// 轮空 — who had the pairing-allocated bye, on what score, and who was passed over.
    Bye(ByeExplanation),
    /// Round 1: the same-unit swaps (同队回避).
    RoundOne(RoundOneNote),
    /// 补双选手 — the house player plays (the others are odd in number) or sits out.
    House {
        /// The other players the system pairs.
        others: u32,
        plays: Option<EntrantId>,
        sits_out: Vec<EntrantId>,
    },
    /// 人工调整 — the arbiter swapped two players (`None`: an empty seat, e.g. the bye).
    ManualSwap {
        first: Option<EntrantId>,
        second: Option<EntrantId>,
    },
    /// 人工调整 — the arbiter swapped the colours of a board.
    ManualColours { board: u32 },
    /// A note stored as text by an earlier version.
    Text(String),
}

impl PairingNote {
    /// The note on the house player, if the decision concerns anyone.
    pub fn house(d: &HouseDecision) -> Option<PairingNote> {
        (!d.is_empty()).then(|| PairingNote::House {
            others: d.others as u32,
            plays: d.plays,
            sits_out: d.sits_out.clone(),
        })
    }
}

/// The stored text of one board's notes.
pub fn encode(notes: &[PairingNote]) -> String {
    serde_json::to_string(notes).unwrap_or_default()
}

/// One board's notes from their stored text; text that is not a list of notes (files written
/// before the notes were typed) is one [`PairingNote::Text`].
pub fn decode(text: &str) -> Vec<PairingNote> {
    match serde_json::from_str::<Vec<PairingNote>>(text) {
        Ok(notes) => notes,
        Err(_) if text.is_empty() => vec![],
        Err(_) => vec![PairingNote::Text(text.to_string())],
    }
}

/// Notes by board, grouped for storage: one text per board, boards in order.
pub fn encode_by_board(notes: &[(u32, PairingNote)]) -> Vec<(u32, String)> {
    let mut boards: std::collections::BTreeMap<u32, Vec<PairingNote>> = Default::default();
    for (b, n) in notes {
        boards.entry(*b).or_default().push(n.clone());
    }
    boards.into_iter().map(|(b, n)| (b, encode(&n))).collect()
}

/// Stored notes by board, read back one note at a time.
pub fn decode_by_board(stored: &[(u32, String)]) -> Vec<(u32, PairingNote)> {
    stored
        .iter()
        .flat_map(|(b, text)| decode(text).into_iter().map(move |n| (*b, n)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_read_back_as_written_and_old_text_as_text() {
        let notes = vec![
            (
                0,
                PairingNote::Bye(ByeExplanation {
                    entrant: EntrantId(7),
                    score: crate::model::Points(4),
                    passed_over: vec![EntrantId(9)],
                    instead_of: None,
                }),
            ),
            (
                0,
                PairingNote::House {
                    others: 13,
                    plays: Some(EntrantId(3)),
                    sits_out: vec![],
                },
            ),
            (2, PairingNote::ManualColours { board: 2 }),
        ];
        let stored = encode_by_board(&notes);
        assert_eq!(stored.len(), 2, "one text per board");
        assert_eq!(decode_by_board(&stored), notes);
        let old = "score group 3; colours: BothPreferences; why not v 32? they have met";
        assert_eq!(decode(old), vec![PairingNote::Text(old.to_string())]);
        assert_eq!(decode(""), vec![]);
    }
}
