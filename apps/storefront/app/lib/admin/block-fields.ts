/**
 * The content editor's block forms as plain data (built on the server by `block-form.server.ts`, drawn by
 * `components/admin/BlockFields.tsx`), and the names of their form fields.
 */

/** One input or group of inputs, as loader data (plain JSON). `path` is dotted: `items.0.title`. */
export type FieldNode =
  | { kind: "text"; path: string; value: string; multiline: boolean; required: boolean; maxLength?: number }
  | { kind: "number"; path: string; value: string; required: boolean; min?: number; max?: number }
  | { kind: "choice"; path: string; value: string; options: string[]; required: boolean }
  | { kind: "group"; path: string; children: FieldNode[] }
  | { kind: "list"; path: string; items: FieldNode[]; min: number; max: number }
  | { kind: "variant"; path: string; key: string; value: string; options: string[]; children: FieldNode[] }
  | { kind: "json"; path: string; value: string };

/** Form field names of block `index`. */
export const fieldName = (index: number, path: string) => `b${index}.f.${path}`;
export const listLengthName = (index: number, path: string) => `b${index}.f.${path}#`;
export const jsonName = (index: number, path: string) => `b${index}.j.${path}`;
