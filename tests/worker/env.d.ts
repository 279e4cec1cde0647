import type { D1Migration } from "cloudflare:test";

// The app's Env is generated from wrangler.toml (worker-configuration.d.ts); tests add their migrations.
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** [[queues.consumers]] of wrangler.toml. */
      TEST_QUEUE_CONSUMERS: { queue: string; max_batch_size?: number; max_retries?: number; dead_letter_queue?: string }[];
      /** [[ratelimits]] of wrangler.toml, for their in-memory twins (tests/fakes/ratelimits.ts). */
      TEST_RATE_LIMITS: { name: string; simple: { limit: number; period: number } }[];
      /** [triggers] crons of wrangler.toml. */
      TEST_CRONS: string[];
    }
  }
}
