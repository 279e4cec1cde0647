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
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { createDb } from "#db/client";
import { configuredProviders } from "~/modules/auth/oauth.server";
import { applyAuthCookies, createRequestAuth, sessionCookieChange } from "~/modules/auth/request-auth.server";
import { redirectForEndedSession } from "~/modules/auth/signed-out-notice.server";
import { freshPublicVersion, getPublicCollection } from "~/modules/cards/public-collection.server";
import { type AppConfig, readConfig } from "~/modules/config/config.server";
import { consumeEmailBatch, createEmailSender } from "~/modules/email/queue.server";
import {
  createRequestExperiments,
  type Experiments,
  resolveVisitorExperiments,
  sendsNoCookie,
} from "~/modules/experiments/assignment.server";
import { consumeEventBatch, EVENTS_QUEUE } from "~/modules/experiments/event-queue.server";
import { landingViewCountsNothing, recordLandingView } from "~/modules/experiments/events.server";
import { variantSetKey } from "~/modules/experiments/experiments";
import type { FontFiles, ImageEngine } from "~/modules/images/engine";
// Observability (docs/decisions/029): one log line per failed request, queue batch and cron run.
import { countBindings, logCounts } from "~/modules/observability/binding-counts.server";
import { type RequestLog, withRequestLog, withTaskLog } from "~/modules/observability/log.server";
import { clearSiteDataWhenSessionEnds } from "~/modules/offline/offline-collection.server";
import { createStripeClient } from "~/modules/payments/stripe.server";
import { getRateLimiter } from "~/modules/ratelimit/limiter.server";
import { randomToken } from "~/modules/security/crypto.server";
import { crossOriginRefusal, isCrossOriginStateChange } from "./cross-origin.server";
import { applyBookmarkCookie, openSession, readBookmark } from "./d1-session.server";
import { timeD1 } from "./d1-timing.server";
import { withScriptHashes } from "./document/script-hashes.server";
import {
  edgeCopy,
  isCacheablePageRequest,
  isPageRequest,
  isStorablePage,
  pageCacheKey,
  pageCacheKeyUrl,
  privateUnlessStated,
  readCachedPage,
  readIsolateCopy,
  storePage,
  visitorRender,
} from "./page-cache.server";
import { guardRequestBody } from "./request-body.server";
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

  return {
    fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      const config = readConfig(env);
      return withRequestLog(request, (requestLog) => {
        if (!config.countBindings) return handleFetch(request, config, env, ctx, requestLog);
        // The bench's counts (docs/decisions/034-request-counts.md): logged once the after-response work is done too.
        const counted = countBindings(env, ctx);
        return counted.run(async () => {
          const response = await handleFetch(request, config, counted.env, counted.ctx, requestLog);
          const route = new URL(request.url).pathname;
          const line = {
            type: "request",
            name: `${request.method} ${route}`,
            requestId: requestLog.requestId,
            status: response.status,
          } as const;
          ctx.waitUntil(counted.settled().then((counts) => logCounts(line, counts)));
          return response;
        });
      });
    },

    async queue(batch: MessageBatch, env: Env, ctx: ExecutionContext): Promise<void> {
      const config = readConfig(env);
      await countedIf(config, { type: "queue", name: batch.queue }, env, ctx, async (counted) => {
        const d1 = timeD1(counted.DB as unknown as D1DatabaseSession);
        await withTaskLog({ type: "queue", name: batch.queue, d1Ms: d1.elapsedMs }, async () => {
          const db = createDb(d1.session);
          if (batch.queue === EVENTS_QUEUE) return { count: (await consumeEventBatch(db, batch)).rows };
          await consumeEmailBatch({ db, config, resendApiKey: counted.RESEND_API_KEY }, batch);
          return { count: batch.messages.length };
        });
      });
    },

    async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
      await countedIf(readConfig(env), { type: "cron", name: controller.cron }, env, ctx, (counted) => runSchedule(controller, counted));
    },
  };

  async function handleFetch(
    request: Request,
    config: AppConfig,
    env: Env,
    ctx: ExecutionContext,
    requestLog: RequestLog,
  ): Promise<Response> {
    const startedAt = Date.now();
    const refused = (response: Response) => privateUnlessStated(withSecurityHeaders(response, [nonceSource(randomToken(16))]));
    if (isCrossOriginStateChange(request, config)) return refused(crossOriginRefusal(request));

    const checked = await guardRequestBody(request);
    if (checked instanceof Response) return refused(checked);
    // A page the shared cache may answer or keep is rendered, and its variants chosen, from the visitor's cookies alone.
    const cacheable = isCacheablePageRequest(checked);
    // A visitor's public answer the isolate holds is answered before the rest of the request is built. It sets no
    // cookie: only the landing's experiments do, and the landing is answered here only when they send nothing back
    // (its variants from the visitor's own signed cookies, no new id, nothing left to count).
    const content = cacheable ? freshPublicVersion(config) : null;
    // Minting a visitor is rate-limited on every path that mints, the isolate's copy included (020).
    const rateLimiter = getRateLimiter(env, { isDevelopment: config.isDevelopment });
    const landingExperiments =
      cacheable && isLanding(checked) ? resolveVisitorExperiments({ config, cloudflare: { env, ctx }, rateLimiter }, checked) : null;
    const keptKey = content && (await keptVariants(landingExperiments));
    const kept =
      content && keptKey
        ? readIsolateCopy(pageCacheKeyUrl(checked, { build: buildVersion, settings: settingsShown(env), content, variants: keptKey }))
        : undefined;
    if (kept) {
      kept.headers.append("Server-Timing", `edge;desc="hit", app;dur=${Date.now() - startedAt}, db;dur=0;desc="D1"`);
      return kept;
    }
    const guarded = cacheable ? visitorRender(checked) : checked;
    // Made only now: an answer from the isolate's copy above needs none.
    const cspNonce = randomToken(16);
    const perRequestScripts = [nonceSource(cspNonce)];

    const sentBookmark = await readBookmark(config, guarded);
    const d1 = timeD1(openSession(env.DB, guarded, sentBookmark));
    requestLog.readD1TimeFrom(d1.elapsedMs);
    const db = createDb(d1.session);
    const auth = createRequestAuth(db, config, guarded);
    const cloudflare = { env, ctx };
    // The services every module uses, built once here so no module builds its own.
    const loadContext: AppLoadContext = {
      cloudflare,
      db,
      config,
      auth,
      cspNonce,
      email: createEmailSender({ db, config, queue: env.EMAIL_QUEUE }),
      stripe: createStripeClient(env.STRIPE_SECRET_KEY),
      rateLimiter,
      fonts,
      imageEngine,
      experiments: createRequestExperiments({ config, cloudflare, auth, rateLimiter }, guarded, landingExperiments),
      requestLog,
      buildVersion,
    };
    const finish = async (response: Response, cache: "hit" | "miss" | "bypass") => {
      // Pages only: a form's answer carries no timing (the sign-in and reset forms must not tell accounts apart).
      if (guarded.method === "GET") {
        const timing = `edge;desc="${cache}", app;dur=${Date.now() - startedAt}, db;dur=${d1.elapsedMs()};desc="D1"`;
        response.headers.append("Server-Timing", timing);
      }
      for (const cookie of await loadContext.experiments.responseCookies()) response.headers.append("Set-Cookie", cookie);
      applyAuthCookies(response, auth);
      // Signed out, however it happened: the browser drops what it keeps offline for the account (docs/decisions/025).
      clearSiteDataWhenSessionEnds(response, sessionCookieChange(response));
      return applyBookmarkCookie(response, { config, request: guarded, sent: sentBookmark, session: d1.session });
    };

    // A device whose session the server ended is told why on the sign-in page (docs/decisions/027). On the buyer's own
    // pages, whose loaders change nothing for a visitor, the check runs beside the page: the session's read then
    // travels with the page's reads in one round trip (decision 037), and the page drawn meanwhile is dropped when the
    // notice is the answer. Elsewhere (the landing counts a view) the check comes first.
    const endedSession = redirectForEndedSession(loadContext, guarded);
    if (!isBuyersPage(guarded)) {
      const notice = await endedSession;
      if (notice) return finish(withSecurityHeaders(notice, perRequestScripts), "bypass");
    }

    // A visitor's public page: from the colo's cache when this build, content and variant set drew it before.
    const pageKey = cacheable ? await pageCacheKeyFor(loadContext, guarded, buildVersion) : null;
    if (pageKey) {
      const cached = await readCachedPage(pageKey);
      if (cached) {
        // A landing page served from the cache still counts its view, as the loader does when it renders.
        if (isLanding(guarded)) await recordLandingView(loadContext, guarded.url);
        return finish(cached, "hit");
      }
    }

    const [notice, response] = await Promise.all([endedSession, handleRemixRequest(guarded, loadContext)]);
    if (notice) {
      await response.body?.cancel();
      return finish(withSecurityHeaders(notice, perRequestScripts), "bypass");
    }
    if (!pageKey || !isStorablePage(guarded, response)) {
      return finish(privateUnlessStated(withSecurityHeaders(response, perRequestScripts)), pageKey ? "miss" : "bypass");
    }
    if (!isPageRequest(guarded)) {
      // An API answer (JSON) runs no script: kept as it is, with a policy that allows none.
      const body = await response.text();
      const answer = withSecurityHeaders(new Response(body, response), []);
      ctx.waitUntil(storePage(pageKey, edgeCopy(body, answer.headers), { body, headers: answer.headers }));
      return finish(answer, "miss");
    }

    const { html, scriptSources } = await withScriptHashes(await response.text(), cspNonce);
    const page = withSecurityHeaders(new Response(html, response), scriptSources);
    ctx.waitUntil(storePage(pageKey, edgeCopy(html, page.headers), { body: html, headers: page.headers }));
    return finish(page, "miss");
  }
}

/** Runs a queue batch or a cron run on counted bindings when the bench asks, and logs the counts once it is done. */
async function countedIf(
  config: AppConfig,
  line: { type: "queue" | "cron"; name: string },
  env: Env,
  ctx: ExecutionContext,
  task: (env: Env) => Promise<void>,
): Promise<void> {
  if (!config.countBindings) return task(env);
  const counted = countBindings(env, ctx);
  await counted.run(() => task(counted.env));
  logCounts(line, await counted.settled());
}

/** The buyer's library, a card page and the dashboard: for a visitor their loaders only read (a gate, a redirect). */
function isBuyersPage(request: Request): boolean {
  return /^\/(cards(\/[^/]+)?|dashboard)\/?$/.test(new URL(request.url).pathname);
}

/**
 * The variant set naming the isolate's copy a request may be answered from: "-" for every page but the landing; the
 * landing's variants when its experiments send nothing back; null when the page must go the whole way.
 */
async function keptVariants(landingExperiments: Promise<Experiments> | null): Promise<string | null> {
  if (!landingExperiments) return "-";
  // A failure is met again, and reported, where the landing's loader awaits the same promise.
  const experiments = await landingExperiments.catch(() => null);
  if (!experiments || !sendsNoCookie(experiments) || !landingViewCountsNothing(experiments)) return null;
  return variantSetKey(experiments.variants);
}

function isLanding(request: Request): boolean {
  return new URL(request.url).pathname === "/";
}

/**
 * The key of a public page: the landing's depends on the visitor's variant set, every other page's on nothing more.
 * The content version comes from the request's own snapshot of the public collection, the one its loaders render
 * from, so a page is never kept under a version it was not drawn from.
 */
async function pageCacheKeyFor(context: AppLoadContext, request: Request, build: string): Promise<Request> {
  const [collection, variants] = await Promise.all([
    getPublicCollection(context),
    isLanding(request) ? context.experiments.resolve().then((experiments) => variantSetKey(experiments.variants)) : "-",
  ]);
  return pageCacheKey(request, { build, settings: settingsShown(context.cloudflare.env), content: collection.version, variants });
}

/** What of the deployment's settings a public page shows: the sign-in providers it offers. */
function settingsShown(env: Env): string {
  return configuredProviders(env).join(".");
}
