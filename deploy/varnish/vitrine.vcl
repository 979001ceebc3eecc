vcl 4.1;

# Varnish in front of one or more Vitrine machines (Debian's `varnish` package; scripts/varnish.sh starts it).
#
# - Pages every shopper shares (home, listings, search, product, outfit and content pages) come with
#   `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…` and never with Set-Cookie: they are
#   kept for s-maxage and answered stale for stale-while-revalidate (grace) while one request fetches them again.
# - Everything else (basket, checkout, account, the personal-data request, RPC, every POST) is personal: not kept,
#   fetched with the shopper's own cookies every time (hit-for-miss). Cookies never make it into the cache key, and
#   a page that is kept was sent without a cookie and is the same for every shopper.
# - The shop purges by tag as its event feed brings changes (HTTP_CACHE_PURGE_URL=http://this-varnish/):
#   `PURGE /` with the tags in `Surrogate-Key` bans every object whose Surrogate-Key holds one of them (the ban
#   lurker drops them in the background, as it tests obj.* only). `PURGE /path` drops one address.

import std;

backend shop {
  # scripts/varnish.sh writes the shop's address here.
  .host = "127.0.0.1";
  .port = "3000";
}

acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (req.http.Surrogate-Key) {
      # "p-1 p-2" → obj.http.Surrogate-Key ~ (^|[[:space:]])(p-1|p-2)([[:space:]]|$): whole tags only (p-1 is not
      # p-10), written without spaces or backslashes, which a ban's argument cannot hold unquoted. Tags are
      # letters, digits and dashes.
      if (req.http.Surrogate-Key !~ "^[A-Za-z0-9_ -]+$") {
        return (synth(400, "Bad Surrogate-Key"));
      }
      std.collect(req.http.Surrogate-Key, " ");
      if (std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + regsuball(req.http.Surrogate-Key, " +", "|") + ")([[:space:]]|$)")) {
        return (synth(200, "Banned"));
      }
      return (synth(400, std.ban_error()));
    }
    return (purge);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Drafts (preview mode) are never kept nor answered from the cache.
  if (req.url ~ "[?&]editor-mode=" || req.http.Cookie ~ "(^|;\s*)vitrine_preview=") {
    return (pass);
  }
  # Not the built-in pass for requests with cookies: what may be kept is decided by the answer (vcl_backend_response).
  # The shop still gets the cookies, so a personal page is rendered for its shopper.
  return (hash);
}

sub vcl_hash {
  hash_data(req.url);
  if (req.http.host) {
    hash_data(req.http.host);
  } else {
    hash_data(server.ip);
  }
  return (lookup);
}

sub vcl_backend_response {
  # Only answers the shop marks public for shared caches, without a cookie, are kept; the rest is hit-for-miss, so
  # the next request for that address goes to the shop with its own cookies at once.
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control !~ "(^|,)\s*public" || beresp.http.Cache-Control !~ "s-maxage=") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # s-maxage sets the ttl; stale-while-revalidate the grace (Varnish reads both from Cache-Control).
  if (beresp.http.Cache-Control ~ "stale-while-revalidate=") {
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, ".*stale-while-revalidate=([0-9]+).*", "\1") + "s", 0s);
  }
  return (deliver);
}

sub vcl_deliver {
  if (obj.uncacheable) {
    set resp.http.X-Cache = "pass";
  } elsif (obj.hits > 0) {
    set resp.http.X-Cache = "hit";
  } else {
    set resp.http.X-Cache = "miss";
  }
}
