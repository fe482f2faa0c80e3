//! 成绩文件 — the results of a round as a CSV file, one board a line: `board,result[,fouls]`
//! (a header line may come first). Results are written in their codes (`1-0`, `0-1`, `=`, `+-`,
//! `-+`, `--`; `none` clears a board), fouls as `red/black`. Every line is read before any is
//! used; a bad one is named with its line.

use super::entrants::{ImportError, read_csv};
use crate::i18n::{Lang, T, fill};
use crate::model::{BoardResult, Outcome};

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultProblem {
    /// A board that is no number.
    Board(String),
    /// A result that is none of the codes.
    Result(String),
    /// Fouls not written `red/black`.
    Fouls(String),
    /// The board was given on an earlier line.
    BoardTwice { board: u32, first_line: usize },
    /// The round has no such board.
    NoSuchBoard(u32),
}

impl ResultProblem {
    /// The problem in words.
    pub fn message(&self, lang: Lang) -> String {
        let t = |k: T| k.get(lang);
        match self {
            ResultProblem::Board(v) => fill(t(T::ResErrBoard), &[v]),
            ResultProblem::Result(v) => fill(t(T::ResErrResult), &[v]),
            ResultProblem::Fouls(v) => fill(t(T::ResErrFouls), &[v]),
            ResultProblem::BoardTwice { board, first_line } => {
                fill(t(T::ResErrBoardTwice), &[board, first_line])
            }
            ResultProblem::NoSuchBoard(b) => fill(t(T::ErrNoSuchBoard), &[b]),
        }
    }
}

/// Why a results file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultsFileError {
    #[error(transparent)]
    Read(#[from] ImportError),
    #[error("line {line}: {problem:?}")]
    AtLine { line: usize, problem: ResultProblem },
    /// No board's result in the whole file (an empty file, a header alone).
    #[error("no result in the file")]
    NoResults,
}

impl ResultsFileError {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            ResultsFileError::Read(e) => e.message(lang),
            ResultsFileError::AtLine { line, problem } => {
                fill(T::ResErrAtLine.get(lang), &[line, &problem.message(lang)])
            }
            ResultsFileError::NoResults => T::ResErrNoResults.get(lang).to_string(),
        }
    }
}

/// A result as a person types it; `Some(None)` for `none` (a board cleared), `None` for no
/// result at all. Besides the codes of [`Outcome::code`], the usual ways of writing a score
/// are taken: a draw as `½-½`, `1/2-1/2`, `0.5-0.5` or `和`; a colon for the dash (`1:0`);
/// full-width signs as an input method types them (`１－０`, `＝`).
pub fn parse_outcome(text: &str) -> Option<Option<Outcome>> {
    let text: String = text
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            // Full-width forms (U+FF01–FF5E) are their ASCII letters moved up by 0xFEE0.
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            c => c,
        })
        .map(|c| match c {
            '–' | '—' | '−' | ':' => '-',
            c => c,
        })
        .collect();
    if text.eq_ignore_ascii_case("none") {
        return Some(None);
    }
    let code = match text.as_str() {
        "½-½" | "1/2-1/2" | "0.5-0.5" | ".5-.5" | "和" | "D" | "d" => "=",
        other => other,
    };
    Outcome::from_code(code).map(Some)
}

/// Fouls as `red/black`, e.g. `1/0`.
pub fn parse_fouls(text: &str) -> Option<(u8, u8)> {
    let (r, b) = text.trim().split_once('/')?;
    Some((r.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// Reads a results file: each board's result with its 1-based line.
pub fn read_results(bytes: &[u8]) -> Result<Vec<(usize, BoardResult)>, ResultsFileError> {
    let table = read_csv(bytes)?;
    let mut out: Vec<(usize, BoardResult)> = Vec::new();
    for (i, cells) in table.rows.iter().enumerate() {
        let line = table.row_number(i);
        let at = |problem| ResultsFileError::AtLine { line, problem };
        let cell = |k: usize| cells.get(k).map_or("", |c| c.trim());
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let Ok(board) = cell(0).parse::<u32>() else {
            // A header line may come first.
            if out.is_empty() && i == 0 {
                continue;
            }
            return Err(at(ResultProblem::Board(cell(0).into())));
        };
        if let Some((first_line, _)) = out.iter().find(|(_, r)| r.board == board) {
            let first_line = *first_line;
            return Err(at(ResultProblem::BoardTwice { board, first_line }));
        }
        let outcome =
            parse_outcome(cell(1)).ok_or_else(|| at(ResultProblem::Result(cell(1).into())))?;
        let fouls = match cell(2) {
            "" => (0, 0),
            f => parse_fouls(f).ok_or_else(|| at(ResultProblem::Fouls(f.into())))?,
        };
        out.push((
            line,
            BoardResult {
                board,
                outcome,
                fouls,
            },
        ));
    }
    // An empty file is a mistake (the wrong file, one not yet saved), not a round of nothing.
    if out.is_empty() {
        return Err(ResultsFileError::NoResults);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_codes_and_fouls() {
        assert_eq!(parse_outcome("1-0"), Some(Some(Outcome::RedWin)));
        assert_eq!(parse_outcome("="), Some(Some(Outcome::Draw)));
        assert_eq!(parse_outcome("-+"), Some(Some(Outcome::BlackWinByForfeit)));
        assert_eq!(parse_outcome("--"), Some(Some(Outcome::DoubleForfeit)));
        assert_eq!(parse_outcome("none"), Some(None));
        // A draw in every usual form; wins and forfeits with a colon or full-width signs.
        for draw in [
            "½-½",
            "1/2-1/2",
            "0.5-0.5",
            "½:½",
            " = ",
            "和",
            "０.５－０.５",
        ] {
            assert_eq!(parse_outcome(draw), Some(Some(Outcome::Draw)), "{draw}");
        }
        assert_eq!(parse_outcome("1:0"), Some(Some(Outcome::RedWin)));
        assert_eq!(parse_outcome("０－１"), Some(Some(Outcome::BlackWin)));
        assert_eq!(parse_outcome("1 - 0"), Some(Some(Outcome::RedWin)));
        // Not a result: refused, never guessed.
        for bad in ["1-1", "½", "2-0", "x", ""] {
            assert_eq!(parse_outcome(bad), None, "{bad}");
        }
        assert_eq!(parse_outcome("2:0"), None);
        assert_eq!(parse_fouls("2/1"), Some((2, 1)));
        assert_eq!(parse_fouls("2-1"), None);
    }

    #[test]
    fn a_round_from_a_file_with_a_header() {
        let got = read_results(b"board,result,fouls\n1,1-0\n2,=,0/2\n\n3,--\n").unwrap();
        let r = |board, outcome, fouls| BoardResult {
            board,
            outcome: Some(outcome),
            fouls,
        };
        assert_eq!(
            got,
            [
                (2, r(1, Outcome::RedWin, (0, 0))),
                (3, r(2, Outcome::Draw, (0, 2))),
                (5, r(3, Outcome::DoubleForfeit, (0, 0))),
            ]
        );
    }

    #[test]
    fn a_file_without_a_result_is_refused() {
        assert_eq!(read_results(b""), Err(ResultsFileError::NoResults));
        assert_eq!(
            read_results(b"board,result,fouls\n\n"),
            Err(ResultsFileError::NoResults)
        );
    }

    #[test]
    fn a_bad_line_is_named() {
        let at = |line, problem| Err(ResultsFileError::AtLine { line, problem });
        assert_eq!(
            read_results(b"1,1-0\n2,2:0\n"),
            at(2, ResultProblem::Result("2:0".into()))
        );
        assert_eq!(
            read_results(b"1,1-0\nx,=\n"),
            at(2, ResultProblem::Board("x".into()))
        );
        assert_eq!(
            read_results(b"1,1-0\n1,=\n"),
            at(
                2,
                ResultProblem::BoardTwice {
                    board: 1,
                    first_line: 1
                }
            )
        );
        assert_eq!(
            read_results(b"1,=,one\n"),
            at(1, ResultProblem::Fouls("one".into()))
        );
    }
}
