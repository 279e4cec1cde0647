import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { requireApiSelfOrAdmin } from "~/modules/auth/guards.server";
import { findUserById } from "~/modules/users/users.server";
import { apiError } from "./json.server";

/**
 * /api/user/{userId}/...: the caller (that user or an admin; 401 without a session, 403 otherwise) and the
 * account asked about. Only an admin can ask about another id, and so learn that it does not exist (404).
 */
export async function requireApiSubject(context: AppLoadContext, userId: string): Promise<{ caller: User; subject: User }> {
  const caller = await requireApiSelfOrAdmin(context, userId);
  if (caller.id === userId) return { caller, subject: caller };
  const subject = await findUserById(context.db, userId);
  if (!subject) throw apiError(404, "User not found.");
  return { caller, subject };
}

export const NO_STORE = { "Cache-Control": "private, no-store" } as const;
