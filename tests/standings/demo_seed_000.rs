//! The demo event is seed 000's championship in small (men 9 rounds, women 7): its 补充细则 say
//! “记分标准：胜方记 3 分、和棋双方各记 1 分、负方记 0 分” for both sections, “个人名次：按照
//! 《象棋竞赛规则（2020 版）》14.3.2 条（累进分条款）确定”, and “首轮……同队队员首轮回避”. The demo's
//! Swiss sections say the same, and its round 1 pairs no two players of one unit (the demo's
//! units have two or three players each in a field of 14 and 9: avoidable everywhere).

use bianpai::app::Tournament;
use bianpai::model::{PairingSystem, PointSystemPreset, Tiebreak};

#[test]
fn the_demo_swiss_sections_follow_seed_000() {
    let dir = tempfile::tempdir().unwrap();
    let t = Tournament::create_demo(&dir.path().join("demo.bianpai")).unwrap();
    let swiss: Vec<_> = t
        .event()
        .sections
        .iter()
        .filter(|s| s.settings.system == PairingSystem::XiangqiSwiss)
        .collect();
    assert_eq!(swiss.len(), 2);
    for s in swiss {
        // 胜 3、和 1、负 0, red and black alike.
        assert_eq!(
            s.settings.points.preset(),
            Some(PointSystemPreset::ThreeOneZero),
            "{}",
            s.name
        );
        // 14.3.2: 累进分 first, then 胜局, 犯规, 后走局数 …, removing round 1, 2 … last.
        let list = &s.settings.standings.tiebreaks;
        assert!(
            matches!(list.first(), Some(Tiebreak::Progressive { cut: 0 })),
            "{}: {list:?}",
            s.name
        );
        assert!(matches!(list.get(1), Some(Tiebreak::Wins { .. })));
        assert_eq!(list.get(2), Some(&Tiebreak::Fouls));
        assert_eq!(list.get(3), Some(&Tiebreak::BlackGames));
        assert_eq!(list.last(), Some(&Tiebreak::RemoveRounds));
        // 同队队员首轮回避.
        assert!(s.settings.xiangqi.avoids_units_in(1));
        let r1 = s.round(1).expect("round 1 played");
        for g in &r1.games {
            let (a, b) = (s.entrant(g.red).unwrap(), s.entrant(g.black).unwrap());
            assert_ne!(
                a.unit, b.unit,
                "{}: board {} pairs team-mates",
                s.name, g.board
            );
        }
    }
}
