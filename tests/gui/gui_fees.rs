//! Issue 40, fees in the window: seed 000's 赛事服务费 ("参赛运动员每人须交纳赛事服务费 150 元；
//! 嘉定区象棋协会会员交纳赛事服务费 100 元") set in the Event tab and taken at the check-in desk by
//! keys only — a name typed
//! and Enter checks a player in, F2 opens his fee row with the amount the rule gives him, ↓
//! chooses the method, Tab goes to the receipt number, Enter records, Esc closes, Ctrl+Z in the
//! empty field undoes — then a refund on the entrant form, and the 缴费名单 printed from the
//! Documents tab, its totals read back from the PDF. The figures are worked out by hand below.

use crate::common::{self, SectionBuilder, window::*};
use bianpai::model::{Entrant, FeeOptions, PaymentMethod, PaymentState, SectionSettings};
use bianpai::ui::TabKind;
use egui::Key;

const MEN: &str = "男子组";

fn payment(h: &Window, name: &str) -> bianpai::model::Payment {
    let s = shown_section(h);
    s.entrants
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("{name}"))
        .payment
        .clone()
}

/// The last four whole numbers on the first line of `text` holding `label`.
fn figures_on(text: &str, label: &str) -> Vec<u64> {
    let line = text
        .lines()
        .find(|l| l.contains(label))
        .unwrap_or_else(|| panic!("no line with {label}: {text}"));
    let n: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    n[n.len().saturating_sub(4)..].to_vec()
}

#[test]
fn seed_000_fees_are_taken_at_the_desk_by_keys_and_add_up_on_the_fee_list() {
    let (dir, mut t) = common::create(&common::event("2026年“嘉定娄塘杯”上海市象棋锦标赛", vec![]));
    let member = |name: &str, unit: &str, member: bool| Entrant {
        name: name.into(),
        unit: unit.into(),
        member,
        ..Entrant::default()
    };
    SectionBuilder::new()
        .name(MEN)
        .settings(SectionSettings {
            rounds: 9,
            ..SectionSettings::default()
        })
        .entrants([
            member("周喆", "嘉定区", true),
            member("张三", "嘉定区", false),
            member("李四", "浦东新区", true),
            member("王五", "浦东新区", false),
        ])
        .lot_seed(29)
        .enter(&mut t);
    let mut h = harness(t);
    h.run();
    // The fee as the regulation states it, in the Event tab (Ctrl+S saves).
    tab(&mut h, TabKind::Event);
    retype(&mut h, "费用名称", "赛事服务费");
    retype(&mut h, "金额（元）", "150");
    retype(&mut h, "会员（元）", "100");
    save_section(&mut h);
    assert_eq!(
        shown_section(&h).settings.fees,
        FeeOptions {
            name: "赛事服务费".into(),
            amount: Some(150),
            member: Some(100),
            ..FeeOptions::default()
        }
    );
    tab(&mut h, TabKind::Entrants);
    ctrl(&mut h, Key::K);

    // 周喆 checks in; F2 takes his fee: a member's 100, in cash, Enter.
    type_text(&mut h, "周喆");
    key(&mut h, Key::Enter);
    no_error(&h, "周喆 checks in");
    key(&mut h, Key::F2);
    assert!(shows(&h, "100 元（会员价）"), "the member rate offered");
    key(&mut h, Key::Enter);
    no_error(&h, "周喆 pays");
    let p = payment(&h, "周喆");
    assert_eq!(
        (p.state, p.amount, p.method),
        (PaymentState::Paid, 100, Some(PaymentMethod::Cash))
    );

    // 张三, named in the field (not checked in): 150, ↓ to 微信, Tab to the receipt.
    type_text(&mut h, "张三");
    key(&mut h, Key::F2);
    assert!(shows(&h, "赛事服务费 150 元"), "the standard rate offered");
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::Tab);
    type_text(&mut h, "W-0002");
    key(&mut h, Key::Enter);
    no_error(&h, "张三 pays");
    let p = payment(&h, "张三");
    assert_eq!(
        (p.state, p.amount, p.method, p.receipt.as_str()),
        (
            PaymentState::Paid,
            150,
            Some(PaymentMethod::WeChat),
            "W-0002"
        )
    );
    // Ctrl+Z in the empty field takes it back.
    ctrl(&mut h, Key::Z);
    assert_eq!(payment(&h, "张三").state, PaymentState::Unpaid);

    // 李四 checks in; F2, Esc: nothing recorded; F2, Enter: a member's 100.
    type_text(&mut h, "李四");
    key(&mut h, Key::Enter);
    key(&mut h, Key::F2);
    key(&mut h, Key::Escape);
    assert_eq!(payment(&h, "李四").state, PaymentState::Unpaid);
    key(&mut h, Key::F2);
    key(&mut h, Key::Enter);
    no_error(&h, "李四 pays");
    assert_eq!(payment(&h, "李四").amount, 100);
    // Owing: 4; paid 周喆 100 and 李四 100; 张三 and 王五 owe 150 each.
    assert!(
        shows(&h, "男子组：已缴费 2 / 应缴 4 人；实收 200 元，未缴 300 元"),
        "the desk's count"
    );

    // 李四 withdraws before the event: refunded on the entrant form.
    ctrl(&mut h, Key::K);
    click(&mut h, "李四");
    click(&mut h, "退费");
    no_error(&h, "李四 refunded");
    assert_eq!(payment(&h, "李四").state, PaymentState::Refunded);

    // The 缴费名单: due 100 + 150 + 100 + 150 = 500; paid 周喆 100 + 李四 100 = 200; 李四's 100
    // refunded; outstanding 张三 150 + 王五 150 = 300. 嘉定区: 250 due, 100 paid, 150 owed;
    // 浦东新区: 250 due, 100 paid and refunded, 王五's 150 owed.
    let pdf = dir.path().join("缴费名单.pdf");
    save_document(&mut h, "缴费名单", &pdf);
    let text = pdf_text(&pdf);
    assert_eq!(figures_on(&text, "嘉定区 小计"), [250, 100, 0, 150]);
    assert_eq!(figures_on(&text, "浦东新区 小计"), [250, 100, 100, 150]);
    assert_eq!(figures_on(&text, "男子组 合计"), [500, 200, 100, 300]);
    let summary = &text[text.find("各单位合计").expect("the summary by unit")..];
    assert_eq!(figures_on(summary, "浦东新区"), [250, 100, 100, 150]);
    assert_eq!(figures_on(summary, "全部组别合计"), [500, 200, 100, 300]);
}
