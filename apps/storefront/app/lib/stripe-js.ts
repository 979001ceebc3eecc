/**
 * Loads Stripe.js on the payment step only: one `<script>` from Stripe's origin (the Content-Security-Policy
 * allows it on that page only, security.server.ts), added once however often the page mounts. Card data goes
 * from Stripe's frames to Stripe; the shop's server never sees it.
 */

export const STRIPE_JS_URL = "https://js.stripe.com/v3/";

/** The part of Stripe.js the payment page uses. */
export interface StripeJs {
  elements(options: { clientSecret: string; locale?: string; appearance?: Record<string, unknown> }): {
    create(type: "payment", options?: Record<string, unknown>): { mount(target: HTMLElement): void; destroy(): void };
  };
  confirmPayment(options: {
    elements: unknown;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string; type?: string } }>;
}

type StripeFactory = (publishableKey: string) => StripeJs;

interface ScriptHost {
  querySelector(selector: string): Element | null;
  createElement(tag: "script"): HTMLScriptElement;
  head: { appendChild(node: Node): unknown };
}

let loading: Promise<StripeFactory> | null = null;

export function loadStripeJs(
  doc: ScriptHost = document,
  win: { Stripe?: StripeFactory } = window as unknown as { Stripe?: StripeFactory },
  url = STRIPE_JS_URL,
): Promise<StripeFactory> {
  if (win.Stripe) return Promise.resolve(win.Stripe);
  if (loading) return loading;
  loading = new Promise<StripeFactory>((resolve, reject) => {
    const existing = doc.querySelector(`script[src="${url}"]`) as HTMLScriptElement | null;
    const script = existing ?? doc.createElement("script");
    script.addEventListener("load", () => (win.Stripe ? resolve(win.Stripe) : reject(new Error("Stripe.js missing"))));
    script.addEventListener("error", () => {
      loading = null;
      reject(new Error("Stripe.js could not be loaded"));
    });
    if (!existing) {
      script.src = url;
      script.async = true;
      doc.head.appendChild(script);
    }
  });
  return loading;
}

/** For tests: forget a load in progress. */
export function resetStripeJs(): void {
  loading = null;
}
