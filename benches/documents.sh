#!/usr/bin/env bash
# Acceptance 2 of issue 8: how long the release CLI takes to write the 成绩册 (result book) and
# the round sheet of the generated 300-player, 9-round event, and how big they are — beside a
# peer run in the same script on the same file: poppler's pdftotext reading the book back.
#
#   bash benches/documents.sh [DIR]
#
# The event is the one tests/documents/pdf_documents.rs builds (kept with BIANPAI_PDF_DIR; a
# DIR that already holds e300.bianpai is used as it is). Each command runs 7 times; the median
# wall time is printed, then the ratio to the peer.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
dir=${1:-$(mktemp -d)}
target=${CARGO_TARGET_DIR:-target}
cargo build --quiet --release --bin bianpai
if [ ! -f "$dir/e300.bianpai" ]; then
  BIANPAI_PDF_DIR=$dir cargo test --quiet --test documents -- pdf_documents::every_document >/dev/null
fi
bin=$target/release/bianpai
event=$dir/e300.bianpai

# median_ms CMD...: runs CMD 7 times, prints the median wall time in milliseconds.
median_ms() {
  local times=()
  for _ in 1 2 3 4 5 6 7; do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null
    t1=$(date +%s%N)
    times+=($(((t1 - t0) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 4p
}

book_ms=$(median_ms "$bin" export result-book "$event" -o "$dir/book.pdf")
sheet_ms=$(median_ms "$bin" export pairings "$event" --section 1 --round 9 -o "$dir/sheet.pdf")
peer_ms=$(median_ms pdftotext "$dir/book.pdf" "$dir/book.txt")
pages=$(pdfinfo "$dir/book.pdf" | awk '/^Pages:/ {print $2}')
echo "result book: ${book_ms} ms, $(stat -c %s "$dir/book.pdf") bytes, ${pages} pages"
echo "round sheet: ${sheet_ms} ms, $(stat -c %s "$dir/sheet.pdf") bytes"
echo "peer, pdftotext reading the book: ${peer_ms} ms"
awk -v a="$book_ms" -v b="$peer_ms" 'BEGIN { if (b > 0) printf "book / peer = %.2f\n", a / b }'
