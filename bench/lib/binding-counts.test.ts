/**
 * The bench's counts (docs/decisions/034-request-counts.md): through the counting Worker (bench/counting-worker.ts),
 * each request, queue batch and cron run logs one line of what it asked of D1, KV, R2, the queues and the edge cache,
 * counted at the bindings, after-response work included. docs/capacity.md is built from these lines, so they must
 * match what the code does. Runs with the Worker tests (vitest.worker.config.ts).
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LANDING_RETURN_PATH } from "~/modules/experiments/experiments";
import { CLEANUP_CRON } from "~/modules/maintenance/cleanup.server";
import { fetchAppWith, fetchAppWithEnv, testEnv } from "../../tests/worker/helpers";
import { buyer, paidCard } from "../../tests/worker/library-support";
import worker from "../../worker/index";
import { countingWorker } from "./binding-counts";
import { collectCountsLines } from "./counts-lines";

const counting = countingWorker(worker);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

const lines = collectCountsLines();

const requestLine = (ray: string) => lines.find((line) => line.type === "request" && line.requestId === ray);

/** Rows D1 writes for one row inserted into `table`: the row and an entry in each of its indexes (D1 counts both). */
async function rowsWrittenPerInsert(table: string): Promise<number> {
  const indexes = await env.DB.prepare("SELECT count(*) AS n FROM pragma_index_list(?)").bind(table).first<number>("n");
  return 1 + (indexes ?? 0);
}

/** A request through the counting Worker (its queues delivered through it too), and the line it logged. */
function request(
  path: string,
  init: { headers?: Record<string, string>; method?: string; body?: string; vars?: Record<string, string> } = {},
) {
  const ray = `counts-${crypto.randomUUID()}`;
  const headers = { "User-Agent": BROWSER, "cf-ray": ray, ...init.headers };
  return fetchAppWith(testEnv(init.vars), path, { method: init.method, body: init.body, headers }, counting).then((response) => ({
    response,
    counts: requestLine(ray),
  }));
}

function landing(headers: Record<string, string> = {}) {
  return request("/", { headers });
}

/** The cookies an answer sets, as the browser sends them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
}

describe("counted at the bindings, after-response work included", () => {
  it("a new visitor's landing writes and sends nothing; the image its browser loads sends one events message, whose batch writes its rows", async () => {
    const { response, counts } = await landing();
    expect(response.status).toBe(200);
    expect(counts?.kv.writes).toBe(0);
    expect(counts?.d1.rowsWritten).toBe(0);
    expect(counts?.d1.statements).toBeGreaterThan(0);
    expect(counts?.queues).toEqual({});

    // The browser comes back with its cookies for the landing's image: that counts the view, and writes nothing itself.
    const image = await request(LANDING_RETURN_PATH, { headers: { Cookie: cookiesOf(response) } });
    expect(image.response.headers.get("Content-Type")).toBe("image/gif");
    expect(image.counts?.kv.writes).toBe(0);
    expect(image.counts?.d1.rowsWritten).toBe(0);
    expect(image.counts?.queues).toEqual({ EVENTS_QUEUE: 1 });

    // The consumer's line: one statement for the batch, each row written with its index entries.
    const consumed = lines.filter((line) => line.type === "queue" && line.name === "light-cards-events");
    expect(consumed).toHaveLength(1);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM ab_events WHERE event = 'page_view' AND visitor_id = ?")
      .bind(visitorIdFrom(response))
      .first<number>("n");
    expect(rows).toBeGreaterThan(0);
    expect(consumed[0]?.d1.statements).toBe(1);
    expect(consumed[0]?.d1.rowsWritten).toBe((rows ?? 0) * (await rowsWrittenPerInsert("ab_events")));
  });

  it("the same visitor's second landing is an edge-cache hit and sends nothing at all", async () => {
    const first = await landing();
    const image = await request(LANDING_RETURN_PATH, { headers: { Cookie: cookiesOf(first.response) } });
    const cookie = `${cookiesOf(first.response).split("; ")[0]}; ${cookiesOf(image.response)}`;
    const { response, counts } = await landing({ Cookie: cookie });
    // The first view of this variant set missed and stored it (or an earlier test did); this one is served from it,
    // from the isolate's own copy of it: not even a lookup in the colo's cache.
    expect(response.headers.get("Server-Timing")).toContain('edge;desc="hit"');
    expect(counts?.cache).toEqual({ hits: 0, misses: 0, puts: 0 });
    expect(counts?.queues).toEqual({});
    expect(counts?.kv.writes).toBe(0);
    expect(counts?.d1.rowsWritten).toBe(0);
  });

  it("a public answer no one asked for yet misses the colo's cache and is stored there (caches.default, counted)", async () => {
    const { response, counts } = await request(`/api/cards?counted=${crypto.randomUUID()}`);
    expect(response.status).toBe(200);
    expect(counts?.cache).toEqual({ hits: 0, misses: 1, puts: 1 });
  });

  it("a visitor's public answer the isolate already holds touches no binding at all", async () => {
    const answer = async () => {
      const { response, counts } = await request("/api/cards", { vars: { PUBLIC_CONTENT_TTL_SECONDS: "30" } });
      return { response, body: await response.text(), counts };
    };
    const first = await answer();
    const second = await answer();
    expect(second.response.headers.get("Server-Timing")).toContain('edge;desc="hit"');
    expect(second.body).toBe(first.body);
    expect(second.counts?.d1).toMatchObject({ roundTrips: 0, statements: 0 });
    expect(second.counts?.cache).toEqual({ hits: 0, misses: 0, puts: 0 });
    expect(second.counts?.kv).toEqual({ reads: 0, writes: 0, deletes: 0, lists: 0 });
  });

  it("a favourite toggle writes its row (and the activity it records); adding it again writes nothing", async () => {
    const me = await buyer();
    const { id: cardId } = await paidCard();
    const add = async () => {
      const { response, counts } = await request(`/api/user/${me.id}/favorites`, {
        method: "POST",
        headers: { Authorization: `Bearer ${me.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ cardId }),
      });
      return { status: response.status, counts };
    };
    const added = await add();
    expect(added.status).toBe(201);
    expect(added.counts?.d1.rowsWritten).toBeGreaterThanOrEqual(await rowsWrittenPerInsert("user_favorites"));
    expect(added.counts?.kv).toEqual({ reads: 0, writes: 0, deletes: 0, lists: 0 });

    const again = await add();
    expect(again.status).toBe(200);
    expect(again.counts?.d1.rowsWritten).toBe(0);
    expect(again.counts?.d1.statements).toBeGreaterThan(0);
  });

  it("a cron run logs its line once it is done: the daily clean-up's statements on the primary", async () => {
    const ctx = createExecutionContext();
    await counting.scheduled(createScheduledController({ cron: CLEANUP_CRON, scheduledTime: new Date() }), testEnv(), ctx);
    await waitOnExecutionContext(ctx);
    const runs = lines.filter((line) => line.type === "cron");
    expect(runs).toHaveLength(1);
    expect(runs[0]?.name).toBe(CLEANUP_CRON);
    expect(runs[0]?.d1.statements).toBeGreaterThan(0);
    expect(runs[0]?.d1.roundTrips).toBeGreaterThan(0);
  });
});

describe("the product", () => {
  it("counts nothing and logs no line through its own entry (worker/index.ts)", async () => {
    await fetchAppWithEnv({}, "/", { headers: { "User-Agent": BROWSER } });
    expect(lines).toEqual([]);
  });

  it("is never counted as production: the counting Worker refuses to run", async () => {
    await expect(request("/", { vars: { ENVIRONMENT: "production" } })).rejects.toThrow(/development only/);
  });
});

function visitorIdFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith("lc_vid="));
  // `lc_vid=<id>.<signature>`
  return cookie?.split(";")[0]?.slice("lc_vid=".length).split(".")[0] ?? "";
}
