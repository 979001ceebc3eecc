import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// A new id per build: clients compare it with /builds/latest.json to notice a deployment.
const buildId =
  process.env.VITRINE_BUILD_ID ??
  new Date()
    .toISOString()
    .replace(/[^0-9]/g, "")
    .slice(0, 14);

export default defineConfig({
  plugins: [reactRouter()],
  define: { __VITRINE_BUILD_ID__: JSON.stringify(buildId) },
  resolve: { tsconfigPaths: true },
  ssr: {
    // Workspace packages are TypeScript source: bundle them into the server build.
    noExternal: [/^@vitrine\//],
  },
  build: { target: "es2022" },
});
