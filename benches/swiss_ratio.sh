#!/usr/bin/env bash
# Issue 35, point 2: the shared Swiss layer must leave pairing and standings as fast as they
# were. Builds the benches of a base commit (default: 586d5ad, the last commit before the
# layer) in a worktree of its own and those of this checkout, runs both on this machine in
# this run, and prints after/before for every figure (below 1: faster now).
#
#   [SWISS_BASE_DIR=DIR] [SWISS_ROUNDS=N] bash benches/swiss_ratio.sh [BASE_COMMIT]
#
# The two sides take turns bench by bench, N rounds (default 2), and each figure is the best
# of its side's rounds, so that a burst of load from elsewhere on a shared machine weighs on
# one run, not on the ratio. Criterion benches (xiangqi rounds of 1,000
# players, the dense matching, standings) are compared on their median; the Dutch bench, a
# program of its own, by the seconds it prints. The matching and standings code is not
# touched by the layer: their ratios show how large the noise is. Sample sizes are small so
# that the whole script stays within 15 minutes on two cores.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
here=$(pwd)
base_commit=${1:-586d5ad}
rounds=${SWISS_ROUNDS:-2}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$here/target}
# The base's worktree (SWISS_BASE_DIR, by default beside this one): its ../shared must be
# the same folder as ours, for the Dutch cases.
base=${SWISS_BASE_DIR:-$(dirname "$here")/.swiss-ratio-base}
if [ ! -d "$base" ]; then
  git worktree add --quiet --detach "$base" "$base_commit"
fi
git -C "$base" checkout --quiet --detach "$base_commit"

benches=(--bench dutch --bench xiangqi --bench matching --bench standings)
crit=(--warm-up-time 1 --measurement-time 3 --sample-size 10 --noplot)
results=$(mktemp -d)

# build SIDE DIR: builds the benches of DIR and copies them to $results/SIDE. Both worktrees
# build into one target dir, where cargo knows the package by its path inside the workspace
# and would take the other side's build as fresh: DIR's sources are touched first.
build() {
  local side=$1 dir=$2
  touch "$dir/src/lib.rs"
  mkdir -p "$results/$side"
  (cd "$dir" && cargo bench --quiet --locked --no-run --message-format=json "${benches[@]}") |
    python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and "bench" in m["target"]["kind"]:
        print(m["target"]["name"], m["executable"])' |
    while read -r name exe; do cp "$exe" "$results/$side/$name"; done
}
build before "$base"
build after "$here"

# bench SIDE ROUND NAME ARGS...: runs bench NAME of SIDE once; a criterion bench saves under
# the baseline SIDE-ROUND, the Dutch program's lines go to the side's log.
bench() {
  local side=$1 round=$2 name=$3
  shift 3
  local exe=$results/$side/$name log=$results/$side-$round.log
  if [ "$name" = dutch ]; then
    "$exe" "$@" >>"$log" 2>&1
  else
    "$exe" --bench "${crit[@]}" --save-baseline "$side-$round" "$@" >>"$log" 2>&1
  fi
}

# The sides take turns bench by bench, so that both see the same load.
for round in $(seq "$rounds"); do
  for args in "xiangqi 1000_players" "matching /(100|300)$" "standings" \
    "dutch 200 500 1000" "dutch fide2017 200 500"; do
    read -r -a words <<<"$args"
    bench before "$round" "${words[@]}"
    bench after "$round" "${words[@]}"
  done
done
for side in before after; do
  # "dutch (Fide2026): 200 players, round 5 of 9: 0.123 s ..." -> "dutch Fide2026/200 0.123"
  cat "$results/$side"-*.log |
    sed -n 's/^dutch (\([A-Za-z0-9]*\)): \([0-9]*\) players.*: \([0-9.]*\) s .*/dutch \1\/\2 \3/p' \
      >>"$results/$side.txt"
done

# Criterion: the median of every benchmark of every round, in seconds, as "NAME SECONDS".
for side in before after; do
  for round in $(seq "$rounds"); do
    find "$CARGO_TARGET_DIR/criterion" -path "*/$side-$round/estimates.json" | while read -r f; do
      dir=$(dirname "$(dirname "$f")")
      python3 -c 'import json, sys; print(sys.argv[2], json.load(open(sys.argv[1]))["median"]["point_estimate"] / 1e9)' \
        "$f" "${dir#"$CARGO_TARGET_DIR/criterion/"}"
    done
  done >>"$results/$side.txt"
done

echo "after / before, best of $rounds rounds each (below 1: faster now)"
python3 - "$results/before.txt" "$results/after.txt" <<'PY'
import sys
def best(path):
    out = {}
    for line in open(path):
        name, secs = line.rsplit(" ", 1)
        out[name] = min(out.get(name, float("inf")), float(secs))
    return out
before, after = best(sys.argv[1]), best(sys.argv[2])
for name in sorted(before):
    if name in after and before[name] > 0:
        b, a = before[name], after[name]
        print(f"{name:<68} {a / b:6.3f}  ({b * 1e3:9.2f} ms -> {a * 1e3:9.2f} ms)")
PY
echo "logs: $results"
