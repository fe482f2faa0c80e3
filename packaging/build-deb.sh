#!/usr/bin/env bash
# Builds the Linux .deb with cargo-packager, installs it on this machine and checks that the
# installed program starts and finds its font. Usage: bash packaging/build-deb.sh
# Set CARGO_TARGET_DIR to reuse an existing release build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=${CARGO_TARGET_DIR:-$root/target}

if ! command -v cargo-packager >/dev/null 2>&1; then
  cargo install --locked cargo-packager --version 0.11.8
fi

cargo build --release --bin bianpai
# cargo-packager reads the binary from binaries-dir; point it at the real target dir.
cfg=$(mktemp --suffix=.toml -p packaging)
trap 'rm -f "$cfg"' EXIT
sed -e "s#^binaries-dir = .*#binaries-dir = \"$target/release\"#" \
    -e "s#^out-dir = .*#out-dir = \"$target/packages\"#" \
    -e "/^before-packaging-command/d" packaging/Packager.toml > "$cfg"
cargo packager -c "$cfg" --release -f deb
deb=$(ls -t "$target"/packages/*.deb | head -n 1)
echo "built: $deb ($(du -h "$deb" | cut -f1))"

# Install and try the installed program.
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq "$deb" >/dev/null
installed=$(command -v bianpai)
echo "installed: $installed ($(du -h "$installed" | cut -f1))"
bianpai --version
work=$(mktemp -d)
start=$(date +%s%N)
bianpai demo "$work/demo.bianpai"
end=$(date +%s%N)
echo "bianpai demo: $(( (end - start) / 1000000 )) ms"
# The font is inside the binary: a PDF with rare name characters proves it is found.
bianpai export pairings "$work/demo.bianpai" --section 1 --round 1 -o "$work/r1.pdf"
if command -v pdftotext >/dev/null 2>&1; then
  pdftotext "$work/r1.pdf" - | grep -q "周喆" && echo "font: 周喆 printed"
fi
dpkg -L "$(dpkg-deb -f "$deb" Package)" | grep -E "bin/|applications/|mime/|doc/bianpai/" || true
rm -rf "$work"
