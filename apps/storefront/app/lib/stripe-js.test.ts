import { afterEach, describe, expect, it } from "vitest";
import { loadStripeJs, resetStripeJs, STRIPE_JS_URL } from "./stripe-js.ts";

/** A document that records the scripts added to it; nothing is fetched. */
function fakeDocument() {
  const scripts: { src: string; async: boolean; listeners: Record<string, () => void> }[] = [];
  return {
    scripts,
    querySelector: (selector: string) =>
      (scripts.find((s) => selector === `script[src="${s.src}"]`) as unknown as Element) ?? null,
    createElement: () => {
      const script = {
        src: "",
        async: false,
        listeners: {} as Record<string, () => void>,
        addEventListener(type: string, fn: () => void) {
          this.listeners[type] = fn;
        },
      };
      return script as unknown as HTMLScriptElement;
    },
    head: {
      appendChild(node: unknown) {
        scripts.push(node as (typeof scripts)[number]);
        return node;
      },
    },
  };
}

afterEach(() => resetStripeJs());

describe("Stripe.js on the payment step", () => {
  it("adds Stripe's script once, from Stripe's origin, and resolves when it has loaded", async () => {
    const doc = fakeDocument();
    const win: { Stripe?: (key: string) => never } = {};
    const first = loadStripeJs(doc, win as never);
    const second = loadStripeJs(doc, win as never);
    expect(doc.scripts).toHaveLength(1);
    expect(doc.scripts[0]).toMatchObject({ src: STRIPE_JS_URL, async: true });
    expect(new URL(STRIPE_JS_URL).origin).toBe("https://js.stripe.com");
    const factory = (() => undefined) as unknown as (key: string) => never;
    win.Stripe = factory;
    doc.scripts[0]?.listeners.load?.();
    expect(await first).toBe(factory);
    expect(await second).toBe(factory);
    // Loaded already: no second script.
    expect(await loadStripeJs(doc, win as never)).toBe(factory);
    expect(doc.scripts).toHaveLength(1);
  });

  it("fails when the script cannot be loaded, and tries again on the next call", async () => {
    const doc = fakeDocument();
    const attempt = loadStripeJs(doc, {} as never);
    doc.scripts[0]?.listeners.error?.();
    await expect(attempt).rejects.toThrow(/could not be loaded/);
    void loadStripeJs(doc, {} as never);
    expect(doc.scripts).toHaveLength(1); // the same tag is reused
  });
});
