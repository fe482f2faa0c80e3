//! Issue 40, fees: seed 000's 赛事服务费 through the command line — "参赛运动员每人须交纳赛事服务费
//! 150 元；嘉定区象棋协会会员交纳赛事服务费 100 元". The fee is set by the settings file's `[fees]`
//! table; `fees --pay` takes the amount the rule gives each player (150, or 100 for a member);
//! `--refund` gives one back; `undo` takes a payment and a refund back; the 缴费名单 as PDF
//! (read with pdftotext) and XLSX (read with calamine) carries the totals per unit, per section
//! and for the event, worked out below by hand from the regulation's words.

use crate::common::{add_section, bianpai, ok, refused};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The four figures (due, paid, refunded, outstanding) of the first line of `text` holding
/// `label`: the last four whole numbers on it.
fn figures_on(text: &str, label: &str) -> [u64; 4] {
    let line = text
        .lines()
        .find(|l| l.contains(label))
        .unwrap_or_else(|| panic!("no line with {label}: {text}"));
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    assert!(numbers.len() >= 4, "{line}");
    numbers[numbers.len() - 4..].try_into().unwrap()
}

/// Seed 000's two sections with the fee of its regulation, and players of three units; members
/// are marked as the registration form marks them.
fn seed_000_event(dir: &Path) -> std::path::PathBuf {
    let file = dir.join("娄塘杯.bianpai");
    ok(&[
        "new",
        s(&file),
        "--name",
        "2026年嘉定娄塘杯上海市象棋锦标赛",
    ]);
    let fees = dir.join("fees.toml");
    std::fs::write(
        &fees,
        "[fees]\nname = \"赛事服务费\"\namount = 150\nmember = 100\n",
    )
    .unwrap();
    for (section, players) in [
        (
            "男子组",
            &[
                ("周喆", "嘉定区", true),
                ("张三", "嘉定区", false),
                ("李四", "浦东新区", true),
                ("王五", "浦东新区", false),
                ("赵六", "徐汇区", false),
            ][..],
        ),
        (
            "女子组",
            &[("孙七", "嘉定区", true), ("周八", "徐汇区", false)][..],
        ),
    ] {
        add_section(&file, section, "xiangqi", "swiss", "7");
        ok(&["settings", s(&file), "-s", section, "--import", s(&fees)]);
        for (name, unit, member) in players {
            ok(&[
                "entrant",
                "add",
                s(&file),
                "-s",
                section,
                "--name",
                name,
                "--unit",
                unit,
                "--member",
                if *member { "true" } else { "false" },
            ]);
        }
        ok(&["draw", s(&file), "-s", section, "--seed", "29"]);
    }
    file
}

#[test]
fn seed_000_fees_paid_refunded_and_undone_add_up_on_the_list_and_its_pdf_and_xlsx() {
    let dir = tempfile::tempdir().unwrap();
    let file = seed_000_event(dir.path());
    let f = s(&file);

    // 周喆 is a member: the rule gives him 100, not 150.
    let out = ok(&["fees", f, "-s", "男子组", "--pay", "周喆"]);
    assert!(out.contains("周喆 已缴费 100 元（现金）"), "{out}");
    // 张三 is not: 150, by WeChat, against a receipt.
    let out = ok(&[
        "fees",
        f,
        "-s",
        "男子组",
        "--pay",
        "张三",
        "--method",
        "微信",
        "--receipt",
        "A001",
    ]);
    assert!(out.contains("张三 已缴费 150 元（微信）"), "{out}");
    // Paying twice is refused and changes nothing.
    let twice = refused(&["fees", f, "-s", "男子组", "--pay", "张三"]);
    assert!(twice.contains("已缴费 150 元"), "{twice}");
    // 王五 pays 150 by transfer, then withdraws and is refunded.
    ok(&[
        "fees",
        f,
        "-s",
        "男子组",
        "--pay",
        "王五",
        "--method",
        "transfer",
    ]);
    let out = ok(&["fees", f, "-s", "男子组", "--refund", "王五"]);
    assert!(out.contains("王五 已退费 150 元"), "{out}");
    // Undo takes the refund back (paid again), then the refund is done again.
    let undone = ok(&["undo", f]);
    assert!(undone.contains("退费"), "{undone}");
    let list = ok(&["fees", f, "-s", "男子组"]);
    let wang = list.lines().find(|l| l.contains("王五")).unwrap();
    assert!(wang.contains("\t已缴\t"), "{wang}");
    ok(&["fees", f, "-s", "男子组", "--refund", "王五"]);
    // 赵六 pays, and the payment is undone: he owes again.
    ok(&["fees", f, "-s", "男子组", "--pay", "赵六"]);
    let undone = ok(&["undo", f]);
    assert!(undone.contains("缴费"), "{undone}");
    // Refunding one who has not paid is refused.
    assert!(refused(&["fees", f, "-s", "男子组", "--refund", "赵六"]).contains("未缴费"));
    // 女子组: 孙七, a member, pays 100 in cash; 周八 has not paid.
    ok(&["fees", f, "-s", "女子组", "--pay", "孙七"]);

    // 男子组 by hand: due 100 + 150 + 100 + 150 + 150 = 650; paid 周喆 100, 张三 150, 王五
    // 150 = 400; refunded 王五's 150; outstanding 李四 100 + 赵六 150 = 250.
    let list = ok(&["fees", f, "-s", "男子组"]);
    let total = list.lines().last().unwrap();
    assert_eq!(
        total, "合计\t应缴 650\t已缴 400\t已退 150\t未缴 250",
        "{list}"
    );
    let li = list.lines().find(|l| l.contains("李四")).unwrap();
    let fields: Vec<&str> = li.split('\t').collect();
    assert_eq!((fields[4], fields[5]), ("100", "未缴"), "{li}");

    // The 缴费名单 of the whole event, as PDF.
    let pdf = dir.path().join("缴费名单.pdf");
    ok(&["export", "fees", f, "-o", s(&pdf)]);
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", s(&pdf), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("男子组 缴费名单"), "{text}");
    assert!(text.contains("赛事服务费 150 元；会员 100 元"), "{text}");
    // Per unit of 男子组: 嘉定区 250 due, all paid; 浦东新区 (李四 100 + 王五 150) 250 due,
    // 150 paid and refunded, 李四's 100 outstanding; 徐汇区 赵六's 150 outstanding.
    assert_eq!(figures_on(&text, "嘉定区 小计"), [250, 250, 0, 0]);
    assert_eq!(figures_on(&text, "浦东新区 小计"), [250, 150, 150, 100]);
    assert_eq!(figures_on(&text, "徐汇区 小计"), [150, 0, 0, 150]);
    assert_eq!(figures_on(&text, "男子组 合计"), [650, 400, 150, 250]);
    // 女子组: 孙七 100 paid, 周八 150 outstanding.
    assert_eq!(figures_on(&text, "女子组 合计"), [250, 100, 0, 150]);
    // The event: 900 due, 500 paid, 150 refunded, 400 outstanding; by unit over both
    // sections: 嘉定区 350 (all paid), 浦东新区 as above, 徐汇区 300 outstanding.
    let summary = &text[text.find("各单位合计").expect("the summary by unit")..];
    assert_eq!(figures_on(summary, "嘉定区"), [350, 350, 0, 0]);
    assert_eq!(figures_on(summary, "浦东新区"), [250, 150, 150, 100]);
    assert_eq!(figures_on(summary, "徐汇区"), [300, 0, 0, 300]);
    assert_eq!(figures_on(summary, "全部组别合计"), [900, 500, 150, 400]);
    // The member rate is named on its players' lines.
    assert!(
        text.lines()
            .any(|l| l.contains("周喆") && l.contains("会员价")),
        "{text}"
    );

    // The same as XLSX: a sheet per section, then the totals by section and by unit.
    let xlsx = dir.path().join("缴费名单.xlsx");
    ok(&["export", "fees", f, "--format", "xlsx", "-o", s(&xlsx)]);
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> = calamine::open_workbook(&xlsx).unwrap();
    let names = book.sheet_names();
    assert_eq!(names.len(), 4, "{names:?}");
    let rows = |book: &mut calamine::Xlsx<_>, i: usize| -> Vec<Vec<String>> {
        let name = book.sheet_names()[i].clone();
        book.worksheet_range(&name)
            .unwrap()
            .rows()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect()
    };
    let men = rows(&mut book, 0);
    let men_total = men
        .iter()
        .find(|r| r.iter().any(|c| c == "男子组 合计"))
        .expect("the section's total");
    assert_eq!(
        men_total[5..9],
        ["650", "400", "150", "250"],
        "{men_total:?}"
    );
    let by_unit = rows(&mut book, 3);
    let unit_line = |unit: &str| -> Vec<String> {
        by_unit
            .iter()
            .find(|r| r[0] == unit)
            .unwrap_or_else(|| panic!("{unit}: {by_unit:?}"))[1..5]
            .to_vec()
    };
    assert_eq!(unit_line("嘉定区"), ["350", "350", "0", "0"]);
    assert_eq!(unit_line("浦东新区"), ["250", "150", "150", "100"]);
    assert_eq!(unit_line("徐汇区"), ["300", "0", "0", "300"]);
    assert_eq!(unit_line("全部组别合计"), ["900", "500", "150", "400"]);
}

#[test]
fn a_fee_setting_out_of_reason_or_misspelt_is_refused_naming_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    ok(&["new", s(&file), "--name", "报名费"]);
    add_section(&file, "公开组", "chess", "dutch", "7");
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[fees]\namount = 220\nmembr = 100\n").unwrap();
    let err = refused(&["settings", s(&file), "-s", "公开组", "--import", s(&bad)]);
    assert!(err.contains("fees.membr") && err.contains('3'), "{err}");
    std::fs::write(&bad, "[fees]\namount = \"两百\"\n").unwrap();
    let err = refused(&["settings", s(&file), "-s", "公开组", "--import", s(&bad)]);
    assert!(err.contains("fees.amount"), "{err}");
    // Nothing was set: the section charges no fee, and a payment without an amount is refused.
    ok(&[
        "entrant",
        "add",
        s(&file),
        "-s",
        "公开组",
        "--name",
        "王小明",
    ]);
    let err = refused(&["fees", s(&file), "-s", "公开组", "--pay", "王小明"]);
    assert!(err.contains("未设报名费"), "{err}");
    // With no fee set, the list says so for him rather than calling him unpaid.
    let list = ok(&["fees", s(&file), "-s", "公开组"]);
    let row: Vec<&str> = list
        .lines()
        .find(|l| l.contains("王小明"))
        .unwrap()
        .split('\t')
        .collect();
    assert_eq!((row[4], row[5]), ("", "不收费"), "{list}");
    // Seed 004's 报名费 220 元, set right, is what a player then pays.
    std::fs::write(&bad, "[fees]\nname = \"报名费\"\namount = 220\n").unwrap();
    ok(&["settings", s(&file), "-s", "公开组", "--import", s(&bad)]);
    let out = ok(&["fees", s(&file), "-s", "公开组", "--pay", "王小明"]);
    assert!(out.contains("王小明 已缴费 220 元"), "{out}");
    let r = bianpai(&[
        "fees",
        s(&file),
        "-s",
        "公开组",
        "--pay",
        "王小明",
        "--method",
        "刷卡",
    ]);
    assert_ne!(r.code, 0);
}

/// Seed 004's 报名费 220 元 ("报名缴费成功后务必打印参赛证"): the platform's list says who paid.
/// The import reads its 缴费状态 column and says so; a cell it cannot read is named by row and
/// column and nothing is imported; corrected, the list imports with the payments, and the fee
/// list adds them up: three players at 220 = 660 due, two paid (one as 220.00) = 440, 220
/// outstanding.
#[test]
fn the_platform_s_paid_column_is_read_and_a_cell_it_cannot_read_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("小世界杯.bianpai");
    let f = s(&file);
    ok(&["new", f, "--name", "第二十一届“小世界杯”国际象棋公开赛"]);
    add_section(&file, "五级组", "chess", "dutch", "7");
    let fees = dir.path().join("fees.toml");
    std::fs::write(&fees, "[fees]\nname = \"报名费\"\namount = 220\n").unwrap();
    ok(&["settings", f, "-s", "五级组", "--import", s(&fees)]);
    let list = dir.path().join("报名.csv");
    let rows = |third: &str| {
        format!(
            "姓名,培训机构,现有级别,缴费状态\n陈一,弈园,五级棋士,已缴费\n陈二,弈园,五级棋士,未缴费\n陈三,小世界,五级棋士,{third}\n"
        )
    };
    std::fs::write(&list, rows("部分缴费")).unwrap();
    let r = bianpai(&["import", f, "-s", "五级组", s(&list)]);
    assert_ne!(r.code, 0, "{}", r.out);
    assert!(
        r.err.contains("第4行D列（缴费状态）") && r.err.contains("部分缴费"),
        "{}",
        r.err
    );
    assert_eq!(
        ok(&["fees", f, "-s", "五级组"]).lines().count(),
        1,
        "nothing imported"
    );
    std::fs::write(&list, rows("220.00")).unwrap();
    let out = ok(&["import", f, "-s", "五级组", s(&list)]);
    assert!(out.contains("缴费情况取自第D列“缴费状态”"), "{out}");
    let listed = ok(&["fees", f, "-s", "五级组"]);
    assert_eq!(
        listed.lines().last().unwrap(),
        "合计\t应缴 660\t已缴 440\t已退 0\t未缴 220",
        "{listed}"
    );
}
