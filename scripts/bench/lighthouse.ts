import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/**
 * Lighthouse 13 with its default mobile settings (simulated slow 4G and a 4× slower CPU) on the main page types,
 * in Debian's Chromium, offline: the shop runs on 127.0.0.1 and the browser is told not to reach anything else.
 * Each page is measured three times and the median performance run is reported, as Lighthouse's own guidance
 * suggests for the variance of one run.
 */
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

interface PageScore {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

export async function benchLighthouse(baseUrl: string): Promise<string[]> {
  if (!existsSync(CHROMIUM))
    return [`Lighthouse skipped: no Chromium at ${CHROMIUM} (bash scripts/ensure-chromium.sh)`];
  const productPath = /href="(\/de\/p\/[^"]+)"/.exec(await (await fetch(new URL("/de/c/damen/", baseUrl))).text())?.[1];
  const pages: [string, string][] = [
    ["home", "/de/"],
    ["listing", "/de/c/damen/"],
    ["product", productPath ?? "/de/"],
    ["search (noindex)", "/de/search/?searchTerm=kleid"],
    ["cart (noindex)", "/de/cart/"],
  ];
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows = ["page                 perf  a11y  best   seo   LCP ms    CLS  TBT ms  (median of runs by performance)"];
  try {
    for (const [name, path] of pages) {
      const runs: PageScore[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(new URL(path, baseUrl).href, chrome.port));
      runs.sort((a, b) => a.performance - b.performance);
      const s = runs[Math.floor(runs.length / 2)] as PageScore;
      rows.push(
        [
          name.padEnd(20),
          String(s.performance).padStart(5),
          String(s.accessibility).padStart(5),
          String(s.bestPractices).padStart(5),
          String(s.seo).padStart(5),
          String(Math.round(s.lcpMs)).padStart(8),
          s.cls.toFixed(3).padStart(6),
          String(Math.round(s.tbtMs)).padStart(7),
        ].join(" "),
      );
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

async function audit(url: string, port: number): Promise<PageScore> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
  };
}
