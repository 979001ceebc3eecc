import { describe, expect, it } from "vitest";
import type { ShellInput } from "../components/shell-markup.tsx";
import { messagesForLocaleCode } from "../i18n/messages.server.ts";
import { setMessageSource } from "../i18n/registry.ts";
import { markCurrentCategory, shellMarkup } from "./shell-markup.server.ts";

setMessageSource((locale) => messagesForLocaleCode(locale) ?? {});

function input(overrides: Partial<ShellInput> = {}): ShellInput {
  return {
    store: "de",
    navigation: [
      {
        id: 100,
        name: "Damen",
        path: "/c/damen/",
        sale: false,
        children: [
          {
            id: 110,
            name: "Bekleidung",
            path: "/c/damen/bekleidung/",
            sale: false,
            children: [
              { id: 111, name: "Kleider & Röcke", path: "/c/damen/bekleidung/kleider/", sale: false, children: [] },
            ],
          },
        ],
      },
      { id: 900, name: "Sale", path: "/c/sale/", sale: true, children: [] },
    ],
    service: {
      freeShippingFrom: "49,95 €",
      returnDays: 30,
      deliveryMethods: [{ id: "standard", minDays: 2, maxDays: 4 }],
      paymentMethods: ["invoice", "credit_card"],
    },
    physicalStores: 0,
    servicePages: [{ slug: "impressum", path: "/s/impressum/", title: "Impressum" }],
    ...overrides,
  };
}

describe("the shell's static markup", () => {
  it("renders the menu and the footer's columns with the store's links and texts, escaped", () => {
    const markup = shellMarkup(input(), "de-DE", "Vitrine");
    const nav = markup["nav-items"];
    expect(nav).toContain('<li class="nav__item" data-id="100">');
    expect(nav).toContain('<li class="nav__item nav__item--sale" data-id="900">');
    expect(nav).toContain('<a href="/de/c/damen/" class="nav__link">Damen</a>');
    expect(nav).toContain('aria-expanded="false" aria-controls="nav-panel-100"');
    expect(nav).toContain('<a href="/de/c/damen/bekleidung/kleider/" class="nav__leaf-link">Kleider &amp; Röcke</a>');
    expect(nav).toContain("Unterkategorien von Damen");
    // A category without subcategories has no toggle and no panel.
    expect(nav).not.toContain("nav-panel-900");

    expect(markup["footer-promises"]).toContain("49,95 €");
    expect(markup["footer-promises"]).not.toContain("Filialen");
    expect(markup["footer-service"]).toContain('<a href="/de/s/impressum/" data-prefetch="off">Impressum</a>');
    expect(markup["footer-shop"]).toContain('href="/de/order-trackform/"');
    expect(markup["footer-shop"]).not.toContain("/de/location/");
    expect(markup["footer-payment"]).toMatch(/Rechnung/);
    expect(markup["footer-payment"]).toMatch(/Visa/);
    expect(markup["footer-payment"]).not.toMatch(/PayPal/);
  });

  it("speaks the store's language and links into the store", () => {
    const markup = shellMarkup(input({ store: "fr-ch" }), "fr-CH", "Vitrine");
    expect(markup["nav-items"]).toContain('href="/fr-ch/c/damen/"');
    expect(markup["nav-items"]).toContain("Sous-catégories de Damen");
    expect(markup["footer-shop"]).toContain('href="/fr-ch/wishlist/"');
  });

  it("is rendered once for the same content, again when the content changes", () => {
    const first = shellMarkup(input(), "de-DE", "Vitrine");
    expect(shellMarkup(input(), "de-DE", "Vitrine")).toBe(first);
    const renamed = input();
    (renamed.navigation[0] as { name: string }).name = "Frauen";
    const changed = shellMarkup(renamed, "de-DE", "Vitrine");
    expect(changed).not.toBe(first);
    expect(changed["nav-items"]).toContain(">Frauen</a>");
    const withStores = shellMarkup(input({ physicalStores: 3 }), "de-DE", "Vitrine");
    expect(withStores["footer-shop"]).toContain('href="/de/location/"');
  });

  it("marks exactly the page's own top category as the current page", () => {
    const markup = shellMarkup(input(), "de-DE", "Vitrine");
    const marked = markCurrentCategory(markup, "/de/c/damen/");
    expect(marked["nav-items"]).toContain('<a href="/de/c/damen/" class="nav__link is-active" aria-current="page">');
    expect(marked["nav-items"].match(/aria-current/g)).toHaveLength(1);
    // The "show all" link of the same category and deeper pages are not the category's own page.
    expect(markCurrentCategory(markup, "/de/c/damen/bekleidung/")).toBe(markup);
    expect(markCurrentCategory(markup, "/de/")).toBe(markup);
    expect(markup["nav-items"]).not.toContain("aria-current");
  });
});
