//! Nothing lost, round two (issue 34): the event file is the victim of no typo and no copy.
//!
//! - No output lands on an event: `pair --dutch|--xiangqi … -p EVENT`, `rtg dutch -o EVENT
//!   --force`, `export … -o EVENT.bianpai-wal --force` are refused, with the event open in another
//!   holder too, and the event is byte for byte as it was.
//! - The `.bianpai` file alone holds every action reported saved, while it is open: a copy of it
//!   (without its `-wal`) taken after each action has that action.
//! - A file with other names (hard links) opens for reading only, so no name can lose what
//!   another wrote; a read-only file or medium opens for viewing, standings and export, and every
//!   change is refused saying why.
//! - Backups are written under a temporary name: one cut short is never offered, a kill during
//!   the backup after a pairing leaves none cut short.
//! - `new`, `demo`, `rtg xiangqi` make their file whole or not at all; of twenty `new` of one
//!   name exactly one succeeds.
//! - A file with our marks but no tables is refused untouched.

use crate::common;

use crate::common::bianpai;
use bianpai::app::Tournament;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{Lots, Outcome};
use bianpai::store::ReadOnly;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// A Dutch case of the shared data: a TRF to pair.
fn a_trf() -> PathBuf {
    let dir = common::shared_data("dutch_cases");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("../shared/data/dutch_cases")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    cases.sort();
    cases.swap_remove(0)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The demo event at `dir/name`, made by the command line.
fn demo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    common::ok(&["demo", s(&path)]);
    path
}

#[test]
fn no_output_lands_on_an_event_whatever_the_command_and_whatever_force_says() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path(), "赛事.bianpai");
    let other = demo(dir.path(), "other.bianpai");
    // The same event under a name that does not say so, and a hard link's worth of content.
    let renamed = dir.path().join("pairing.txt");
    std::fs::copy(&event, &renamed).unwrap();
    let trf = a_trf();
    let bytes = |p: &Path| std::fs::read(p).unwrap();
    let (event_bytes, renamed_bytes) = (bytes(&event), bytes(&renamed));

    let check = |args: &[&str], target: &Path| {
        let r = bianpai(args);
        assert_ne!(r.code, 0, "{args:?} is refused");
        assert!(
            r.err.contains("赛事文件或备份") && r.err.contains("--force 也不行"),
            "{args:?}: the message says why, in Chinese: {}",
            r.err
        );
        assert!(
            r.err.contains(&target.display().to_string()),
            "names the file: {}",
            r.err
        );
    };
    for target in [&event, &renamed] {
        check(&["pair", "--dutch", s(&trf), "-p", s(target)], target);
        check(&["pair", "--xiangqi", s(&trf), "-p", s(target)], target);
        check(&["rtg", "dutch", "-o", s(target), "--force"], target);
    }
    assert_eq!(
        bytes(&event),
        event_bytes,
        "the event is byte for byte as it was"
    );
    assert_eq!(bytes(&renamed), renamed_bytes);

    // The event open in another holder (as the window holds it): its log and shared-memory
    // files are refused as well, whatever --force says.
    let held = Tournament::open(&event).expect("the event opens");
    for end in ["-wal", "-shm", "-journal"] {
        let side = PathBuf::from(format!("{}{end}", event.display()));
        let before = std::fs::read(&side).ok();
        check(
            &[
                "export",
                "standings",
                s(&other),
                "-s",
                "1",
                "-o",
                s(&side),
                "--force",
            ],
            &side,
        );
        check(&["pair", "--dutch", s(&trf), "-p", s(&side)], &side);
        assert_eq!(std::fs::read(&side).ok(), before, "{end} untouched");
    }
    drop(held);
    assert_eq!(bytes(&event), event_bytes);
    // The output of a pairing still goes where it should, and replaces an earlier one.
    let out = dir.path().join("out.txt");
    std::fs::write(&out, "earlier").unwrap();
    common::ok(&["pair", "--dutch", s(&trf), "-p", s(&out)]);
    assert_ne!(std::fs::read_to_string(&out).unwrap(), "earlier");
}

#[test]
fn the_event_file_alone_holds_every_action_reported_saved_while_it_is_open() {
    let (dir, mut t, sec) = common::chess_event("复制测试", 40, 7);
    t.pair_next_round(sec).unwrap();
    let boards: Vec<u32> = t.event().sections[0].rounds[0]
        .games
        .iter()
        .map(|g| g.board)
        .collect();
    assert_eq!(boards.len(), 20);
    for (i, &b) in boards.iter().enumerate() {
        t.enter_result(
            BoardRef::new(sec, 1, b),
            ResultEntry::result(Some(Outcome::RedWin)),
        )
        .unwrap();
        // Copied as a person copies it: the one file, not its -wal.
        let copy = dir.path().join(format!("copy{i}.bianpai"));
        std::fs::copy(t.path(), &copy).unwrap();
        let c = Tournament::open(&copy).expect("the copy opens");
        let done = c.event().sections[0].rounds[0]
            .games
            .iter()
            .filter(|g| g.outcome.is_some())
            .count();
        assert_eq!(done, i + 1, "the copy after result {} holds it", i + 1);
    }
}

#[test]
fn a_file_with_other_names_opens_for_reading_only_and_nothing_is_lost_through_a_name() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path(), "e.bianpai");
    common::ok(&["pair", s(&event), "-s", "1"]);
    // Results entered by separate processes, each reported done.
    let boards = [1u32, 2, 3];
    for b in boards {
        common::ok(&[
            "result",
            s(&event),
            "-s",
            "1",
            "-r",
            "2",
            "-b",
            &b.to_string(),
            "1-0",
        ]);
    }
    let link = dir.path().join("link.bianpai");
    std::fs::hard_link(&event, &link).unwrap();
    for name in [&event, &link] {
        let t = Tournament::open(name).expect("opens");
        assert_eq!(t.read_only(), Some(ReadOnly::OtherNames(2)));
        let r2 = &t.event().sections[0].rounds[1];
        for b in boards {
            let g = r2.games.iter().find(|g| g.board == b).unwrap();
            assert_eq!(
                g.outcome,
                Some(Outcome::RedWin),
                "{} board {b}",
                name.display()
            );
        }
    }
    let before = std::fs::read(&event).unwrap();
    let r = bianpai(&["result", s(&link), "-s", "1", "-r", "2", "-b", "4", "0-1"]);
    assert_ne!(r.code, 0);
    assert!(
        r.err.contains("只读") && r.err.contains("硬链接"),
        "{}",
        r.err
    );
    // Standings and exports still work through either name.
    let table = common::ok(&["standings", s(&link), "-s", "1"]);
    assert!(table.lines().count() > 2, "{table}");
    let pdf = dir.path().join("standings.pdf");
    common::ok(&["export", "standings", s(&link), "-s", "1", "-o", s(&pdf)]);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    assert_eq!(std::fs::read(&event).unwrap(), before, "nothing written");
    // One name again: writable again, and what was entered is all there.
    std::fs::remove_file(&link).unwrap();
    common::ok(&["result", s(&event), "-s", "1", "-r", "2", "-b", "4", "0-1"]);
    let t = Tournament::open(&event).unwrap();
    assert_eq!(t.read_only(), None);
    let done = t.event().sections[0].rounds[1]
        .games
        .iter()
        .filter(|g| [1, 2, 3, 4].contains(&g.board))
        .filter(|g| g.outcome.is_some())
        .count();
    assert_eq!(done, 4);
}

/// The files in `dir` whose names start with `e.bianpai` (the event and any side file).
fn side_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("e.bianpai") && n != "e.bianpai")
        .collect();
    v.sort();
    v
}

/// Viewing, standings and export of an event that cannot be written; every change refused with
/// `why` in the message; the file byte for byte as it was and no side file made beside it.
fn only_reading(event: &Path, out_dir: &Path, why: &str) {
    let before = std::fs::read(event).unwrap();
    let t = Tournament::open(event).expect("a read-only event opens");
    assert!(t.read_only().is_some());
    assert!(!t.event().sections.is_empty());
    drop(t);
    let table = common::ok(&["standings", s(event), "-s", "1"]);
    assert!(table.lines().count() > 2, "{table}");
    let pdf = out_dir.join("result-book.pdf");
    common::ok(&["export", "result-book", s(event), "-o", s(&pdf)]);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    for args in [
        // A correction of round 1 (the latest), and the women's round 2.
        vec!["result", s(event), "-s", "1", "-r", "1", "-b", "1", "="],
        vec!["pair", s(event), "-s", "2"],
    ] {
        let r = bianpai(&args);
        assert_ne!(r.code, 0, "{args:?}");
        assert!(
            r.err.contains("只读") && r.err.contains(why),
            "{args:?}: {}",
            r.err
        );
        assert!(!r.err.contains("disk I/O"), "{}", r.err);
    }
    assert_eq!(std::fs::read(event).unwrap(), before);
    assert_eq!(side_files(event.parent().unwrap()), Vec::<String>::new());
}

#[test]
fn a_read_only_file_opens_for_viewing_standings_and_export() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path(), "e.bianpai");
    let mut perm = std::fs::metadata(&event).unwrap().permissions();
    perm.set_readonly(true);
    std::fs::set_permissions(&event, perm).unwrap();
    let out = tempfile::tempdir().unwrap();
    only_reading(&event, out.path(), "文件设为只读");
}

#[test]
fn an_event_on_a_read_only_medium_opens_for_viewing_standings_and_export() {
    let Some(disk) = common::SmallDisk::mount("8m") else {
        eprintln!("cannot mount a tmpfs here (not root): the read-only medium is not tried");
        return;
    };
    let event = demo(disk.path(), "e.bianpai");
    assert!(disk.remount_read_only(), "remounted read-only");
    let out = tempfile::tempdir().unwrap();
    only_reading(&event, out.path(), "不可写");
}

#[test]
fn a_backup_cut_short_is_never_offered() {
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path(), "e.bianpai");
    let mut t = Tournament::open(&event).unwrap();
    let good = t.backup("r1-paired").unwrap();
    assert!(
        !side_files(&dir.path().join("e.backups"))
            .iter()
            .any(|n| n.ends_with(".part")),
        "no temporary file left"
    );
    // What a kill or a full disk left before: an empty backup, and one cut short.
    let folder = t.backup_dir();
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(folder.join("r2-paired-empty.bianpai"), b"").unwrap();
    let whole = std::fs::read(&good).unwrap();
    std::fs::write(
        folder.join("r3-paired-short.bianpai"),
        &whole[..whole.len() / 2],
    )
    .unwrap();
    assert_eq!(
        t.backups(),
        vec![good.clone()],
        "only the whole backup is offered"
    );
    t.enter_result(
        BoardRef::new(t.event().sections[0].id, 1, 1),
        ResultEntry::result(Some(Outcome::Draw)),
    )
    .unwrap();
    drop(t);
    // A damaged event points to the whole backup, not to the newer broken ones.
    let mut bytes = std::fs::read(&event).unwrap();
    for b in bytes.iter_mut().skip(100).take(4000) {
        *b = 0x55;
    }
    std::fs::write(&event, &bytes).unwrap();
    let r = bianpai(&["standings", s(&event), "-s", "1"]);
    assert_ne!(r.code, 0);
    assert!(r.err.contains(&good.display().to_string()), "{}", r.err);
}

#[test]
fn a_kill_during_the_backup_after_a_pairing_leaves_no_backup_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.bianpai");
    {
        let (_d, t, _s) = common::chess_event("备份", 150, 3);
        std::fs::copy(t.path(), &base).unwrap();
    }
    // How long one pairing with its backup takes here.
    let timed = dir.path().join("timed.bianpai");
    std::fs::copy(&base, &timed).unwrap();
    let start = Instant::now();
    common::ok(&["pair", s(&timed), "-s", "1"]);
    let whole = start.elapsed();
    eprintln!("one pairing with its backup: {whole:?}");
    let mut lots = Lots::new(34);
    for i in 0..24 {
        let event = dir.path().join(format!("k{i}.bianpai"));
        std::fs::copy(&base, &event).unwrap();
        // The backup is the pairing's last step: most kills fall in its second half.
        let delay = whole.mul_f64(0.4 + lots.below(1000) as f64 / 1000.0 * 0.7);
        let mut child = common::command()
            .args(["pair", s(&event), "-s", "1"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let _ = child.kill();
        let _ = child.wait();
        let t = Tournament::open(&event).expect("the event opens after the kill");
        for b in t.backups() {
            bianpai::store::Store::read_backup(&b).expect("every backup offered opens");
        }
        let folder = t.backup_dir();
        drop(t);
        for f in std::fs::read_dir(&folder).into_iter().flatten() {
            let p = f.unwrap().path();
            if p.extension().is_some_and(|x| x == "bianpai") {
                assert!(
                    bianpai::store::looks_whole(&p),
                    "{} is whole ({} bytes)",
                    p.display(),
                    std::fs::metadata(&p).unwrap().len()
                );
            }
        }
    }
}

#[test]
fn of_twenty_new_of_one_name_exactly_one_succeeds() {
    for attempt in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("同名.bianpai");
        let children: Vec<_> = (0..20)
            .map(|i| {
                common::command()
                    .args(["new", s(&path), "--name", &format!("赛事{i}")])
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let outs: Vec<_> = children
            .into_iter()
            .map(|c| c.wait_with_output().unwrap())
            .collect();
        let winners: Vec<_> = outs.iter().filter(|o| o.status.success()).collect();
        assert_eq!(winners.len(), 1, "attempt {attempt}: exactly one succeeds");
        for o in outs.iter().filter(|o| !o.status.success()) {
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains("同名文件已存在"), "{err}");
        }
        let t = Tournament::open(&path).expect("the winner's event opens");
        let name = t.event().name.clone();
        assert!(name.starts_with("赛事"), "{name}");
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            names.iter().all(|n| n.starts_with("同名.bianpai")),
            "no temporary file left: {names:?}"
        );
    }
}

#[test]
fn a_kill_while_an_event_is_made_leaves_a_whole_file_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let commands: [&[&str]; 3] = [
        &["new", "--name", "新赛事"],
        &["demo"],
        &[
            "rtg",
            "xiangqi",
            "--players",
            "60",
            "--rounds",
            "5",
            "--seed",
            "1",
        ],
    ];
    let mut lots = Lots::new(6);
    let (mut whole, mut none) = (0, 0);
    for (k, args) in commands.iter().enumerate() {
        // How long the command takes here.
        let timed = dir.path().join(format!("timed{k}.bianpai"));
        let start = Instant::now();
        let mut full: Vec<&str> = args.to_vec();
        full.push(s(&timed));
        common::ok(&full);
        let took = start.elapsed();
        for i in 0..12 {
            let path = dir.path().join(format!("c{k}-{i}.bianpai"));
            let mut full: Vec<&str> = args.to_vec();
            full.push(s(&path));
            let delay = took.mul_f64(lots.below(1000) as f64 / 1000.0);
            let mut child = common::command()
                .args(&full)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(delay);
            let _ = child.kill();
            let _ = child.wait();
            if path.exists() {
                Tournament::open(&path).expect("a file at the name is a whole event");
                whole += 1;
            } else {
                // The name is free: the same command makes it now.
                common::ok(&full);
                none += 1;
            }
        }
    }
    eprintln!("{whole} whole, {none} none");
    // A later create removes what the killed ones left under temporary names.
    common::ok(&["new", s(&dir.path().join("c0-0x.bianpai")), "--name", "x"]);
    let parts: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".part") && n.starts_with(".c0-0x"))
        .collect();
    assert!(parts.is_empty(), "{parts:?}");
}

#[test]
fn a_file_with_our_marks_but_no_tables_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("marks.bianpai");
    {
        let c = rusqlite_free_marks(&path);
        assert!(c);
    }
    let before = std::fs::read(&path).unwrap();
    let r = bianpai(&["standings", s(&path), "-s", "1"]);
    assert_ne!(r.code, 0);
    assert!(
        r.err.contains("不是编排赛事文件") || r.err.contains("不是"),
        "{}",
        r.err
    );
    assert_eq!(std::fs::read(&path).unwrap(), before, "not modified");
}

/// Writes an SQLite file with our application id and schema version and no tables, by copying
/// a real event's header onto a file of one empty page.
fn rusqlite_free_marks(path: &Path) -> bool {
    let dir = path.parent().unwrap();
    let event = demo(dir, "real.bianpai");
    let real = std::fs::read(&event).unwrap();
    let page = u16::from_be_bytes([real[16], real[17]]) as usize;
    let mut one = vec![0u8; page];
    one[..100].copy_from_slice(&real[..100]);
    // One page in all; an empty table b-tree as the schema; rollback journal mode.
    one[28..32].copy_from_slice(&1u32.to_be_bytes());
    one[32..40].fill(0);
    one[18] = 1;
    one[19] = 1;
    one[100] = 0x0d;
    one[105..107].copy_from_slice(&(page as u16).to_be_bytes());
    std::fs::write(path, &one).is_ok()
}

/// Set in the child process that runs [`who_holds_alone`].
const ALONE_VAR: &str = "BIANPAI_WHO_HOLDS_ALONE";

#[test]
fn a_refused_command_is_told_whether_a_window_or_another_command_holds_the_file() {
    // Whether this program is a window is one flag for the whole process, which other tests of
    // this binary set: the test runs alone, in a child process of this binary.
    let out = common::rerun_alone(&format!("{}::who_holds_alone", module_path!()))
        .env(ALONE_VAR, "1")
        .output()
        .expect("this test binary runs again");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}\n{err}");
    assert!(text.contains(" 1 passed;"), "{text}\n{err}");
}

/// The test itself, run by the one above in a process of its own; run any other way it checks
/// nothing.
#[test]
#[ignore = "run alone, in a child process, by the test above"]
fn who_holds_alone() {
    if std::env::var_os(ALONE_VAR).is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let event = demo(dir.path(), "e.bianpai");
    let args = ["result", s(&event), "-s", "1", "-r", "1", "-b", "1", "="];
    // Held by another command (this test process, which is no window).
    let held = Tournament::open(&event).unwrap();
    let r = bianpai(&args);
    assert_ne!(r.code, 0);
    assert!(r.err.contains("另一个编排命令正在使用此文件"), "{}", r.err);
    assert!(!r.err.contains("窗口"), "{}", r.err);
    drop(held);
    // Held by a window: this process says it is one from now on.
    bianpai::app::this_program_is_a_window();
    let other = demo(dir.path(), "w.bianpai");
    let held = Tournament::open(&other).unwrap();
    let args = ["result", s(&other), "-s", "1", "-r", "1", "-b", "1", "="];
    let r = bianpai(&args);
    assert_ne!(r.code, 0);
    let pid = std::process::id().to_string();
    assert!(
        r.err.contains("另一个编排窗口中打开") && r.err.contains(&pid),
        "{}",
        r.err
    );
    drop(held);
    // Closed: the note is gone, and the command goes through.
    common::ok(&args);
}
