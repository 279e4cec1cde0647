import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { emailOutbox, type OutboxEmail } from "#db/schema";
import type { AppConfig } from "~/modules/config/config.server";

export type EmailMessage = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/** Thrown when mail cannot be sent; the queue consumer retries it (docs/decisions/021). */
class EmailDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}

/** How modules send mail: built once per request by the Worker and carried by the load context. */
export type EmailSender = {
  /** Writes the message to the outbox and enqueues it; resolves before anything is delivered. */
  send(message: EmailMessage): Promise<void>;
};

export type DeliveryContext = { config: AppConfig; resendApiKey: string | undefined };

/**
 * Delivers one outbox row; only the queue consumer calls this. Development (and the tests) keep the row as
 * the delivered mail (/dev/outbox); production sends through Resend with the row's idempotency key, so a
 * redelivered message is answered by Resend without a second email. Production without a key fails loudly
 * (the row ends failed on /admin): mail is never dropped silently.
 */
export async function deliverEmail(context: DeliveryContext, row: OutboxEmail): Promise<void> {
  if (context.config.isDevelopment) return;
  if (!context.resendApiKey) throw new EmailDeliveryError("RESEND_API_KEY is not configured");
  const headers: Record<string, string> = {
    Authorization: `Bearer ${context.resendApiKey}`,
    "Content-Type": "application/json",
  };
  if (row.idempotencyKey) headers["Idempotency-Key"] = row.idempotencyKey;
  const response = await fetch("https://api.resend.com/emails", {
    method: "POST",
    headers,
    body: JSON.stringify({
      from: row.from,
      to: [row.to],
      subject: row.subject,
      text: row.text,
      html: row.html,
      ...(row.headers ? { headers: row.headers } : {}),
    }),
  });
  if (!response.ok) {
    const detail = (await response.text()).slice(0, 300);
    throw new EmailDeliveryError(`Resend answered ${response.status}: ${detail}`);
  }
}

/** The outbox, newest first (optionally for one recipient). */
export async function listOutbox(db: Database, options: { to?: string; limit?: number } = {}) {
  const query = db.select().from(emailOutbox);
  const filtered = options.to ? query.where(sql`lower(${emailOutbox.to}) = ${options.to.trim().toLowerCase()}`) : query;
  return filtered.orderBy(desc(emailOutbox.createdAt)).limit(options.limit ?? 50);
}

export async function getOutboxMessage(db: Database, id: string) {
  const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return message ?? null;
}
