//! `bianpai serve` as the tests run it: started on a free port (`--port 0`), the address read
//! from the first line it prints ("场地网页：http://127.0.0.1:PORT/…"), and killed (SIGKILL on
//! Unix) when the test is done with it, or the test fails — never left running.

use std::io::{BufRead, Read};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Stdio};

/// A running `bianpai serve`; killed when dropped.
pub struct Served {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    /// The first line it printed (its address, in words).
    pub line: String,
}

impl Served {
    /// Starts `bianpai serve FILE --port 0` with `more` arguments (`--bind 127.0.0.1` unless
    /// they name one), and waits for the line that gives its address.
    pub fn start(file: &Path, more: &[&str]) -> Served {
        let mut args = vec![
            "serve".to_string(),
            file.to_str().expect("a path in UTF-8").to_string(),
            "--port".into(),
            "0".into(),
        ];
        if !more.contains(&"--bind") {
            args.extend(["--bind".into(), "127.0.0.1".into()]);
        }
        args.extend(more.iter().map(|a| a.to_string()));
        let mut child = super::command()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bianpai serve starts");
        let mut out = std::io::BufReader::new(child.stdout.take().expect("its output"));
        let mut line = String::new();
        let read = out.read_line(&mut line);
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|a| a.parse().ok());
        let Some(addr) = addr.filter(|_| read.is_ok()) else {
            let _ = child.kill();
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            let _ = child.wait();
            panic!("no address from bianpai serve: {line:?} {err}");
        };
        Served { child, addr, line }
    }

    /// `http://ADDR`, as a page's own origin.
    pub fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Kills it at once (SIGKILL: no chance to finish anything) and waits for it to be gone.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Kills it; what it wrote to its standard error.
    pub fn stop(mut self) -> String {
        self.kill();
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        err
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.kill();
    }
}
