import type { ErrorBody } from "./types.ts";

/** An error the search API answers with: `{statusCode, message, type}` as the protocol's clients read it. */
export class SearchApiError extends Error {
  readonly statusCode: number;
  readonly type: string;

  constructor(statusCode: number, type: string, message: string) {
    super(message);
    this.name = "SearchApiError";
    this.statusCode = statusCode;
    this.type = type;
  }

  toJSON(): ErrorBody {
    return { statusCode: this.statusCode, message: this.message, type: this.type };
  }
}

/** Bad input (400): the request does not follow the protocol or the specification's rules. */
export class SearchValidationError extends SearchApiError {
  readonly issues: readonly { field: string; message: string }[];

  constructor(issues: readonly { field: string; message: string }[]) {
    const lines = issues.map((i) => `${i.field}: ${i.message}`);
    super(400, "InvalidRequest", `The following properties are invalid:\n\n\t${lines.join("\n\t")}`);
    this.name = "SearchValidationError";
    this.issues = issues;
  }
}

export const invalid = (field: string, message: string) => new SearchValidationError([{ field, message }]);

export function isSearchApiError(error: unknown): error is SearchApiError {
  return error instanceof SearchApiError;
}
