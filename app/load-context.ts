import type { Database } from "#db/client";
import type { RequestAuth } from "~/modules/auth/request-auth.server";
import type { AppConfig } from "~/modules/config/config.server";
import type { Env } from "~/modules/config/env";

/** Everything a loader or action needs from the platform, built per request by worker/index.ts. */
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    db: Database;
    config: AppConfig;
    /** The signed-in user of this request, resolved lazily from the cookie or bearer token. */
    auth: RequestAuth;
    /** Nonce for this response's Content-Security-Policy (Remix's inline scripts carry it). */
    cspNonce: string;
  }
}

// Loader data types follow single fetch (remix.config.js future.v3_singleFetch).
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
