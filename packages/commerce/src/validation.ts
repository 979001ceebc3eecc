import { z } from "zod";
import { MAX_ROW_ID } from "./util.ts";

/**
 * Zod messages in the wording of the specification's schema messages (section 5): "value is required.",
 * "minimum value of N not respected." … Messages a schema sets itself win over these.
 */
export const specErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return "value is required.";
      const expected = String(issue.expected);
      if (expected === "number" || expected === "int") return "value is not a number.";
      if (expected === "boolean") return "value is not a boolean.";
      if (expected === "string") return "value is not a string.";
      return `value is not a${/^[aeiou]/.test(expected) ? "n" : ""} ${expected}.`;
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return min <= 1 ? "value is an empty string." : `value contains less than ${min} characters`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return `minimum value of ${min} not respected.`;
      return `value contains less than ${min}`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return `maximum value of ${max} not respected.`;
      return `value contains more than ${max}`;
    }
    case "invalid_value": {
      if (issue.input === undefined) return "value is required.";
      const allowed = issue.values.slice(0, 12).map(String).join(", ");
      return `value is not in enum. Allowed: ${allowed}${issue.values.length > 12 ? ", …" : ""}`;
    }
    case "invalid_format":
      if (issue.format === "url") return "value is not a valid URL.";
      if (issue.format === "email") return "value is not a valid e-mail address.";
      return undefined;
    case "unrecognized_keys":
      return `unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`;
    default:
      return undefined;
  }
};

export interface FieldIssue {
  field: string;
  message: string;
}

/** Flattens zod issues to `{ field, message }` with dotted paths (`variants.2.size`). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join(".") || "(root)", message: issue.message }));
}

/** The id of a row in a payload. */
export const rowId = z.number().int().positive().max(MAX_ROW_ID);

/**
 * Control characters other than tab and line breaks: no text of the shop holds them, and PostgreSQL cannot
 * store NUL in a text column at all, so they are refused where input enters rather than failing in the database.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** A string from a client: every text field of a schema starts here (names, addresses, keys, ids). */
export function text() {
  return z.string().refine((value) => !hasControlCharacters(value), {
    message: "value contains control characters.",
  });
}
