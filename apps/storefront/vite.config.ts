import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// A new id per build: clients compare it with /builds/latest.json to notice a deployment.
const buildId =
  process.env.VITRINE_BUILD_ID ??
  new Date()
    .toISOString()
    .replace(/[^0-9]/g, "")
    .slice(0, 14);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  define: { __VITRINE_BUILD_ID__: JSON.stringify(buildId) },
  resolve: { tsconfigPaths: true },
  ssr: {
    // Workspace packages are TypeScript source: bundle them into the server build.
    noExternal: [/^@vitrine\//],
  },
  build: {
    target: "es2022",
    // React, React DOM and React Router in one file: every page needs all of it, and one file compresses better
    // than the six the automatic splitting made (2.9 KB less gzip per page, measured with `npm run bench`).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
            },
          },
        },
  },
}));
