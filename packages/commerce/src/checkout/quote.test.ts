import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V } from "../basket/test-fixtures.ts";
import { CASH_ON_DELIVERY_FEE } from "../shop/delivery.ts";
import { applyCheckoutGiftCard, getCheckout, saveCheckoutDelivery, saveCheckoutPayment } from "./service.ts";
import {
  ADDRESSES,
  addToBasket,
  type CheckoutTestContext,
  createCheckoutTestContext,
  fillCheckout,
  GIFT_CARDS,
} from "./test-support.ts";

/**
 * Totals as checkout computes them from the priced basket: VAT of the delivery country, promotions, delivery with
 * its free-shipping threshold, the cash-on-delivery fee, gift cards, CHF. Expected figures are worked out by hand.
 */
const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite";
let t: CheckoutTestContext;

beforeAll(async () => {
  t = await createCheckoutTestContext();
});
afterAll(async () => {
  await t?.destroy();
});

/** VAT contained in a gross amount, the way an invoice states it. */
const vat = (gross: number, rate: number) => gross - Math.round(gross / (1 + rate));

describe(`checkout totals (${dialectName})`, () => {
  it("charges German VAT (19 %) on items and delivery for a delivery in Germany", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.teeS, 1);
    await fillCheckout(ctx, shopper);
    const { quote } = await getCheckout(ctx, shopper);
    expect(quote).toMatchObject({
      currency: "EUR",
      shippingCountry: "DE",
      vatRate: 0.19,
      itemsListTotal: 1995,
      itemsTotal: 1995,
      delivery: { id: "standard", price: 495 },
      paymentFee: 0,
      total: 2490,
      amountDue: 2490,
    });
    // 1995 → 319 VAT (net 1676), 495 → 79 VAT (net 416).
    expect(quote.tax).toBe(319 + 79);
    expect(quote.net).toBe(2490 - 398);
    expect(quote.lines[0]?.tax).toBe(319);
  });

  it("charges Austrian VAT (20 %) and Austrian delivery when the German store delivers to Austria", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.teeS, 1);
    await fillCheckout(ctx, shopper, { address: ADDRESSES.AT });
    const { quote } = await getCheckout(ctx, shopper);
    expect(quote).toMatchObject({ shippingCountry: "AT", vatRate: 0.2, delivery: { price: 595 }, total: 1995 + 595 });
    expect(quote.tax).toBe(vat(1995, 0.2) + vat(595, 0.2));
    expect(quote.tax).toBe(332 + 99);
  });

  it("prices the Swiss stores in CHF with Swiss VAT (8.1 %) and Swiss delivery", async () => {
    for (const store of ["ch", "fr-ch"] as const) {
      const ctx = t.ctx(store);
      const shopper = t.guest();
      await addToBasket(ctx, shopper, V.teeS, 1);
      await fillCheckout(ctx, shopper);
      const { quote } = await getCheckout(ctx, shopper);
      // The fixture's CHF price is 1.1 times the EUR price: 19.95 → 21.95; 5 % off womenswear (the gift-bag
      // promotion does not run in Switzerland): 20.85.
      expect(quote).toMatchObject({
        currency: "CHF",
        shippingCountry: "CH",
        vatRate: 0.081,
        itemsListTotal: 2195,
        itemsTotal: 2085,
        delivery: { price: 790 },
        total: 2875,
      });
      expect(quote.tax).toBe(vat(2085, 0.081) + vat(790, 0.081));
      expect(quote.tax).toBe(156 + 59);
    }
  });

  it("applies catalogue reductions and promotions before delivery and VAT", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    // Jeans: list 79.95, sale 59.95, then 20 % off jeans (11.99): 47.96.
    await addToBasket(ctx, shopper, V.jeans, 1);
    await fillCheckout(ctx, shopper);
    const { quote } = await getCheckout(ctx, shopper);
    expect(quote.itemsListTotal).toBe(7995);
    expect(quote.itemsTotal).toBe(4796);
    expect(quote.reductions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ category: "sale", amount: -2000 }),
        expect.objectContaining({ category: "promotion", promotionId: "denim-20", amount: -1199 }),
      ]),
    );
    // 47.96 is below the 50.00 threshold: standard delivery is charged.
    expect(quote.delivery.price).toBe(495);
    expect(quote.total).toBe(4796 + 495);
    expect(quote.tax).toBe(vat(4796, 0.19) + vat(495, 0.19));

    // Socks 3 for 2: the cheapest pair is free.
    const socks = t.guest();
    await addToBasket(ctx, socks, V.socksCheap, 1);
    await addToBasket(ctx, socks, V.socksDear, 2);
    await fillCheckout(ctx, socks);
    const socksQuote = (await getCheckout(ctx, socks)).quote;
    expect(socksQuote.itemsListTotal).toBe(595 + 2 * 795);
    expect(socksQuote.itemsTotal).toBe(2 * 795);
  });

  it("delivers free from the country's threshold, never express, and lists both methods with dates", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.teeS, 3);
    await fillCheckout(ctx, shopper);
    let view = await getCheckout(ctx, shopper);
    // 3 × 19.95 = 59.85 ≥ 50.00.
    expect(view.quote.deliveryOptions).toEqual([
      {
        id: "standard",
        price: 0,
        regularPrice: 495,
        freeFrom: 5000,
        missingForFree: null,
        dateRange: { min: "2026-06-03", max: "2026-06-05" },
      },
      {
        id: "express",
        price: 995,
        regularPrice: 995,
        freeFrom: null,
        missingForFree: null,
        dateRange: { min: "2026-06-02", max: "2026-06-03" },
      },
    ]);
    expect(view.quote.total).toBe(5985);
    await saveCheckoutDelivery(ctx, shopper, "express");
    view = await getCheckout(ctx, shopper);
    expect(view.quote).toMatchObject({ delivery: { id: "express", price: 995 }, total: 5985 + 995 });
    expect(view.quote.deliveryDateRange).toEqual({ min: "2026-06-02", max: "2026-06-03" });

    const small = t.guest();
    await addToBasket(ctx, small, V.teeS, 1);
    await fillCheckout(ctx, small);
    expect((await getCheckout(ctx, small)).quote.deliveryOptions[0]?.missingForFree).toBe(5000 - 1995);
  });

  it("gives the basket-level discount from 100 and adds the cash-on-delivery fee with VAT", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    // 6 × 19.95 = 119.70; welcome-10 takes 10.00 off: 109.70 (and the gift bag is free).
    await addToBasket(ctx, shopper, V.teeS, 6);
    await fillCheckout(ctx, shopper, { payment: "cash_on_delivery" });
    const { quote } = await getCheckout(ctx, shopper);
    expect(quote.itemsTotal).toBe(10_970);
    expect(quote.reductions).toEqual(
      expect.arrayContaining([expect.objectContaining({ promotionId: "welcome-10", amount: -1000 })]),
    );
    expect(quote.delivery.price).toBe(0);
    expect(quote.paymentFee).toBe(CASH_ON_DELIVERY_FEE);
    expect(quote.total).toBe(10_970 + CASH_ON_DELIVERY_FEE);
    const linesTax = quote.lines.reduce((s, l) => s + l.tax, 0);
    expect(quote.tax).toBe(linesTax + vat(CASH_ON_DELIVERY_FEE, 0.19));

    // Another method: no fee.
    await saveCheckoutPayment(ctx, shopper, "invoice");
    expect((await getCheckout(ctx, shopper)).quote).toMatchObject({ paymentFee: 0, total: 10_970 });
  });

  it("takes a gift card first and leaves the rest to the payment method; VAT stays on the full total", async () => {
    const ctx = t.ctx("ch");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.teeS, 1);
    await fillCheckout(ctx, shopper, { payment: "invoice" });
    await applyCheckoutGiftCard(ctx, shopper, GIFT_CARDS.chf50);
    const { quote } = await getCheckout(ctx, shopper);
    expect(quote.total).toBe(2875);
    expect(quote.giftCard).toEqual({ code: "TESTGIFT50CH", balance: 5000, amount: 2875 });
    expect(quote.amountDue).toBe(0);
    expect(quote.tax).toBe(vat(2085, 0.081) + vat(790, 0.081));
  });

  it("changes the fingerprint with anything the amount depends on", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.teeS, 1);
    await fillCheckout(ctx, shopper, { payment: "invoice" });
    const first = (await getCheckout(ctx, shopper)).quote.fingerprint;
    expect((await getCheckout(ctx, shopper)).quote.fingerprint).toBe(first);
    await saveCheckoutDelivery(ctx, shopper, "express");
    const express = (await getCheckout(ctx, shopper)).quote.fingerprint;
    expect(express).not.toBe(first);
    await addToBasket(ctx, shopper, V.teeS, 1);
    expect((await getCheckout(ctx, shopper)).quote.fingerprint).not.toBe(express);
  });
});
