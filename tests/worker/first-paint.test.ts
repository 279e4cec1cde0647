import { describe, expect, it } from "vitest";
import { readInlineStylesheets } from "~/server/document/inline-stylesheets.server";
import { SCRIPT_STARTER } from "~/server/document/scripts-after-load.server";
import { STYLESHEET_HREFS } from "~/styles";
import { fetchApp } from "./helpers";

describe("the first paint waits for no stylesheet", () => {
  it("inlines the app's stylesheets (the fonts' @font-face rules and Tailwind) in the head, and links none", async () => {
    const html = await (await fetchApp("/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    // The built sheets (a test's own import of the module names no built file, so read the names from the page).
    expect(head.match(/<style data-href="\/build\/[^"]+\.css">/g)).toHaveLength(2);
    expect(head).toContain("@font-face{font-family:Lora");
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // One variable file draws Lora in both its weights, so a page waits for one serif file, not one per weight
    // (docs/decisions/038-one-serif-file.md): the core of its Latin file, and a second file the browser fetches only
    // for a rarer letter. No italic face: no serif text is set in italic.
    expect(head).not.toContain("cyrillic");
    expect(head.match(/@font-face\{[^}]*\}/g)).toEqual([
      expect.stringMatching(
        /^@font-face\{font-family:Lora;font-style:normal;font-weight:400 700;.*-core-\w+\.woff2\) format\("woff2"\);unicode-range:U\+0020-007E,/,
      ),
      expect.stringMatching(
        /^@font-face\{font-family:Lora;font-style:normal;font-weight:400 700;.*-rest-\w+\.woff2\) format\("woff2"\);unicode-range:U\+00A1-00A8,/,
      ),
    ]);
  });

  it("links a stylesheet it cannot read instead of failing the page, and reads each sheet once per isolate", async () => {
    const serving = (answer: () => Response) => {
      const requested: string[] = [];
      const fetcher = {
        fetch: async (url: URL) => {
          requested.push(url.pathname);
          return answer();
        },
      } as unknown as Fetcher;
      return { fetcher, requested };
    };
    const down = serving(() => new Response("Not found", { status: 404 }));
    expect(await readInlineStylesheets(down.fetcher, "https://light.example/")).toEqual(
      STYLESHEET_HREFS.map((href) => ({ href, css: null })),
    );

    const up = serving(() => new Response("body{color:#222}", { headers: { "Content-Type": "text/css" } }));
    const read = await readInlineStylesheets(up.fetcher, "https://light.example/");
    expect(read.map((sheet) => sheet.css)).toEqual(STYLESHEET_HREFS.map(() => "body{color:#222}"));
    expect(up.requested).toHaveLength(STYLESHEET_HREFS.length);

    // A built sheet's URL names its content: once read, it is never fetched again.
    const later = serving(() => new Response("Not found", { status: 404 }));
    expect(await readInlineStylesheets(later.fetcher, "https://light.example/")).toEqual(read);
    expect(later.requested).toHaveLength(0);
  });
});

describe("the scripts wait until the page has loaded", () => {
  it("sends Remix's module preloads and module script inert, and the starter that wakes them after load", async () => {
    const response = await fetchApp("/forgot-password");
    const html = await response.text();
    // Nothing the browser would fetch or run as a module while it fetches and paints the page.
    expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]+type="module"/);
    expect(html.match(/<link rel="lc-modulepreload" href="\/build\/[^"]+\.js"/g)?.length).toBeGreaterThan(3);
    expect(html.match(/<script[^>]* type="lc-deferred-module"[^>]*>[^<]*import\("\/build\/entry\.client-/g)).toHaveLength(1);
    // The starter is allowed by this response's nonce, like Remix's own inline scripts.
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(html).toContain(`<script nonce="${nonce}">${SCRIPT_STARTER}</script>`);
  });
});
