//! A plain HTTP/1.1 client over a TCP stream for the venue page's tests: it sends exactly the
//! request line it is given (a `..` path stays as typed), with `Connection: close`, and reads
//! the whole answer.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An answer: status, headers (names lowercased) and body.
#[allow(dead_code)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

#[allow(dead_code)]
impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `method path` to `addr` (a form body with any method but GET and HEAD) and reads the
/// answer.
#[allow(dead_code)]
pub fn request(addr: SocketAddr, method: &str, path: &str) -> Reply {
    let body = if method == "GET" || method == "HEAD" {
        ""
    } else {
        "x=1"
    };
    send(addr, method, path, body)
}

/// Sends `method path` with `body` to `addr` and reads the answer.
#[allow(dead_code)]
pub fn send(addr: SocketAddr, method: &str, path: &str, body: &str) -> Reply {
    send_with(addr, method, path, body, &[])
}

/// A GET of `path` with more header lines (`name: value`).
#[allow(dead_code)]
pub fn get_with(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Reply {
    send_with(addr, "GET", path, "", headers)
}

/// Sends `method path` with `body` and more header lines to `addr` and reads the answer.
#[allow(dead_code)]
pub fn send_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
    headers: &[(&str, &str)],
) -> Reply {
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let more: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{more}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).unwrap();
    // Read the head, then as much body as it announces: a server may keep the connection
    // open whatever the request asked.
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let head_end = loop {
        if let Some(at) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = s.read(&mut buf).expect("reads the answer");
        if n == 0 {
            break raw.len();
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let head_text = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    let length = head_text
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = head_text.contains("transfer-encoding: chunked");
    let head_only = method == "HEAD";
    loop {
        let have = raw.len() - head_end;
        let done = head_only
            || match length {
                Some(n) => have >= n,
                None if chunked => raw.ends_with(b"0\r\n\r\n"),
                None => false,
            };
        if done {
            break;
        }
        let n = s.read(&mut buf).expect("reads the answer");
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut reply = Reply {
        status,
        headers,
        body: body.to_string(),
    };
    if reply
        .header("transfer-encoding")
        .is_some_and(|v| v.contains("chunked"))
    {
        reply.body = dechunk(&reply.body);
    }
    reply
}

/// The body of a chunked answer.
fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

#[allow(dead_code)]
pub fn get(addr: SocketAddr, path: &str) -> Reply {
    request(addr, "GET", path)
}
