/**
 * What the admin page shows, shaped on the server (client-safe: the admin components read its types): dates are formatted here (in UTC, one locale), so the
 * HTML the server sends and the page the browser hydrates read the same.
 */
import type { OutboxEmail } from "#db/schema";
import { formatPrice } from "~/modules/config/money";
import type { ToastInput } from "~/modules/toast/toast";
import type { GrantOutcome, listAuditLog, listRecentPurchases, revokeAccessByEmail } from "./grants.server";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Nov 22, 2026, 3:58 AM UTC" */
function formatUtc(date: Date): string {
  return `${dateTime.format(date)} UTC`;
}

export function formatAdminDate(date: Date | null | undefined): string | null {
  return date ? formatUtc(date) : null;
}

/** The result box: access of one email. */
export type AccessResultView = {
  email: string;
  hasAccess: boolean;
  userId: string | null;
  purchaseDate: string | null;
  purchaseDateIso: string | null;
};

export function accessResultView(
  email: string,
  access: { hasAccess: boolean; userId: string | null; purchaseDate: Date | null },
): AccessResultView {
  return {
    email,
    hasAccess: access.hasAccess,
    userId: access.userId,
    purchaseDate: formatAdminDate(access.purchaseDate),
    purchaseDateIso: access.purchaseDate?.toISOString() ?? null,
  };
}

/** A failed email (out of retries) with its Resend button. */
export function failedEmailView(row: Pick<OutboxEmail, "id" | "to" | "subject" | "attempts" | "lastError" | "createdAt">) {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.lastError ?? "—",
    queued: formatUtc(row.createdAt),
    queuedIso: row.createdAt.toISOString(),
  };
}

type PurchaseRow = Awaited<ReturnType<typeof listRecentPurchases>>[number];

export function purchaseRowView(row: PurchaseRow) {
  return {
    id: row.id,
    date: formatUtc(row.createdAt),
    dateIso: row.createdAt.toISOString(),
    email: row.email,
    /** Shown when the account's email differs from the one typed at checkout. */
    accountEmail: row.accountEmail.toLowerCase() === row.email.toLowerCase() ? null : row.accountEmail,
    provider: row.provider === "stripe" ? "Stripe" : "Test payment",
    amount: formatPrice({ cents: row.amountCents, currency: row.currency }),
    status: row.status === "refunded" ? `Refunded${row.refundedAt ? ` ${formatAdminDate(row.refundedAt)}` : ""}` : "Paid",
  };
}

type AuditRow = Awaited<ReturnType<typeof listAuditLog>>[number];

const ACTION_LABELS: Record<string, string> = { grant: "Grant", revoke: "Revoke", check: "Check", experiment: "A/B test" };

/** The audit row's detail as a sentence: the reason first, then what happened. */
function describeAuditDetail(action: string, detail: Record<string, unknown> | null): string {
  if (!detail) return "—";
  const parts: string[] = [];
  if (typeof detail.reason === "string" && detail.reason) parts.push(`Reason: ${detail.reason}`);
  if (action === "grant") {
    if (detail.createdUser === true) parts.push("Account created");
    if (detail.alreadyHadGrant === true) parts.push("Already had a grant");
  } else if (action === "revoke") {
    if (typeof detail.revokedGrants === "number") {
      parts.push(detail.revokedGrants === 1 ? "1 grant revoked" : `${detail.revokedGrants} grants revoked`);
    }
    if (detail.stillHasAccessThroughPurchase === true) parts.push("Still has access through a paid purchase");
  } else if (action === "experiment") {
    if (typeof detail.experiment === "string" && typeof detail.change === "string") parts.push(`${detail.experiment}: ${detail.change}`);
  } else if (action === "check") {
    if (typeof detail.hasAccess === "boolean") parts.push(`Has access: ${detail.hasAccess ? "Yes" : "No"}`);
  } else {
    for (const [key, value] of Object.entries(detail)) {
      if (key !== "reason" && value !== null && value !== undefined) parts.push(`${key}: ${String(value)}`);
    }
  }
  return parts.length ? parts.join(". ") : "—";
}

export function auditRowView(row: AuditRow) {
  return {
    id: row.id,
    when: formatUtc(row.createdAt),
    whenIso: row.createdAt.toISOString(),
    actorEmail: row.actorEmail,
    action: ACTION_LABELS[row.action] ?? row.action,
    target: row.targetEmail ?? row.targetUserId ?? "—",
    detail: describeAuditDetail(row.action, row.detail),
  };
}

/** Revoking ends admin grants only; a paid purchase ends with its refund (the Stripe webhook). */
export const STILL_HAS_PURCHASE_MESSAGE = "This email still has access through a paid purchase; refund it in Stripe to end that.";

/** The toast after a grant: who has access now, and whether they were told. */
export function grantedToast(granted: GrantOutcome): ToastInput {
  const told = granted.emailed ? " We emailed them a sign-in link." : " They already had access, so no email was sent.";
  return {
    type: "success",
    title: "Access Granted!",
    description: granted.createdUser
      ? `${granted.user.email} now has access. A new account was created.${told}`
      : `${granted.user.email} now has access to the full collection.${told}`,
  };
}

/**
 * The toast after a revoke: its title says what happened. Revoke ends admin grants only (docs/decisions/006), so
 * a buyer whose access comes from a paid purchase is told plainly that it cannot be revoked here.
 */
export function revokedToast(revoked: Awaited<ReturnType<typeof revokeAccessByEmail>>): ToastInput {
  if (revoked.status.hasAccess) {
    return {
      type: "error",
      title: PAID_ACCESS_NOT_REVOKED_TITLE,
      description: revoked.revokedGrants > 0 ? `Its admin grant was revoked. ${STILL_HAS_PURCHASE_MESSAGE}` : STILL_HAS_PURCHASE_MESSAGE,
    };
  }
  if (!revoked.user) {
    return {
      type: "message",
      title: NOTHING_TO_REVOKE_TITLE,
      description: "There is no account for this email, so there was no access to revoke.",
    };
  }
  if (revoked.revokedGrants === 0) {
    return { type: "message", title: NOTHING_TO_REVOKE_TITLE, description: `${revoked.user.email} had no granted access to revoke.` };
  }
  return { type: "success", title: "Access Revoked", description: `${revoked.user.email} no longer has access.` };
}

const PAID_ACCESS_NOT_REVOKED_TITLE = "Paid access cannot be revoked";
const NOTHING_TO_REVOKE_TITLE = "Nothing to revoke";
