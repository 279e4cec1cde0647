import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { emailOutbox } from "#db/schema";
import type { AppConfig } from "~/modules/config/config.server";

export type EmailMessage = { to: string; subject: string; text: string; html: string };

/** Thrown when mail cannot be sent; pages tell the user to contact support instead of pretending. */
export class EmailDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}

type EmailContext = { db: Database; config: AppConfig; resendApiKey: string | undefined };

/** How modules send mail: built once per request by the Worker and carried by the load context. */
export type EmailSender = { send(message: EmailMessage): Promise<void> };

export function createEmailSender(context: EmailContext): EmailSender {
  return { send: (message) => sendEmail(context, message) };
}

/**
 * The one way mail leaves the app. Development (and the tests) write every message to the local
 * outbox (/dev/outbox); production sends through Resend. Production without a key fails loudly:
 * it never drops mail silently.
 */
async function sendEmail(context: EmailContext, message: EmailMessage): Promise<void> {
  const { db, config } = context;
  if (config.isDevelopment) {
    await db.insert(emailOutbox).values({ ...message, from: config.emailFrom });
    return;
  }
  if (!context.resendApiKey) {
    console.error(`Email not sent to ${message.to} ("${message.subject}"): RESEND_API_KEY is not configured`);
    throw new EmailDeliveryError("Email is not configured");
  }
  const response = await fetch("https://api.resend.com/emails", {
    method: "POST",
    headers: { Authorization: `Bearer ${context.resendApiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ from: config.emailFrom, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
  });
  if (!response.ok) {
    const detail = (await response.text()).slice(0, 300);
    console.error(`Email to ${message.to} failed: Resend answered ${response.status}: ${detail}`);
    throw new EmailDeliveryError(`Email provider answered ${response.status}`);
  }
}

/** The development outbox, newest first (optionally for one recipient). */
export async function listOutbox(db: Database, options: { to?: string; limit?: number } = {}) {
  const query = db.select().from(emailOutbox);
  const filtered = options.to ? query.where(sql`lower(${emailOutbox.to}) = ${options.to.trim().toLowerCase()}`) : query;
  return filtered.orderBy(desc(emailOutbox.createdAt)).limit(options.limit ?? 50);
}

export async function getOutboxMessage(db: Database, id: string) {
  const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return message ?? null;
}
