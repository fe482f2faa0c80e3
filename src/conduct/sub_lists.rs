//! The sub-lists of a section (女子, 境外运动员, 会员 …) that special prizes and qualification
//! quotas name: a sub-ranking of the settings by that name, or a list the name itself says.

use crate::model::{Filter, Section};

/// The members of a sub-ranking or special prize called `name`: the section's sub-ranking of
/// that name, else the list the name itself says ([`Filter::said_by_name`]: 境外运动员 or
/// "Overseas players", 会员 or "Members").
pub fn sub_list_filter(section: &Section, name: &str) -> Option<Filter> {
    let own = section
        .settings
        .standings
        .sub_rankings
        .iter()
        .find(|s| s.name == name)
        .map(|s| s.filter.clone());
    own.or_else(|| Filter::said_by_name(name))
}
