import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { pushSubscriptions } from "#db/schema";
import type { AppConfig } from "~/modules/config/config.server";
import { logProblem } from "~/modules/observability/log.server";
import type { PushMessage } from "./push-message";

/**
 * Sending Web Push (docs/decisions/046-web-push.md): the message encrypted to each device's keys (RFC 8291, aes128gcm)
 * and signed with the site's VAPID key (RFC 8292) by @block65/webcrypto-web-push on the Worker's Web Crypto; no
 * crypto of our own. The scheduler and the settings page's test both call sendPushToUser.
 */

type PushContext = { db: Database; config: Pick<AppConfig, "webPush" | "supportEmail"> };

/** What happened to each of the account's devices. */
export type PushOutcome = {
  /** Devices whose push service accepted the message (2xx). */
  sent: number;
  /** Devices the push service no longer knows (404, 410): their rows are deleted. */
  removed: number;
  /** Devices whose push service refused or could not be reached for another reason: kept, to be tried next time. */
  failed: number;
};

/** A morning's card is worth showing all day, not the next day: the push service drops it after 12 hours. */
const TTL_SECONDS = 12 * 60 * 60;

/**
 * Sends `message` to every device of the account. A device whose push service answers 404 or 410 is gone (the
 * browser unsubscribed or the app was removed) and its row is deleted; any other failure leaves the row for the next
 * send. Never throws for one device's failure; without VAPID keys it sends nothing.
 */
export async function sendPushToUser(context: PushContext, userId: string, message: PushMessage): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  const vapid = context.config.webPush;
  if (!vapid) return outcome;
  const devices = await context.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const gone: string[] = [];
  const delivered: string[] = [];
  await Promise.all(
    devices.map(async (device) => {
      try {
        const request = await buildPushPayload(
          { data: message, options: { ttl: TTL_SECONDS, urgency: "normal", topic: message.tag } },
          { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
          { subject: `mailto:${context.config.supportEmail}`, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        );
        const response = await fetch(device.endpoint, request);
        await response.body?.cancel();
        if (response.ok) delivered.push(device.id);
        else if (response.status === 404 || response.status === 410) gone.push(device.id);
        else {
          outcome.failed += 1;
          logProblem("warn", `A push service answered ${response.status} for device ${device.id}`);
        }
      } catch (error) {
        outcome.failed += 1;
        logProblem("warn", `A push message for device ${device.id} could not be sent`, error);
      }
    }),
  );
  const statements = [];
  if (delivered.length > 0) {
    statements.push(
      context.db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(inArray(pushSubscriptions.id, delivered)),
    );
  }
  if (gone.length > 0) {
    // Only the rows this send found gone, and only while they are still this account's.
    statements.push(
      context.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.id, gone))),
    );
  }
  const [first, ...rest] = statements;
  if (first) await context.db.batch([first, ...rest]);
  outcome.sent = delivered.length;
  outcome.removed = gone.length;
  return outcome;
}
