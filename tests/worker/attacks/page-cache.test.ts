/**
 * The shared page cache (docs/decisions/022-edge-cache.md) as an attacker plays it: a session cookie spelled so that a
 * naive check misses it but Remix's cookie parser reads it, or a cookie that merely looks like one. The attacker's
 * request must never leave a page in the cache that a fresh visitor is then served with a trace of the attacker's
 * session: their account, "My cards", the time-zone reporting of signed-in pages.
 */
import { describe, expect, it } from "vitest";
import { fetchApp, visibleText } from "../helpers";
import { buyer } from "../library-support";

function edgeStatus(response: Response): string | null {
  return /edge;desc="(\w+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? null;
}

async function visit(path: string, cookie?: string) {
  const response = await fetchApp(path, { headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  return { status: edgeStatus(response), html, text: visibleText(html) };
}

/**
 * The root loader's `reportsTimeZone` as the page carries it for hydration (Remix's single-fetch stream: a flat
 * array in which an object's `_<i>` keys name the string at index i and its values are indexes too).
 */
function reportsTimeZone(html: string): unknown {
  const literal = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)?.[1];
  if (!literal) throw new Error("no hydration data in the page");
  const values = JSON.parse(JSON.parse(literal) as string) as unknown[];
  const field = (objectIndex: number, name: string): number => {
    const entries = Object.entries(values[objectIndex] as Record<string, number>);
    const entry = entries.find(([key]) => values[Number(key.slice(1))] === name);
    if (!entry) throw new Error(`no ${name} in the hydration data`);
    return entry[1];
  };
  return values[field(field(field(0, "loaderData"), "root"), "reportsTimeZone")];
}

/** What a signed-in render shows that a visitor's must not. */
function traceOfSession(page: { html: string; text: string }, email: string): string[] {
  const traces: string[] = [];
  if (page.text.includes("My cards")) traces.push('"My cards"');
  if (page.html.includes(email)) traces.push("the attacker's email");
  if (reportsTimeZone(page.html) !== false) traces.push("time-zone reporting");
  return traces;
}

describe("a session smuggled past the page cache", () => {
  it("`x=lc_session=; lc_session =<token>`: the attacker gets their own page uncached; a fresh visitor gets no trace of it", async () => {
    const attacker = await buyer("poisoner");
    const value = attacker.cookie.slice("lc_session=".length);
    for (const path of ["/sample-card", "/login", "/"]) {
      const url = `${path}?poison=${crypto.randomUUID()}`;
      const attack = await visit(url, `x=lc_session=; lc_session =${value}`);
      const victim = await visit(url);
      expect(traceOfSession(victim, attacker.email), url).toEqual([]);
      // The parser that reads the session sees one here: a signed-in request, never the cache's business.
      expect(attack.status, url).toBe("bypass");
    }
  });

  it("`xlc_session=1` is no session: the page is a visitor's, and cached without time-zone reporting", async () => {
    const url = `/sample-card?poison=${crypto.randomUUID()}`;
    const attack = await visit(url, "xlc_session=1");
    expect(attack.status).toBe("miss");
    const victim = await visit(url);
    expect(victim.status).toBe("hit");
    expect(reportsTimeZone(victim.html)).toBe(false);
  });

  it("a signed-in buyer still sees My cards, and a visitor never does", async () => {
    const me = await buyer("header");
    const url = `/sample-card?header=${crypto.randomUUID()}`;
    const mine = await visit(url, me.cookie);
    expect(mine.status).toBe("bypass");
    expect(mine.text).toContain("My cards");
    expect(reportsTimeZone(mine.html)).toBe(true);
    const visitor = await visit(url);
    expect(visitor.text).not.toContain("My cards");
  });
});
