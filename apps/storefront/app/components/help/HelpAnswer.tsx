import { useEffect, useId, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";
import { streamAnswer } from "../../lib/answer-stream.ts";
import type { HelpAnswerView } from "../../lib/help.ts";
import { Link } from "../Link.tsx";

type Status = "streaming" | "retrying" | "done" | "cannot" | "error";

interface Citation {
  title: string;
  path: string;
}

/** The document's path without the store prefix (citations carry `/{store}/s/{slug}/`). */
function storePath(uri: string, storePrefix: string): string {
  const path = uri.replace(/^https?:\/\/[^/]+/, "");
  return path.startsWith(`${storePrefix}/`) ? path.slice(storePrefix.length) : path;
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
    let generated = false;
    streamAnswer({
      signal: abort.signal,
      open: (signal) =>
        fetch(endpoint, {
          method: "POST",
          signal,
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            accept: "text/event-stream",
          },
          body: JSON.stringify({ q: query, facets }),
        }),
      // A reconnect answers from the start: what the broken attempt showed goes.
      onRetry: () => {
        setStatus("retrying");
        setText("");
        setCitations([]);
      },
      onMessage: (message) => {
        const payload = message.payload ? (JSON.parse(message.payload) as Record<string, unknown>) : {};
        if (message.payloadType === "genqa.headerMessageType") {
          setStatus("streaming");
        } else if (message.payloadType === "genqa.messageType" && typeof payload.textDelta === "string") {
          const delta = payload.textDelta;
          setStatus("streaming");
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
      },
    }).then(
      () => setStatus(generated ? "done" : "cannot"),
      () => {
        // Logged by the reader; the results below stay.
        if (!abort.signal.aborted) setStatus("error");
      },
    );
    return () => abort.abort();
  }, [streamed, endpoint, token, query, facets, storePrefix]);

  const paragraphs = text.split(/\n\n/).filter((p) => p.trim() !== "");
  return (
    <section className="help-answer" aria-labelledby={headingId}>
      <h2 id={headingId} className="help-answer__heading">
        {t("help.answer_heading")}
      </h2>
      <div className="help-answer__live" aria-live="polite" aria-busy={status === "streaming" || status === "retrying"}>
        {status === "retrying" ? <p className="help-answer__status">{t("help.answer_retrying")}</p> : null}
        {status === "streaming" && paragraphs.length === 0 ? (
          <p className="help-answer__status">{t("help.answer_generating")}</p>
        ) : null}
        {status === "cannot" ? <p className="help-answer__status">{t("help.answer_cannot")}</p> : null}
        {status === "error" ? <p className="help-answer__status">{t("help.answer_error")}</p> : null}
        {status === "streaming" || status === "done" ? (
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
