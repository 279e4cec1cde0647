/**
 * What a push message carries (docs/decisions/046-web-push.md): the card's title and where a tap goes, never the
 * buyer's own words, so a lock screen shows nothing its owner would not show. Client-safe: the service worker reads
 * the same shape it is sent.
 */
export type PushMessage = {
  title: string;
  body: string;
  /** A path on this site; the service worker opens or focuses it. */
  url: string;
  /** One notification per tag on a device: a second morning's replaces the first. */
  tag: string;
};

export const PUSH_OPENS_PATH = "/today";

/** The morning's message: the day's card by its title. */
export function dailyCardPush(card: { title: string }): PushMessage {
  return { title: "Today's card", body: card.title, url: PUSH_OPENS_PATH, tag: "daily-card" };
}

/** The evening reminder: the day's card by its title, a tap opening the evening check. */
export function eveningReminderPush(card: { title: string }): PushMessage {
  return { title: "This evening", body: `How did "${card.title}" go today?`, url: `${PUSH_OPENS_PATH}#evening`, tag: "evening-check" };
}

/** The test a buyer sends themselves from Settings: the same card, so they see what a morning looks like. */
export function testPush(card: { title: string }): PushMessage {
  return { title: "Notifications are on", body: `Each morning, like this: ${card.title}`, url: PUSH_OPENS_PATH, tag: "test" };
}

/** The service worker's reading of a message: anything else shows nothing rather than something wrong. */
export function readPushMessage(value: unknown): PushMessage | null {
  if (!value || typeof value !== "object") return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== "string" || typeof body !== "string" || typeof url !== "string" || typeof tag !== "string") return null;
  if (!url.startsWith("/") || url.startsWith("//")) return null;
  return { title, body, url, tag };
}
