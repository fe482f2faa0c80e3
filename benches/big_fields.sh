#!/usr/bin/env bash
# Issue 38: big fields from outside, on the release command line, against bbpPairings 6 in the
# same run. Builds bbpPairings from its source mirror (into a temporary folder, never into the
# tree) and the release bianpai, then:
#
# - generates Dutch tournaments of 3,000 and 9,998 players (a TRF stops at 9,999) of 9 rounds
#   with `rtg dutch`, and pairs every round 1–9 of each with both programs from the TRF cut to
#   the rounds before it: seconds, peak MB, bianpai's time over bbpPairings', and whether the
#   two pairings are the same file (bbpPairings under a time limit, ">LIMIT" when it does not
#   finish);
# - times `rtg dutch --players 10000 --rounds 9`, `check --dutch` and `standings` on the
#   9,998-player tournament;
# - generates a xiangqi Swiss of 10,000 players of 9 rounds (`rtg xiangqi`) and times
#   `standings` of the event file, and the pairing of every round of one of 9,999 players
#   (a TRF stops at 9,999) from its TRF;
# - exports the result book (成绩册) of a 3,000-player xiangqi Swiss.
#
#   [BBP=path/to/bbpPairings.exe] [BBP_LIMIT=120] [BIG_SIZES="3000 9998"] [BIG_REUSE=dir]
#   bash benches/big_fields.sh
#
# BIG_REUSE names a folder where the generated tournaments are kept (dutchN.trf) and taken
# from on the next run instead of generating them again: the rounds are paired from the same
# files, and the `rtg dutch --players 10000` line still times a generation of its own
# (BIG_RTG10000=0 leaves that one out, when the generation of the 9,998 was timed already).
#
# The machine's load moves every figure; the ratios come from the same run. Takes about half
# an hour on two loaded cores (bbpPairings' rounds up to their time limit most of it).
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$(pwd)/target}
limit=${BBP_LIMIT:-120}
sizes=${BIG_SIZES:-"3000 9998"}
rounds=9
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -z "${BBP:-}" ]; then
  mirror=${BBP_MIRROR:-/work/.mirror/BieremaBoyzProgramming+bbpPairings/repo}
  mkdir -p "$work/bbp"
  git -C "$mirror" archive HEAD | tar -x -C "$work/bbp"
  echo "building bbpPairings from $mirror ($(git -C "$mirror" log -1 --format=%h))" >&2
  make -C "$work/bbp" -j2 >"$work/bbp.log" 2>&1
  BBP=$work/bbp/bbpPairings.exe
fi
cargo build --quiet --release --locked --bin bianpai
bin=$CARGO_TARGET_DIR/release/bianpai

# cut.py SRC K DST [POINTS]: SRC's tournament as it stood before round K+1: each player's
# first K rounds, his points recomputed (a win, a forfeit win and the pairing-allocated bye 2
# halves, a draw and a half-point bye 1; POINTS=game for xiangqi game points), the byes announced for rounds
# after K+1 dropped.
cat >"$work/cut.py" <<'EOF'
import sys
src, k, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
game = len(sys.argv) > 4 and sys.argv[4] == 'game'
value = {'1': 2, '+': 2, 'W': 2, 'F': 2, 'U': 2, '=': 1, 'H': 1, 'D': 1}
out = []
for line in open(src, encoding='utf-8'):
    line = line.rstrip('\n')
    if line.startswith('001'):
        head, games = line[:91], line[91:]
        fields = [games[i:i + 10] for i in range(0, len(games), 10)][:k]
        halves = sum(value.get(f.strip()[-1:], 0) for f in fields if f.strip())
        points = halves if game else halves / 2
        line = (head[:80] + ('%4.1f' % points) + head[84:] + ''.join(fields)).rstrip()
    elif line.startswith('240') and int(line[6:9]) > k + 1:
        continue
    out.append(line)
open(dst, 'w', encoding='utf-8').write('\n'.join(out) + '\n')
EOF

# timed NAME CMD...: runs CMD (bbpPairings under the time limit), sets $secs and $mb ("-" when
# it did not finish, $secs then ">LIMIT").
timed() {
  local name=$1
  shift
  local rc=0
  /usr/bin/time -f "%e %M" -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" || rc=$?
  if [ "$rc" -ne 0 ]; then
    secs=">$limit"
    mb="-"
    [ "$rc" -eq 124 ] || secs="failed($rc)"
    return 0
  fi
  read -r secs kb <"$work/$name.time"
  mb=$((kb / 1024))
}

ratio() { python3 -c "import sys; a, b = sys.argv[1:]; print('%.3f' % (float(a) / float(b)) if b[0].isdigit() and float(b) > 0 else '-')" "$1" "$2"; }

for n in $sizes; do
  trf=$work/dutch$n.trf
  if [ -n "${BIG_REUSE:-}" ] && [ -f "$BIG_REUSE/dutch$n.trf" ]; then
    cp "$BIG_REUSE/dutch$n.trf" "$trf"
    echo "rtg dutch --players $n --rounds $rounds: reused from $BIG_REUSE"
  else
    timed "rtg$n" "$bin" rtg dutch --players "$n" --rounds $rounds --seed 1 -o "$trf"
    echo "rtg dutch --players $n --rounds $rounds: ${secs} s, ${mb} MB"
    [ -z "${BIG_REUSE:-}" ] || { mkdir -p "$BIG_REUSE" && cp "$trf" "$BIG_REUSE/"; }
  fi
  printf '%-7s %-6s %10s %8s %12s %8s %10s %6s\n' players round bianpai_s MB bbp_s MB ratio same
  for r in $(seq 1 $rounds); do
    cut=$work/cut$n-$r.trf
    python3 "$work/cut.py" "$trf" $((r - 1)) "$cut"
    timed "bp$n-$r" "$bin" pair --dutch "$cut" --edition 2026 -p "$work/bp$n-$r.txt"
    bs=$secs bm=$mb
    # bbpPairings 6 names the 2026 edition by the year it was adopted.
    sed 's/^192 FIDE_DUTCH_2026/192 FIDE_DUTCH_2025/' "$cut" >"$cut.bbp"
    timed "bbp$n-$r" timeout "$limit" "$BBP" --dutch "$cut.bbp" -p "$work/bbp$n-$r.txt"
    same="-"
    if [ -f "$work/bbp$n-$r.txt" ] && [ "${secs:0:1}" != ">" ]; then
      if cmp -s "$work/bp$n-$r.txt" "$work/bbp$n-$r.txt"; then same=yes; else same=NO; fi
    fi
    printf '%-7s %-6s %10s %8s %12s %8s %10s %6s\n' "$n" "$r" "$bs" "$bm" "$secs" "$mb" "$(ratio "$bs" "$secs")" "$same"
  done
  timed "check$n" "$bin" check --dutch "$trf" --edition 2026
  echo "check --dutch, $n players, $rounds rounds: ${secs} s, ${mb} MB"
  timed "standings$n" "$bin" standings "$trf"
  echo "standings (TRF), $n players: ${secs} s, ${mb} MB"
done

if [ "${BIG_RTG10000:-1}" != 0 ]; then
  timed rtg10000 "$bin" rtg dutch --players 10000 --rounds $rounds --seed 2 -o "$work/dutch10000.trf"
  echo "rtg dutch --players 10000 --rounds $rounds: ${secs} s, ${mb} MB"
fi

xq=$work/xiangqi10000.bianpai
timed rtgx "$bin" rtg xiangqi "$xq" --players 10000 --rounds $rounds --seed 1
echo "rtg xiangqi --players 10000 --rounds $rounds: ${secs} s, ${mb} MB"
timed xstandings "$bin" standings "$xq"
echo "standings (event file), 10000 players: ${secs} s, ${mb} MB"
# Each round's pairing from a TRF cut before it: a TRF stops at 9,999 players, so from an
# event of 9,999 (the 10,000 would be refused).
xq9=$work/xiangqi9999.bianpai
"$bin" rtg xiangqi "$xq9" --players 9999 --rounds $rounds --seed 1 >/dev/null
"$bin" export entrants "$xq9" -s 1 -f trf -o "$work/xiangqi9999.trf" >/dev/null
printf '%-7s %-6s %10s %8s\n' players round xiangqi_s MB
for r in $(seq 1 $rounds); do
  python3 "$work/cut.py" "$work/xiangqi9999.trf" $((r - 1)) "$work/xcut$r.trf" game
  timed "xq$r" "$bin" pair --xiangqi "$work/xcut$r.trf" -p "$work/xq$r.txt"
  printf '%-7s %-6s %10s %8s\n' 9999 "$r" "$secs" "$mb"
done

book=$work/xiangqi3000.bianpai
"$bin" rtg xiangqi "$book" --players 3000 --rounds $rounds --seed 3 >/dev/null
timed book "$bin" export result-book "$book" -o "$work/book.pdf"
echo "export result-book, 3000 players, $rounds rounds: ${secs} s, ${mb} MB"
