//! Shared setup for the integration tests: a [`SectionBuilder`] for a section (组别) with its
//! entrants numbered in the order given and its rounds written by pairing number, the event
//! file of a test in a temp dir of its own ([`create`]), into which a built section is entered
//! through the app services ([`SectionBuilder::enter`]); the one way the tests start the
//! `bianpai` program ([`command`], [`bianpai`]); and the one place the path of the validation
//! data beside the checkout is built ([`shared_data`]). [`window`] drives the window for the
//! window tests, [`http`] is a plain client for the venue page's, [`serve`] runs `bianpai
//! serve` for them.
//!
//! Each test binary (`tests/<area>/main.rs`) declares it once, `#[path = "../common/mod.rs"] mod
//! common;`, and its test modules use `crate::common`. No test binary uses every helper, so the
//! items carry `#[allow(dead_code)]`.

#[allow(dead_code)]
pub mod browser;
pub mod hostile;
pub mod http;
#[allow(dead_code)]
pub mod layout;
#[allow(dead_code)]
pub mod serve;
pub mod window;

use bianpai::app::Tournament;
use bianpai::app::{BoardRef, ResultEntry};
use bianpai::model::{
    Bye, ByeKind, Entrant, EntrantId, Event, Game, Outcome, Round, Section, SectionId,
    SectionSettings, Sex,
};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// An entrant with a name, unit (单位) and sex; no id or number yet, the rest default.
#[allow(dead_code)]
pub fn entrant(name: &str, unit: &str, sex: Sex) -> Entrant {
    Entrant {
        name: name.into(),
        unit: unit.into(),
        sex,
        ..Entrant::default()
    }
}

/// An event (赛事) of this name holding `sections`, the rest of its header empty.
#[allow(dead_code)]
pub fn event(name: &str, sections: Vec<Section>) -> Event {
    Event {
        name: name.into(),
        sections,
        ..Event::default()
    }
}

/// Writes `event` to a new file in a fresh temp dir and opens it. Keep the `TempDir` as long as
/// the file is used: dropping it deletes the file.
#[allow(dead_code)]
pub fn create(event: &Event) -> (TempDir, Tournament) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let t = Tournament::create(&dir.path().join("event.bianpai"), event).expect("a new event file");
    (dir, t)
}

/// An event of this name with one chess section, 公开组 (FIDE Dutch, chess points and
/// tiebreaks), of `players` entrants 选手1, 选手2 … numbered by lots drawn with `seed`.
#[allow(dead_code)]
pub fn chess_event(name: &str, players: u32, seed: u64) -> (TempDir, Tournament, SectionId) {
    let (dir, mut t) = create(&event(name, vec![]));
    let s = SectionBuilder::new()
        .name("公开组")
        .settings(SectionSettings::chess())
        .named("选手", players)
        .lot_seed(seed)
        .enter(&mut t);
    (dir, t, s)
}

/// The pairing number (序号) of entrant `id` of `s`, who must have one.
#[allow(dead_code)]
pub fn number_of(s: &Section, id: EntrantId) -> u32 {
    s.entrant(id)
        .and_then(|e| e.number)
        .unwrap_or_else(|| panic!("{id:?} has no number"))
}

/// Enters through the services a result for every board of `round` of section `s` that has
/// none yet, the games of a knockout or playoff match left out: `rule` gives each game's
/// outcome, from the section as it was before this call.
#[allow(dead_code)]
pub fn finish_round(
    t: &mut Tournament,
    s: SectionId,
    round: u32,
    mut rule: impl FnMut(&Section, &Game) -> Outcome,
) {
    let section = t.event().section(s).expect("the section").clone();
    let results: Vec<(u32, Outcome)> = section
        .round(round)
        .expect("the round")
        .games
        .iter()
        .filter(|g| g.outcome.is_none() && !g.phase.is_match_game())
        .map(|g| (g.board, rule(&section, g)))
        .collect();
    for (board, outcome) in results {
        t.enter_result(
            BoardRef::new(s, round, board),
            ResultEntry::result(Some(outcome)),
        )
        .expect("result entered");
    }
}

/// Builds a section: entrants get pairing numbers 1, 2, … in the order they are added (ids
/// likewise, after [`SectionBuilder::ids_from`]); rounds name the players by pairing number.
///
/// ```ignore
/// let s = SectionBuilder::new()
///     .name("男子组")
///     .entrant("甲", "一队", Sex::Male)
///     .entrant("乙", "二队", Sex::Male)
///     .round(&[(1, 2, Outcome::RedWin)])
///     .build();
/// ```
#[allow(dead_code)]
#[derive(Default)]
pub struct SectionBuilder {
    section: Section,
    id_base: i64,
}

#[allow(dead_code)]
impl SectionBuilder {
    /// An empty section with default settings.
    pub fn new() -> SectionBuilder {
        SectionBuilder::default()
    }

    /// The section's name (e.g. 男子组); needed by [`SectionBuilder::enter`].
    pub fn name(mut self, name: &str) -> SectionBuilder {
        self.section.name = name.into();
        self
    }

    pub fn settings(mut self, settings: SectionSettings) -> SectionBuilder {
        self.section.settings = settings;
        self
    }

    /// The seed of the drawing of lots: kept on a built section, drawn with by `enter`.
    pub fn lot_seed(mut self, seed: u64) -> SectionBuilder {
        self.section.lot_seed = Some(seed);
        self
    }

    /// Entrants added from here on get the id `base` + their number (default: the number).
    pub fn ids_from(mut self, base: i64) -> SectionBuilder {
        self.id_base = base;
        self
    }

    /// Adds the entrants as given, each with the next number and its id.
    pub fn entrants(mut self, list: impl IntoIterator<Item = Entrant>) -> SectionBuilder {
        for e in list {
            let number = self.section.entrants.len() as u32 + 1;
            self.section.entrants.push(Entrant {
                id: EntrantId(self.id_base + i64::from(number)),
                number: Some(number),
                ..e
            });
        }
        self
    }

    /// Adds one entrant with a name, unit and sex.
    pub fn entrant(self, name: &str, unit: &str, sex: Sex) -> SectionBuilder {
        self.entrants([entrant(name, unit, sex)])
    }

    /// Adds one entrant per name, with no unit.
    pub fn names(self, names: &[&str]) -> SectionBuilder {
        self.unit("", names)
    }

    /// Adds one entrant per name, all of `unit`.
    pub fn unit(self, unit: &str, names: &[&str]) -> SectionBuilder {
        self.entrants(names.iter().map(|n| entrant(n, unit, Sex::Unknown)))
    }

    /// Adds `n` entrants named `{prefix}{number}` ("P1", "P2", …).
    pub fn named(self, prefix: &str, n: u32) -> SectionBuilder {
        let first = self.section.entrants.len() as u32 + 1;
        self.entrants((first..first + n).map(|k| Entrant {
            name: format!("{prefix}{k}"),
            ..Entrant::default()
        }))
    }

    /// Adds `n` entrants with nothing but their number and id.
    pub fn players(self, n: u32) -> SectionBuilder {
        self.entrants((0..n).map(|_| Entrant::default()))
    }

    /// Adds the next round: one game per `(red, black, outcome)`, by pairing number, on boards
    /// 1, 2, … in the order given.
    pub fn round(mut self, games: &[(u32, u32, Outcome)]) -> SectionBuilder {
        let games = games
            .iter()
            .zip(1..)
            .map(|(&(red, black, outcome), board)| Game {
                outcome: Some(outcome),
                ..Game::new(board, self.id(red), self.id(black))
            })
            .collect();
        let number = self.section.rounds.len() as u32 + 1;
        self.section.rounds.push(Round {
            number,
            games,
            byes: vec![],
        });
        self
    }

    /// Gives the player numbered `number` a bye of `kind` in the last round added.
    pub fn bye(mut self, number: u32, kind: ByeKind) -> SectionBuilder {
        let entrant = self.id(number);
        let round = self.section.rounds.last_mut().expect("a round for the bye");
        round.byes.push(Bye { entrant, kind });
        self
    }

    fn id(&self, number: u32) -> EntrantId {
        self.section
            .entrants
            .iter()
            .find(|e| e.number == Some(number))
            .unwrap_or_else(|| panic!("no entrant numbered {number}"))
            .id
    }

    pub fn build(self) -> Section {
        self.section
    }

    /// Enters the section into `t` as the arbiter would: the section, then each entrant in
    /// order (the services give ids, and numbers only by the draw), then the drawing of lots if
    /// a lot seed is set. Rounds are paired through the services, not written here.
    pub fn enter(self, t: &mut Tournament) -> SectionId {
        let s = self.section;
        assert!(
            s.rounds.is_empty(),
            "rounds are paired through the services"
        );
        let id = t.add_section(&s.name, &s.settings).expect("section added");
        for e in &s.entrants {
            t.add_entrant(id, e).expect("entrant added");
        }
        if let Some(seed) = s.lot_seed {
            t.draw_lots(id, seed).expect("lots drawn");
        }
        id
    }
}

/// `../shared/data` beside this checkout, where the validation data lives (dutch cases, real
/// TRF files, the FIDE tie-break exercises, the hanzi lists …), joined with `path`.
#[allow(dead_code)]
pub fn shared_data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path)
}

/// A file dropped on the window, as the window receives it.
#[allow(dead_code)]
#[derive(Debug)]
pub struct Dropped(pub PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// What one run of the `bianpai` command line gave: exit status, standard output and error.
#[allow(dead_code)]
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// The `bianpai` program this suite was built with, not started yet: every test that runs it
/// starts it from here, through [`bianpai`] when the exit status and the output as text are
/// all it needs.
#[allow(dead_code)]
pub fn command() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
}

/// This test binary, to be run again as a child process on the one ignored test `path` alone —
/// `path` as `module_path!()` gives it, then the test's name
/// (`store::crash_safety::child_enters_results`) — for a test that needs a process of its own:
/// one it can kill, or whose threads it counts while no other test runs beside it.
#[allow(dead_code)]
pub fn rerun_alone(path: &str) -> std::process::Command {
    // The harness names a test by its path without the crate's (the binary's) name.
    let name = path.split_once("::").map_or(path, |(_, rest)| rest);
    let mut c = std::process::Command::new(std::env::current_exe().expect("this test binary"));
    c.args([
        "--exact",
        name,
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ]);
    c
}

/// Runs the command line with `args`.
#[allow(dead_code)]
pub fn bianpai(args: &[&str]) -> Run {
    let o = command().args(args).output().expect("runs");
    Run {
        code: o.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// Runs a command that must succeed; its output.
#[allow(dead_code)]
pub fn ok(args: &[&str]) -> String {
    let r = bianpai(args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    r.out
}

/// Adds a section to the event `file` by the command line: name, game, system, rounds.
#[allow(dead_code)]
pub fn add_section(file: &std::path::Path, name: &str, game: &str, system: &str, rounds: &str) {
    ok(&[
        "section",
        "add",
        file.to_str().expect("a UTF-8 path"),
        "--name",
        name,
        "--game",
        game,
        "--system",
        system,
        "--rounds",
        rounds,
    ]);
}

/// Runs a command that must be refused as bad input (exit 2); its message.
#[allow(dead_code)]
pub fn refused(args: &[&str]) -> String {
    let r = bianpai(args);
    assert_eq!(r.code, 2, "{args:?} should be refused: {}{}", r.out, r.err);
    r.err
}

/// A small tmpfs mounted for a test (CI runs as root; elsewhere [`SmallDisk::mount`] gives
/// `None` and the test says it cannot mount), unmounted on drop.
#[allow(dead_code)]
pub struct SmallDisk(TempDir);

#[allow(dead_code)]
impl SmallDisk {
    pub fn mount(size: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().ok()?;
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(SmallDisk(dir))
    }

    pub fn path(&self) -> &std::path::Path {
        self.0.path()
    }

    /// Makes the medium refuse every write from now on (a write-protected stick).
    pub fn remount_read_only(&self) -> bool {
        std::process::Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(self.0.path())
            .status()
            .is_ok_and(|s| s.success())
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(self.0.path())
            .status();
    }
}
