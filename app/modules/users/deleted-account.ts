/**
 * A deleted account that still has a purchase is kept as a tombstone (docs/decisions/039-account-deletion-and-export.md):
 * the purchase record needs a user row, so the row stays with every personal field emptied and its email replaced by
 * `deleted-<id>@invalid`. The `.invalid` top-level domain never receives mail (RFC 2606), and no form of ours accepts
 * an address without a dot in its domain, so nobody can register, buy or sign in as that address; the real one is
 * free for a new account. A tombstone has no access (access.server.ts) and no session.
 */
export function deletedAccountEmail(userId: string): string {
  return `deleted-${userId}@invalid`;
}

/** The SQL LIKE pattern of every tombstone's address. */
export const DELETED_ACCOUNT_EMAIL_PATTERN = "deleted-%@invalid";

export function isDeletedAccount(user: { email: string }): boolean {
  return /^deleted-[^@]+@invalid$/.test(user.email);
}
