import { describe, expect, it } from "vitest";
import { jsonTextTooDeep, jsonValueTooDeep } from "./json.ts";

describe("JSON nesting bounds", () => {
  it("count the brackets of a text outside strings, escaped quotes included", () => {
    expect(jsonTextTooDeep('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonTextTooDeep('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonTextTooDeep(`{"a":"${"[".repeat(50)}"}`, 2)).toBe(false);
    expect(jsonTextTooDeep(`{"a":"\\"${"{".repeat(50)}"}`, 2)).toBe(false);
    expect(jsonTextTooDeep(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toBe(true);
  });

  it("walk a parsed value without recursion", () => {
    expect(jsonValueTooDeep({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(jsonValueTooDeep({ a: [{ b: [1] }] }, 3)).toBe(true);
    expect(jsonValueTooDeep("text", 0)).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonValueTooDeep(deep)).toBe(true);
  });
});
