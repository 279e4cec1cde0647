import { hashPassword } from "../../app/modules/auth/passwords.server";
import { createUser, findUserByEmail, updateUser } from "../../app/modules/users/users.server";
import type { Database } from "../../db/client";

/**
 * Development only: the local admin that `npm start` prints, so a new developer can open /admin at once.
 * Its email goes into ADMIN_EMAILS for the local run; the password is reset to the known one on every start.
 */
export const DEV_ADMIN = { email: "admin@lightcards.local", password: "Light-Admin-2026" } as const;

export async function seedDevelopmentAdmin(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEV_ADMIN.password);
  const existing = await findUserByEmail(db, DEV_ADMIN.email);
  if (existing) {
    await updateUser(db, existing.id, { passwordHash, emailVerified: true });
    return;
  }
  const user = await createUser(db, { email: DEV_ADMIN.email, passwordHash, emailVerified: true, name: "Local Admin" });
  if (!user) throw new Error("Could not create the local admin account");
}
