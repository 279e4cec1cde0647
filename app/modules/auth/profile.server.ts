import type { Database } from "#db/client";
import { updateUser } from "./users.server";

/** Saves first and last name; `name` keeps the full name for receipts and greetings. */
export async function updateProfile(db: Database, userId: string, input: { firstName?: string; lastName?: string }) {
  const firstName = input.firstName?.trim() || null;
  const lastName = input.lastName?.trim() || null;
  await updateUser(db, userId, { firstName, lastName, name: [firstName, lastName].filter(Boolean).join(" ") || null });
}
