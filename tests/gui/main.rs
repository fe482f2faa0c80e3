//! The window (egui_kittest), by keys and clicks as an arbiter works: every tab, entry and
//! import, manual pairing, the language, undo keys, and the frame time of a thousand entrants.
//!
//! One test binary of the suite (`cargo test --test gui`), sharing `common` with the rest.

#[path = "../common/mod.rs"]
mod common;

mod frame_time;
mod gui_adjourned;
mod gui_bracket;
mod gui_checkin;
mod gui_documents;
mod gui_dutch_edition;
mod gui_entry_cards;
mod gui_event_entry;
mod gui_event_settings;
mod gui_export;
mod gui_fees;
mod gui_fide_mode;
mod gui_help;
mod gui_house_player;
mod gui_import;
mod gui_journal;
mod gui_keyboard_flow;
mod gui_language;
mod gui_lateness;
mod gui_lot_seed;
mod gui_manual_pairing;
mod gui_preferences;
mod gui_prohibited;
mod gui_result_keys;
mod gui_rough_edges;
mod gui_round_one;
mod gui_safety;
mod gui_standings_round;
mod gui_swiss_seven_rounds;
mod gui_team_swiss;
mod gui_teams;
mod gui_trf_section;
mod gui_undo_keys;
mod layout;
