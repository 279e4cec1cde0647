import type { Database } from "#db/client";
import type { RequestAuth } from "~/modules/auth/request-auth.server";
import type { AppConfig } from "~/modules/config/config.server";
import type { EmailSender } from "~/modules/email/send.server";
import type { RequestExperiments } from "~/modules/experiments/assignment.server";
import type { FontFiles, ImageEngine } from "~/modules/images/engine";
import type { RequestLog } from "~/modules/observability/log.server";
import type { StripeClient } from "~/modules/payments/stripe.server";
import type { RateLimiter } from "~/modules/ratelimit/types";

/** Everything a loader or action needs from the platform, built per request by app/server/worker.server.ts. */
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    db: Database;
    config: AppConfig;
    /** The signed-in user of this request, resolved lazily from the cookie or bearer token. */
    auth: RequestAuth;
    /** Nonce for this response's Content-Security-Policy (Remix's inline scripts carry it). */
    cspNonce: string;
    /** The one way mail leaves the app (the local outbox in development, Resend in production). */
    email: EmailSender;
    /** Stripe's API client, or null where no Stripe key is configured (test payments in development). */
    stripe: StripeClient | null;
    /** The rate limiter (Upstash when configured, otherwise Cloudflare's binding). */
    rateLimiter: RateLimiter;
    /** The product's fonts as bytes (worker/fonts.ts), for the card images and the PDF. */
    fonts: FontFiles;
    /** Draws card images to PNG (worker/image-engine.ts: satori + resvg, wasm initialised once per isolate). */
    imageEngine: ImageEngine;
    /** This request's A/B variants, resolved once on first use (docs/decisions/020-ab-tests.md). */
    experiments: RequestExperiments;
    /** This request's id (its cf-ray) and the errors it met, for its log line and the 500 page's reference (docs/decisions/029). */
    requestLog: RequestLog;
    /** The Remix build serving this request (its assets version), shown on /admin's health panel. */
    buildVersion: string;
  }
}

// Loader data types follow single fetch (remix.config.js future.v3_singleFetch).
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
