import { SearchValidationError } from "../api/errors.ts";

/**
 * A small part of the classic query syntax, for the aq / cq / dq / lq expressions: free words, "phrases",
 * field expressions (`@field==value`, `@field=value`, `@field<>value`, `@field==("a","b")`, `@field`), `NOT`,
 * `AND`, `OR` and parentheses. Words next to each other are joined with AND.
 */

export type Expression =
  | { kind: "word"; text: string }
  | { kind: "field"; field: string; op: "==" | "=" | "<>" | "exists"; values: string[] }
  | { kind: "not"; inner: Expression }
  | { kind: "and" | "or"; parts: Expression[] };

type Token =
  | { t: "word"; v: string }
  | { t: "field"; v: string }
  | { t: "op"; v: "==" | "=" | "<>" }
  | { t: "("; v: "(" }
  | { t: ")"; v: ")" }
  | { t: ","; v: "," }
  | { t: "string"; v: string };

function invalid(field: string, message: string): SearchValidationError {
  return new SearchValidationError([{ field, message }]);
}

function lex(input: string, field: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "(" || c === ")" || c === ",") {
      out.push({ t: c, v: c } as Token);
      i++;
    } else if (c === '"') {
      const end = input.indexOf('"', i + 1);
      if (end < 0) throw invalid(field, `unclosed quote at ${i}`);
      out.push({ t: "string", v: input.slice(i + 1, end) });
      i = end + 1;
    } else if (c === "@") {
      const m = /^@([A-Za-z_][A-Za-z0-9_]*)/.exec(input.slice(i));
      if (!m) throw invalid(field, `a field name must follow @ at ${i}`);
      out.push({ t: "field", v: (m[1] as string).toLowerCase() });
      i += m[0].length;
    } else if (input.startsWith("==", i) || input.startsWith("<>", i)) {
      out.push({ t: "op", v: input.slice(i, i + 2) as "==" | "<>" });
      i += 2;
    } else if (c === "=") {
      out.push({ t: "op", v: "=" });
      i++;
    } else {
      const m = /^[^\s()",=<>@]+/.exec(input.slice(i));
      if (!m) throw invalid(field, `unexpected character "${c}" at ${i}`);
      out.push({ t: "word", v: m[0] });
      i += m[0].length;
    }
  }
  return out;
}

export function parseExpression(input: string, field: string): Expression | undefined {
  if (input.length > 10_000) throw invalid(field, "is longer than 10000 characters");
  const tokens = lex(input, field);
  if (tokens.length === 0) return undefined;
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos];

  const orExpr = (): Expression => {
    const parts = [andExpr()];
    while (peek()?.t === "word" && peek()?.v === "OR") {
      pos++;
      parts.push(andExpr());
    }
    return parts.length === 1 ? (parts[0] as Expression) : { kind: "or", parts };
  };
  const andExpr = (): Expression => {
    const parts = [unary()];
    for (;;) {
      const next = peek();
      if (!next || next.t === ")" || (next.t === "word" && next.v === "OR")) break;
      if (next.t === "word" && next.v === "AND") pos++;
      parts.push(unary());
    }
    return parts.length === 1 ? (parts[0] as Expression) : { kind: "and", parts };
  };
  const value = (): string => {
    const next = peek();
    if (next && (next.t === "word" || next.t === "string")) {
      pos++;
      return next.v;
    }
    throw invalid(field, `a value is missing at token ${pos + 1}`);
  };
  const unary = (): Expression => {
    const next = peek();
    if (!next) throw invalid(field, "the expression ends too early");
    if (next.t === "word" && next.v === "NOT") {
      pos++;
      return { kind: "not", inner: unary() };
    }
    if (next.t === "(") {
      pos++;
      if (++depth > 32) throw invalid(field, "nests more than 32 parentheses");
      const inner = orExpr();
      if (peek()?.t !== ")") throw invalid(field, "a closing parenthesis is missing");
      pos++;
      depth--;
      return inner;
    }
    if (next.t === "field") {
      pos++;
      const op = peek();
      if (op?.t !== "op") return { kind: "field", field: next.v, op: "exists", values: [] };
      pos++;
      const values: string[] = [];
      if (peek()?.t === "(") {
        pos++;
        values.push(value());
        while (peek()?.t === ",") {
          pos++;
          values.push(value());
        }
        if (peek()?.t !== ")") throw invalid(field, "a closing parenthesis is missing after the values");
        pos++;
      } else values.push(value());
      return { kind: "field", field: next.v, op: op.v, values };
    }
    if (next.t === "word" || next.t === "string") {
      pos++;
      return { kind: "word", text: next.v };
    }
    throw invalid(field, `unexpected "${next.v}" at token ${pos + 1}`);
  };
  const expression = orExpr();
  if (pos < tokens.length) throw invalid(field, `unexpected "${(tokens[pos] as Token).v}" at token ${pos + 1}`);
  return expression;
}

/** Words of an expression that are free text (for lq: the words of the large query). */
export function freeWords(expression: Expression | undefined): string[] {
  if (!expression) return [];
  switch (expression.kind) {
    case "word":
      return [expression.text];
    case "and":
    case "or":
      return expression.parts.flatMap(freeWords);
    default:
      return [];
  }
}
