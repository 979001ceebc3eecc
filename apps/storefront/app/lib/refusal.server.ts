import { type DomainFailure, type FormRefusal, failureAnswer } from "@vitrine/commerce";
import { data } from "react-router";
import type { FormFailure } from "./account-forms.ts";

/**
 * A refused action or loader: `body` is what the page shows, the status and `Retry-After` come from the one
 * error mapper (`failureAnswer`), so a page never picks its own status for a domain failure.
 */
export function refused<T>(body: T, failure: DomainFailure) {
  const { status, retryAfterSeconds } = failureAnswer(failure);
  return data(body, {
    status,
    ...(retryAfterSeconds !== undefined ? { headers: { "retry-after": String(retryAfterSeconds) } } : {}),
  });
}

/** Minutes to show for a rate limit's wait (a page says "in {minutes} minutes"). */
export function waitMinutes(retryAfterSeconds: number): number {
  return Math.ceil(retryAfterSeconds / 60);
}

/**
 * An account form refused: field issues for `invalid`, the wait for `rate_limited`, otherwise the refusal's code
 * as the form's message (`error` overrides it where the page words the same refusal more precisely).
 */
export function formRefused(
  intent: string,
  failure: FormRefusal,
  extra: { values?: Record<string, string>; error?: string; errorValues?: Record<string, string | number> } = {},
) {
  const { values, error, errorValues } = extra;
  let body: FormFailure;
  if (failure.error === "invalid") body = { intent, issues: [...failure.issues], ...(values ? { values } : {}) };
  else if (failure.error === "rate_limited") {
    body = {
      intent,
      error: "rate_limited",
      errorValues: { minutes: waitMinutes(failure.retryAfterSeconds) },
      ...(values ? { values } : {}),
    };
  } else
    body = {
      intent,
      error: error ?? failure.error,
      ...(errorValues ? { errorValues } : {}),
      ...(values ? { values } : {}),
    };
  return refused(body, failure);
}

/** A form refusal built in a page: a field issue (`invalid`) or one of the mapper's codes. */
export function fieldIssues(issues: { field: string; code: string }[]): FormRefusal {
  return { ok: false, error: "invalid", issues };
}

export function refusal(error: Exclude<FormRefusal["error"], "invalid" | "rate_limited">): FormRefusal {
  return { ok: false, error };
}

export function rateLimitedFor(retryAfterSeconds: number): FormRefusal {
  return { ok: false, error: "rate_limited", retryAfterSeconds };
}

/** A form this page cannot read (a missing or malformed field sent around the page's own form). */
export function invalidForm(intent: string): DomainFailure {
  return { ok: false, error: "InvalidInput", detail: `The form "${intent}" is incomplete or malformed.` };
}
