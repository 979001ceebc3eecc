import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser runs the pages with Preact's React compatibility layer (vite.config.ts, app/lib/preact-react.js);
 * the server renders them with React. Code that uses a React API Preact lacks type-checks and renders on the
 * server, and breaks only in the browser; this test finds it first. It reads which names the shop's code and
 * React Router's browser code take from `react`, `react-dom` and `react-dom/client`, and asks the modules the
 * browser gets for them.
 */

const app = resolve(import.meta.dirname, "../app");
/** The module the browser gets for `react` (plain JavaScript, so imported by its address). */
const browserReact = new URL("../app/lib/preact-react.js", import.meta.url).href;
const routerDist = resolve(import.meta.dirname, "../../../node_modules/react-router/dist/production");

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The value names a file imports from `module` (`import { a, type B, c as d } from "module"`), types left out. */
function namedImports(source: string, module: string): string[] {
  const names: string[] = [];
  const escaped = module.replace(/[/]/g, "\\/");
  const statement = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+"${escaped}"`, "g");
  for (const match of source.matchAll(statement)) {
    if (match[1]) continue;
    for (const part of (match[2] ?? "").split(",")) {
      const name =
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim() ?? "";
      if (name && !name.startsWith("type ")) names.push(name);
    }
  }
  return names;
}

/** The names React Router's code reads from a namespace import (`import * as React$1 from "react"; React$1.use`). */
function namespaceReads(source: string, module: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(new RegExp(`import \\* as (\\S+) from "${module}";`, "g"))) {
    const alias = (match[1] ?? "").replace(/\$/g, "\\$");
    for (const read of source.matchAll(new RegExp(`\\b${alias}\\.([A-Za-z_]\\w*)`, "g"))) names.push(read[1] ?? "");
  }
  return names;
}

function usedNames(module: string): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(app, /\.(ts|tsx)$/)) {
    // Server modules and tests never run in the browser.
    if (/\.(server|test)\.tsx?$/.test(file) || file.endsWith("entry.server.tsx")) continue;
    for (const name of namedImports(readFileSync(file, "utf8"), module)) names.add(name);
  }
  const browserRouter = [join(routerDist, "index.js"), join(routerDist, "dom-export.js")].concat(
    sourceFiles(join(routerDist, "lib"), /\.js$/),
  );
  for (const file of browserRouter) {
    const source = readFileSync(file, "utf8");
    for (const name of namedImports(source, module)) names.add(name);
    for (const name of namespaceReads(source, module)) names.add(name);
  }
  // `React.JSX` is a type namespace in React Router's compiled code, not a value.
  names.delete("JSX");
  return [...names].sort();
}

describe("the browser's React (Preact's compatibility layer)", () => {
  it("has every React API the shop's code and React Router's browser code use", async () => {
    const react = (await import(browserReact)) as Record<string, unknown>;
    const used = usedNames("react");
    expect(used).toEqual(expect.arrayContaining(["useOptimistic", "useSyncExternalStore", "lazy", "useId"]));
    expect(used.filter((name) => react[name] === undefined)).toEqual([]);
  });

  it("has every React DOM API they use", async () => {
    const dom = (await import("preact/compat")) as Record<string, unknown>;
    const client = (await import("preact/compat/client")) as Record<string, unknown>;
    expect(usedNames("react-dom").filter((name) => dom[name] === undefined)).toEqual([]);
    expect(usedNames("react-dom/client").filter((name) => client[name] === undefined)).toEqual([]);
  });

  it("would notice an API Preact lacks", async () => {
    const react = (await import(browserReact)) as Record<string, unknown>;
    expect(react.useActionState).toBeUndefined();
    expect(namedImports('import { useActionState, type Ref } from "react";', "react")).toEqual(["useActionState"]);
    expect(namespaceReads('import * as React$1 from "react";\nReact$1.useFormStatus();', "react")).toEqual([
      "useFormStatus",
    ]);
  });
});
