#!/usr/bin/env bash
# Starts Varnish (Debian's varnishd, deploy/varnish/vitrine.vcl) in the foreground in front of a running shop.
#   VARNISH_PORT  where Varnish listens (default 6081)
#   SHOP_HOST     the shop's address (default 127.0.0.1)
#   SHOP_PORT     the shop's port (default 3000)
#   VARNISH_MEMORY  cache memory (default 256m)
# Start the shop with HTTP_CACHE_PURGE_URL=http://127.0.0.1:$VARNISH_PORT/ so that its event feed purges Varnish,
# and PAGE_CACHE_MB=0 so that it does not keep the pages a second time. Several shop machines: one backend each
# (or a director) in the VCL, and each shop's HTTP_CACHE_PURGE_URL pointing at this Varnish.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port="${VARNISH_PORT:-6081}"
shop_host="${SHOP_HOST:-127.0.0.1}"
shop_port="${SHOP_PORT:-3000}"
varnishd="$(command -v varnishd || echo /usr/sbin/varnishd)"
[ -x "$varnishd" ] || { echo "varnish.sh: varnishd is missing (bash scripts/ensure-varnish.sh)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/vitrine-varnish-$port.XXXXXX")"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
sed -e "s/\.host = \"127.0.0.1\";/.host = \"$shop_host\";/" -e "s/\.port = \"3000\";/.port = \"$shop_port\";/" \
  "$root/deploy/varnish/vitrine.vcl" > "$work/vitrine.vcl"
chmod 644 "$work/vitrine.vcl"
# -F: foreground (stops with this script); -T none: no management port; -n: its own working directory.
"$varnishd" -F -n "$work/n" -a "127.0.0.1:$port" -f "$work/vitrine.vcl" -s "malloc,${VARNISH_MEMORY:-256m}" -T none \
  -p ban_lurker_sleep=0.1 &
child=$!
trap 'kill -TERM $child 2>/dev/null; wait $child 2>/dev/null; rm -rf "$work"' EXIT INT TERM
wait $child
