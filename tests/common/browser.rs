//! A real browser for the venue page's tests: headless Chromium through chromedriver, spoken to
//! over WebDriver's HTTP, as a phone of 390×844 (CSS pixels, pixel ratio 2) sees the page. The
//! venue page's and the many-hands tests share it; each skips when the machine has no browser
//! (`bash .ci/run` installs one).

use super::http;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Is a browser there to drive? When not, says the test is skipped and why.
pub fn present() -> bool {
    let there = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !there {
        eprintln!(
            "SKIPPED: {CHROMIUM} or {CHROMEDRIVER} is missing; `bash .ci/run` installs the \
             browser the CI runs this test with"
        );
    }
    there
}

/// chromedriver and its browser, killed (the whole process group) however the test ends.
pub struct Driver {
    child: Child,
    addr: SocketAddr,
    session: Option<String>,
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(id) = &self.session {
            let _ = http::send(self.addr, "DELETE", &format!("/session/{id}"), "");
        }
        // chromedriver leads a process group of its own, which its browser joins: the group
        // goes, so that no browser outlives a test that failed before its session was made.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    /// A browser with its profile in `profile`, a phone's screen, and a session open.
    pub fn start(profile: &Path) -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let mut driver = Driver {
            child,
            addr,
            session: None,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(addr).is_err() {
            assert!(Instant::now() < deadline, "chromedriver does not answer");
            std::thread::sleep(Duration::from_millis(100));
        }
        // The flags the machine's notes require for Chromium as root and offline.
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=390,844",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!("--user-data-dir={}", profile.display())])
        .collect::<Vec<_>>();
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": args,
                "mobileEmulation": {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0}}
            }
        }}});
        let r = driver.call("POST", "/session", caps);
        let id = r["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {r}"))
            .to_string();
        driver.session = Some(id);
        driver
    }

    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let body = if method == "GET" {
            String::new()
        } else {
            body.to_string()
        };
        let r = http::send(self.addr, method, path, &body);
        let v: Value = serde_json::from_str(&r.body)
            .unwrap_or_else(|_| panic!("{method} {path}: {} {}", r.status, r.body));
        assert_eq!(r.status, 200, "{method} {path}: {v}");
        v["value"].clone()
    }

    /// A WebDriver command of the session.
    pub fn session(&self, method: &str, path: &str, body: Value) -> Value {
        let id = self.session.as_deref().expect("a session");
        self.call(method, &format!("/session/{id}{path}"), body)
    }

    pub fn open(&self, url: &str) {
        self.session("POST", "/url", json!({ "url": url }));
    }

    /// Runs a script in the page and gives what it returns.
    pub fn run(&self, script: &str) -> Value {
        self.session(
            "POST",
            "/execute/sync",
            json!({"script": script, "args": []}),
        )
    }

    /// Runs a script that ends by calling its last argument with its value.
    pub fn run_async(&self, script: &str) -> Value {
        self.session(
            "POST",
            "/execute/async",
            json!({"script": script, "args": []}),
        )
    }

    /// Waits until the page's path and query are `want` (a form sent navigates on its own).
    pub fn wait_for(&self, want: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let at = self.run(
                "return document.readyState === 'complete' ? location.pathname + location.search : '';",
            );
            if at == want {
                return;
            }
            assert!(Instant::now() < deadline, "the page is at {at}, not {want}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The page's text as a person reads it.
    pub fn text(&self) -> String {
        self.run("return document.body.innerText;")
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// A screenshot of the page as PNG bytes.
    pub fn screenshot(&self) -> Vec<u8> {
        use base64::Engine;
        let png = self.session("GET", "/screenshot", Value::Null);
        base64::engine::general_purpose::STANDARD
            .decode(png.as_str().expect("a screenshot"))
            .expect("a screenshot in base64")
    }
}
