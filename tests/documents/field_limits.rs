//! Every text field has a length limit: a name of thousands of characters once took a PDF
//! minutes to lay out. Too long a text is refused with a message that names the field, and
//! nothing is written.

use crate::common;
use bianpai::app::{AppError, MAX_NAME, MAX_TEXT};
use bianpai::i18n::Lang;
use bianpai::model::{Entrant, Event, SectionSettings};

#[test]
fn too_long_a_text_is_refused_naming_the_field() {
    let (_dir, mut t) = common::create(&common::event("长度测试", vec![]));
    let s = t
        .add_section("公开组", &SectionSettings::default())
        .unwrap();
    let long = |n: usize| "王".repeat(n);
    let journal = t.journal().unwrap().len();

    let e = Entrant {
        name: long(MAX_NAME + 1),
        ..Entrant::default()
    };
    let err = t.add_entrant(s, &e).unwrap_err();
    assert!(matches!(err, AppError::TooLong { max, .. } if max == MAX_NAME));
    assert!(
        err.message(Lang::Zh).starts_with("姓名太长"),
        "{}",
        err.message(Lang::Zh)
    );
    assert!(err.message(Lang::En).starts_with("Name is too long"));
    let e = Entrant {
        name: "李明".into(),
        unit: long(MAX_TEXT + 1),
        ..Entrant::default()
    };
    assert!(
        t.add_entrant(s, &e)
            .unwrap_err()
            .message(Lang::Zh)
            .starts_with("单位太长")
    );
    let info = Event {
        name: long(MAX_TEXT + 1),
        ..t.event().clone()
    };
    assert!(
        t.set_event_info(&info)
            .unwrap_err()
            .message(Lang::Zh)
            .starts_with("赛事名称太长")
    );
    assert!(matches!(
        t.add_section(&long(MAX_NAME + 1), &SectionSettings::default()),
        Err(AppError::TooLong { .. })
    ));
    assert_eq!(t.journal().unwrap().len(), journal, "nothing was written");
    assert!(t.event().sections[0].entrants.is_empty());

    // At the limit, the text is taken.
    let e = Entrant {
        name: long(MAX_NAME),
        ..Entrant::default()
    };
    t.add_entrant(s, &e).unwrap();
}
