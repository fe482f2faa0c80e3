#!/usr/bin/env bash
# Builds the Windows program and its installer on this Debian/Ubuntu machine: installs what it
# lacks (the rustup target x86_64-pc-windows-gnu, gcc-mingw-w64-x86-64, nsis), cross-builds the
# release bianpai.exe, and runs makensis over packaging/windows/bianpai.nsi.
# Usage: bash packaging/build-windows.sh
# Output: $CARGO_TARGET_DIR/x86_64-pc-windows-gnu/release/bianpai.exe and
#         $CARGO_TARGET_DIR/packages/bianpai-VERSION-x86_64-setup.exe
# Set CARGO_TARGET_DIR to reuse an existing build. packaging/test-windows.sh tries both under wine.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=${CARGO_TARGET_DIR:-$root/target}
triple=x86_64-pc-windows-gnu

# 1. What the build needs, from the registries.
if ! rustup target list --installed | grep -qx "$triple"; then
  rustup target add "$triple"
fi
need=()
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need+=(gcc-mingw-w64-x86-64)
command -v makensis >/dev/null 2>&1 || need+=(nsis)
if [ ${#need[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
fi

# 2. The program. mingw links it; its C parts (SQLite) are compiled by the same gcc.
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
export CARGO_INCREMENTAL=0
start=$(date +%s)
cargo build --release --locked --target "$triple" --bin bianpai
echo "cargo build: $(( $(date +%s) - start )) s"
exe=$target/$triple/release/bianpai.exe
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)

# 3. The installer. Its icon, assets/icon.ico, was made from assets/icon-256.png with
# ImageMagick (`convert assets/icon-256.png -depth 8 -define icon:auto-resize=256,48,32,16
# assets/icon.ico`): Windows wants 8-bit entries, and 16 and 48 px ones for lists and the desktop.
out=$target/packages
mkdir -p "$out"
setup=$out/bianpai-$version-x86_64-setup.exe
makensis -V2 -INPUTCHARSET UTF8 \
  "-DVERSION=$version" "-DEXE=$exe" "-DICON=$root/assets/icon.ico" "-DLICENSE=$root/fonts/OFL.txt" \
  "-DDOCS=$root/docs" \
  "-DOUTFILE=$setup" packaging/windows/bianpai.nsi
echo "bianpai.exe: $exe ($(stat -c %s "$exe") bytes)"
echo "installer:   $setup ($(stat -c %s "$setup") bytes)"
