import { CARE_SYMBOLS } from "@vitrine/commerce/vocabulary";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, data, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/i18n.tsx";
import { messagesFor } from "../i18n/messages.server.ts";
import { Button } from "./Button.tsx";
import { ErrorScreen } from "./ErrorScreen.tsx";
import { CARE_SYMBOL_IDS, CareIcon } from "./icons/CareIcon.tsx";
import { FlagIcon } from "./icons/FlagIcon.tsx";
import { ICON_SETS, type IconSet } from "./icons/Icon.tsx";
import { PAYMENT_METHODS, PaymentIcon } from "./icons/PaymentIcon.tsx";
import { isIconSet, renderIconSprite } from "./icons/sprite.server.tsx";
import * as uiIcons from "./icons/ui.tsx";
import { Link } from "./Link.tsx";

const messages = messagesFor("de");

let current: ReactNode = null;
let storeData: object = {};

function Page() {
  return <>{current}</>;
}

function StoreRoute() {
  return (
    <I18nProvider messages={messages} locale="de-DE">
      <Outlet />
    </I18nProvider>
  );
}

const Stub = createRoutesStub([
  {
    id: "routes/store",
    path: "/:store",
    Component: StoreRoute,
    children: [
      { id: "home", index: true, Component: Page },
      { id: "page", path: "*", Component: Page },
    ],
  },
]);

/** Store data as the store loader returns it (German store). */
function testStoreData(customer: null | { firstName: string } = null) {
  return {
    shop: { code: "de", shopId: 10028, locale: "de-DE", language: "de", country: "DE", currency: "EUR" },
    stores: [],
    messages,
    csrfToken: "t",
    navigation: [],
    categories: [],
    shell: { counts: { basket: 0, wishlist: 0 }, customer },
    service: {
      freeShippingFrom: null,
      freeShippingCents: null,
      returnDays: 30,
      deliveryMethods: [],
      paymentMethods: [],
    },
    servicePages: [],
  };
}

/** Renders inside a German store route, at a URL, the way pages render them. */
function render(ui: ReactNode, { url = "/de/", customer = null as null | { firstName: string } } = {}) {
  current = ui;
  storeData = testStoreData(customer);
  return renderToString(
    <Stub
      initialEntries={[url]}
      hydrationData={{ loaderData: { "routes/store": storeData, home: null, page: null } }}
    />,
  );
}

describe("Link", () => {
  it("localizes internal paths and uses http, mailto and tel addresses as they are", () => {
    expect(render(<Link to="/c/damen">Damen</Link>)).toContain('href="/de/c/damen/"');
    expect(render(<Link to="https://example.com/x">x</Link>)).toContain('href="https://example.com/x"');
    expect(render(<Link to="mailto:a@b.example">m</Link>)).toContain('href="mailto:a@b.example"');
    expect(
      render(
        <Link to="/" store="fr-ch">
          fr
        </Link>,
      ),
    ).toContain('href="/fr-ch/"');
  });

  it("opens in a new tab safely and says so", () => {
    const html = render(
      <Link to="https://example.com/" newTab>
        Karte
      </Link>,
    );
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain("öffnet in neuem Tab");
  });

  it("is active only on exactly its path with exactActive", () => {
    const on = render(
      <Link to="/c/damen/" exactActive className="x">
        Damen
      </Link>,
      { url: "/de/c/damen/" },
    );
    expect(on).toContain('aria-current="page"');
    expect(on).toContain('class="x is-active"');
    const below = render(
      <Link to="/c/damen/" exactActive>
        Damen
      </Link>,
      { url: "/de/c/damen/kleider/" },
    );
    expect(below).not.toContain("aria-current");
  });
});

describe("Button", () => {
  it("carries its variant, size and flags as classes", () => {
    const html = renderToString(
      <Button variant="secondary" size="xl" fullWidth uppercase shadow noPadding fab aria-label="Menü">
        x
      </Button>,
    );
    for (const c of ["button--secondary", "button--xl", "button--full", "button--uppercase", "button--shadow"]) {
      expect(html).toContain(c);
    }
    expect(html).toContain("button--no-padding");
    expect(html).toContain("button--fab");
    expect(html).toContain('type="button"');
    expect(renderToString(<Button>x</Button>)).toContain("button--primary button--md");
  });

  it("shows a badge count in parentheses", () => {
    const html = renderToString(<Button badge={3}>Warenkorb</Button>);
    expect(html.replace(/<!-- -->/g, "")).toContain('<span class="button__badge">(3)</span>');
  });

  it("is disabled while loading and says it is busy", () => {
    const html = renderToString(<Button loading>Speichern</Button>);
    expect(html).toContain("button--loading");
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
  });

  it("acts as a link when given a target, and cannot be followed when disabled", () => {
    const link = render(
      <Button to="/cart/" variant="tertiary">
        Warenkorb
      </Button>,
    );
    expect(link).toMatch(/<a [^>]*class="button button--tertiary button--md"[^>]*href="\/de\/cart\/"/);
    const disabled = render(
      <Button to="/cart/" disabled>
        Warenkorb
      </Button>,
    );
    expect(disabled).not.toContain("href=");
    expect(disabled).toContain('disabled=""');
  });
});

describe("icons", () => {
  /** The symbol ids a rendered icon refers to, and whether its set's sprite draws them. */
  const usedSymbol = (html: string) => /<use href="\/images\/icons\/([a-z]+)\.svg\?v=[^"#]+#([^"]+)"/.exec(html);
  const spriteSymbol = (set: IconSet, id: string) =>
    new RegExp(`<symbol id="${id}" viewBox="[^"]+">(.*?)</symbol>`).exec(renderIconSprite(set))?.[1];

  it("draw every care symbol of the catalogue vocabulary", () => {
    expect([...CARE_SYMBOL_IDS].sort()).toEqual(Object.keys(CARE_SYMBOLS).sort());
    for (const symbol of CARE_SYMBOL_IDS) {
      const html = renderToString(<CareIcon symbol={symbol} title={CARE_SYMBOLS[symbol]?.de} />);
      expect(html).toContain('role="img"');
      expect(html).toContain(`<title>${CARE_SYMBOLS[symbol]?.de}</title>`);
      expect(usedSymbol(html)?.slice(1)).toEqual(["care", symbol]);
      expect(spriteSymbol("care", symbol)).toMatch(/<(path|circle|rect|text)/);
    }
  });

  it("draw every payment method and the four flags; untitled icons are hidden from screen readers", () => {
    for (const method of PAYMENT_METHODS) {
      const html = renderToString(<PaymentIcon method={method} />);
      expect(html).toContain('aria-hidden="true"');
      expect(html).toContain('viewBox="0 0 38 24"');
      expect(usedSymbol(html)?.slice(1)).toEqual(["payment", method]);
      expect(spriteSymbol("payment", method)).toMatch(/^<rect[^>]*><\/rect><(path|text|circle|g)/);
    }
    expect(PAYMENT_METHODS).toEqual(
      expect.arrayContaining(["invoice", "cash_on_delivery", "credit_card", "paypal", "instalment", "pay_later"]),
    );
    expect(PAYMENT_METHODS).toEqual(expect.arrayContaining(["direct_debit", "gift_card", "bank_transfer"]));
    for (const country of ["at", "ch", "de", "eu"] as const) {
      const html = renderToString(<FlagIcon country={country} title={country} />);
      expect(html).toContain('viewBox="0 0 24 16"');
      expect(usedSymbol(html)?.slice(1)).toEqual(["flag", country]);
      expect(renderIconSprite("flag")).toContain(`<symbol id="${country}" viewBox="0 0 24 16">`);
    }
    expect(spriteSymbol("flag", "eu")?.match(/fill="#FFCC00"/g)).toHaveLength(12);
    // The size is the height; the width keeps the drawing's proportions.
    expect(renderToString(<PaymentIcon method="visa" />)).toContain('width="38" height="24"');
    expect(renderToString(<FlagIcon country="de" size={14} />)).toContain('width="21" height="14"');
    expect(renderToString(<FlagIcon country="de" />)).toContain('width="calc(1em * 1.5)" height="1em"');
    expect(renderToString(<uiIcons.BasketIcon size={22} />)).toContain('width="22" height="22"');
  });

  it("find every line icon in the sprite, and only icons of known sets are served", () => {
    const icons = [
      ...Object.values(uiIcons).map((UiIcon) => <UiIcon key={String(UiIcon)} />),
      <uiIcons.WishlistIcon key="filled" filled />,
      <uiIcons.ChevronIcon key="up" direction="up" />,
      <uiIcons.ChevronIcon key="right" direction="right" />,
    ];
    const ids = new Set<string>();
    for (const icon of icons) {
      const [, set, id] = usedSymbol(renderToString(icon)) ?? [];
      expect(set).toBe("ui");
      expect(spriteSymbol("ui", id as string)).toMatch(/<(path|circle|rect|g)/);
      ids.add(id as string);
    }
    expect(ids.size).toBe(icons.length);
    expect(ICON_SETS.every(isIconSet)).toBe(true);
    expect(isIconSet("secrets")).toBe(false);
  });
});

describe("error screen", () => {
  const notFound = data({ kind: "invalid_page", path: "/de/p/x-1/" }, { status: 404 });

  it("shows the code heading, the 404 texts and the home button", () => {
    // A route error response as React Router hands it to error boundaries.
    const error = { status: 404, statusText: "", internal: false, data: notFound.data };
    const html = render(<ErrorScreen error={error} />);
    expect(html).toContain("Hoppla!");
    expect(html).toContain("Seite nicht gefunden: /de/p/x-1/");
    expect(html).toContain("Diese Seite gibt es leider nicht (mehr).");
    expect(html).toMatch(/<a [^>]*href="\/de\/"[^>]*>.*Zur Startseite/);
  });

  it("says the request was not processed for any other error, and never shows the error's own text", () => {
    const html = render(<ErrorScreen error={new Error("secret stack detail")} />, { customer: { firstName: "Ada" } });
    expect(html).toContain('data-status="500"');
    expect(html).toContain("Deine Anfrage konnte leider nicht bearbeitet werden.");
    expect(html).not.toContain("secret stack detail");
  });
});
