#!/usr/bin/env bash
# Tries the Windows build under wine (Debian's wine 8), in a wine prefix of its own that it
# throws away: the command line end to end on the demo (every document and list exported and
# read back), Chinese paths and file names, the data folder (%APPDATA%\bianpai), the one-window
# lock, the window under Xvfb with each renderer (screenshots kept), and the installer
# (per-user, silent) with its uninstaller. Long: CI does not run it unless asked.
# Usage: bash packaging/build-windows.sh && bash packaging/test-windows.sh
# The files written are compared with a Linux build's: $CARGO_TARGET_DIR's, or BIANPAI_LINUX=path.
#
# Wine 8 lacks bcryptprimitives.dll's ProcessPrng, which Rust's standard library calls on
# Windows 10 and later; the test builds a stand-in from packaging/windows/processprng.c and puts
# it beside the exe in its temporary folder only. The installer never ships it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=${CARGO_TARGET_DIR:-$root/target}
exe=$target/x86_64-pc-windows-gnu/release/bianpai.exe
setup=$(ls -t "$target"/packages/bianpai-*-x86_64-setup.exe 2>/dev/null | head -n 1 || true)
if [ ! -f "$exe" ] || [ -z "$setup" ]; then
  echo "no bianpai.exe or installer under $target: run packaging/build-windows.sh first" >&2
  exit 1
fi
shots=$target/packages/wine-screenshots
mkdir -p "$shots"

need=()
command -v wine >/dev/null 2>&1 || need+=(wine wine64)
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need+=(gcc-mingw-w64-x86-64)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb xauth)
command -v import >/dev/null 2>&1 || need+=(imagemagick)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v xdotool >/dev/null 2>&1 || need+=(xdotool)
command -v iconv >/dev/null 2>&1 || need+=(libc-bin)
if [ ${#need[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
fi

work=$(mktemp -d /tmp/bianpai-wine.XXXXXX)
export WINEPREFIX=$work/prefix WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko prompts: the test needs neither.
export WINEDLLOVERRIDES="mscoree,mshtml="
xvfb_pid=
cleanup() {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  wineserver -k 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
failed=0
ok() { echo "ok: $*"; }
bad() {
  echo "FAILED: $*" >&2
  failed=1
}

# The program's face in Explorer (build.rs): a resource directory holding the icon, the version
# block (its keys are UTF-16 strings) and the manifest.
if x86_64-w64-mingw32-objdump -h "$exe" | grep -q '\.rsrc' &&
  strings -el "$exe" | grep -qx 'ProductVersion' &&
  strings -el "$exe" | grep -A1 -x 'CompanyName' | grep -qx 'Bianpai' &&
  strings "$exe" | grep -q 'Microsoft.Windows.Common-Controls'; then
  ok "bianpai.exe carries its icon, version ($(strings -el "$exe" | grep -A1 -x FileVersion | tail -n 1)) and manifest"
else
  bad "bianpai.exe lacks its resources (icon, version, manifest): was it built without windres?"
fi

echo "wine: $(wine --version); prefix $WINEPREFIX"
wine wineboot -i >/dev/null 2>&1
wineserver -w

# The program in a folder with a Chinese name, and the stand-in beside it.
prog="$work/程序 文件"
mkdir -p "$prog"
cp "$exe" "$prog/bianpai.exe"
x86_64-w64-mingw32-gcc -shared -O2 -o "$prog/bcryptprimitives.dll" \
  packaging/windows/processprng.c
win() { wine "$prog/bianpai.exe" "$@"; }
winpath() { winepath -w "$1" 2>/dev/null; }

# --- The command line on the demo, in a Chinese folder with a Chinese file name. ---
events="$work/赛事 文件夹"
mkdir -p "$events"
ev="$events/示范赛.bianpai"
wev=$(winpath "$ev")
win --version | tr -d '\r' | grep -q '^bianpai ' && ok "--version" || bad "--version"
win demo "$wev" >/dev/null && [ -s "$ev" ] && ok "demo → $wev" || bad "demo"

# Every PDF document, its text read back: each names the event or one of its players.
docs=(pairings wall slips pinyin standings crosstable)
for kind in "${docs[@]}"; do
  out="$events/$kind.pdf"
  if win export "$kind" "$wev" --section 男子组 --round 1 -o "$(winpath "$out")" >/dev/null &&
    pdftotext "$out" - | grep -q '周喆'; then
    ok "export $kind (PDF, 周喆 read back)"
  else
    bad "export $kind"
  fi
done
for kind in order-book result-book certificates; do
  out="$events/$kind.pdf"
  if win export "$kind" "$wev" -o "$(winpath "$out")" >/dev/null &&
    pdftotext "$out" - | tr -d ' \n' | grep -q '2026年象棋锦标赛（示例）'; then
    ok "export $kind (PDF, the event's name read back)"
  else
    bad "export $kind"
  fi
done

# Every list in every format; CSV without --encoding is GB18030 on Windows.
for kind in entrants pairings results standings crosstable; do
  base="$events/$kind"
  win export "$kind" "$wev" -s 1 -f csv -o "$(winpath "$base.csv")" >/dev/null || bad "csv $kind"
  if iconv -f GB18030 -t UTF-8 "$base.csv" | grep -q '周喆' && ! head -c 3 "$base.csv" | grep -q $'\xef\xbb\xbf'; then
    ok "export $kind csv (GB18030 by default, 周喆 read back)"
  else
    bad "export $kind csv is not GB18030"
  fi
  win export "$kind" "$wev" -s 1 -f csv --encoding utf8 -o "$(winpath "$base-utf8.csv")" >/dev/null &&
    grep -q '周喆' "$base-utf8.csv" && ok "export $kind csv --encoding utf8" || bad "csv utf8 $kind"
  win export "$kind" "$wev" -s 1 -f xlsx -o "$(winpath "$base.xlsx")" >/dev/null &&
    unzip -p "$base.xlsx" xl/sharedStrings.xml 2>/dev/null | grep -q '周喆' &&
    ok "export $kind xlsx" || bad "export $kind xlsx"
  win export "$kind" "$wev" -s 1 -f html -o "$(winpath "$base.html")" >/dev/null &&
    grep -q '周喆' "$base.html" && ok "export $kind html" || bad "export $kind html"
done
win export entrants "$wev" -s 1 -f trf -o "$(winpath "$events/men.trf")" >/dev/null &&
  grep -q '^001 ' "$events/men.trf" && ok "export trf" || bad "export trf"

# Line endings: what the program writes is the same on every system; the console's lines
# are read with their \r taken off.
standings=$(win standings "$wev" -s 1 | tr -d '\r' || true)
# The demo's 男子组 has 14 players: one line each under the header.
rows=$(echo "$standings" | grep -c '^[0-9]' || true)
[ "$rows" -eq 14 ] && ok "standings (console): 14 players" || bad "standings: $rows lines, not 14"
linux=${BIANPAI_LINUX:-}
[ -z "$linux" ] && [ -x "$target/release/bianpai" ] && linux=$target/release/bianpai
[ -z "$linux" ] && [ -x "$target/debug/bianpai" ] && linux=$target/debug/bianpai
if [ -n "$linux" ] && [ -x "$linux" ]; then
  "$linux" demo "$work/linux.bianpai" >/dev/null
  if [ "$("$linux" standings "$work/linux.bianpai" -s 1)" = "$standings" ]; then
    ok "standings match the Linux build ($linux)"
  else
    bad "standings differ from the Linux build"
  fi
  # Line endings and bytes: the files the two builds write are the same.
  for f in entrants-utf8.csv results.csv standings.html men.trf; do
    case $f in
      entrants-utf8.csv) args=(entrants -f csv --encoding utf8) ;;
      results.csv) args=(results -f csv --encoding gb18030) ;;
      standings.html) args=(standings -f html) ;;
      men.trf) args=(entrants -f trf) ;;
    esac
    "$linux" export "${args[@]}" "$work/linux.bianpai" -s 1 -o "$work/linux-$f" >/dev/null
    win export "${args[@]}" "$wev" -s 1 -o "$(winpath "$work/win-$f")" >/dev/null
    if cmp -s "$work/linux-$f" "$work/win-$f"; then
      ok "$f: byte for byte as the Linux build writes it ($(grep -c $'\r$' "$work/win-$f") CRLF lines)"
    else
      bad "$f differs from the Linux build's"
    fi
  done
else
  echo "note: no Linux build under $target (release or debug): the comparison with it is skipped;" \
    "build one (cargo build --bin bianpai) or set BIANPAI_LINUX=path"
fi

# --- The window: under Xvfb, once per renderer, a screenshot each. ---
# A display of its own, chosen by Xvfb among the free ones, never one another run holds.
displayfile=$(mktemp)
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$displayfile" >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do
  [ -s "$displayfile" ] && break
  sleep 0.1
done
display=:$(head -n 1 "$displayfile")
rm -f "$displayfile"
export DISPLAY=$display
sleep 1
appdata=$(winepath -u "$(wine cmd /c 'echo %APPDATA%' 2>/dev/null | tr -d '\r')" 2>/dev/null)
# glow; wgpu on its GL backend (wine's Direct3D 12 and Vulkan need a Vulkan driver this machine
# lacks: that is where wgpu fails with "Parent device is lost"); and auto with nothing set,
# which must come up whatever wgpu does.
for renderer in gl wgpu auto; do
  log="$work/window-$renderer.log"
  backend=()
  [ "$renderer" = wgpu ] && backend=(env WGPU_BACKEND=gl)
  # No file named: the window writes and opens the demo in the data folder.
  "${backend[@]}" wine "$prog/bianpai.exe" --renderer "$renderer" >"$log" 2>&1 &
  pid=$!
  up=
  for _ in $(seq 1 40); do
    sleep 1
    if xdotool search --name '编排 Bianpai' >/dev/null 2>&1; then
      up=yes
      break
    fi
    kill -0 "$pid" 2>/dev/null || break
  done
  sleep 8
  shot="$shots/window-$renderer.png"
  import -window root "$shot"
  colours=$(convert "$shot" -format '%k' info:)
  if [ -n "$up" ] && [ "$colours" -gt 50 ]; then
    ok "window with --renderer $renderer: $shot ($colours colours)"
  else
    bad "window with --renderer $renderer did not come up ($colours colours; log: $(tr -d '\r' <"$log" | tail -n 3))"
  fi
  if [ "$renderer" = auto ] && grep -q 'OpenGL' "$log"; then
    echo "note: auto fell back to OpenGL: $(tr -d '\r' <"$log" | grep OpenGL)"
  fi
  if [ "$renderer" = gl ]; then
    # The one-window lock: while the window holds the demo, a command is refused and told so.
    demo=$(winpath "$appdata/bianpai/demo.bianpai")
    [ -f "$appdata/bianpai/demo.bianpai" ] && ok "the demo is in %APPDATA%\\bianpai" ||
      bad "no demo in %APPDATA%\\bianpai ($appdata)"
    if refused=$(win --lang en event "$demo" --venue X 2>&1); then
      bad "a command changed the file the window holds"
    else
      echo "$refused" | tr -d '\r' | grep -qi 'window' && ok "held by the window: $(echo "$refused" | tr -d '\r' | head -n 1)" ||
        bad "refused, but not said to be the window's: $refused"
    fi
  fi
  # Closed as a person would (Alt+F4: the window saves its preferences), else ended.
  wid=$(xdotool search --name '编排 Bianpai' 2>/dev/null | head -n 1 || true)
  if [ -n "$wid" ]; then
    xdotool windowfocus --sync "$wid" key alt+F4 >/dev/null 2>&1 || true
  fi
  for _ in $(seq 1 10); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  wine taskkill /F /IM bianpai.exe >/dev/null 2>&1 || true
  wait "$pid" 2>/dev/null || true
  sleep 1
done
[ -f "$appdata/bianpai/config.json" ] && ok "preferences in %APPDATA%\\bianpai\\config.json" ||
  echo "note: no config.json left in %APPDATA%\\bianpai (the window was killed, not closed)"
# Started from Explorer there is no console: the start-up notes (the renderer, a fallback to
# OpenGL) must be in bianpai.log in the data folder, one start line for each of the three.
wlog="$appdata/bianpai/bianpai.log"
starts=$(grep -c '启动 编排' "$wlog" 2>/dev/null || true)
if [ "${starts:-0}" -ge 3 ]; then
  ok "start-up notes in %APPDATA%\\bianpai\\bianpai.log ($starts starts$(grep -q 'OpenGL' "$wlog" && echo ', the OpenGL fallback noted'))"
else
  bad "bianpai.log in %APPDATA%\\bianpai lacks the three starts (${starts:-0} found)"
fi

# --- The installer, per user and silent; then the uninstaller, which leaves events alone. ---
wine "$setup" /S /CurrentUser
wineserver -w
localappdata=$(winepath -u "$(wine cmd /c 'echo %LOCALAPPDATA%' 2>/dev/null | tr -d '\r')" 2>/dev/null)
inst="$localappdata/Programs/Bianpai"
if [ -f "$inst/bianpai.exe" ] && [ -f "$inst/uninstall.exe" ] && [ -f "$inst/bianpai.ico" ] \
  && [ -f "$inst/guide.zh.md" ] && [ -f "$inst/guide.en.md" ]; then
  ok "installed per user in $inst"
else
  bad "installer: nothing in $inst"
fi
startmenu=$(winepath -u "$(wine cmd /c 'echo %APPDATA%' 2>/dev/null | tr -d '\r')")/Microsoft/Windows/"Start Menu"/Programs
ls "$startmenu" | grep -q '\.lnk$' && ok "Start-menu entry: $(ls "$startmenu" | grep '\.lnk$' | tr '\n' ' ')" ||
  bad "no Start-menu entry in $startmenu"
assoc=$(wine reg query 'HKCU\Software\Classes\Bianpai.Event\shell\open\command' 2>/dev/null | tr -d '\r')
echo "$assoc" | grep -qi 'bianpai.exe" "%1"' && ok ".bianpai opens with the installed program" ||
  bad "no .bianpai association: $assoc"
wine reg query 'HKCU\Software\Classes\Bianpai.Event\DefaultIcon' 2>/dev/null | grep -qi 'bianpai.ico' &&
  ok ".bianpai has its icon" || bad ".bianpai has no icon"
cp "$prog/bcryptprimitives.dll" "$inst/"
wine "$inst/bianpai.exe" demo "$(winpath "$events/installed.bianpai")" >/dev/null &&
  ok "the installed program runs" || bad "the installed program does not run"
rm -f "$inst/bcryptprimitives.dll"
wine "$inst/uninstall.exe" /S
wineserver -w
sleep 2
if [ ! -e "$inst/bianpai.exe" ] && [ -f "$ev" ] && [ -f "$events/installed.bianpai" ] &&
  [ -f "$appdata/bianpai/demo.bianpai" ]; then
  ok "uninstalled; the events and the data folder are still there"
else
  bad "uninstaller: exe left or events removed"
fi
wine reg query 'HKCU\Software\Classes\Bianpai.Event' >/dev/null 2>&1 &&
  bad "the association outlived the uninstaller" || ok "the association is gone"

if [ "$failed" -ne 0 ]; then
  echo "test-windows: FAILED" >&2
  exit 1
fi
echo "test-windows: all passed; screenshots in $shots"
