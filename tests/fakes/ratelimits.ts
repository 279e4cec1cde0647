/**
 * Cloudflare's rate limiting bindings, in memory, on a clock the tests control (docs/decisions/028-test-harness.md).
 * Every [[ratelimits]] binding of wrangler.toml gets a twin with the same limit and period, counting in fixed windows
 * as the real binding does, so the app's own backend (app/modules/ratelimit/binding.server.ts) runs unchanged. Each
 * test starts with the clock stopped at the start of a window and no counts (tests/worker/setup.ts): a burst never
 * straddles a window edge by chance, and "after the window" is `rateLimitClock.advance(60_000)`, not a minute's wait.
 * The fake lives only here, in the tests: nothing in the deployed Worker can reach it. The real binding keeps its
 * contract test (tests/worker/ratelimit-binding.test.ts).
 */
import { env } from "cloudflare:workers";

const counters = new Map<string, { windowStart: number; count: number }>();
let stoppedAt = Date.now();

export const rateLimitClock = {
  now: (): number => stoppedAt,
  /** Stops the clock at the start of the current minute (every binding's window) and forgets every count. */
  restartAtWindowStart(): void {
    counters.clear();
    stoppedAt = Math.floor(Date.now() / 60_000) * 60_000;
  },
  advance(ms: number): void {
    stoppedAt += ms;
  },
};

class MemoryRateLimit implements RateLimit {
  constructor(
    private readonly name: string,
    private readonly maxPerPeriod: number,
    private readonly periodSeconds: number,
  ) {}

  async limit({ key }: RateLimitOptions): Promise<RateLimitOutcome> {
    const periodMs = this.periodSeconds * 1000;
    const windowStart = Math.floor(rateLimitClock.now() / periodMs) * periodMs;
    const id = `${this.name}\n${key}`;
    const counter = counters.get(id);
    const counted = counter?.windowStart === windowStart ? counter.count : 0;
    // As the real binding: a refused attempt is not counted.
    if (counted >= this.maxPerPeriod) return { success: false };
    counters.set(id, { windowStart, count: counted + 1 });
    return { success: true };
  }
}

/** A twin of each rate limiting binding, to spread over the Worker's env (tests/worker/helpers.ts testEnv). */
export const memoryRateLimitBindings: Record<string, RateLimit> = Object.fromEntries(
  env.TEST_RATE_LIMITS.map(({ name, simple }) => [name, new MemoryRateLimit(name, simple.limit, simple.period)]),
);
