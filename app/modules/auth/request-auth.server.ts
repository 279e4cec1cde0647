import type { Database } from "#db/client";
import type { User } from "#db/schema";
import type { AppConfig } from "~/modules/config/config.server";
import { readSessionToken, resolveSession, serializeSessionCookie, SESSION_COOKIE_NAME } from "./sessions.server";

export type CurrentUser = { user: User; sessionId: string; via: "cookie" | "bearer" };

/**
 * Who is making this request, resolved at most once per request from the session cookie or an
 * `Authorization: Bearer` token (the same server-side sessions). Built by the Worker for the load
 * context; the Worker also sends the renewed cookie of a persistent session.
 */
export type RequestAuth = {
  getCurrentUser(): Promise<CurrentUser | null>;
  /** True when the request carried credentials that did not resolve (expired or unknown). */
  hadInvalidCredentials(): Promise<boolean>;
  /** Set-Cookie values the Worker appends to the response, unless the route already set the cookie. */
  readonly responseCookies: string[];
};

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function createRequestAuth(db: Database, config: AppConfig, request: Request): RequestAuth {
  const responseCookies: string[] = [];
  let invalid = false;
  let resolved: Promise<CurrentUser | null> | null = null;

  async function resolve(): Promise<CurrentUser | null> {
    const bearer = bearerToken(request);
    const token = bearer ?? (await readSessionToken(config, request));
    if (!token) return null;
    const result = await resolveSession(db, token);
    if (!result) {
      invalid = true;
      return null;
    }
    if (result.renewedExpiresAt && !bearer) {
      responseCookies.push(
        await serializeSessionCookie(config, request, { token, persistent: true, expiresAt: result.renewedExpiresAt }),
      );
    }
    return { user: result.session.user, sessionId: result.session.id, via: bearer ? "bearer" : "cookie" };
  }

  return {
    getCurrentUser: () => (resolved ??= resolve()),
    async hadInvalidCredentials() {
      await (resolved ??= resolve());
      return invalid;
    },
    responseCookies,
  };
}

/** Appends the renewal cookie unless the route's response already sets the session cookie (sign-in, logout). */
export function applyAuthCookies(response: Response, auth: RequestAuth): Response {
  if (auth.responseCookies.length === 0) return response;
  const setCookies = response.headers.getSetCookie?.() ?? [];
  if (setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`))) return response;
  for (const cookie of auth.responseCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}
