/**
 * The Upstash backend against a real Redis: Debian's redis-server on a free port, reached through
 * tests/support/upstash-rest-server.ts, which speaks Upstash's REST protocol. Nothing is mocked between
 * getRateLimiter and Redis: @upstash/ratelimit's Lua scripts run in redis-server.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "@upstash/redis/cloudflare";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getRateLimiter } from "~/modules/ratelimit/limiter.server";
import { startUpstashRestServer, type UpstashRestServer } from "../support/upstash-rest-server";

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "redis-server";
const TOKEN = "test-token-for-the-local-upstash-shim";

let redisProcess: ChildProcess | undefined;
let redisUrl = "";
let shim: UpstashRestServer | undefined;
let setupError: unknown;

beforeAll(async () => {
  try {
    await startServers();
  } catch (error) {
    // Recorded, not thrown here: every test then fails with this message (a failing hook would mark them skipped).
    setupError = error;
  }
}, 20_000);

async function startServers() {
  const probe = spawnSync(REDIS_SERVER, ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `These tests need Debian's redis-server (looked for "${REDIS_SERVER}"): apt-get install -y redis-server` +
        (probe.error ? ` (${probe.error.message})` : ""),
    );
  }
  const port = await freePort();
  redisProcess = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  redisProcess.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  redisProcess.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForPort(port, 10_000, () => output);
  redisUrl = `redis://127.0.0.1:${port}`;
  shim = await startUpstashRestServer({ redisUrl, token: TOKEN });
}

/** The running shim; throws the setup failure (e.g. redis-server not installed) otherwise. */
function servers(): UpstashRestServer {
  if (setupError) throw setupError;
  if (!shim) throw new Error("the Upstash REST shim did not start");
  return shim;
}

afterAll(async () => {
  await shim?.close();
  if (redisProcess && redisProcess.exitCode === null) {
    const exited = new Promise((resolve) => redisProcess!.once("exit", resolve));
    redisProcess.kill("SIGTERM");
    await exited;
  }
});

function limiter() {
  const { url, token } = servers();
  return getRateLimiter({ UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token }, { isDevelopment: false });
}

/**
 * The sliding window weighs the previous 60 s window by the client's clock (@upstash/ratelimit reads Date.now()):
 * just after a boundary, floor(0.99 × 5) = 4 earlier attempts count, so a sixth attempt could pass. A counting test
 * stops the clock (Date only; timers run) a second into a window, so a burst never straddles an edge and nothing waits.
 */
function stopClockInsideWindow(windowMs = 60_000) {
  vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / windowMs) * windowMs + 1_000 });
}
afterEach(() => {
  vi.useRealTimers();
});

describe("Upstash rate limiter (real Redis behind the REST shim)", () => {
  it("is chosen when both Upstash secrets are set", () => {
    expect(limiter().backend).toBe("upstash");
  });

  it("allows exactly 5 sign-in attempts per email, then refuses with a retry time", async () => {
    stopClockInsideWindow();
    const rateLimiter = limiter();
    const email = `five-${Date.now()}@example.com`;
    const remaining: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const result = await rateLimiter.check("sign_in_email", email);
      expect(result.success, `attempt ${attempt}`).toBe(true);
      expect(result.limit).toBe(5);
      remaining.push(result.remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);

    const refused = await rateLimiter.check("sign_in_email", email);
    expect(refused.success).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);

    // Another email, and the same email under another rule, have counters of their own.
    expect((await rateLimiter.check("sign_in_email", `other-${email}`)).success).toBe(true);
    const otherRule = await rateLimiter.check("register_email", email);
    expect(otherRule.success).toBe(true);
    expect(otherRule.remaining).toBe(2);

    // The counters are in Redis, under the rule's prefix.
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    try {
      expect(await redis.keys(`lc:rl:sign_in_email:${email}:*`)).toHaveLength(1);
      expect(await redis.keys(`lc:rl:register_email:${email}:*`)).toHaveLength(1);
    } finally {
      await redis.close();
    }
  }, 20_000);

  it("treats emails case-insensitively and ignores surrounding spaces", async () => {
    stopClockInsideWindow();
    const rateLimiter = limiter();
    const local = `case-${Date.now()}`;
    expect((await rateLimiter.check("register_email", `${local.toUpperCase()}@X.com`)).success).toBe(true);
    expect((await rateLimiter.check("register_email", `  ${local}@x.com `)).success).toBe(true);
    expect((await rateLimiter.check("register_email", `${local}@X.COM`)).success).toBe(true);
    const fourth = await rateLimiter.check("register_email", `${local}@x.com`);
    expect(fourth.success).toBe(false);
  }, 20_000);

  it("shim: strings round-trip through @upstash/redis in its default base64 response encoding", async () => {
    const { url, token } = servers();
    const client = new Redis({ url, token });
    for (const value of ["test", "héllo ✓", "OK"]) {
      await client.set(`lc:shim:${value}`, value);
      expect(await client.get(`lc:shim:${value}`)).toBe(value);
    }
  });

  it("throws when Upstash refuses the token, instead of letting requests through", async () => {
    const wrong = getRateLimiter(
      { UPSTASH_REDIS_REST_URL: servers().url, UPSTASH_REDIS_REST_TOKEN: "not-the-token" },
      { isDevelopment: false },
    );
    expect(wrong.backend).toBe("upstash");
    await expect(wrong.check("sign_in_email", `wrong-token-${Date.now()}@example.com`)).rejects.toThrow(/Unauthorized/);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (redisProcess?.exitCode !== null) {
      throw new Error(`redis-server exited with code ${redisProcess?.exitCode}:\n${output()}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => {
        socket.destroy();
        resolve(false);
      });
      socket.connect(port, "127.0.0.1");
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`redis-server did not listen on port ${port} within ${timeoutMs} ms:\n${output()}`);
}
