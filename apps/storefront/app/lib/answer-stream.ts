import { createParser } from "eventsource-parser";

/**
 * The reader of the answer endpoint's event stream (specification sections 7, 8 and 9): retried up to 3 times
 * ("Answer retries 3"), each reconnect 1000 ms after the failure ("Stream reconnect 1000 ms"), the answer read
 * so far thrown away on a reconnect (the endpoint answers again from the start).
 *
 * Retried: a request that fails to reach the server (FETCH_ERROR), an answer with one of the HTTP client's
 * retryable statuses (408, 409, 425, 429, 500, 502, 503, 504), and a stream that breaks off before its end-of-stream
 * message. Not retried: any other status, an answer that is not `text/event-stream` ('Expected content-type to be
 * text/event-stream'), a message that is not JSON (PARSING_ERROR), and a stream that ends with finishReason ERROR
 * (its message and code are kept and logged). The clock is injected so tests need no real time.
 */

export const ANSWER_RETRIES = 3;
export const STREAM_RECONNECT_MS = 1000;
export const EVENT_STREAM_CONTENT_TYPE = "text/event-stream";
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** The code of a stream that could not be completed within its retries. */
export const RETRIES_EXHAUSTED_CODE = 1;

export interface AnswerStreamMessage {
  payloadType?: string;
  payload?: string;
  finishReason?: string;
  errorMessage?: string;
  code?: number;
}

export type AnswerStreamErrorKind = "FETCH_ERROR" | "PARSING_ERROR" | "STREAM_ERROR" | "CONTENT_TYPE" | number;

export class AnswerStreamError extends Error {
  readonly kind: AnswerStreamErrorKind;
  readonly retryable: boolean;
  readonly code: number | undefined;

  constructor(message: string, kind: AnswerStreamErrorKind, retryable: boolean, code?: number) {
    super(message);
    this.name = "AnswerStreamError";
    this.kind = kind;
    this.retryable = retryable;
    this.code = code;
  }
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface AnswerStreamOptions {
  /** Sends the request (a new one for each attempt). */
  open(signal: AbortSignal): Promise<Response>;
  signal?: AbortSignal;
  timers?: Timers;
  /** Where failures are told (the browser's console by default). */
  log?: (message: string, detail?: unknown) => void;
  /** Each message of the current attempt, in order. */
  onMessage(message: AnswerStreamMessage): void;
  /** A reconnect is coming: what the failed attempt showed is to be thrown away. */
  onRetry?(attempt: number, error: AnswerStreamError): void;
}

const isEndOfStream = (message: AnswerStreamMessage) =>
  message.payloadType === "genqa.endOfStreamType" || message.finishReason === "COMPLETED";

/** One attempt: resolves at the end-of-stream message, throws an AnswerStreamError otherwise. */
async function attempt(options: AnswerStreamOptions, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await options.open(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new AnswerStreamError(`Failed to fetch the answer: ${String(error)}`, "FETCH_ERROR", true);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerStreamError(
      `The answer failed with status ${response.status}`,
      response.status,
      RETRYABLE_STATUSES.has(response.status),
    );
  }
  const contentType = response.headers.get("content-type");
  if (!response.body || !contentType?.startsWith(EVENT_STREAM_CONTENT_TYPE)) {
    await response.body?.cancel().catch(() => undefined);
    throw new AnswerStreamError(
      `Expected content-type to be ${EVENT_STREAM_CONTENT_TYPE}, Actual: ${contentType}`,
      "CONTENT_TYPE",
      false,
    );
  }
  let ended = false;
  let failure: AnswerStreamError | undefined;
  const parser = createParser({
    onEvent(event) {
      if (ended || failure) return;
      let message: AnswerStreamMessage;
      try {
        message = JSON.parse(event.data) as AnswerStreamMessage;
      } catch {
        failure = new AnswerStreamError("The answer stream sent a message that is not JSON", "PARSING_ERROR", false);
        return;
      }
      if (message.finishReason === "ERROR") {
        failure = new AnswerStreamError(
          message.errorMessage ?? "The answer stream ended with an error",
          "STREAM_ERROR",
          false,
          message.code,
        );
        return;
      }
      options.onMessage(message);
      if (isEndOfStream(message)) ended = true;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal.aborted) throw error;
        throw new AnswerStreamError(`The answer stream broke off: ${String(error)}`, "FETCH_ERROR", true);
      }
      if (chunk.done) break;
      parser.feed(chunk.value);
      if (failure) throw failure;
      if (ended) return;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  if (failure) throw failure;
  if (!ended) throw new AnswerStreamError("The answer stream ended before its end", "FETCH_ERROR", true);
}

/**
 * Reads the answer, with up to ANSWER_RETRIES reconnects. Resolves when the end-of-stream message arrived;
 * rejects with the AnswerStreamError that ended it (after retries: 'Failed to complete stream.', code 1), or
 * with the abort reason when the signal aborted.
 */
export async function streamAnswer(options: AnswerStreamOptions): Promise<void> {
  const timers = options.timers ?? realTimers;
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  const signal = options.signal ?? new AbortController().signal;
  for (let retries = 0; ; retries++) {
    signal.throwIfAborted();
    try {
      await attempt(options, signal);
      return;
    } catch (error) {
      if (signal.aborted || !(error instanceof AnswerStreamError)) throw error;
      if (!error.retryable) {
        log(`answer: ${error.message}`, { kind: error.kind, code: error.code });
        throw error;
      }
      if (retries >= ANSWER_RETRIES) {
        log("answer: Maximum retry exceeded.", { kind: error.kind, message: error.message });
        throw new AnswerStreamError("Failed to complete stream.", error.kind, false, RETRIES_EXHAUSTED_CODE);
      }
      log(`answer: Retrying...(${retries + 1}/${ANSWER_RETRIES})`, { kind: error.kind, message: error.message });
      options.onRetry?.(retries + 1, error);
      await wait(timers, STREAM_RECONNECT_MS, signal);
    }
  }
}

function wait(timers: Timers, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      timers.clearTimeout(handle);
      reject(signal.reason);
    };
    const handle = timers.setTimeout(() => {
      signal.removeEventListener("abort", aborted);
      resolve();
    }, ms);
    signal.addEventListener("abort", aborted, { once: true });
  });
}
