/**
 * Debian's Chromium as the browser journeys and the benchmark start it: headless, as root, and with the
 * background networking switched off (this machine's closed network refuses it, many connections at a time).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
