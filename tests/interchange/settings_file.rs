//! The settings file (`bianpai settings --export/--import`): docs/settings.md describes every
//! key the program writes.

use bianpai::interchange::settings::key_paths;
use bianpai::model::SectionSettings;

/// Every key of the defaults, of a chess section and of the demo event's sections (which set
/// optional keys) is named in docs/settings.md as `key`.
#[test]
fn docs_settings_md_describes_every_key() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/settings.md"))
        .expect("docs/settings.md");
    let mut samples = vec![SectionSettings::default(), SectionSettings::chess()];
    samples.extend(
        bianpai::app::demo_event()
            .sections
            .into_iter()
            .map(|s| s.settings),
    );
    let mut missing: Vec<String> = samples
        .iter()
        .flat_map(|s| key_paths(&s.to_stored()))
        .filter(|k| !doc.contains(&format!("`{k}`")))
        .collect();
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "not in docs/settings.md: {missing:#?}");
}
