import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb } from "#db/client";
import { applyAuthCookies, createRequestAuth, sessionCookieChange } from "~/modules/auth/request-auth.server";
import type { AppConfig } from "~/modules/config/config.server";
import { createEmailSender } from "~/modules/email/queue.server";
import { createRequestExperiments, type Experiments } from "~/modules/experiments/assignment.server";
import type { FontFiles, ImageEngine } from "~/modules/images/engine";
import type { RequestLog } from "~/modules/observability/log.server";
import { clearSiteDataWhenSessionEnds } from "~/modules/offline/offline-collection.server";
import { createStripeClient } from "~/modules/payments/stripe.server";
import type { RateLimiter } from "~/modules/ratelimit/types";
import { applyBookmarkCookie, openSession, readBookmark } from "./d1-session.server";
import { timeD1 } from "./d1-timing.server";

/** How an answer was found: drawn and kept, read from the edge cache, or neither (Server-Timing's `edge`). */
export type CacheOutcome = "hit" | "miss" | "bypass";

/**
 * The services every loader and action uses (app/load-context.ts), built once per request so no module builds its
 * own: its D1 session, read near the colo and after the browser's bookmark (docs/decisions/023-d1-sessions.md), the
 * request's authentication, email, Stripe, A/B experiments. `finish` adds to any answer what the request owes it:
 * timing, the experiments' and the session's cookies, the bookmark.
 */
export async function createRequestContext(
  request: Request,
  platform: {
    env: Env;
    ctx: ExecutionContext;
    config: AppConfig;
    rateLimiter: RateLimiter;
    landingExperiments: Promise<Experiments> | null;
    requestLog: RequestLog;
    fonts: FontFiles;
    imageEngine: ImageEngine;
    buildVersion: string;
    cspNonce: string;
    startedAt: number;
    /** The request presents a credential of its own (a private address): its reads start on the primary, as a session's. */
    readsPrimary?: boolean;
  },
): Promise<{ context: AppLoadContext; finish(response: Response, cache: CacheOutcome): Promise<Response> }> {
  const { env, ctx, config, rateLimiter } = platform;
  const sentBookmark = await readBookmark(config, request);
  const d1 = timeD1(openSession(env.DB, request, sentBookmark, platform.readsPrimary));
  platform.requestLog.readD1TimeFrom(d1.elapsedMs);
  const db = createDb(d1.session);
  const auth = createRequestAuth(db, config, request);
  const cloudflare = { env, ctx };
  const context: AppLoadContext = {
    cloudflare,
    db,
    config,
    auth,
    cspNonce: platform.cspNonce,
    email: createEmailSender({ db, config, queue: env.EMAIL_QUEUE }),
    stripe: createStripeClient(env.STRIPE_SECRET_KEY),
    rateLimiter,
    fonts: platform.fonts,
    imageEngine: platform.imageEngine,
    experiments: createRequestExperiments({ config, cloudflare, auth, rateLimiter }, request, platform.landingExperiments),
    requestLog: platform.requestLog,
    buildVersion: platform.buildVersion,
  };

  async function finish(response: Response, cache: CacheOutcome): Promise<Response> {
    // Pages only: a form's answer carries no timing (the sign-in and reset forms must not tell accounts apart).
    if (request.method === "GET") {
      const timing = `edge;desc="${cache}", app;dur=${Date.now() - platform.startedAt}, db;dur=${d1.elapsedMs()};desc="D1"`;
      response.headers.append("Server-Timing", timing);
    }
    for (const cookie of await context.experiments.responseCookies()) response.headers.append("Set-Cookie", cookie);
    applyAuthCookies(response, auth);
    // Signed out, however it happened: the browser drops what it keeps offline for the account (docs/decisions/025).
    clearSiteDataWhenSessionEnds(response, sessionCookieChange(response));
    return applyBookmarkCookie(response, { config, request, sent: sentBookmark, session: d1.session });
  }

  return { context, finish };
}
