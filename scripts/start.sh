#!/usr/bin/env bash
# Starts the shop on a fresh machine: Node 24, dependencies, build, then the server with the demo catalogue
# on the embedded SQLite database (data/vitrine.sqlite). PORT (default 3000) and DATABASE_URL are honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-node.sh
hash -r
npm install --no-audit --no-fund --loglevel=error
npm run build
exec npm start
