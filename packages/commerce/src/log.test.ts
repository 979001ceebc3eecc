import { describe, expect, it } from "vitest";
import { createLogger, requestIdFrom } from "./log.ts";

describe("request ids", () => {
  it("keeps a plausible incoming id and replaces anything else with a new one", () => {
    expect(requestIdFrom("lb-7f3a.42")).toBe("lb-7f3a.42");
    expect(requestIdFrom("Root=1-67891233-abcdef012345678912345678")).toBe("Root=1-67891233-abcdef012345678912345678");
    for (const bad of [undefined, null, "", "a b", "<script>", "x".repeat(129), "line\nbreak"]) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(requestIdFrom(null)).not.toBe(requestIdFrom(null));
  });
});

describe("logger", () => {
  it("writes one JSON object per line with level, time, pid and the error's stack", () => {
    const lines: string[] = [];
    const log = createLogger({ level: "info", destination: { write: (line: string) => lines.push(line) } });
    log.debug("not at info");
    log.child({ requestId: "r-1" }).error({ err: new Error("boom") }, "request failed");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string);
    expect(line).toMatchObject({ level: "error", pid: process.pid, requestId: "r-1", msg: "request failed" });
    expect(new Date(line.time).toISOString()).toBe(line.time);
    expect(line.err.stack).toContain("Error: boom");
  });
});
