// @vitest-environment jsdom
import { hydrate } from "preact";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";

/**
 * The browser hydrates with Preact (vite.config.ts gives it for `react`); so does this test, on a page the server
 * rendered with React. The server's side is checked first, with React itself.
 */
vi.mock("react", async () => await import("preact/compat"));
vi.mock("react/jsx-runtime", async () => await import("preact/jsx-runtime"));
vi.mock("react/jsx-dev-runtime", async () => await import("preact/jsx-runtime"));

const { HydrateLater, sliceHydration, useHydrationInParts } = await import("./hydrate-later.tsx");

const renders: string[] = [];
let setLabel: (label: string) => void = () => {};
let navigate: (page: string) => void = () => {};

function Part({ name, label }: { name: string; label: string }) {
  renders.push(name);
  const [clicks, setClicks] = useState(0);
  return (
    <li data-name={name} aria-label={label}>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {`${name} ${clicks}`}
      </button>
    </li>
  );
}

function Page() {
  const [label, set] = useState("first");
  const [page, setPage] = useState("home");
  setLabel = set;
  navigate = setPage;
  useHydrationInParts(page);
  // Another page: other elements, so its part is a new one (as on another route), not the home page's updated.
  if (page !== "home")
    return (
      <ol>
        <HydrateLater>
          <Part name={`${page} d`} label={label} />
        </HydrateLater>
      </ol>
    );
  return (
    <ul>
      <HydrateLater>
        <Part name="a" label={label} />
      </HydrateLater>
      <HydrateLater>
        <Part name="b" label={label} />
      </HydrateLater>
      <li data-name="c">c</li>
    </ul>
  );
}

/** What the server sent: React's rendering of `Page` (HydrateLater renders its part in place there). */
const SERVER_HTML =
  '<ul><li data-name="a" aria-label="first"><button type="button">a 0</button></li>' +
  '<li data-name="b" aria-label="first"><button type="button">b 0</button></li><li data-name="c">c</li></ul>';

function serverPage() {
  const root = document.createElement("div");
  root.innerHTML = SERVER_HTML;
  document.body.append(root);
  return { root, elements: [...root.querySelectorAll("li")] };
}

const button = (root: Element, name: string) => root.querySelector(`[data-name="${name}"] button`) as HTMLButtonElement;

describe("HydrateLater (with Preact, as in the browser)", () => {
  it("hydrates the parts after the page, in later tasks, on the server's elements", async () => {
    const { root, elements } = serverPage();
    const done = vi.fn();
    sliceHydration(done);
    renders.length = 0;
    hydrate(<Page />, root);
    // The page has hydrated; its parts wait, as the server sent them.
    expect(renders).toEqual([]);
    button(root, "a").click();
    await Promise.resolve();
    expect(button(root, "a").textContent).toBe("a 0");

    await vi.waitFor(() => expect(renders).toEqual(["a", "b"]));
    expect([...root.querySelectorAll("li")]).toEqual(elements);
    button(root, "b").click();
    await vi.waitFor(() => expect(button(root, "b").textContent).toBe("b 1"));
    // When the last part is done, the document says so, and whoever started the slicing hears it, once.
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe(""));
    expect(done).toHaveBeenCalledTimes(1);
    setLabel("later");
    await vi.waitFor(() => expect(root.querySelector('[data-name="a"]')?.getAttribute("aria-label")).toBe("later"));
    expect(done).toHaveBeenCalledTimes(1);
    root.remove();
  });

  it("a render from above that reaches a waiting part hydrates it with the server's elements, then renders the change", async () => {
    delete document.documentElement.dataset.hydrated;
    const { root, elements } = serverPage();
    sliceHydration();
    renders.length = 0;
    hydrate(<Page />, root);
    expect(renders).toEqual([]);
    // The page's state changes before the parts' tasks (as a hydration flag set in an effect does).
    setLabel("second");
    await vi.waitFor(() => expect(root.querySelector('[data-name="b"]')?.getAttribute("aria-label")).toBe("second"));
    expect(root.querySelector('[data-name="a"]')?.getAttribute("aria-label")).toBe("second");
    expect([...root.querySelectorAll("li")]).toEqual(elements);
    button(root, "a").click();
    await vi.waitFor(() => expect(button(root, "a").textContent).toBe("a 1"));
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe(""));
    // Once the first hydration is done, a part renders at once.
    renders.length = 0;
    setLabel("third");
    await vi.waitFor(() => expect(renders).toEqual(["a", "b"]));
    expect(root.querySelector('[data-name="a"]')?.getAttribute("aria-label")).toBe("third");
    root.remove();
  });

  it("a navigation before the parts are done renders the next page's parts at once", async () => {
    delete document.documentElement.dataset.hydrated;
    const { root } = serverPage();
    sliceHydration();
    renders.length = 0;
    hydrate(<Page />, root);
    expect(renders).toEqual([]);
    // A new page before the first page's parts had their tasks: its part is new and shows in the same render,
    // not an empty place until a task of its own.
    navigate("next");
    await Promise.resolve();
    await Promise.resolve();
    expect(root.querySelector('[data-name="next d"]')?.textContent).toBe("next d 0");
    expect(document.documentElement.dataset.hydrated).toBe("");
    button(root, "next d").click();
    await vi.waitFor(() => expect(button(root, "next d").textContent).toBe("next d 1"));
    root.remove();
  });
});
