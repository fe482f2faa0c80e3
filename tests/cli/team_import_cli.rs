//! Teams imported from one sheet, one player a row (issue 42): `team import` groups the rows
//! into teams in sheet order and each team's players by its 台次 column; a hostile sheet (a gap
//! in a team's order, a place twice, an empty name, a team beyond its boards and reserves) is
//! refused naming its row and column, and nothing is written.

use crate::common::{ok, refused};
use std::path::{Path, PathBuf};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// An event with a team section of four boards and one reserve: at most five players a team.
fn event(dir: &Path) -> PathBuf {
    let file = dir.join("team.bianpai");
    ok(&["new", s(&file), "--name", "区团体赛"]);
    ok(&[
        "section",
        "add",
        s(&file),
        "--name",
        "团体组",
        "--game",
        "xiangqi",
        "--system",
        "round-robin",
        "--rounds",
        "3",
        "--team-boards",
        "4",
        "--reserves",
        "1",
    ]);
    file
}

const HEADER: &str = "队名,单位,领队,台次,姓名,性别,出生日期\n";

fn sheet(dir: &Path, name: &str, rows: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("{HEADER}{rows}")).unwrap();
    p
}

#[test]
fn a_sheets_teams_come_in_by_their_order_column() {
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path());
    let rows = "红星队,静安区,王领队,2,张二,男,2010-01-01\n\
                红星队,静安区,,1,张一,男,\n\
                蓝天队,徐汇区,李领队,1,李一,女,\n\
                红星队,静安区,,3,张三,男,\n\
                蓝天队,徐汇区,,2,李二,男,\n\
                红星队,静安区,,4,张四,女,\n\
                蓝天队,徐汇区,,3,李三,男,\n\
                蓝天队,徐汇区,,4,李四,男,\n\
                红星队,静安区,,5,张五,男,\n";
    let csv = sheet(dir.path(), "teams.csv", rows);
    let run = crate::common::bianpai(&["team", "import", s(&file), "-s", "团体组", s(&csv)]);
    assert_eq!((run.code, run.out.as_str()), (0, "1\t红星队\n2\t蓝天队\n"));
    // The birth dates are not read (a team's player takes a name and sex): said, not dropped
    // in silence.
    assert!(run.err.contains("未读入的列：出生日期"), "{}", run.err);
    // Each team in its order (台次), not the rows' order; numbered on from team 1's first.
    let list = ok(&["team", "list", s(&file), "-s", "1"]);
    let teams: Vec<Vec<&str>> = list.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(
        teams,
        vec![
            vec![
                "1",
                "红星队",
                "静安区",
                "王领队",
                "1 张一,2 张二,3 张三,4 张四,5 张五"
            ],
            vec![
                "2",
                "蓝天队",
                "徐汇区",
                "李领队",
                "6 李一,7 李二,8 李三,9 李四"
            ],
        ]
    );
}

#[test]
fn a_hostile_sheet_is_refused_naming_row_and_column_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path());
    let good = "蓝天队,徐汇区,,1,李一,男,\n蓝天队,徐汇区,,2,李二,男,\n\
                蓝天队,徐汇区,,3,李三,男,\n蓝天队,徐汇区,,4,李四,男,\n";
    // (rows after a good team, the row and column the message must name, its words)
    let cases = [
        // A gap: 红星队's places 1, 2, 4, 5 — place 3 missing, named at the row of place 4.
        (
            "红星队,静安区,,1,甲,男,\n红星队,静安区,,2,乙,男,\n\
             红星队,静安区,,4,丙,男,\n红星队,静安区,,5,丁,男,\n",
            "第8行第D列（台次）",
            "缺台次3",
        ),
        // Place 2 twice: the second (row 8) names the first (row 7).
        (
            "红星队,静安区,,1,甲,男,\n红星队,静安区,,2,乙,男,\n\
             红星队,静安区,,2,丙,男,\n红星队,静安区,,3,丁,男,\n",
            "第8行第D列（台次）",
            "台次2与第7行重复",
        ),
        // An empty name.
        (
            "红星队,静安区,,1,甲,男,\n红星队,静安区,,2,,男,\n",
            "第7行第E列（姓名）",
            "姓名为空",
        ),
        // Six players for four boards and one reserve: the sixth row is refused.
        (
            "红星队,,,1,甲,男,\n红星队,,,2,乙,男,\n红星队,,,3,丙,男,\n\
             红星队,,,4,丁,男,\n红星队,,,5,戊,男,\n红星队,,,6,己,男,\n",
            "第11行第A列（队名）",
            "至多5人",
        ),
    ];
    for (k, (rows, at, what)) in cases.iter().enumerate() {
        let csv = sheet(dir.path(), &format!("bad{k}.csv"), &format!("{good}{rows}"));
        let err = refused(&["team", "import", s(&file), "-s", "团体组", s(&csv)]);
        assert!(err.contains(at) && err.contains(what), "case {k}: {err}");
        assert_eq!(
            ok(&["team", "list", s(&file), "-s", "1"]),
            "",
            "case {k}: nothing written, not even the good team"
        );
    }
}
