/**
 * What account forms answer when something is wrong, shared by route actions (server) and pages (browser):
 * a message key per field (`account.error.{code}`) and one for the whole form.
 */
export interface FormIssue {
  field: string;
  code: string;
  values?: Record<string, string | number>;
}

export interface FormFailure {
  intent: string;
  /** Key suffix of a message for the whole form: `account.error.{error}`. */
  error?: string;
  errorValues?: Record<string, string | number>;
  issues?: FormIssue[];
  /** Values to show again (never passwords). */
  values?: Record<string, string>;
}

export function issueFor(failure: FormFailure | undefined, intent: string, field: string): FormIssue | undefined {
  if (!failure || failure.intent !== intent) return undefined;
  return failure.issues?.find((i) => i.field === field);
}

export function valueFor(failure: FormFailure | undefined, intent: string, field: string): string | undefined {
  if (!failure || failure.intent !== intent) return undefined;
  return failure.values?.[field];
}

/** A text field of a submitted form (missing or a file: empty). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The form's fields as strings, without the ones that must never be echoed back. */
export function echoValues(form: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, formText(form, f)]));
}
