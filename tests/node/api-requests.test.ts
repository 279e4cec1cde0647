/**
 * The browser tests' API requests survive a connection that the server closes as they send on it
 * (tests/e2e/api-requests.ts): here a server that drops the first connection unanswered, as workerd drops a
 * kept-alive one after 5 s idle.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "@playwright/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resendingResets } from "../e2e/api-requests";

let connections = 0;
const server = createServer((incoming, response) => {
  // Each test's first connection is dropped unanswered; the next one is served.
  if (connections++ % 2 === 0) incoming.socket.destroy();
  else response.end(JSON.stringify({ method: incoming.method }));
});
let origin = "";

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  connections = 0;
});

describe("the e2e fixtures' API requests", () => {
  it("fail on a dropped connection when sent as they are (what the fixture guards against)", async () => {
    const context = await request.newContext({ baseURL: origin });
    await expect(context.post("/api/auth/register", { data: {} })).rejects.toThrow(/socket hang up|ECONNRESET/);
    await context.dispose();
  });

  it("are sent again once, and get the answer", async () => {
    const context = resendingResets(await request.newContext({ baseURL: origin }));
    const answer = await context.post("/api/auth/register", { data: {} });
    expect(await answer.json()).toEqual({ method: "POST" });
    await context.dispose();
  });
});
