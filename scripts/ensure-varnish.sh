#!/usr/bin/env bash
# The HTTP cache test and scripts/varnish.sh use Debian's Varnish (deploy/varnish/vitrine.vcl).
exec bash "$(dirname "$0")/ensure-apt.sh" /usr/sbin/varnishd varnish
