-- wrk's summary as one JSON line (scripts/bench/load.ts reads it): requests, errors, seconds, latency percentiles.
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
    + summary.errors.status
  io.write(string.format(
    '{"requests":%d,"errors":%d,"seconds":%f,"p50":%f,"p95":%f,"p99":%f}\n',
    summary.requests, errors, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000
  ))
end
