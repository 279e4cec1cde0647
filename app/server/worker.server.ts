/**
 * The Worker's handlers, built inside the Remix server build so that the app has one copy of every module (docs/decisions/030-one-module-graph.md):
 * worker/index.ts imports the build and calls `createWorker` through `build.entry.module` (app/entry.server.tsx
 * re-exports it) with what only wrangler can bundle, the fonts and the wasm image engine.
 *
 * Static files in public/ are served by Workers Static Assets before this runs; every other request goes to Remix with
 * a load context built for this request (bindings and secrets exist per request, never at module scope), except a
 * visitor's public page that the colo's cache already holds (docs/decisions/022-edge-cache.md). A request reads D1
 * through a session of its own, near the colo, signed-in browsers after their bookmark (023). The same Worker consumes
 * the email queues (queue) and runs the Cron Triggers (scheduled), which write and stay on the primary: 021.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { createDb } from "#db/client";
import { redirectForEndedSession } from "~/modules/auth/signed-out-notice.server";
import { type AppConfig, readConfig } from "~/modules/config/config.server";
import { consumeReminderPushes, isReminderPushMessage } from "~/modules/daily-card/push-channel.server";
import { consumeEmailBatch, EMAIL_DEAD_LETTER_QUEUE } from "~/modules/email/queue.server";
import { resolveVisitorExperiments } from "~/modules/experiments/assignment.server";
import { consumeEventBatch, EVENTS_QUEUE } from "~/modules/experiments/event-queue.server";
import { recordLandingView } from "~/modules/experiments/events.server";
import { withOnlyCookies } from "~/modules/http/cookies.server";
import type { FontFiles, ImageEngine } from "~/modules/images/engine";
// Observability (docs/decisions/029): one log line per failed request, queue batch and cron run.
import { type RequestLog, withRequestLog, withTaskLog } from "~/modules/observability/log.server";
import { getRateLimiter } from "~/modules/ratelimit/limiter.server";
import { randomToken } from "~/modules/security/crypto.server";
import { crossOriginRefusal, isCrossOriginStateChange } from "./cross-origin.server";
import { timeD1 } from "./d1-timing.server";
import { isCacheablePageRequest, isStorablePage, privateUnlessStated, readCachedPage, visitorRender } from "./page-cache.server";
import { pagePolicies } from "./page-policies.server";
import { isolateCopyFor, publicCacheKey, sendAndKeep } from "./public-copy.server";
import { guardRequestBody } from "./request-body.server";
import { createRequestContext } from "./request-context.server";
import { runSchedule } from "./scheduled.server";
import { nonceSource, withSecurityHeaders } from "./security-headers.server";

/** What the Worker entry hands over: the build itself, and the platform pieces only wrangler can bundle. */
export type WorkerPlatform = {
  build: ServerBuild;
  /** The product's fonts as bytes (wrangler's Data rule). */
  fonts: FontFiles;
  /** Draws card images (satori and resvg's wasm): one per isolate, initialised on its first render. */
  imageEngine: ImageEngine;
};

/** The Worker's three handlers: requests, the email queues and the Cron Triggers. */
export type WorkerHandlers = {
  fetch(request: Request<unknown, IncomingRequestCfProperties>, env: Env, ctx: ExecutionContext): Promise<Response>;
  queue(batch: MessageBatch, env: Env, ctx: ExecutionContext): Promise<void>;
  scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void>;
};

export function createWorker({ build, fonts, imageEngine }: WorkerPlatform): WorkerHandlers {
  // Production mode everywhere, development included: Remix's development mode answers a failed
  // `.data` request or resource route with the error's stack, and no answer may carry one.
  const handleRemixRequest = createRequestHandler(build, "production");
  /** Names the build in page-cache keys: a deploy never serves a page of the previous build. */
  const buildVersion = build.assets.version;
  /** What each route lets the pipeline do with its answer, read from the build once. */
  const policyOf = pagePolicies(build);

  return {
    fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      const config = readConfig(env);
      return withRequestLog(request, (requestLog) => handleFetch(request, config, env, ctx, requestLog));
    },

    async queue(batch: MessageBatch, env: Env): Promise<void> {
      const config = readConfig(env);
      const d1 = timeD1(env.DB as unknown as D1DatabaseSession);
      await withTaskLog({ type: "queue", name: batch.queue, d1Ms: d1.elapsedMs }, async () => {
        const db = createDb(d1.session);
        if (batch.queue === EVENTS_QUEUE) return { count: (await consumeEventBatch(db, batch)).rows };
        // The email queues carry reminders' pushes too (push-channel.server.ts): each message to its own consumer.
        const pushes = batch.messages.filter((message) => isReminderPushMessage(message.body));
        const emails = batch.messages.filter((message) => !isReminderPushMessage(message.body));
        await consumeReminderPushes({ db, config }, pushes, { deadLetter: batch.queue === EMAIL_DEAD_LETTER_QUEUE });
        await consumeEmailBatch({ db, config, resendApiKey: env.RESEND_API_KEY }, { queue: batch.queue, messages: emails });
        return { count: batch.messages.length };
      });
    },

    async scheduled(controller: ScheduledController, env: Env): Promise<void> {
      await runSchedule(controller, env);
    },
  };

  /**
   * A request, step by step: guard, the isolate's public copy, the request's context, the ended session, the edge
   * cache, render, store. What each route allows is its page policy (app/modules/http/page-policy.ts).
   */
  async function handleFetch(
    request: Request,
    config: AppConfig,
    env: Env,
    ctx: ExecutionContext,
    requestLog: RequestLog,
  ): Promise<Response> {
    const startedAt = Date.now();
    const guarded = await guard(request, config);
    if (guarded instanceof Response) return guarded;

    const policy = policyOf(new URL(guarded.url));
    // A page the shared cache may answer or keep is rendered, and its variants chosen, from the visitor's cookies alone.
    const publicPolicy = isCacheablePageRequest(guarded, policy) ? policy : null;
    // Minting a visitor is rate-limited on every path that mints, the isolate's copy included (020).
    const rateLimiter = getRateLimiter(env, { isDevelopment: config.isDevelopment });
    const landingExperiments = publicPolicy?.abTested
      ? resolveVisitorExperiments({ config, cloudflare: { env, ctx }, rateLimiter }, guarded)
      : null;

    if (publicPolicy) {
      const kept = await isolateCopyFor(guarded, publicPolicy, { config, env, build: buildVersion, experiments: landingExperiments });
      if (kept) {
        kept.headers.append("Server-Timing", `edge;desc="hit", app;dur=${Date.now() - startedAt}, db;dur=0;desc="D1"`);
        return kept;
      }
    }

    // A private address (a wallpaper's) is answered from the address alone: no cookie or Authorization reaches it.
    const capability = policy.kind === "capability";
    const rendered = publicPolicy ? visitorRender(guarded) : capability ? withOnlyCookies(guarded, []) : guarded;
    const cspNonce = randomToken(16);
    const perRequestScripts = [nonceSource(cspNonce)];
    const { context, finish } = await createRequestContext(rendered, {
      ...{ env, ctx, config, rateLimiter, landingExperiments, requestLog },
      ...{ fonts, imageEngine, buildVersion, cspNonce, startedAt, readsPrimary: capability },
    });
    const noticeFor = (notice: Response) => finish(withSecurityHeaders(notice, perRequestScripts), "bypass");

    // A device whose session the server ended is told why on the sign-in page (027). A buyer's page changes nothing
    // for a visitor, so there the check runs beside the page, in its round trip (037); elsewhere it comes first.
    const endedSession = redirectForEndedSession(context, rendered);
    if (policy.kind !== "buyers") {
      const notice = await endedSession;
      if (notice) return noticeFor(notice);
    }

    const cacheKey = publicPolicy ? await publicCacheKey(context, rendered, publicPolicy, buildVersion) : null;
    if (publicPolicy && cacheKey) {
      const cached = await readCachedPage(cacheKey);
      if (cached) {
        // An A/B-tested page served from the cache still counts its view, as its loader does when it renders.
        if (publicPolicy.abTested) await recordLandingView(context, rendered.url);
        return finish(cached, "hit");
      }
    }

    const [notice, response] = await Promise.all([endedSession, handleRemixRequest(rendered, context)]);
    if (notice) {
      await response.body?.cancel();
      return noticeFor(notice);
    }

    if (!publicPolicy || !cacheKey || !isStorablePage(publicPolicy, response)) {
      return finish(privateUnlessStated(withSecurityHeaders(response, perRequestScripts)), cacheKey ? "miss" : "bypass");
    }
    return finish(await sendAndKeep(response, { key: cacheKey, policy: publicPolicy, nonce: cspNonce, ctx }), "miss");
  }
}

/** The first step: a cross-origin form post, or a body too large or garbled, goes no further. */
async function guard(request: Request, config: AppConfig): Promise<Request | Response> {
  const refused = (response: Response) => privateUnlessStated(withSecurityHeaders(response, [nonceSource(randomToken(16))]));
  if (isCrossOriginStateChange(request, config)) return refused(crossOriginRefusal(request));
  const checked = await guardRequestBody(request);
  return checked instanceof Response ? refused(checked) : checked;
}
