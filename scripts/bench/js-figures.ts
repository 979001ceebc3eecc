// Prints the JavaScript the browser loads on first view for a few pages of a running shop (the bench's figure):
// `node scripts/bench/js-figures.ts http://127.0.0.1:PORT`.
import { formatJavaScriptBytes, pageJavaScriptBytes } from "./load.ts";

const baseUrl = process.argv[2] ?? "http://127.0.0.1:3290";
const html = await (await fetch(new URL("/de/c/damen/", baseUrl))).text();
const product = /href="(\/de\/p\/[^"]+)"/.exec(html)?.[1] ?? "/de/";
for (const [name, path] of [
  ["home /de/", "/de/"],
  ["category listing /de/c/damen/", "/de/c/damen/"],
  ["search /de/search/?searchTerm=kleid", "/de/search/?searchTerm=kleid"],
  ["product page", product],
] as const) {
  console.log(formatJavaScriptBytes(name, await pageJavaScriptBytes(baseUrl, path)));
}
