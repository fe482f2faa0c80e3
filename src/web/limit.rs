//! A limit on requests per client (one phone, one address): a bucket of `burst` requests that
//! refills at `per_second`. A page and its two assets take three; a phone polling every few
//! seconds uses a fraction of the refill. Buckets of clients gone quiet are dropped, so the
//! table stays small whatever comes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// The most clients remembered; beyond it, the full buckets (quiet clients) are dropped.
const MAX_CLIENTS: usize = 4096;

/// Keyed by client address, or (for writes) by device.
pub struct RateLimit<K = IpAddr> {
    burst: f64,
    per_second: f64,
    clients: Mutex<HashMap<K, Bucket>>,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

impl<K: std::hash::Hash + Eq + Copy> RateLimit<K> {
    pub fn new(burst: u32, per_second: f64) -> RateLimit<K> {
        RateLimit {
            burst: f64::from(burst.max(1)),
            per_second: per_second.max(0.0),
            clients: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `client`'s bucket at `now`: false when it is empty.
    pub fn allow(&self, client: K, now: Instant) -> bool {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if clients.len() >= MAX_CLIENTS && !clients.contains_key(&client) {
            let (burst, rate) = (self.burst, self.per_second);
            clients.retain(|_, b| b.refilled(now, rate, burst) < burst);
        }
        let bucket = clients.entry(client).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        bucket.tokens = bucket.refilled(now, self.per_second, self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

impl Bucket {
    fn refilled(&self, now: Instant, rate: f64, burst: f64) -> f64 {
        let secs = now.saturating_duration_since(self.at).as_secs_f64();
        (self.tokens + secs * rate).min(burst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_client_gets_its_burst_then_the_refill() {
        let limit: RateLimit = RateLimit::new(3, 2.0);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let t0 = Instant::now();
        assert!((0..3).all(|_| limit.allow(a, t0)));
        assert!(!limit.allow(a, t0), "the fourth at once is refused");
        assert!(limit.allow(b, t0), "another phone has its own bucket");
        // Two per second: after half a second one more.
        let t1 = t0 + Duration::from_millis(500);
        assert!(limit.allow(a, t1));
        assert!(!limit.allow(a, t1));
    }
}
