import { describe, expect, it } from "vitest";
import {
  ANSWER_RETRIES,
  AnswerStreamError,
  type AnswerStreamMessage,
  STREAM_RECONNECT_MS,
  streamAnswer,
  type Timers,
} from "./answer-stream.ts";

/** Timers that run only when the test says so, recording each delay asked for. */
function manualTimers() {
  const pending: { callback: () => void; ms: number; handle: number }[] = [];
  const delays: number[] = [];
  let next = 0;
  const timers: Timers = {
    setTimeout(callback, ms) {
      delays.push(ms);
      const handle = ++next;
      pending.push({ callback, ms, handle });
      return handle;
    },
    clearTimeout(handle) {
      const i = pending.findIndex((p) => p.handle === handle);
      if (i >= 0) pending.splice(i, 1);
    },
  };
  return {
    timers,
    delays,
    pending,
    /** Runs the timer waiting now (there is at most one). */
    fire() {
      const timer = pending.shift();
      if (!timer) throw new Error("no timer waits");
      timer.callback();
    },
  };
}

const sse = (messages: AnswerStreamMessage[]) => messages.map((m) => `data: ${JSON.stringify(m)}\n\n`).join("");

const HEADER: AnswerStreamMessage = {
  payloadType: "genqa.headerMessageType",
  payload: '{"contentFormat":"text/plain"}',
};
const delta = (textDelta: string): AnswerStreamMessage => ({
  payloadType: "genqa.messageType",
  payload: JSON.stringify({ textDelta }),
});
const END: AnswerStreamMessage = {
  payloadType: "genqa.endOfStreamType",
  payload: '{"answerGenerated":true}',
  finishReason: "COMPLETED",
};
const COMPLETE = sse([HEADER, delta("Rücksendungen "), delta("sind 30 Tage kostenlos."), END]);

/** A stream of the given chunks, then an end, or a network error when `breakOff` says so. */
function streamOf(chunks: string[], breakOff = false): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (breakOff) controller.error(new TypeError("network error"));
      else controller.close();
    },
  });
}

type Attempt = Response | Error;
const eventStream = (body: ReadableStream<Uint8Array> | string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/event-stream; charset=utf-8" } });

/**
 * A fake answer endpoint: each attempt takes the next planned answer. The test drives the retries' timers; the
 * reader's promise settles between them.
 */
function fakeSource(plan: Attempt[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    open: async () => {
      const next = plan[calls++];
      if (!next) throw new Error("more attempts than planned");
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

/** Lets the reader's promise chains run (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => queueMicrotask(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
};

function run(plan: Attempt[], signal?: AbortSignal) {
  const clock = manualTimers();
  const source = fakeSource(plan);
  const messages: AnswerStreamMessage[] = [];
  const retries: number[] = [];
  const logs: string[] = [];
  let outcome: { ok: true } | { ok: false; error: unknown } | undefined;
  streamAnswer({
    open: source.open,
    timers: clock.timers,
    ...(signal ? { signal } : {}),
    log: (message) => logs.push(message),
    onMessage: (message) => messages.push(message),
    onRetry: (attempt) => {
      retries.push(attempt);
      messages.length = 0;
    },
  }).then(
    () => {
      outcome = { ok: true };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  return {
    clock,
    source,
    messages,
    retries,
    logs,
    get outcome() {
      return outcome;
    },
  };
}

const texts = (messages: AnswerStreamMessage[]) =>
  messages
    .filter((m) => m.payloadType === "genqa.messageType")
    .map((m) => (JSON.parse(m.payload as string) as { textDelta: string }).textDelta)
    .join("");

describe("the answer stream reader (sections 7-9: 3 retries, reconnect after 1000 ms)", () => {
  it("reads a whole answer in one attempt, whatever the chunking", async () => {
    const split = [COMPLETE.slice(0, 7), COMPLETE.slice(7, 60), COMPLETE.slice(60)];
    const reader = run([eventStream(streamOf(split))]);
    await settle();
    expect(reader.outcome).toEqual({ ok: true });
    expect(texts(reader.messages)).toBe("Rücksendungen sind 30 Tage kostenlos.");
    expect(reader.clock.delays).toEqual([]);
    expect(reader.source.calls).toBe(1);
  });

  it("reconnects 1000 ms after a stream broke off, throwing the partial answer away", async () => {
    const partial = sse([HEADER, delta("Rücksendungen ")]);
    const reader = run([eventStream(streamOf([partial], true)), eventStream(COMPLETE)]);
    await settle();
    expect(reader.outcome).toBeUndefined();
    expect(reader.retries).toEqual([1]);
    expect(reader.messages).toEqual([]);
    expect(reader.clock.delays).toEqual([STREAM_RECONNECT_MS]);
    expect(reader.source.calls).toBe(1);
    reader.clock.fire();
    await settle();
    expect(reader.outcome).toEqual({ ok: true });
    expect(texts(reader.messages)).toBe("Rücksendungen sind 30 Tage kostenlos.");
    expect(reader.source.calls).toBe(2);
  });

  it("retries a failed fetch, a 503, a 429 and a stream that ends without its end message", async () => {
    const reader = run([
      new TypeError("Failed to fetch"),
      new Response("busy", { status: 503 }),
      new Response("slow down", { status: 429 }),
      eventStream(sse([HEADER, delta("Halb")])),
    ]);
    for (let attempt = 1; attempt <= ANSWER_RETRIES; attempt++) {
      await settle();
      expect(reader.retries).toHaveLength(attempt);
      reader.clock.fire();
    }
    await settle();
    expect(reader.source.calls).toBe(ANSWER_RETRIES + 1);
    expect(reader.clock.delays).toEqual([1000, 1000, 1000]);
    // Three retries spent: the fourth failure ends it.
    expect(reader.outcome).toMatchObject({ ok: false });
    const error = (reader.outcome as { error: AnswerStreamError }).error;
    expect(error).toBeInstanceOf(AnswerStreamError);
    expect(error.message).toBe("Failed to complete stream.");
    expect(error.code).toBe(1);
    expect(reader.logs).toEqual([
      "answer: Retrying...(1/3)",
      "answer: Retrying...(2/3)",
      "answer: Retrying...(3/3)",
      "answer: Maximum retry exceeded.",
    ]);
  });

  it("succeeds on the last retry", async () => {
    const reader = run([
      new Response("", { status: 502 }),
      new Response("", { status: 504 }),
      new TypeError("Failed to fetch"),
      eventStream(COMPLETE),
    ]);
    for (let i = 0; i < 3; i++) {
      await settle();
      reader.clock.fire();
    }
    await settle();
    expect(reader.outcome).toEqual({ ok: true });
    expect(reader.source.calls).toBe(4);
    expect(texts(reader.messages)).toBe("Rücksendungen sind 30 Tage kostenlos.");
  });

  it.each([
    ["a 400", new Response('{"message":"bad"}', { status: 400 }), 400],
    ["a 401", new Response("", { status: 401 }), 401],
    ["a 404", new Response("", { status: 404 }), 404],
  ])("does not retry %s", async (_, response, kind) => {
    const reader = run([response]);
    await settle();
    expect(reader.outcome).toMatchObject({ ok: false, error: { kind, retryable: false } });
    expect(reader.clock.delays).toEqual([]);
    expect(reader.source.calls).toBe(1);
  });

  it("does not retry an answer of another content type", async () => {
    const reader = run([new Response("{}", { status: 200, headers: { "content-type": "application/json" } })]);
    await settle();
    expect(reader.outcome).toMatchObject({
      ok: false,
      error: { message: "Expected content-type to be text/event-stream, Actual: application/json" },
    });
    expect(reader.source.calls).toBe(1);
  });

  it("stops at a finishReason ERROR with its message and code, without retrying", async () => {
    const reader = run([
      eventStream(sse([HEADER, { finishReason: "ERROR", errorMessage: "Index unavailable", code: 7 }])),
      eventStream(COMPLETE),
    ]);
    await settle();
    expect(reader.outcome).toMatchObject({
      ok: false,
      error: { kind: "STREAM_ERROR", message: "Index unavailable", code: 7 },
    });
    expect(reader.logs).toEqual(["answer: Index unavailable"]);
    expect(reader.source.calls).toBe(1);
  });

  it("does not retry a message that is not JSON", async () => {
    const reader = run([eventStream("data: {not json\n\n")]);
    await settle();
    expect(reader.outcome).toMatchObject({ ok: false, error: { kind: "PARSING_ERROR" } });
    expect(reader.source.calls).toBe(1);
  });

  it("stops waiting for a reconnect when aborted (the shopper asked another question)", async () => {
    const abort = new AbortController();
    const reader = run([new Response("", { status: 503 }), eventStream(COMPLETE)], abort.signal);
    await settle();
    expect(reader.clock.pending).toHaveLength(1);
    abort.abort();
    await settle();
    expect(reader.clock.pending).toHaveLength(0);
    expect(reader.outcome).toMatchObject({ ok: false });
    expect(reader.source.calls).toBe(1);
  });
});
