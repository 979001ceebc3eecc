import { describe, expect, it } from "vitest";
import { BUILD_CHECK_INTERVAL_MS, createBuildWatcher, isNewerBuild } from "./build-check.ts";

describe("build check", () => {
  it("compares timestamp ids by time and other ids by difference", () => {
    expect(isNewerBuild("20260102120000", "20260101120000")).toBe(true);
    expect(isNewerBuild("20251231120000", "20260101120000")).toBe(false);
    expect(isNewerBuild("20260101120000", "20260101120000")).toBe(false);
    expect(isNewerBuild("abc123", "def456")).toBe(true);
    expect(isNewerBuild("", "20260101120000")).toBe(false);
  });

  it("asks at most once per 10 seconds and marks the page stale when a newer build is out", async () => {
    let now = 1_000_000;
    let latest = "20260101120000";
    let calls = 0;
    const watcher = createBuildWatcher({
      running: "20260101120000",
      fetchLatest: async () => {
        calls++;
        return latest;
      },
      now: () => now,
    });
    expect(BUILD_CHECK_INTERVAL_MS).toBe(10_000);
    await watcher.check();
    expect(calls).toBe(1);
    expect(watcher.stale).toBe(false);
    latest = "20260102080000";
    now += 9_999;
    await watcher.check();
    expect(calls).toBe(1);
    now += 1;
    await watcher.check();
    expect(calls).toBe(2);
    expect(watcher.stale).toBe(true);
    now += 60_000;
    await watcher.check();
    expect(calls).toBe(2); // once stale, nothing more to ask
  });

  it("survives a failing request and tries again later", async () => {
    let now = 0;
    let fail = true;
    const watcher = createBuildWatcher({
      running: "a",
      fetchLatest: async () => {
        if (fail) throw new Error("offline");
        return "b";
      },
      now: () => now,
    });
    await watcher.check();
    expect(watcher.stale).toBe(false);
    fail = false;
    now += 10_000;
    await watcher.check();
    expect(watcher.stale).toBe(true);
  });
});
