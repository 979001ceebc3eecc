#!/usr/bin/env bash
# Installs a Debian package when its program is missing: ensure-apt.sh /usr/sbin/varnishd varnish
set -euo pipefail
program="$1"
package="$2"
if [ -x "$program" ]; then
  exit 0
fi
echo "ensure-apt: installing Debian's $package"
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
sudo_if_needed apt-get update -qq || true
sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
[ -x "$program" ] || { echo "ensure-apt: $program still missing" >&2; exit 1; }
