#!/usr/bin/env bash
# Screenshots of every tab of the window for the arbiters' guide: the demo event opened in the
# real program under Xvfb (no window manager: the window fills the virtual screen), each tab
# reached by its key (Ctrl+1 … Ctrl+9, as an arbiter would), at the venue laptop's sizes
# 1024×768 and 1366×768, in Chinese and English. The knockout's bracket is shown for the demo's
# knockout section (Ctrl+PageDown twice). Written to docs/screens/ as
# tab-<name>-<width>-<lang>.png, each reduced to 64 colours so that the set stays small.
# Usage: bash packaging/screenshots.sh [out-dir]   (BIANPAI_BIN=path overrides the program)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=${CARGO_TARGET_DIR:-$root/target}
bin=${BIANPAI_BIN:-$target/debug/bianpai}
out=${1:-$root/docs/screens}
if [ ! -x "$bin" ]; then
  cargo build --bin bianpai
fi

need=()
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb xauth)
command -v xdotool >/dev/null 2>&1 || need+=(xdotool)
command -v import >/dev/null 2>&1 || need+=(imagemagick)
if [ ${#need[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" \
    libgl1-mesa-dri libegl-mesa0 libegl1 libgl1 libgbm1 libx11-xcb1 libxkbcommon-x11-0 \
    libxcursor1 libxi6 libxrandr2 >/dev/null
fi

work=$(mktemp -d /tmp/bianpai-screens.XXXXXX)
xvfb_pid=
app_pid=
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$out" "$work/rt"
chmod 700 "$work/rt"
export XDG_RUNTIME_DIR=$work/rt
event=$work/demo.bianpai
"$bin" demo "$event" >/dev/null

tabs=(event entrants pairings results standings bracket awards documents journal)
for size in 1024x768 1366x768; do
  w=${size%x*}
  h=${size#*x}
  for lang in zh en; do
    # Preferences of their own: the language and the window's size; nothing of the user's.
    cfg=$work/cfg-$size-$lang
    mkdir -p "$cfg/bianpai"
    word=Zh
    [ "$lang" = en ] && word=En
    printf '{"lang":"%s","window":[%s,%s],"renderer":"gl"}\n' "$word" "$w" "$h" \
      >"$cfg/bianpai/config.json"
    # A display of its own, chosen by Xvfb among the free ones (a fixed number let two runs
    # at once, or a test's Xvfb, take each other's screen).
    : >"$work/display"
    Xvfb -displayfd 3 -screen 0 "${w}x${h}x24" -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 100); do
      [ -s "$work/display" ] && break
      sleep 0.1
    done
    display=:$(head -n 1 "$work/display")
    DISPLAY=$display XDG_CONFIG_HOME=$cfg XDG_DATA_HOME=$work/data \
      "$bin" "$event" >"$work/app.log" 2>&1 &
    app_pid=$!
    wid=$(DISPLAY=$display timeout 60 xdotool search --sync --onlyvisible --name 'Bianpai' | head -n 1)
    # No window manager: the keys reach the window only once it has the focus.
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      DISPLAY=$display xdotool windowfocus --sync "$wid" 2>/dev/null && break
      sleep 1
    done
    sleep 3
    for i in "${!tabs[@]}"; do
      name=${tabs[$i]}
      if [ "$name" = bracket ]; then
        for _ in 1 2; do
          DISPLAY=$display xdotool key ctrl+Next
          sleep 0.5
        done
      fi
      DISPLAY=$display xdotool key "ctrl+$((i + 1))"
      # The pointer in the status line's corner: no control shown as hovered.
      DISPLAY=$display xdotool mousemove $((w - 2)) $((h - 2))
      sleep 2
      shot=$out/tab-$name-$w-$lang.png
      DISPLAY=$display import -window root "$work/shot.png"
      convert "$work/shot.png" -colors 64 "PNG8:$shot"
      if [ "$name" = bracket ]; then
        for _ in 1 2; do
          DISPLAY=$display xdotool key ctrl+Prior
          sleep 0.5
        done
      fi
      echo "$shot"
    done
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
    xvfb_pid=
  done
done
du -ch "$out"/tab-*.png | tail -n 1
