#!/usr/bin/env bash
# The whole test suite on a fresh machine: Node 24, Chromium, dependencies, then lint, types, unit and service
# tests (SQLite, or PostgreSQL when DATABASE_URL says so), the production build and the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-node.sh
hash -r
bash scripts/ensure-chromium.sh
npm install --no-audit --no-fund --loglevel=error

echo "== lint"
npx biome check .
echo "== typecheck"
npm run typecheck
echo "== build (the HTTP tests and the browser journeys run the production build)"
npm run build
echo "== unit, service and API tests"
npx vitest run
echo "== browser journeys (Chromium)"
npx playwright test
