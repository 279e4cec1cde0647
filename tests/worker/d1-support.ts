/**
 * D1 sessions in tests (docs/decisions/023-d1-sessions.md): a D1 binding that records which session each request
 * opened, and the bookmark cookie read and forged as a browser or an attacker would.
 */
import { env } from "cloudflare:workers";
import { readConfig } from "~/modules/config/config.server";
import { signedCookie } from "~/modules/http/cookies.server";
import { D1_BOOKMARK_COOKIE, D1_BOOKMARK_PATTERN } from "~/server/d1-session.server";
import { ORIGIN } from "./helpers";

/** A bookmark as D1 makes them (the shape the Worker accepts back). */
export const D1_BOOKMARK_SHAPE = D1_BOOKMARK_PATTERN;

/**
 * The test database behind a binding that records every `withSession` argument; with `refuseBookmarks`, it throws
 * for anything but a constraint, as D1 may for a bookmark it does not know.
 */
export function recordingD1(options: { refuseBookmarks?: boolean } = {}) {
  const sessions: (string | undefined)[] = [];
  const DB = new Proxy(env.DB, {
    get(target, property) {
      if (property === "withSession") {
        return (constraintOrBookmark?: string) => {
          sessions.push(constraintOrBookmark);
          const isConstraint = constraintOrBookmark === "first-primary" || constraintOrBookmark === "first-unconstrained";
          if (options.refuseBookmarks && !isConstraint) throw new Error("D1_SESSION_ERROR: invalid bookmark or constraint");
          return target.withSession(constraintOrBookmark);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { DB, sessions };
}

/** The bookmark a response sends the browser (the signed cookie's payload, decoded by hand), or null. */
export function bookmarkIn(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${D1_BOOKMARK_COOKIE}=`));
  if (!cookie) return null;
  const [payload = ""] = decodeURIComponent(cookie.slice(D1_BOOKMARK_COOKIE.length + 1).split(";")[0] ?? "").split(".");
  return payload ? (JSON.parse(atob(payload)) as string) : "";
}

/** A bookmark cookie signed with the app's secret: what only the server can make, whatever it holds. */
export async function signedBookmarkCookie(value: unknown): Promise<string> {
  const setCookie = await signedCookie(D1_BOOKMARK_COOKIE, readConfig(env), new Request(ORIGIN)).serialize(value);
  return setCookie.split(";")[0] ?? "";
}
