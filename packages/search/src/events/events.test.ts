import { describe, expect, it } from "vitest";
import { SearchValidationError } from "../api/errors.ts";
import { MAX_EVENTS_PER_REQUEST, parseEvents } from "./events.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const meta = (type: string, trackingId = "comma_ch") => ({ type, clientId: "c-1", config: { trackingId }, ts: 1 });
const product = { productId: "1001", name: "Kleid", price: 59.95 };

describe("shopper events", () => {
  it("turn the protocol's events into rows, one per purchased product", () => {
    const parsed = parseEvents(
      [
        { currency: "CHF", product, meta: meta("ec.productView") },
        { currency: "CHF", product, position: 3, responseId: "r-1", meta: meta("ec.productClick") },
        { currency: "CHF", product, action: "add", quantity: 2, meta: meta("ec.cartAction") },
        {
          currency: "CHF",
          products: [
            { product, quantity: 1 },
            { product: { ...product, productId: "1002" }, quantity: 2 },
          ],
          transaction: { id: "o-9", revenue: 150 },
          meta: meta("ec.purchase"),
        },
        { meta: meta("itemClick") },
      ],
      { now: NOW },
    );
    expect(parsed.accepted).toBe(4);
    expect(parsed.ignored).toBe(1);
    expect(parsed.rows.map((r) => [r.type, r.product_id, r.quantity, r.transaction_id, r.store_code])).toEqual([
      ["ec.productView", 1001, null, null, "ch"],
      ["ec.productClick", 1001, null, null, "ch"],
      ["ec.cartAction", 1001, 2, null, "ch"],
      ["ec.purchase", 1001, 1, "o-9", "ch"],
      ["ec.purchase", 1002, 2, "o-9", "ch"],
    ]);
    expect(parsed.clicks).toEqual([{ responseId: "r-1", productId: "1001" }]);
    expect(parsed.rows[0]?.created_at).toBe(NOW.toISOString());
  });

  it("count events sent with an API key and no client id as the anonymous shopper", () => {
    const event = { currency: "EUR", product, meta: { type: "ec.productView" } };
    expect(parseEvents(event, { now: NOW, anonymous: true }).rows[0]?.client_id).toBe("anonymous");
    expect(parseEvents(event, { now: NOW }).rows[0]?.client_id).toBeNull();
  });

  it("take the store of the access token over the event's tracking id", () => {
    const parsed = parseEvents(
      { currency: "EUR", product, meta: meta("ec.productView", "comma_de") },
      {
        now: NOW,
        storeCode: "at",
      },
    );
    expect(parsed.rows[0]?.store_code).toBe("at");
  });

  it("refuse events that miss what their type needs, naming every problem", () => {
    try {
      parseEvents(
        [
          { currency: "EUR", meta: meta("ec.productView") },
          { currency: "EUR", product, action: "buy", quantity: 0, meta: meta("ec.cartAction") },
          { product },
        ],
        { now: NOW },
      );
      throw new Error("expected a validation error");
    } catch (error) {
      expect(error).toBeInstanceOf(SearchValidationError);
      expect((error as SearchValidationError).issues).toEqual([
        { field: "0.product", message: "value is required." },
        expect.objectContaining({ field: "1.action" }),
        { field: "1.quantity", message: "minimum value of 1 not respected." },
        { field: "2.meta", message: "value is required." },
      ]);
    }
  });

  it("refuse too many events at once", () => {
    const many = Array.from({ length: MAX_EVENTS_PER_REQUEST + 1 }, () => ({ meta: meta("x") }));
    expect(() => parseEvents(many, { now: NOW })).toThrow(SearchValidationError);
  });
});
