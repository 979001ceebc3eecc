#!/usr/bin/env bash
# Starts the shop on a fresh machine: Node 24, dependencies, build, then the server with the demo catalogue
# on the embedded SQLite database (data/vitrine.sqlite). PORT (default 3000) and DATABASE_URL are honoured.
# The demo catalogue (DEMO_PRODUCTS products, 2000 here; 0 for none) is loaded on the first start only.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-node.sh
hash -r
npm install --no-audit --no-fund --loglevel=error
npm run build
DEMO_PRODUCTS="${DEMO_PRODUCTS:-2000}" exec npm start
