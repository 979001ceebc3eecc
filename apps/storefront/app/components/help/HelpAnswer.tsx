import { useEffect, useId, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";
import type { HelpAnswerView } from "../../lib/help.ts";
import { Link } from "../Link.tsx";

type Status = "streaming" | "done" | "cannot" | "error";

interface Citation {
  title: string;
  path: string;
}

interface StreamMessage {
  payloadType?: string;
  payload?: string;
  finishReason?: string;
}

/** The document's path without the store prefix (citations carry `/{store}/s/{slug}/`). */
function storePath(uri: string, storePrefix: string): string {
  const path = uri.replace(/^https?:\/\/[^/]+/, "");
  return path.startsWith(`${storePrefix}/`) ? path.slice(storePrefix.length) : path;
}

/**
 * Reads the answer's event stream (`data: {json}` events separated by blank lines) and reports each message as
 * it arrives.
 */
async function readStream(body: ReadableStream<Uint8Array>, onMessage: (message: StreamMessage) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (data) onMessage(JSON.parse(data) as StreamMessage);
      end = buffer.indexOf("\n\n");
    }
  }
}

/** Whether the help pages have hydrated once (a later answer comes with a client-side navigation). */
let helpPagesHydrated = false;

/** Called by the help pages' components once hydrated. */
export function markHelpPagesHydrated(): void {
  helpPagesHydrated = true;
}

/**
 * The answer to the shopper's question with its sources, in a polite live region. Asked from a page in the
 * browser (a client-side navigation), it streams in from the answer endpoint (the region is busy while it
 * streams, so screen readers read it once complete). A page loaded as a document carries the whole answer
 * (that is the page without JavaScript): it shows as it is.
 */
export function HelpAnswer({ answer, storePrefix }: { answer: HelpAnswerView; storePrefix: string }) {
  const t = useT();
  const headingId = useId();
  const [streamed] = useState(() => helpPagesHydrated);
  const [status, setStatus] = useState<Status>(streamed ? "streaming" : answer.cannotAnswer ? "cannot" : "done");
  const [text, setText] = useState(streamed ? "" : answer.paragraphs.join("\n\n"));
  const [citations, setCitations] = useState<Citation[]>(streamed ? [] : answer.citations);
  const { query, endpoint, token, facets } = answer;

  useEffect(() => {
    markHelpPagesHydrated();
    if (!streamed) return;
    const abort = new AbortController();
    setStatus("streaming");
    setText("");
    setCitations([]);
    (async () => {
      const response = await fetch(endpoint, {
        method: "POST",
        signal: abort.signal,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({ q: query, facets }),
      });
      if (!response.ok || !response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
        throw new Error(`answer: ${response.status}`);
      }
      let generated = false;
      await readStream(response.body, (message) => {
        const payload = message.payload ? (JSON.parse(message.payload) as Record<string, unknown>) : {};
        if (message.finishReason === "ERROR") throw new Error("answer: stream error");
        if (message.payloadType === "genqa.messageType" && typeof payload.textDelta === "string") {
          const delta = payload.textDelta;
          setText((current) => current + delta);
        } else if (message.payloadType === "genqa.citationsType" && Array.isArray(payload.citations)) {
          setCitations(
            (payload.citations as { title: string; clickUri: string }[]).map((c) => ({
              title: c.title,
              path: storePath(c.clickUri, storePrefix),
            })),
          );
        } else if (message.payloadType === "genqa.endOfStreamType") {
          generated = payload.answerGenerated === true;
        }
      });
      setStatus(generated ? "done" : "cannot");
    })().catch((error: unknown) => {
      if (abort.signal.aborted) return;
      console.warn(error);
      setStatus("error");
    });
    return () => abort.abort();
  }, [streamed, endpoint, token, query, facets, storePrefix]);

  const paragraphs = text.split(/\n\n/).filter((p) => p.trim() !== "");
  return (
    <section className="help-answer" aria-labelledby={headingId}>
      <h2 id={headingId} className="help-answer__heading">
        {t("help.answer_heading")}
      </h2>
      <div className="help-answer__live" aria-live="polite" aria-busy={status === "streaming"}>
        {status === "streaming" && paragraphs.length === 0 ? (
          <p className="help-answer__status">{t("help.answer_generating")}</p>
        ) : null}
        {status === "cannot" ? <p className="help-answer__status">{t("help.answer_cannot")}</p> : null}
        {status === "error" ? <p className="help-answer__status">{t("help.answer_error")}</p> : null}
        {status !== "cannot" && status !== "error" ? (
          <AnswerBody paragraphs={paragraphs} citations={citations} streaming={status === "streaming"} />
        ) : null}
      </div>
    </section>
  );
}

function AnswerBody({
  paragraphs,
  citations,
  streaming,
}: {
  paragraphs: string[];
  citations: Citation[];
  streaming: boolean;
}) {
  const t = useT();
  return (
    <>
      <div className="help-answer__text">
        {paragraphs.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs only grow at the end while streaming
          <p key={i}>{p}</p>
        ))}
      </div>
      {citations.length > 0 ? (
        <div className="help-answer__sources">
          <h3 className="help-answer__sources-heading">{t("help.answer_sources")}</h3>
          <ol className="help-answer__citations">
            {citations.map((c) => (
              <li key={c.path}>
                <Link to={c.path}>{c.title}</Link>
              </li>
            ))}
          </ol>
          {streaming ? null : <p className="help-answer__note">{t("help.answer_note")}</p>}
        </div>
      ) : null}
    </>
  );
}
