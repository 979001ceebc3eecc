import { describe, expect, it } from "vitest";
import { keepChosenValuesVisible, type ValueState } from "./listing.ts";

const values = (...states: ValueState[]) => states.map((state, i) => ({ label: `v${i}`, state }));
const labels = (list: { label: string }[]) => list.map((v) => v.label);

describe("keepChosenValuesVisible", () => {
  it("moves a selected value from behind 'show more' to the first idle place, pushing the last shown idle one down", () => {
    const list = values("idle", "idle", "idle", "idle", "selected");
    expect(labels(keepChosenValuesVisible(list, 3))).toEqual(["v4", "v0", "v1", "v2", "v3"]);
  });

  it("takes the first idle place after values already chosen, and keeps excluded ones in sight too", () => {
    const list = values("selected", "idle", "idle", "idle", "excluded", "idle", "selected");
    const kept = keepChosenValuesVisible(list, 3);
    expect(labels(kept)).toEqual(["v0", "v4", "v6", "v1", "v2", "v3", "v5"]);
    expect(kept.slice(0, 3).map((v) => v.state)).toEqual(["selected", "excluded", "selected"]);
  });

  it("leaves the order alone when every chosen value is already shown, or there is no idle place left", () => {
    const shown = values("idle", "selected", "idle", "idle");
    expect(labels(keepChosenValuesVisible(shown, 2))).toEqual(["v0", "v1", "v2", "v3"]);
    const full = values("selected", "selected", "selected");
    expect(labels(keepChosenValuesVisible(full, 2))).toEqual(["v0", "v1", "v2"]);
    expect(keepChosenValuesVisible([], 8)).toEqual([]);
  });
});
