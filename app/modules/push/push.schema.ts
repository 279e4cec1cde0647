import { z } from "zod";

/**
 * What the browser's `PushSubscription.toJSON()` gives, as the settings page posts it (docs/decisions/046-web-push.md).
 * Client-safe: the page and the action read it with the same schema.
 */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: "Not base64url" })
    .refine((value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes, { message: `Not ${bytes} bytes` });

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, message: "A push endpoint is an https address" })
    .max(2048, { message: "The push endpoint is too long" }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The browser's authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const PUSH_SUBSCRIBE_INTENT = "push-subscribe";
export const PUSH_UNSUBSCRIBE_INTENT = "push-unsubscribe";
export const PUSH_TEST_INTENT = "push-test";
export const PUSH_FORGET_DEVICE_INTENT = "push-forget-device";

/** The form the settings page posts to /settings/notifications: the subscription travels as the JSON text it is. */
export const pushFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(PUSH_SUBSCRIBE_INTENT), subscription: z.string().max(4096) }),
  z.object({ intent: z.literal(PUSH_UNSUBSCRIBE_INTENT), endpoint: z.string().max(2048) }),
  z.object({ intent: z.literal(PUSH_TEST_INTENT) }),
  z.object({ intent: z.literal(PUSH_FORGET_DEVICE_INTENT), id: z.uuid() }),
]);

/** Reads the posted JSON text of a subscription; null when it is not one. */
export function parsePushSubscription(text: string): PushSubscriptionInput | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = pushSubscriptionSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
