import { type LoadResult, measureLoad } from "./load.ts";

/**
 * Basket RPC latency under load: `addItemToBasket` and `getBasket` at 10 concurrent clients, each client a
 * shopper with its own session and basket (as in the shop: baskets are per browser). Variants come from the
 * shop itself (the wishlist answer lists each product's sizes with their stock).
 */
const CONCURRENCY = 10;
const REQUESTS = 600;
const SHOP_ID = 10028;
const FIRST_PRODUCT_ID = 1001;
/** Distinct variants the clients add round-robin: every basket ends with this many lines. */
const VARIANTS = 20;

export interface Session {
  cookie: string;
}

export async function openSession(baseUrl: string): Promise<Session> {
  // A personal page sets a new shopper's browser id (shared pages and the personal data set none).
  const response = await fetch(new URL("/robots.txt", baseUrl));
  await response.arrayBuffer();
  const pairs = response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  return { cookie: pairs.join("; ") };
}

export function rpc(baseUrl: string, session: Session, method: string, payload: unknown): Promise<Response> {
  return fetch(new URL(`/api/rpc/${method}`, baseUrl), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-shop-id": String(SHOP_ID),
      cookie: session.cookie,
      origin: new URL(baseUrl).origin,
    },
    body: JSON.stringify({ payload }),
  });
}

/** Sizes with enough stock for every client to add each one a few times. */
export async function sellableVariants(baseUrl: string, session: Session): Promise<number[]> {
  const ids: number[] = [];
  for (let productId = FIRST_PRODUCT_ID; ids.length < VARIANTS && productId < FIRST_PRODUCT_ID + 400; productId++) {
    const response = await rpc(baseUrl, session, "addItemToWishlist", { productId });
    if (!response.ok) {
      await response.arrayBuffer();
      continue;
    }
    const { wishlist } = (await response.json()) as {
      wishlist: { items: { product: { id: number; variants: { id: number; stock: { quantity: number } }[] } }[] };
    };
    const product = wishlist.items.find((i) => i.product.id === productId)?.product;
    const variant = product?.variants.find((v) => v.stock.quantity >= 10);
    if (variant) ids.push(variant.id);
  }
  await (await rpc(baseUrl, session, "clearWishlist", {})).arrayBuffer();
  if (ids.length < VARIANTS) throw new Error("the shop has too few products in stock for the basket benchmark");
  return ids;
}

export async function benchBasket(baseUrl: string): Promise<(string | LoadResult)[]> {
  const setup = await openSession(baseUrl);
  const variants = await sellableVariants(baseUrl, setup);
  const sessions = await Promise.all(Array.from({ length: CONCURRENCY }, () => openSession(baseUrl)));
  const session = (client: number) => sessions[client] as Session;

  // Each client adds round-robin over the variants: its basket grows to VARIANTS lines of a few units each.
  const addedBy = sessions.map(() => 0);
  const add = await measureLoad({
    name: `addItemToBasket (baskets up to ${VARIANTS} lines)`,
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    warmup: 0,
    run: (client) => {
      const count = (addedBy[client] ?? 0) + 1;
      addedBy[client] = count;
      const variantId = variants[count % VARIANTS];
      return rpc(baseUrl, session(client), "addItemToBasket", { variantId, quantity: 1 });
    },
  });
  const getFull = await measureLoad({
    name: `getBasket (${VARIANTS} lines, priced)`,
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    run: (client) => rpc(baseUrl, session(client), "getBasket", {}),
  });

  // A typical basket: three lines.
  await Promise.all(sessions.map(async (s) => (await rpc(baseUrl, s, "clearBasket", {})).arrayBuffer()));
  await Promise.all(
    sessions.map(async (s) => {
      for (const variantId of variants.slice(0, 3))
        await (await rpc(baseUrl, s, "addItemToBasket", { variantId })).arrayBuffer();
    }),
  );
  const getSmall = await measureLoad({
    name: "getBasket (3 lines, priced)",
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    run: (client) => rpc(baseUrl, session(client), "getBasket", {}),
  });
  return [add, getFull, getSmall];
}
