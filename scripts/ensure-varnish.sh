#!/usr/bin/env bash
# The HTTP cache test and scripts/varnish.sh use Debian's Varnish (deploy/varnish/vitrine.vcl).
set -euo pipefail
if [ -x /usr/sbin/varnishd ]; then
  exit 0
fi
echo "ensure-varnish: installing Debian's varnish"
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq varnish >/dev/null
else
  sudo apt-get update -qq || true
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq varnish >/dev/null
fi
[ -x /usr/sbin/varnishd ] || { echo "ensure-varnish: /usr/sbin/varnishd still missing" >&2; exit 1; }
