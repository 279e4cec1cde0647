/**
 * "Sign in with Google / GitHub" through arctic: authorization code flow with state and PKCE (S256).
 * The state, the code verifier and where to go afterwards wait in a short-lived signed cookie
 * (`lc_oauth`) between the redirect to the provider and its callback.
 * A provider's verified email signs into the account with that email (or creates one, without a password).
 */
import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { CodeChallengeMethod, Google, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { z } from "zod";
import type { User } from "#db/schema";
import { safeRedirectPath } from "~/modules/auth/auth.schema";
import type { AppConfig } from "~/modules/config/config.server";
import { constantTimeEqual } from "~/modules/security/crypto.server";
import { startSession } from "./account.server";
import { githubProfile, googleProfile, NoVerifiedEmail, type ProviderProfile } from "./oauth-profiles.server";
import type { NewSession } from "./sessions.server";
import { confirmMailboxOwner } from "./sign-in-link.server";

const encodeText = (text: string) => new TextEncoder().encode(text);

import { carriesCookie, signedCookie } from "~/modules/http/cookies.server";
import { logProblem } from "~/modules/observability/log.server";
import { createUser, findUserByEmail, updateUser } from "~/modules/users/users.server";

type Context = Pick<AppLoadContext, "db" | "config" | "cloudflare" | "email">;

const OAUTH_PROVIDERS = ["google", "github"] as const;
type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);

const OAUTH_COOKIE_NAME = "lc_oauth";
const OAUTH_COOKIE_MAX_AGE = 600;

const PROVIDER_LABEL: Record<OAuthProvider, string> = { google: "Google", github: "GitHub" };

const GITHUB_AUTHORIZE_URL = "https://github.com/login/oauth/authorize";

function providerLabel(provider: OAuthProvider): string {
  return PROVIDER_LABEL[provider];
}

function credentials(env: Env, provider: OAuthProvider): { id: string; secret: string } | null {
  const id = (provider === "google" ? env.GOOGLE_CLIENT_ID : env.GITHUB_CLIENT_ID)?.trim();
  const secret = (provider === "google" ? env.GOOGLE_CLIENT_SECRET : env.GITHUB_CLIENT_SECRET)?.trim();
  return id && secret ? { id, secret } : null;
}

/** The providers whose client id AND secret are both set; the buttons and routes offer only these. */
export function configuredProviders(env: Env): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter((provider) => credentials(env, provider) !== null);
}

function redirectUri(config: AppConfig, provider: OAuthProvider): string {
  return `${config.appOrigin}/auth/${provider}/callback`;
}

// ---------------------------------------------------------------------------
// The flow cookie
// ---------------------------------------------------------------------------

const flowSchema = z.object({
  provider: oauthProviderSchema,
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  redirectTo: z.string(),
});
type Flow = z.infer<typeof flowSchema>;

function flowCookie(config: AppConfig, request: Request) {
  return signedCookie(OAUTH_COOKIE_NAME, config, request, { path: "/auth", maxAge: OAUTH_COOKIE_MAX_AGE });
}

async function readFlow(config: AppConfig, request: Request): Promise<Flow | null> {
  const header = request.headers.get("Cookie");
  if (!carriesCookie(request, OAUTH_COOKIE_NAME)) return null;
  const parsed = flowSchema.safeParse(await flowCookie(config, request).parse(header));
  return parsed.success ? parsed.data : null;
}

/** Set-Cookie that removes the flow cookie (sent with the callback's answer, success or not). */
export async function clearOAuthCookie(config: AppConfig, request: Request): Promise<string> {
  return flowCookie(config, request).serialize("", { maxAge: 0, expires: new Date(0) });
}

// ---------------------------------------------------------------------------
// Start: redirect to the provider
// ---------------------------------------------------------------------------

/** A 302 to the provider's consent page, setting the flow cookie. The provider must be configured. */
export async function startOAuth(context: Context, request: Request, provider: OAuthProvider, redirectTo: string): Promise<Response> {
  const creds = credentials(context.cloudflare.env, provider);
  if (!creds) throw new Error(`OAuth provider ${provider} is not configured`);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const callback = redirectUri(context.config, provider);

  const url =
    provider === "google"
      ? new Google(creds.id, creds.secret, callback).createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"])
      : // arctic's GitHub class has no PKCE; the generic client adds it to GitHub's authorize URL.
        new OAuth2Client(creds.id, creds.secret, callback).createAuthorizationURLWithPKCE(
          GITHUB_AUTHORIZE_URL,
          state,
          CodeChallengeMethod.S256,
          codeVerifier,
          ["read:user", "user:email"],
        );

  const flow: Flow = { provider, state, codeVerifier, redirectTo: safeRedirectPath(redirectTo) };
  return redirect(url.toString(), {
    status: 302,
    headers: { "Set-Cookie": await flowCookie(context.config, request).serialize(flow) },
  });
}

// ---------------------------------------------------------------------------
// Finish: the provider's callback
// ---------------------------------------------------------------------------

type OAuthFailure = { status: "failed"; reason: "invalid-request" | "no-verified-email" | "provider-error"; message: string };
type OAuthResult = { status: "signed-in"; user: User; session: NewSession; redirectTo: string } | OAuthFailure;

const callbackQuerySchema = z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(512) });

function failure(reason: OAuthFailure["reason"], message: string): OAuthFailure {
  return { status: "failed", reason, message };
}

export async function finishOAuth(context: Context, request: Request, provider: OAuthProvider): Promise<OAuthResult> {
  const label = providerLabel(provider);
  const expired = failure("invalid-request", `Sign-in with ${label} could not be completed. Please start again from the sign-in page.`);

  const query = callbackQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return expired; // includes ?error=access_denied when the user cancels at the provider
  const flow = await readFlow(context.config, request);
  if (!flow || flow.provider !== provider || !constantTimeEqual(encodeText(flow.state), encodeText(query.data.state))) return expired;

  const creds = credentials(context.cloudflare.env, provider);
  if (!creds) return expired;

  let profile: ProviderProfile;
  try {
    profile =
      provider === "google"
        ? await googleProfile(creds, redirectUri(context.config, provider), query.data.code, flow.codeVerifier)
        : await githubProfile(creds, redirectUri(context.config, provider), query.data.code, flow.codeVerifier);
  } catch (error) {
    if (error instanceof NoVerifiedEmail) return failure("no-verified-email", `Your ${label} account has no verified email address.`);
    // A warning, not an error: bad or replayed codes and provider outages are expected now and then.
    logProblem("warn", `OAuth sign-in with ${label} failed`, error);
    return failure("provider-error", `Sign-in with ${label} failed. Please try again.`);
  }

  const user = await findOrCreateUser(context, profile);
  const session = await startSession(context, user, false);
  return { status: "signed-in", user, session, redirectTo: flow.redirectTo };
}

/** The provider proved the mailbox: sign into the account with that email (case-insensitive), or create one. */
async function findOrCreateUser(context: Context, profile: ProviderProfile): Promise<User> {
  const existing = await findUserByEmail(context.db, profile.email);
  if (existing) return confirmMailboxOwner(context, existing);
  const name = profile.name ?? ([profile.firstName, profile.lastName].filter(Boolean).join(" ") || null);
  const created = await createUser(context.db, { email: profile.email, emailVerified: true, name });
  if (!created) {
    // Created by a concurrent request between the lookup and the insert.
    const raced = await findUserByEmail(context.db, profile.email);
    if (!raced) throw new Error("OAuth sign-in: account vanished after a conflicting insert");
    return confirmMailboxOwner(context, raced);
  }
  // createUser splits `name` on the first space; the provider's own given/family names are better.
  if (profile.firstName && (profile.firstName !== created.firstName || (profile.lastName ?? null) !== created.lastName)) {
    const changes = { firstName: profile.firstName, lastName: profile.lastName ?? null };
    await updateUser(context.db, created.id, changes);
    return { ...created, ...changes };
  }
  return created;
}
