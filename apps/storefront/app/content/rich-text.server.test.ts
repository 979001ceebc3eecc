import { describe, expect, it } from "vitest";
import { decodeEntities, safeHref, sanitizeRichText } from "./rich-text.server.ts";
import { richTextPlain } from "./rich-text.ts";

describe("rich text sanitizer", () => {
  it("keeps the allowed elements", () => {
    expect(
      sanitizeRichText(
        '<h2>Titel</h2><p>Ein <strong>fetter</strong>, <em>schräger</em> <a href="/s/agb/">Link</a>.<br>Zeile</p><ul><li>eins</li><li>zwei</li></ul>',
      ),
    ).toEqual([
      { tag: "h2", children: ["Titel"] },
      {
        tag: "p",
        children: [
          "Ein ",
          { tag: "strong", children: ["fetter"] },
          ", ",
          { tag: "em", children: ["schräger"] },
          " ",
          { tag: "a", href: "/s/agb/", children: ["Link"] },
          ".",
          { tag: "br", children: [] },
          "Zeile",
        ],
      },
      {
        tag: "ul",
        children: [
          { tag: "li", children: ["eins"] },
          { tag: "li", children: ["zwei"] },
        ],
      },
    ]);
  });

  it("drops scripts, styles, frames and forms with their content", () => {
    const nodes = sanitizeRichText(
      '<p>a<script>alert("x")</script>b<style>p{}</style>c<iframe src="//evil"></iframe>d<svg><script>1</script></svg>e<select><option>x</option></select>f</p>',
    );
    expect(nodes).toEqual([{ tag: "p", children: ["abcdef"] }]);
  });

  it("drops every attribute except a safe href, and links with an unsafe one", () => {
    expect(sanitizeRichText('<p class="x" onclick="y" style="z">t</p>')).toEqual([{ tag: "p", children: ["t"] }]);
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " java\nscript:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html,<script>",
      "vbscript:x",
      "//evil.example/",
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toEqual(["x"]);
    }
    expect(sanitizeRichText('<a href="https://example.com/a?b=1&amp;c=2" target="_blank">x</a>')).toEqual([
      { tag: "a", href: "https://example.com/a?b=1&c=2", children: ["x"] },
    ]);
    expect(sanitizeRichText('<a href="mailto:service@vitrine.example">m</a>')).toEqual([
      { tag: "a", href: "mailto:service@vitrine.example", children: ["m"] },
    ]);
  });

  it("unwraps unknown elements and renames the old ones", () => {
    expect(sanitizeRichText("<div><span>a</span> <b>b</b> <i>c</i></div>")).toEqual([
      "a ",
      { tag: "strong", children: ["b"] },
      " ",
      { tag: "em", children: ["c"] },
    ]);
    expect(sanitizeRichText("<h1>Seite</h1><h6>Klein</h6>")).toEqual([
      { tag: "h2", children: ["Seite"] },
      { tag: "h4", children: ["Klein"] },
    ]);
    expect(sanitizeRichText('<p>x<img src="a.png" onerror="alert(1)">y</p>')).toEqual([{ tag: "p", children: ["xy"] }]);
  });

  it("repairs nesting the way the browser would read it", () => {
    // A list cannot sit inside a paragraph: the paragraph ends first.
    expect(sanitizeRichText("<p>a<ul><li>b</li></ul>")).toEqual([
      { tag: "p", children: ["a"] },
      { tag: "ul", children: [{ tag: "li", children: ["b"] }] },
    ]);
    // Unclosed list items close each other; text straight in a list gets an item.
    expect(sanitizeRichText("<ul><li>a<li>b</ul><ol>c</ol>")).toEqual([
      {
        tag: "ul",
        children: [
          { tag: "li", children: ["a"] },
          { tag: "li", children: ["b"] },
        ],
      },
      { tag: "ol", children: [{ tag: "li", children: ["c"] }] },
    ]);
    // A link inside a link closes the first; a list item outside a list is a paragraph.
    expect(sanitizeRichText('<a href="/a">1<a href="/b">2</a></a><li>x</li>')).toEqual([
      { tag: "a", href: "/a", children: ["1"] },
      { tag: "a", href: "/b", children: ["2"] },
      { tag: "p", children: ["x"] },
    ]);
    // Unclosed tags close at the end; stray closing tags are ignored; empty elements go.
    expect(sanitizeRichText("</p><p><strong>a</em></p><p></p>")).toEqual([
      { tag: "p", children: [{ tag: "strong", children: ["a"] }] },
    ]);
  });

  it("decodes entities and escapes nothing itself (React escapes text)", () => {
    expect(decodeEntities("&lt;b&gt; &amp; &quot;x&quot; &#228;&#xE4; &euro; &unknown; &#0;")).toBe(
      '<b> & "x" ää € &unknown; \ufffd',
    );
    expect(sanitizeRichText("<p>1 &lt; 2 &amp;&amp; <b>3 > 2</b></p>")).toEqual([
      { tag: "p", children: ["1 < 2 && ", { tag: "strong", children: ["3 > 2"] }] },
    ]);
    expect(sanitizeRichText("a < b")).toEqual(["a < b"]);
  });

  it("ignores comments and declarations", () => {
    expect(sanitizeRichText("<!DOCTYPE html><!-- <script>x</script> --><p>ok</p>")).toEqual([
      { tag: "p", children: ["ok"] },
    ]);
  });

  it("accepts only safe link addresses", () => {
    expect(safeHref("/c/new/")).toBe("/c/new/");
    expect(safeHref("#faq")).toBe("#faq");
    expect(safeHref("tel:+49 30 1234567")).toBe("tel:+49 30 1234567");
    expect(safeHref("/\\evil.example")).toBeUndefined();
    expect(safeHref("ftp://x")).toBeUndefined();
  });

  it("gives the plain text of a tree", () => {
    expect(richTextPlain(sanitizeRichText("<h2>Titel</h2><p>Text <strong>fett</strong>.<br>Neu</p>"))).toBe(
      "Titel Text fett. Neu",
    );
  });
});
