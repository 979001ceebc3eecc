import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  afterTitleSettled,
  FLUSH_DELAY_MS,
  hashIdentity,
  maskPostcode,
  normaliseIdentity,
  PAGE_TITLE_DELAY_MS,
  TrackingQueue,
  trackedCustomer,
} from "./tracking-queue.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("personal data in tracking", () => {
  it("hashes e-mail and names with SHA-256 after lower-casing and removing spaces", async () => {
    expect(normaliseIdentity("  Anna Maria@Example.DE ")).toBe("annamaria@example.de");
    expect(await hashIdentity(" Anna.Muster@Example.de ")).toBe(sha256("anna.muster@example.de"));
    expect(await hashIdentity("Anna Maria")).toBe(sha256("annamaria"));
    expect(await hashIdentity("anna maria")).toBe(await hashIdentity("AnnaMaria"));
    expect(await hashIdentity("Zoë\tLe Gall")).toBe(sha256("zoëlegall"));
  });

  it("keeps a postcode's first digit and masks the rest", () => {
    expect(maskPostcode("10115")).toBe("1****");
    expect(maskPostcode("1010")).toBe("1***");
    expect(maskPostcode("8 001")).toBe("8***");
    expect(maskPostcode("")).toBe("");
  });

  it("turns a purchase's customer into hashes and a masked postcode only", async () => {
    const customer = await trackedCustomer({
      email: "Max@Example.com",
      firstName: "Max",
      lastName: "Muster Mann",
      postcode: "80331",
    });
    expect(customer).toEqual({
      emailHash: sha256("max@example.com"),
      firstNameHash: sha256("max"),
      lastNameHash: sha256("mustermann"),
      postcode: "8****",
    });
    expect(JSON.stringify(customer)).not.toMatch(/Max|Muster|80331/i);
  });
});

describe("the tracking queue", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function queue(allowed = () => true) {
    const send = vi.fn();
    return { send, queue: new TrackingQueue<string>({ allowed, send }) };
  }

  it("sends events together after the flush delay of 1000 ms, counted from the first", () => {
    const { send, queue: q } = queue();
    q.push("view");
    vi.advanceTimersByTime(600);
    q.push("click");
    vi.advanceTimersByTime(FLUSH_DELAY_MS - 600 - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith(["view", "click"]);
    expect(q.size).toBe(0);
    q.push("purchase");
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(send).toHaveBeenLastCalledWith(["purchase"]);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("sends at once when flushed (the page is hidden), and nothing twice", () => {
    const { send, queue: q } = queue();
    q.push("view");
    q.flush();
    expect(send).toHaveBeenCalledExactlyOnceWith(["view"]);
    vi.advanceTimersByTime(FLUSH_DELAY_MS * 2);
    expect(send).toHaveBeenCalledTimes(1);
    q.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("queues nothing without consent or with a privacy signal, and drops what consent was withdrawn for", () => {
    let allowed = false;
    const { send, queue: q } = queue(() => allowed);
    q.push("before consent");
    expect(q.size).toBe(0);
    allowed = true;
    q.push("after consent");
    allowed = false;
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(send).not.toHaveBeenCalled();
    allowed = true;
    q.push("again");
    q.clear();
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(send).not.toHaveBeenCalled();
  });

  it("reads the page title 500 ms after the navigation, unless a newer one came first", () => {
    const read = vi.fn();
    afterTitleSettled(read);
    vi.advanceTimersByTime(PAGE_TITLE_DELAY_MS - 1);
    expect(read).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(read).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    const cancel = afterTitleSettled(cancelled);
    vi.advanceTimersByTime(200);
    cancel();
    vi.advanceTimersByTime(PAGE_TITLE_DELAY_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
