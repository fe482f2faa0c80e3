#!/usr/bin/env bash
# Issue 21's import figures, through the release CLI, beside a peer run in the same script:
# - a 100,000-row CSV entry list (a header and 99,999 entrants, the most a sheet may hold):
#   `bianpai import --dry-run` (read, map, check every row) and a real import into an empty
#   section, against Python's csv module merely reading the same file;
# - an XLSX "bomb" whose one sheet would inflate to 1 GiB: refused before it is inflated.
# Wall times are the median of 5 runs; peak memory (max RSS) from /usr/bin/time.
#
#   bash benches/import.sh [DIR]
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
dir=${1:-$(mktemp -d)}
target=${CARGO_TARGET_DIR:-target}
cargo build --quiet --release --bin bianpai
bin=$target/release/bianpai

python3 - "$dir" <<'EOF'
import sys, zipfile
d = sys.argv[1]
family = "王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗"
given = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂堃喆"
with open(f"{d}/entrants.csv", "w", encoding="utf-8") as f:
    f.write("姓名,性别,出生日期,单位,等级分\n")
    for k in range(99_999):
        g = len(given)
        name = family[k % 20] + given[(k // 20) % g] + given[(k // (20 * g)) % g] + str(k)
        sex = "男" if k % 3 else "女"
        f.write(f"{name},{sex},20{k % 10:02d}-0{1 + k % 9}-1{k % 9},第{k % 50}队,{1200 + k % 800}\n")
# The bomb: a valid workbook whose sheet is 1 GiB of empty rows once inflated.
with zipfile.ZipFile(f"{d}/bomb.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>')
    z.writestr("xl/workbook.xml", '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>')
    z.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
    with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as w:
        w.write(b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')
        chunk = b"<row/>" * (1 << 20)  # 6 MiB
        for _ in range(171):  # about 1 GiB
            w.write(chunk)
        w.write(b"</sheetData></worksheet>")
EOF

event() { # a fresh event with one open section, for one import
  rm -f "$dir/e.bianpai"
  "$bin" new "$dir/e.bianpai" --name 导入测速 >/dev/null
  "$bin" section add "$dir/e.bianpai" --name 公开组 --game xiangqi --system swiss --rounds 9 >/dev/null
}

# median_ms SETUP CMD...: runs SETUP then times CMD, 5 times; prints the median in ms and the
# largest peak memory in MB. CMD's exit status is not checked (the bomb is refused with 2).
median_ms() {
  local setup=$1
  shift
  local times=() peak=0
  for _ in 1 2 3 4 5; do
    $setup
    local t0 t1 kb
    t0=$(date +%s%N)
    /usr/bin/time -f %M -o "$dir/rss" "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    times+=($(((t1 - t0) / 1000000)))
    kb=$(tail -1 "$dir/rss")
    ((kb > peak)) && peak=$kb
  done
  echo "$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p) ms, peak $((peak / 1024)) MB"
}

echo "bomb: $(stat -c %s "$dir/bomb.xlsx") bytes on disk"
event
echo "import --dry-run, 99,999 rows: $(median_ms true "$bin" import "$dir/e.bianpai" -s 公开组 "$dir/entrants.csv" --dry-run)"
echo "import, 99,999 rows:           $(median_ms event "$bin" import "$dir/e.bianpai" -s 公开组 "$dir/entrants.csv")"
echo "peer, Python csv reads them:   $(median_ms true python3 -c 'import csv,sys; print(sum(1 for _ in csv.reader(open(sys.argv[1], encoding="utf-8"))))' "$dir/entrants.csv")"
event
echo "bomb refused:                  $(median_ms true "$bin" import "$dir/e.bianpai" -s 公开组 "$dir/bomb.xlsx" --dry-run)"
"$bin" import "$dir/e.bianpai" -s 公开组 "$dir/bomb.xlsx" --dry-run || echo "(exit $?)"
