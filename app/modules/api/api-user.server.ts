import type { Database } from "#db/client";
import type { User } from "#db/schema";
import { getAccessStatus } from "~/modules/access/access.server";

/** The user as /api/auth/me and /api/auth/login show it; access comes from the one access function. */
export async function toApiUser(db: Database, user: User) {
  const access = await getAccessStatus(db, user.id);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerified,
    hasAccess: access.hasAccess,
    purchaseDate: access.purchaseDate?.toISOString() ?? null,
  };
}
