import type { AppLoadContext } from "@remix-run/cloudflare";
import { configuredProviders } from "~/modules/auth/oauth.server";
import { freshPublicVersion, getPublicCollection } from "~/modules/cards/public-collection.server";
import type { AppConfig } from "~/modules/config/config.server";
import { type Experiments, sendsNoCookie } from "~/modules/experiments/assignment.server";
import { landingViewCountsNothing } from "~/modules/experiments/events.server";
import { variantSetKey } from "~/modules/experiments/experiments";
import type { PagePolicy } from "~/modules/http/page-policy";
import { withScriptHashes } from "./document/script-hashes.server";
import { edgeCopy, pageCacheKey, pageCacheKeyUrl, readIsolateCopy, storePage } from "./page-cache.server";
import { withSecurityHeaders } from "./security-headers.server";

/**
 * The steps of the request pipeline that serve and keep a visitor's public answers (docs/decisions/022-edge-cache.md):
 * the isolate's copy before the request is built, and the copy kept at the edge once it is drawn.
 */

type PublicPolicy = Extract<PagePolicy, { kind: "public" }>;

/**
 * The isolate's copy of a visitor's public answer, when it may stand for this request. It sets no cookie: only the
 * A/B-tested landing does, and it is answered here only when its experiments send nothing back (the variants from the
 * visitor's own signed cookies, no new id, nothing left to count).
 */
export async function isolateCopyFor(
  request: Request,
  policy: PublicPolicy,
  options: { config: AppConfig; env: Env; build: string; experiments: Promise<Experiments> | null },
): Promise<Response | undefined> {
  const content = freshPublicVersion(options.config);
  if (!content) return undefined;
  const variants = policy.abTested ? await quietVariants(options.experiments) : "-";
  if (!variants) return undefined;
  return readIsolateCopy(pageCacheKeyUrl(request, { build: options.build, settings: settingsShown(options.env), content, variants }));
}

/** The landing's variant set when its experiments send nothing back, else null (the page goes the whole way). */
async function quietVariants(experiments: Promise<Experiments> | null): Promise<string | null> {
  // A failure is met again, and reported, where the landing's loader awaits the same promise.
  const resolved = await experiments?.catch(() => null);
  if (!resolved || !sendsNoCookie(resolved) || !landingViewCountsNothing(resolved)) return null;
  return variantSetKey(resolved.variants);
}

/**
 * The edge-cache key of a public answer: an A/B-tested page's depends on the visitor's variant set, every other's on
 * nothing more. The content version comes from the request's own snapshot of the public collection, the one its
 * loaders render from, so a page is never kept under a version it was not drawn from.
 */
export async function publicCacheKey(context: AppLoadContext, request: Request, policy: PublicPolicy, build: string): Promise<Request> {
  const [collection, variants] = await Promise.all([
    getPublicCollection(context),
    policy.abTested ? context.experiments.resolve().then((experiments) => variantSetKey(experiments.variants)) : "-",
  ]);
  return pageCacheKey(request, { build, settings: settingsShown(context.cloudflare.env), content: collection.version, variants });
}

/** What of the deployment's settings a public page shows: the sign-in providers it offers. */
function settingsShown(env: Env): string {
  return configuredProviders(env).join(".");
}

/**
 * A drawn public answer, sent and kept at the edge (after the response, through `waitUntil`). A page's inline scripts
 * get hashes instead of this request's nonce, so the kept copy is valid for everyone; JSON runs no script at all.
 */
export async function sendAndKeep(
  response: Response,
  options: { key: Request; policy: PublicPolicy; nonce: string; ctx: ExecutionContext },
): Promise<Response> {
  const drawn = await response.text();
  const { body, scriptSources } =
    options.policy.type === "text/html"
      ? await withScriptHashes(drawn, options.nonce).then(({ html, scriptSources }) => ({ body: html, scriptSources }))
      : { body: drawn, scriptSources: [] };
  const answer = withSecurityHeaders(new Response(body, response), scriptSources);
  options.ctx.waitUntil(storePage(options.key, edgeCopy(body, answer.headers), { body, headers: answer.headers }));
  return answer;
}
