import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import type { ChunkingContext } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { precompressAssets } from "./precompress.ts";

// A new id per build: clients compare it with /builds/latest.json to notice a deployment.
const buildId =
  process.env.VITRINE_BUILD_ID ??
  new Date()
    .toISOString()
    .replace(/[^0-9]/g, "")
    .slice(0, 14);

/** The route modules every shop page loads: the document, the store and the shop layout. */
const SHELL_ROUTES = /[\\/]app[\\/](entry\.client|root|routes[\\/]store|routes[\\/]layout\.shop)\.tsx$/;

/**
 * The shop's own code that every page loads goes into one chunk with the client entry (it keeps the entry's
 * name): the shell routes and every module they import statically, found by walking up the importers, so a new
 * header component joins by itself. Eighteen small files compressed about 3.3 KB worse than one.
 */
function shellChunk(): (id: string, context: ChunkingContext) => string | null {
  const inShell = (id: string, context: ChunkingContext): boolean => {
    const seen = new Set([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (SHELL_ROUTES.test(next)) return true;
      for (const importer of context.getModuleInfo(next)?.importers ?? []) {
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    return false;
  };
  return (id, context) => (!id.includes("node_modules") && inShell(id, context) ? "shell" : null);
}

/**
 * The browser runs the pages with Preact (its React compatibility layer) instead of React DOM: the same
 * components, about 55 KB less gzip per page. The server keeps rendering with React.
 */
function preactInBrowser(): Plugin {
  const shim = fileURLToPath(new URL("./app/lib/preact-react.js", import.meta.url));
  const targets: Record<string, string> = {
    react: shim,
    "react-dom": "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react/jsx-runtime": "preact/jsx-runtime",
    "react/jsx-dev-runtime": "preact/jsx-runtime",
  };
  return {
    name: "vitrine:preact-in-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.name !== "client") return null;
      const target = targets[source];
      if (target === undefined || importer === shim) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * Code loaded later asks for the style sheets of its modules first, and the root's is among them (every chunk
 * shares the shell's). React Router links every route's sheet with a trailing `#` (`entry-….css#`), so that code
 * loaded later adds its own copy of a route's sheet, which stays when the route's link goes on navigation; Vite's
 * loader therefore never finds the root's sheet in the page and adds it again: the whole page is styled again
 * (about 40 ms on a phone's CPU when the listing's facet tools load after hydration). The root's link never goes
 * (the root matches every page), so its entry in the lists of later code takes the same `#` address as the page's
 * link, which the loader finds. Route sheets keep their copies. Runs on the written files, before precompressAssets
 * compresses them (closeBundle).
 */
function rootStyleOnce(): Plugin {
  return {
    name: "vitrine:root-style-once",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const root = chunks.find((chunk) => chunk.moduleIds.some((id) => /[\\/]app[\\/]root\.tsx$/.test(id)));
      const sheets = [...(root?.viteMetadata?.importedCss ?? [])];
      if (sheets.length === 0) throw new Error("vitrine:root-style-once: the root's style sheet was not found");
      const escaped = sheets.map((sheet) => sheet.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      // Each sheet's address as a string in the code, followed by its closing quote (no `#` yet).
      const listed = new RegExp(`(${escaped.join("|")})(?=["'\\x60])`, "g");
      await Promise.all(
        chunks.map((chunk) => {
          const code = chunk.code.replace(listed, "$1#");
          return code === chunk.code ? undefined : writeFile(join(options.dir ?? "", chunk.fileName), code);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [preactInBrowser(), reactRouter(), rootStyleOnce(), precompressAssets()],
  define: { __VITRINE_BUILD_ID__: JSON.stringify(buildId) },
  resolve: { tsconfigPaths: true },
  ssr: {
    // Workspace packages are TypeScript source: bundle them into the server build.
    noExternal: [/^@vitrine\//],
  },
  build: { target: "es2022" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router in one file: every page needs all of it, and one file
                // compresses better than the six the automatic splitting made (2.9 KB less gzip per page).
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|preact)[\\/]/,
                  priority: 2,
                },
                { name: shellChunk(), debugName: "shell", priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
