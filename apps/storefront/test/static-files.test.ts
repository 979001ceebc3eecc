import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding, StaticFiles } from "../static-files.ts";

describe("preferredEncoding", () => {
  it("prefers Brotli, then gzip, then none", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("x-gzip")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBeUndefined();
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding("")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it("honours q=0 and the wildcard", () => {
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(preferredEncoding("BR;Q=0.5")).toBe("br");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*, br;q=0")).toBe("gzip");
    expect(preferredEncoding("*;q=0")).toBeUndefined();
  });
});

describe("StaticFiles", () => {
  let dir: string;
  const script = Buffer.from(`export const answer = ${"42 + ".repeat(200)}0;\n`);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vitrine-static-"));
    mkdirSync(join(dir, "client/assets"), { recursive: true });
    writeFileSync(join(dir, "client/assets/app.js"), script);
    writeFileSync(join(dir, "client/assets/app.js.br"), brotliCompressSync(script));
    writeFileSync(join(dir, "client/assets/app.js.gz"), gzipSync(script));
    writeFileSync(join(dir, "client/favicon.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(dir, "secret.txt"), "outside the client folder");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("answers the encoding the client accepts, and says that the answer varies", async () => {
    const files = new StaticFiles(join(dir, "client"));
    const br = await files.get("/assets/app.js", "gzip, br");
    expect(br).toMatchObject({ encoding: "br", varies: true, contentType: "text/javascript; charset=utf-8" });
    expect(br?.body).toEqual(brotliCompressSync(script));
    const gzip = await files.get("/assets/app.js", "gzip");
    expect(gzip?.encoding).toBe("gzip");
    expect(gzip?.body).toEqual(gzipSync(script));
    const plain = await files.get("/assets/app.js", undefined);
    expect(plain?.encoding).toBeUndefined();
    expect(plain?.body).toEqual(script);
  });

  it("answers a file without variants as it is", async () => {
    const files = new StaticFiles(join(dir, "client"));
    const png = await files.get("/favicon.png", "br");
    expect(png).toMatchObject({ contentType: "image/png", varies: false });
    expect(png?.encoding).toBeUndefined();
  });

  it("reads nothing outside its folder, no folders and no precompressed copy by its own name", async () => {
    const files = new StaticFiles(join(dir, "client"));
    expect(await files.get("/../secret.txt", "br")).toBeUndefined();
    expect(await files.get("/assets/../../secret.txt", "br")).toBeUndefined();
    expect(await files.get("/assets", "br")).toBeUndefined();
    expect(await files.get("/assets/", "br")).toBeUndefined();
    expect(await files.get("/assets/app.js.gz", "br")).toBeUndefined();
    expect(await files.get("/assets/missing.js", "br")).toBeUndefined();
  });

  it("knows its files from the listing made at the start: a path that is none of them is not looked for", async () => {
    const files = new StaticFiles(join(dir, "client"));
    // The build does not change while the server runs: a file written afterwards is not one of its files.
    writeFileSync(join(dir, "client/assets/late.js"), "export {};\n");
    expect(await files.get("/assets/late.js", "br")).toBeUndefined();
    expect(await new StaticFiles(join(dir, "client")).get("/assets/late.js", "br")).toMatchObject({ varies: false });
    expect(await new StaticFiles(join(dir, "no-such-folder")).get("/assets/app.js", "br")).toBeUndefined();
  });
});
