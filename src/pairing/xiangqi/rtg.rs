//! 随机赛事 — placeholder replaced below.
