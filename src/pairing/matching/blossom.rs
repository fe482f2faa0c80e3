//! 花算法 — the primal-dual blossom solver behind [`super::max_weight_matching`].
//!
//! Indexing: vertices are `0..n`, blossoms reuse the ids `n..2n` (at most `n/2` blossoms exist
//! at once). Edge `k` has two *endpoints*: `2k` at its first vertex and `2k + 1` at its second,
//! so `p ^ 1` is the opposite end of endpoint `p`. A vertex's adjacency list holds the remote
//! endpoints of its edges, and `mate[v]` is the endpoint at `v`'s partner, which names both the
//! partner and the matched edge. `label_end[b]` of a labelled top-level blossom is the endpoint,
//! at the parent's side, of the edge that gave `b` its label (`NONE` for a tree root).

use super::{Graph, MatchingError, Weight};

const NONE: u32 = u32::MAX;

/// Label of a top-level blossom in the current stage.
const FREE: u8 = 0;
/// Outer: even depth in an alternating tree.
const OUTER: u8 = 1;
/// Inner: odd depth in an alternating tree.
const INNER: u8 = 2;

struct Edge<W> {
    u: u32,
    v: u32,
    /// The weight, doubled.
    w2: W,
}

/// Which dual step ends a round of dual adjustment.
enum Step {
    /// Free vertices' dual reached zero: the matching is optimal.
    Done,
    /// An edge from an outer vertex to an unlabelled vertex became tight.
    Grow(u32),
    /// An edge between two outer blossoms became tight.
    Join(u32),
    /// An inner blossom's dual reached zero: expand it.
    Expand(u32),
}

#[cfg(test)]
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Stats {
    pub blossoms: usize,
    pub nested_blossoms: usize,
    pub inner_expansions: usize,
    pub stage_end_expansions: usize,
    pub join_steps: usize,
}

pub(super) struct Solver<W> {
    n: usize,
    max_cardinality: bool,
    edges: Vec<Edge<W>>,
    /// Vertex of each endpoint.
    ep_vertex: Vec<u32>,
    /// Adjacency (remote endpoints) of vertex `v`: `adj[adj_start[v]..adj_start[v + 1]]`.
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    mate: Vec<u32>,
    label: Vec<u8>,
    label_end: Vec<u32>,
    in_blossom: Vec<u32>,
    parent: Vec<u32>,
    /// Children of a blossom in cycle order, the base's child first.
    children: Vec<Vec<u32>>,
    /// `cycle_ep[b][i]`: endpoint, inside child `i`, of the edge joining child `i` to child
    /// `i + 1` (cyclically); its opposite end lies in child `i + 1`.
    cycle_ep: Vec<Vec<u32>>,
    /// Base vertex of a blossom (`NONE` for an unused blossom id); `base[v] = v` for vertices.
    base: Vec<u32>,
    /// For an outer top-level blossom: the least-slack edge to another outer blossom. For a
    /// vertex not in an outer blossom: the least-slack edge to an outer vertex.
    best_edge: Vec<u32>,
    /// For an outer blossom: per neighbouring outer blossom, the least-slack edge to it.
    best_list: Vec<Vec<u32>>,
    has_best_list: Vec<bool>,
    unused: Vec<u32>,
    dual: Vec<W>,
    /// Whether edge `k` is known tight in this stage.
    allowed: Vec<bool>,
    /// For a vertex inside an inner blossom: endpoint at an outer vertex of a tight edge to it.
    reach: Vec<u32>,
    queue: Vec<u32>,
    // Scratch space, kept to avoid allocating in the loops.
    marked: Vec<bool>,
    marked_list: Vec<u32>,
    best_to: Vec<u32>,
    best_to_list: Vec<u32>,
    leaves_buf: Vec<u32>,
    bounds_buf: Vec<u32>,
    stack_buf: Vec<u32>,
    #[cfg(test)]
    pub(super) stats: Stats,
}

impl<W: Weight> Solver<W> {
    pub(super) fn new(graph: &Graph<W>, max_cardinality: bool) -> Self {
        let n = graph.n;
        let m = graph.edges.len();
        let edges: Vec<Edge<W>> = graph
            .edges
            .iter()
            .map(|&(u, v, w)| Edge { u, v, w2: w.add(w) })
            .collect();
        let mut ep_vertex = Vec::with_capacity(2 * m);
        let mut degree = vec![0u32; n + 1];
        for e in &edges {
            ep_vertex.push(e.u);
            ep_vertex.push(e.v);
            degree[e.u as usize] += 1;
            degree[e.v as usize] += 1;
        }
        let mut adj_start = vec![0u32; n + 1];
        for v in 0..n {
            adj_start[v + 1] = adj_start[v] + degree[v];
        }
        let mut fill = adj_start.clone();
        let mut adj = vec![0u32; 2 * m];
        for (k, e) in edges.iter().enumerate() {
            let k = k as u32;
            adj[fill[e.u as usize] as usize] = 2 * k + 1;
            fill[e.u as usize] += 1;
            adj[fill[e.v as usize] as usize] = 2 * k;
            fill[e.v as usize] += 1;
        }
        let max_w = graph
            .edges
            .iter()
            .map(|e| e.2)
            .fold(W::ZERO, |a, b| a.max(b));
        let mut dual = vec![max_w; n];
        dual.resize(2 * n, W::ZERO);
        Solver {
            n,
            max_cardinality,
            edges,
            ep_vertex,
            adj_start,
            adj,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n as u32).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            cycle_ep: vec![Vec::new(); 2 * n],
            base: (0..n as u32).chain(std::iter::repeat_n(NONE, n)).collect(),
            best_edge: vec![NONE; 2 * n],
            best_list: vec![Vec::new(); 2 * n],
            has_best_list: vec![false; 2 * n],
            unused: (n as u32..2 * n as u32).rev().collect(),
            dual,
            allowed: vec![false; m],
            reach: vec![NONE; n],
            queue: Vec::with_capacity(n),
            marked: vec![false; 2 * n],
            marked_list: Vec::new(),
            best_to: vec![NONE; 2 * n],
            best_to_list: Vec::new(),
            leaves_buf: Vec::new(),
            bounds_buf: Vec::new(),
            stack_buf: Vec::new(),
            #[cfg(test)]
            stats: Stats::default(),
        }
    }

    pub(super) fn run(mut self) -> Result<Vec<Option<usize>>, MatchingError> {
        self.solve()?;
        Ok(self.mates())
    }

    pub(super) fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&p| (p != NONE).then(|| self.ep_vertex[p as usize] as usize))
            .collect()
    }

    #[inline]
    fn slack(&self, k: u32) -> W {
        let e = &self.edges[k as usize];
        self.dual[e.u as usize]
            .add(self.dual[e.v as usize])
            .sub(e.w2)
    }

    /// Appends the vertices inside blossom (or vertex) `b` to `out`.
    fn leaves_into(&mut self, b: u32, out: &mut Vec<u32>) {
        if (b as usize) < self.n {
            out.push(b);
            return;
        }
        let mut stack = std::mem::take(&mut self.stack_buf);
        stack.clear();
        stack.push(b);
        while let Some(x) = stack.pop() {
            if (x as usize) < self.n {
                out.push(x);
            } else {
                stack.extend(self.children[x as usize].iter().rev());
            }
        }
        self.stack_buf = stack;
    }

    pub(super) fn solve(&mut self) -> Result<(), MatchingError> {
        let n = self.n;
        for _stage in 0..=n {
            self.label.fill(FREE);
            self.best_edge.fill(NONE);
            for b in n..2 * n {
                self.best_list[b].clear();
                self.has_best_list[b] = false;
            }
            self.allowed.fill(false);
            self.reach.fill(NONE);
            self.queue.clear();
            for v in 0..n as u32 {
                if self.mate[v as usize] == NONE
                    && self.label[self.in_blossom[v as usize] as usize] == FREE
                {
                    self.assign_label(v, OUTER, NONE);
                }
            }
            if !self.run_stage()? {
                break;
            }
            // Outer blossoms whose dual is zero are no longer useful as units.
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == OUTER
                    && self.dual[b] == W::ZERO
                {
                    self.expand_blossom(b as u32, true);
                }
            }
        }
        Ok(())
    }

    /// Runs one stage; returns whether the matching grew.
    fn run_stage(&mut self) -> Result<bool, MatchingError> {
        loop {
            while let Some(v) = self.queue.pop() {
                if self.scan_vertex(v) {
                    return Ok(true);
                }
            }
            let Some((step, delta)) = self.find_step() else {
                // Maximum-cardinality mode: no dual step is possible, so no augmenting path.
                return Ok(false);
            };
            self.apply_delta(delta)?;
            match step {
                Step::Done => return Ok(false),
                Step::Grow(k) => {
                    self.allowed[k as usize] = true;
                    let e = &self.edges[k as usize];
                    let (u, v) = (e.u, e.v);
                    let outer = if self.label[self.in_blossom[u as usize] as usize] == OUTER {
                        u
                    } else {
                        v
                    };
                    self.queue.push(outer);
                }
                Step::Join(k) => {
                    self.allowed[k as usize] = true;
                    self.queue.push(self.edges[k as usize].u);
                }
                Step::Expand(b) => self.expand_blossom(b, false),
            }
        }
    }

    /// Scans the edges of outer vertex `v`; returns true if it augmented the matching.
    fn scan_vertex(&mut self, v: u32) -> bool {
        let (start, end) = (
            self.adj_start[v as usize] as usize,
            self.adj_start[v as usize + 1] as usize,
        );
        for i in start..end {
            let p = self.adj[i];
            let k = p >> 1;
            let w = self.ep_vertex[p as usize];
            let bv = self.in_blossom[v as usize];
            let bw = self.in_blossom[w as usize];
            if bv == bw {
                continue;
            }
            let mut slack = W::ZERO;
            if !self.allowed[k as usize] {
                slack = self.slack(k);
                if slack <= W::ZERO {
                    self.allowed[k as usize] = true;
                }
            }
            let lw = self.label[bw as usize];
            if self.allowed[k as usize] {
                match lw {
                    FREE => self.assign_label(w, INNER, p ^ 1),
                    OUTER => match self.find_common_base(v, w) {
                        Some(base) => self.add_blossom(base, k),
                        None => {
                            self.augment(k);
                            return true;
                        }
                    },
                    _ => {
                        if self.reach[w as usize] == NONE {
                            self.reach[w as usize] = p ^ 1;
                        }
                    }
                }
            } else if lw == OUTER {
                let best = self.best_edge[bv as usize];
                if best == NONE || slack < self.slack(best) {
                    self.best_edge[bv as usize] = k;
                }
            } else {
                let best = self.best_edge[w as usize];
                if best == NONE || slack < self.slack(best) {
                    self.best_edge[w as usize] = k;
                }
            }
        }
        false
    }

    /// Labels the top-level blossom containing `w`, reached through endpoint `p` (at the
    /// parent's side). An inner blossom's mate blossom becomes outer in turn.
    fn assign_label(&mut self, w: u32, t: u8, p: u32) {
        let b = self.in_blossom[w as usize];
        self.label[b as usize] = t;
        self.label_end[b as usize] = p;
        self.best_edge[w as usize] = NONE;
        self.best_edge[b as usize] = NONE;
        if t == OUTER {
            let mut leaves = std::mem::take(&mut self.leaves_buf);
            leaves.clear();
            self.leaves_into(b, &mut leaves);
            self.queue.extend_from_slice(&leaves);
            self.leaves_buf = leaves;
        } else {
            let mate_ep = self.mate[self.base[b as usize] as usize];
            self.assign_label(self.ep_vertex[mate_ep as usize], OUTER, mate_ep ^ 1);
        }
    }

    /// Walks up the trees of outer vertices `v` and `w` (alternately) to their nearest common
    /// outer blossom; returns its base, or `None` if they lie in different trees.
    fn find_common_base(&mut self, v: u32, w: u32) -> Option<u32> {
        let (mut v, mut w) = (v, w);
        let mut found = None;
        while v != NONE {
            let b = self.in_blossom[v as usize];
            if self.marked[b as usize] {
                found = Some(self.base[b as usize]);
                break;
            }
            self.marked[b as usize] = true;
            self.marked_list.push(b);
            v = if self.label_end[b as usize] == NONE {
                NONE
            } else {
                let t = self.ep_vertex[self.label_end[b as usize] as usize];
                let bt = self.in_blossom[t as usize];
                self.ep_vertex[self.label_end[bt as usize] as usize]
            };
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &self.marked_list {
            self.marked[b as usize] = false;
        }
        self.marked_list.clear();
        found
    }

    /// Shrinks the odd cycle closed by tight edge `k` between two outer blossoms of one tree,
    /// whose nearest common blossom has base vertex `base`, into a new outer blossom.
    fn add_blossom(&mut self, base: u32, k: u32) {
        #[cfg(test)]
        {
            self.stats.blossoms += 1;
        }
        let (v, w) = (self.edges[k as usize].u, self.edges[k as usize].v);
        let bb = self.in_blossom[base as usize];
        let mut bv = self.in_blossom[v as usize];
        let mut bw = self.in_blossom[w as usize];
        let Some(b) = self.unused.pop() else {
            unreachable!("at most n/2 blossoms exist at once");
        };
        let bu = b as usize;
        self.base[bu] = base;
        self.parent[bu] = NONE;
        self.parent[bb as usize] = b;
        let mut children = std::mem::take(&mut self.children[bu]);
        let mut eps = std::mem::take(&mut self.cycle_ep[bu]);
        children.clear();
        eps.clear();
        // From v's side back to the common blossom, collected in reverse.
        while bv != bb {
            self.parent[bv as usize] = b;
            children.push(bv);
            let le = self.label_end[bv as usize];
            eps.push(le);
            bv = self.in_blossom[self.ep_vertex[le as usize] as usize];
        }
        children.push(bb);
        children.reverse();
        eps.reverse();
        eps.push(2 * k);
        // From w's side back to the common blossom.
        while bw != bb {
            self.parent[bw as usize] = b;
            children.push(bw);
            let le = self.label_end[bw as usize];
            eps.push(le ^ 1);
            bw = self.in_blossom[self.ep_vertex[le as usize] as usize];
        }
        debug_assert!(children.len() % 2 == 1 && children.len() >= 3);
        #[cfg(test)]
        if children.iter().any(|&c| c as usize >= self.n) {
            self.stats.nested_blossoms += 1;
        }
        self.label[bu] = OUTER;
        self.label_end[bu] = self.label_end[bb as usize];
        self.dual[bu] = W::ZERO;

        // Relabel: inner vertices become outer and must be scanned.
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        let mut bounds = std::mem::take(&mut self.bounds_buf);
        leaves.clear();
        bounds.clear();
        for &c in &children {
            bounds.push(leaves.len() as u32);
            self.leaves_into(c, &mut leaves);
        }
        bounds.push(leaves.len() as u32);
        for &x in &leaves {
            if self.label[self.in_blossom[x as usize] as usize] == INNER {
                self.queue.push(x);
            }
            self.in_blossom[x as usize] = b;
        }

        // Least-slack edges from the new blossom to each other outer blossom.
        for (ci, &c) in children.iter().enumerate() {
            let cu = c as usize;
            if self.has_best_list[cu] {
                let list = std::mem::take(&mut self.best_list[cu]);
                for &e in &list {
                    self.offer_best_to(b, e);
                }
                self.best_list[cu] = list;
                self.best_list[cu].clear();
                self.has_best_list[cu] = false;
            } else {
                for &x in &leaves[bounds[ci] as usize..bounds[ci + 1] as usize] {
                    let (s, e) = (
                        self.adj_start[x as usize] as usize,
                        self.adj_start[x as usize + 1] as usize,
                    );
                    for i in s..e {
                        self.offer_best_to(b, self.adj[i] >> 1);
                    }
                }
            }
            self.best_edge[cu] = NONE;
        }
        let mut list = std::mem::take(&mut self.best_list[bu]);
        list.clear();
        let mut best = NONE;
        let mut best_slack = W::ZERO;
        for &j in &self.best_to_list {
            let e = self.best_to[j as usize];
            self.best_to[j as usize] = NONE;
            list.push(e);
            let s = self.slack(e);
            if best == NONE || s < best_slack {
                best = e;
                best_slack = s;
            }
        }
        self.best_to_list.clear();
        self.best_list[bu] = list;
        self.has_best_list[bu] = true;
        self.best_edge[bu] = best;
        self.children[bu] = children;
        self.cycle_ep[bu] = eps;
        self.leaves_buf = leaves;
        self.bounds_buf = bounds;
    }

    /// Records edge `e` as a candidate least-slack edge from new blossom `b` to the outer
    /// blossom at its other end.
    #[inline]
    fn offer_best_to(&mut self, b: u32, e: u32) {
        let edge = &self.edges[e as usize];
        let (mut i, mut j) = (edge.u, edge.v);
        if self.in_blossom[j as usize] == b {
            std::mem::swap(&mut i, &mut j);
        }
        let _ = i;
        let bj = self.in_blossom[j as usize];
        if bj == b || self.label[bj as usize] != OUTER {
            return;
        }
        let cur = self.best_to[bj as usize];
        if cur == NONE {
            self.best_to[bj as usize] = e;
            self.best_to_list.push(bj);
        } else if self.slack(e) < self.slack(cur) {
            self.best_to[bj as usize] = e;
        }
    }

    /// Dissolves blossom `b` into its children. At the end of a stage (`end_stage`) children
    /// whose dual is zero are dissolved too; during a stage `b` is an inner blossom whose dual
    /// reached zero and its children are relabelled so the tree stays alternating.
    fn expand_blossom(&mut self, b: u32, end_stage: bool) {
        #[cfg(test)]
        {
            if end_stage {
                self.stats.stage_end_expansions += 1;
            } else {
                self.stats.inner_expansions += 1;
            }
        }
        let bu = b as usize;
        let children = std::mem::take(&mut self.children[bu]);
        let mut leaves = std::mem::take(&mut self.leaves_buf);
        for &c in &children {
            self.parent[c as usize] = NONE;
            if (c as usize) < self.n {
                self.in_blossom[c as usize] = c;
            } else if end_stage && self.dual[c as usize] == W::ZERO {
                self.expand_blossom(c, true);
            } else {
                leaves.clear();
                self.leaves_into(c, &mut leaves);
                for &x in &leaves {
                    self.in_blossom[x as usize] = c;
                }
            }
        }
        if !end_stage && self.label[bu] == INNER {
            self.relabel_expanded(b, &children, &mut leaves);
        }
        self.leaves_buf = leaves;
        let mut children = children;
        children.clear();
        self.children[bu] = children;
        self.cycle_ep[bu].clear();
        self.best_list[bu].clear();
        self.has_best_list[bu] = false;
        self.label[bu] = FREE;
        self.label_end[bu] = NONE;
        self.best_edge[bu] = NONE;
        self.base[bu] = NONE;
        self.unused.push(b);
    }

    /// After inner blossom `b` is dissolved: the children on the even path from the entry
    /// child to the base child take over `b`'s place in the tree (alternately inner and outer);
    /// the other children become unlabelled unless an outer vertex reaches them by a tight edge.
    fn relabel_expanded(&mut self, b: u32, children: &[u32], leaves: &mut Vec<u32>) {
        let bu = b as usize;
        let len = children.len();
        let entry_vertex = self.ep_vertex[(self.label_end[bu] ^ 1) as usize];
        let entry = self.in_blossom[entry_vertex as usize];
        let Some(mut j) = children.iter().position(|&c| c == entry) else {
            unreachable!("the entry vertex lies in a child of the blossom");
        };
        let forward = j % 2 == 1;
        let next = |i: usize| {
            if forward {
                (i + 1) % len
            } else {
                (i + len - 1) % len
            }
        };
        let mut p = self.label_end[bu];
        while j != 0 {
            let child_vertex = self.ep_vertex[(p ^ 1) as usize];
            self.assign_label(child_vertex, INNER, p);
            // The matched edge to the partner child, then the edge leaving the partner.
            let q = next(j);
            let matched = self.toward_next(bu, j, forward);
            self.allowed[(matched >> 1) as usize] = true;
            p = self.toward_next(bu, q, forward);
            self.allowed[(p >> 1) as usize] = true;
            j = next(q);
        }
        let base_child = children[0];
        self.label[base_child as usize] = INNER;
        self.label_end[base_child as usize] = p;
        self.best_edge[base_child as usize] = NONE;
        // The remaining children, from the base towards the entry child.
        let mut i = next(0);
        while children[i] != entry {
            let c = children[i];
            i = next(i);
            if self.label[c as usize] == OUTER {
                continue;
            }
            leaves.clear();
            self.leaves_into(c, leaves);
            if let Some(&x) = leaves.iter().find(|&&x| self.reach[x as usize] != NONE) {
                self.assign_label(x, INNER, self.reach[x as usize]);
            }
        }
    }

    /// Endpoint, inside child `i` of blossom `b`, of the cycle edge from child `i` to its
    /// neighbour in the walking direction (`forward`: towards child `i + 1`).
    #[inline]
    fn toward_next(&self, b: usize, i: usize, forward: bool) -> u32 {
        let eps = &self.cycle_ep[b];
        if forward {
            eps[i]
        } else {
            eps[(i + eps.len() - 1) % eps.len()] ^ 1
        }
    }

    /// Flips the matching along the tree paths from both ends of the tight edge `k` to their
    /// roots.
    fn augment(&mut self, k: u32) {
        let (u, v) = (self.edges[k as usize].u, self.edges[k as usize].v);
        for (start, start_p) in [(u, 2 * k + 1), (v, 2 * k)] {
            let (mut s, mut p) = (start, start_p);
            loop {
                let bs = self.in_blossom[s as usize];
                if bs as usize >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s as usize] = p;
                let le = self.label_end[bs as usize];
                if le == NONE {
                    break;
                }
                let t = self.ep_vertex[le as usize];
                let bt = self.in_blossom[t as usize];
                let lt = self.label_end[bt as usize];
                s = self.ep_vertex[lt as usize];
                let j = self.ep_vertex[(lt ^ 1) as usize];
                if bt as usize >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j as usize] = lt;
                p = lt ^ 1;
            }
        }
    }

    /// Makes vertex `v` the base of blossom `b`, swapping matched and unmatched edges along the
    /// even path from `v`'s child to the old base child.
    fn augment_blossom(&mut self, b: u32, v: u32) {
        let bu = b as usize;
        let mut t = v;
        while self.parent[t as usize] != b {
            t = self.parent[t as usize];
        }
        if t as usize >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[bu].len();
        let Some(i) = self.children[bu].iter().position(|&c| c == t) else {
            unreachable!("v lies in a child of b");
        };
        let forward = i % 2 == 1;
        let mut j = i;
        while j != 0 {
            let step = |i: usize| {
                if forward {
                    (i + 1) % len
                } else {
                    (i + len - 1) % len
                }
            };
            let q = step(j);
            let r = step(q);
            let p = self.toward_next(bu, q, forward);
            let x = self.ep_vertex[p as usize];
            let y = self.ep_vertex[(p ^ 1) as usize];
            let cq = self.children[bu][q];
            let cr = self.children[bu][r];
            if cq as usize >= self.n {
                self.augment_blossom(cq, x);
            }
            if cr as usize >= self.n {
                self.augment_blossom(cr, y);
            }
            self.mate[x as usize] = p ^ 1;
            self.mate[y as usize] = p;
            j = r;
        }
        self.children[bu].rotate_left(i);
        self.cycle_ep[bu].rotate_left(i);
        self.base[bu] = v;
    }

    /// Chooses the dual step: the largest `δ` that keeps the duals feasible, and what it
    /// achieves. `None` when nothing bounds `δ` (only in maximum-cardinality mode).
    fn find_step(&mut self) -> Option<(Step, W)> {
        let n = self.n;
        let mut best: Option<(Step, W)> = None;
        let mut consider = |step: Step, d: W| {
            if best.as_ref().is_none_or(|(_, cur)| d < *cur) {
                best = Some((step, d));
            }
        };
        if !self.max_cardinality {
            // Invariant 3: the free vertices hold the smallest dual.
            let min = self.dual[..n].iter().copied().min().unwrap_or(W::ZERO);
            consider(Step::Done, min);
        }
        for v in 0..n {
            let e = self.best_edge[v];
            if e != NONE && self.label[self.in_blossom[v] as usize] == FREE {
                consider(Step::Grow(e), self.slack(e));
            }
        }
        for b in 0..2 * n {
            let e = self.best_edge[b];
            if e != NONE && self.parent[b] == NONE && self.label[b] == OUTER {
                let s = self.slack(e);
                debug_assert!(s.half().add(s.half()) == s, "outer-outer slack is even");
                consider(Step::Join(e), s.half());
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && self.parent[b] == NONE && self.label[b] == INNER {
                consider(Step::Expand(b as u32), self.dual[b]);
            }
        }
        #[cfg(test)]
        if let Some((Step::Join(_), _)) = &best {
            self.stats.join_steps += 1;
        }
        best
    }

    /// Moves every labelled dual by `delta` (outer vertices down, inner up; blossoms the other
    /// way), checking that the values stay in the weight type's safe range.
    fn apply_delta(&mut self, delta: W) -> Result<(), MatchingError> {
        let n = self.n;
        let in_range = |x: W| x <= W::BOUND && x >= W::NEG_BOUND;
        for v in 0..n {
            match self.label[self.in_blossom[v] as usize] {
                OUTER => self.dual[v] = self.dual[v].sub(delta),
                INNER => self.dual[v] = self.dual[v].add(delta),
                _ => continue,
            }
            if !in_range(self.dual[v]) {
                return Err(MatchingError::Overflow);
            }
        }
        for b in n..2 * n {
            if self.base[b] == NONE || self.parent[b] != NONE {
                continue;
            }
            match self.label[b] {
                OUTER => self.dual[b] = self.dual[b].add(delta),
                INNER => self.dual[b] = self.dual[b].sub(delta),
                _ => continue,
            }
            if !in_range(self.dual[b]) {
                return Err(MatchingError::Overflow);
            }
        }
        Ok(())
    }
}
