#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (test tools cannot download browsers here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "ensure-chromium: installing Debian's chromium"
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  sudo apt-get update -qq || true
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
[ -x /usr/bin/chromium ] || { echo "ensure-chromium: /usr/bin/chromium still missing" >&2; exit 1; }
