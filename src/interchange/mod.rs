//! Interchange — files other programs read and write. For now the FIDE Tournament Report File
//! (TRF-16 and TRF-2026), the format of the endorsed pairing engines and of FIDE rating reports.

pub mod entrants;
pub mod export;
mod extent;
pub mod limits;
pub mod results;
pub mod settings;
pub mod template;
pub mod trf;

#[cfg(test)]
mod dutch_tuning;

pub use trf::{
    TrfColour, TrfError, TrfField, TrfFile, TrfPlayer, TrfProblem, TrfRecord, TrfResult,
    TrfRoundEntry,
};
