//! 缴费 — an entrant's payment of his section's fee, as the registration desk records it: not
//! paid, paid (amount, method, receipt number, time) or refunded; and the four figures a
//! treasurer adds up for a unit, a section and the event ([`FeeFigures`]): due (应缴), paid
//! (已缴), refunded (已退) and outstanding (未缴). The amount owed comes from the section's
//! settings ([`super::FeeOptions::due`]); amounts are whole yuan.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

/// 缴费状态.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PaymentState {
    /// 未缴.
    #[default]
    Unpaid,
    /// 已缴.
    Paid,
    /// 已退 — paid, then given back (a withdrawal before the event).
    Refunded,
}

impl PaymentState {
    pub const ALL: [PaymentState; 3] = [
        PaymentState::Unpaid,
        PaymentState::Paid,
        PaymentState::Refunded,
    ];

    /// The stored code.
    pub fn code(self) -> &'static str {
        match self {
            PaymentState::Unpaid => "unpaid",
            PaymentState::Paid => "paid",
            PaymentState::Refunded => "refunded",
        }
    }

    pub fn from_code(code: &str) -> Option<PaymentState> {
        PaymentState::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// 缴费方式.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PaymentMethod {
    /// 现金.
    #[default]
    Cash,
    /// 微信.
    WeChat,
    /// 支付宝.
    Alipay,
    /// 转账 (a bank transfer, as seed 000's 汇入指定账号).
    Transfer,
    /// 其他.
    Other,
}

impl PaymentMethod {
    pub const ALL: [PaymentMethod; 5] = [
        PaymentMethod::Cash,
        PaymentMethod::WeChat,
        PaymentMethod::Alipay,
        PaymentMethod::Transfer,
        PaymentMethod::Other,
    ];

    /// The stored code, which is also the command line's word.
    pub fn code(self) -> &'static str {
        match self {
            PaymentMethod::Cash => "cash",
            PaymentMethod::WeChat => "wechat",
            PaymentMethod::Alipay => "alipay",
            PaymentMethod::Transfer => "transfer",
            PaymentMethod::Other => "other",
        }
    }

    /// The method a code or a word names: the code, or the Chinese word a list or a person
    /// writes (现金, 微信, 支付宝, 转账 / 银行转账, 其他), in any case.
    pub fn parse(text: &str) -> Option<PaymentMethod> {
        let t = text.trim().to_lowercase();
        let by_word = match t.as_str() {
            "现金" => Some(PaymentMethod::Cash),
            "微信" | "微信支付" => Some(PaymentMethod::WeChat),
            "支付宝" => Some(PaymentMethod::Alipay),
            "转账" | "银行转账" | "汇款" | "bank" => Some(PaymentMethod::Transfer),
            "其他" | "其它" => Some(PaymentMethod::Other),
            _ => None,
        };
        by_word.or_else(|| PaymentMethod::ALL.into_iter().find(|m| m.code() == t))
    }
}

/// An entrant's payment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Payment {
    pub state: PaymentState,
    /// The amount paid in yuan (when refunded: the amount paid and given back).
    pub amount: u32,
    /// How it was paid; `None` when not said (an imported list that only says 已缴费).
    pub method: Option<PaymentMethod>,
    /// 收据号 / 票据号, as written on the receipt; may be empty.
    pub receipt: String,
    /// When it was paid.
    pub paid_at: Option<NaiveDateTime>,
    /// When it was refunded.
    pub refunded_at: Option<NaiveDateTime>,
}

impl Payment {
    /// Not paid, nothing recorded.
    pub fn is_unpaid(&self) -> bool {
        *self == Payment::default()
    }
}

/// What a treasurer adds up, in yuan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeeFigures {
    /// 应缴 — what the settings say is owed.
    pub due: u64,
    /// 已缴 — what was received (refunds included: they were received first).
    pub paid: u64,
    /// 已退 — what was given back.
    pub refunded: u64,
    /// 未缴 — what is still to be received: all of it when nothing was paid, the rest of a
    /// payment short of the amount owed, nothing once refunded (the player is no longer in).
    pub outstanding: u64,
}

impl FeeFigures {
    /// One entrant's figures: `due` from the section's settings, `None` when he owes nothing.
    pub fn of(due: Option<u32>, p: &Payment) -> FeeFigures {
        let due = u64::from(due.unwrap_or(0));
        let amount = u64::from(p.amount);
        match p.state {
            PaymentState::Unpaid => FeeFigures {
                due,
                outstanding: due,
                ..FeeFigures::default()
            },
            PaymentState::Paid => FeeFigures {
                due,
                paid: amount,
                refunded: 0,
                outstanding: due.saturating_sub(amount),
            },
            PaymentState::Refunded => FeeFigures {
                due,
                paid: amount,
                refunded: amount,
                outstanding: 0,
            },
        }
    }

    /// 实收 — what the desk holds: paid less refunded.
    pub fn net(&self) -> u64 {
        self.paid - self.refunded.min(self.paid)
    }
}

impl std::ops::AddAssign for FeeFigures {
    fn add_assign(&mut self, o: FeeFigures) {
        self.due += o.due;
        self.paid += o.paid;
        self.refunded += o.refunded;
        self.outstanding += o.outstanding;
    }
}

impl std::iter::Sum for FeeFigures {
    fn sum<I: Iterator<Item = FeeFigures>>(iter: I) -> FeeFigures {
        let mut total = FeeFigures::default();
        for f in iter {
            total += f;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paid(amount: u32) -> Payment {
        Payment {
            state: PaymentState::Paid,
            amount,
            method: Some(PaymentMethod::Cash),
            ..Payment::default()
        }
    }

    #[test]
    fn each_state_gives_the_figures_a_treasurer_counts() {
        let unpaid = FeeFigures::of(Some(150), &Payment::default());
        assert_eq!(
            (unpaid.due, unpaid.paid, unpaid.refunded, unpaid.outstanding),
            (150, 0, 0, 150)
        );
        let member = FeeFigures::of(Some(100), &paid(100));
        assert_eq!((member.paid, member.outstanding), (100, 0));
        // Paid short: the rest is still owed.
        let short = FeeFigures::of(Some(150), &paid(100));
        assert_eq!(short.outstanding, 50);
        let back = FeeFigures::of(
            Some(150),
            &Payment {
                state: PaymentState::Refunded,
                ..paid(150)
            },
        );
        assert_eq!(
            (back.paid, back.refunded, back.outstanding, back.net()),
            (150, 150, 0, 0)
        );
        // No fee: nothing due, and a payment anyway is counted as received.
        assert_eq!(FeeFigures::of(None, &paid(20)).paid, 20);
    }

    #[test]
    fn figures_add_up() {
        // Seed 000: two players at 150 (one paid), one member at 100 (paid).
        let total: FeeFigures = [
            FeeFigures::of(Some(150), &paid(150)),
            FeeFigures::of(Some(150), &Payment::default()),
            FeeFigures::of(Some(100), &paid(100)),
        ]
        .into_iter()
        .sum();
        assert_eq!(
            total,
            FeeFigures {
                due: 400,
                paid: 250,
                refunded: 0,
                outstanding: 150
            }
        );
    }

    #[test]
    fn methods_read_from_codes_and_chinese_words() {
        assert_eq!(PaymentMethod::parse("微信"), Some(PaymentMethod::WeChat));
        assert_eq!(
            PaymentMethod::parse(" Alipay "),
            Some(PaymentMethod::Alipay)
        );
        assert_eq!(
            PaymentMethod::parse("银行转账"),
            Some(PaymentMethod::Transfer)
        );
        assert_eq!(PaymentMethod::parse("刷卡"), None);
        for m in PaymentMethod::ALL {
            assert_eq!(PaymentMethod::parse(m.code()), Some(m));
        }
        for s in PaymentState::ALL {
            assert_eq!(PaymentState::from_code(s.code()), Some(s));
        }
    }
}
