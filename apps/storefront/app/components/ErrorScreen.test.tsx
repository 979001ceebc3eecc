// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createRoutesStub, data, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/i18n.tsx";
import { messagesFor } from "../i18n/messages.server.ts";
import { ErrorScreen } from "./ErrorScreen.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const messages = messagesFor("de");

function StoreRoute() {
  return (
    <I18nProvider messages={messages} locale="de-DE">
      <Outlet />
    </I18nProvider>
  );
}

function Missing() {
  return <ErrorScreen error={{ status: 404, statusText: "", internal: false, data: notFound.data }} />;
}

function Home() {
  return <h1>Startseite</h1>;
}

const notFound = data({ kind: "unknown_route", path: "/de/x/" }, { status: 404 });

const Stub = createRoutesStub([
  {
    id: "routes/store",
    path: "/:store",
    Component: StoreRoute,
    children: [
      { id: "home", index: true, Component: Home },
      { id: "missing", path: "*", Component: Missing },
    ],
  },
]);

let container: HTMLDivElement | undefined;
afterEach(() => {
  container?.remove();
});

/** Clicks the error screen's home button; returns whether React Router took the click (a client navigation). */
async function clickHome(customer: null | { firstName: string }): Promise<{ clientNavigation: boolean; text: string }> {
  container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  const storeData = {
    shop: { code: "de", locale: "de-DE", language: "de" },
    messages,
    shell: { counts: { basket: 0, wishlist: 0 }, customer },
    categories: [{ id: 100, name: "Damen", path: "/c/damen/" }],
  };
  await act(async () => {
    root.render(
      <Stub
        initialEntries={["/de/x/"]}
        hydrationData={{ loaderData: { "routes/store": storeData, home: null, missing: null } }}
      />,
    );
  });
  const link = [...container.querySelectorAll("a")].find((a) => a.textContent === "Zur Startseite");
  if (!link) throw new Error("no home button");
  const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
  await act(async () => {
    link.dispatchEvent(click);
  });
  const result = { clientNavigation: click.defaultPrevented, text: container.textContent ?? "" };
  await act(async () => root.unmount());
  return result;
}

describe("error screen: go to homepage", () => {
  it("is a full page load for a guest", async () => {
    const { clientNavigation, text } = await clickHome(null);
    expect(clientNavigation).toBe(false);
    expect(text).toContain("Hoppla!");
  });

  it("is a client navigation for a signed-in shopper, and clears the error", async () => {
    const { clientNavigation, text } = await clickHome({ firstName: "Ada" });
    expect(clientNavigation).toBe(true);
    expect(text).toContain("Startseite");
    expect(text).not.toContain("Hoppla!");
  });
});
