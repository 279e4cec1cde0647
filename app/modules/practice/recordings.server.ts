/**
 * The buyer's own recordings of an affirmation (docs/decisions/040-the-light-practice.md): one per (buyer, card) in
 * R2 under the owner, `recordings/<userId>/<cardId>`, and a row saying what it is. Only the owner reads or deletes
 * it. Nothing here logs a recording's bytes.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { affirmationCards, type User, voiceRecordings } from "#db/schema";
import { getAccessStatus } from "~/modules/access/access.server";
import { type Owner, preparedOwnedRead } from "~/modules/auth/owner.server";
import { findLibraryCard } from "~/modules/cards/public-collection.server";
import { recordActivitySafely } from "~/modules/habit/page-activity.server";
import type { EarnedBadge } from "~/modules/habit/progress";
import { RECORDING_MAX_BYTES, RECORDING_MESSAGES, type RecordingSummary } from "./recordings";

type Context = Pick<AppLoadContext, "db" | "config" | "cloudflare">;
export type AudioType = "audio/webm" | "audio/ogg" | "audio/mp4";

const RECORDINGS_PREFIX = "recordings/";

export function recordingKey(userId: string, cardId: string): string {
  return `${RECORDINGS_PREFIX}${userId}/${cardId}`;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** ISO-BMFF brands of still images (AVIF, HEIF): an `ftyp` box, but no sound. */
const IMAGE_BRANDS = new Set(["avif", "avis", "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/**
 * The container the bytes are, by their magic numbers (the name and the declared type prove nothing): WebM/Matroska's
 * EBML header with its doc type, Ogg's "OggS" page, or an MP4 `ftyp` box at offset 4. Null for anything else.
 */
export function sniffAudioContainer(bytes: Uint8Array): AudioType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    const head = ascii(bytes, 4, Math.min(bytes.length, 64));
    return head.includes("webm") || head.includes("matroska") ? "audio/webm" : null;
  }
  if (ascii(bytes, 0, 4) === "OggS" && bytes[4] === 0) return "audio/ogg";
  if (ascii(bytes, 4, 8) === "ftyp" && !IMAGE_BRANDS.has(ascii(bytes, 8, 12))) return "audio/mp4";
  return null;
}

export type SaveResult = { status: "saved"; newBadges: EarnedBadge[] } | { status: 400 | 403 | 404 | 413 | 415; message: string };

/**
 * Stores `file` as the user's recording of `cardId`, replacing the one before; refuses (storing nothing) a card they
 * may not open, more than 2 MB, or bytes that are not an audio container. A saved recording is the buyer speaking the
 * affirmation: it counts as spoken (a `speak_aloud` activity, docs/decisions/045), with any badge it earns.
 */
export async function saveRecording(
  context: Context,
  request: Request,
  user: Pick<User, "id" | "timeZone" | "timeZoneChangedAt">,
  cardId: string,
  file: unknown,
): Promise<SaveResult> {
  const card = await findLibraryCard(context, "buyer", cardId);
  if (!card) return { status: 404, message: "Card not found" };
  if (!(await getAccessStatus(context.db, user.id)).hasAccess) return { status: 403, message: RECORDING_MESSAGES.noAccess };
  if (!(file instanceof Blob) || file.size === 0) return { status: 400, message: RECORDING_MESSAGES.missing };
  if (file.size > RECORDING_MAX_BYTES) return { status: 413, message: RECORDING_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffAudioContainer(bytes);
  if (!contentType) return { status: 415, message: RECORDING_MESSAGES.notAudio };

  const key = recordingKey(user.id, card.id);
  // The object first: a row never names bytes that are not there.
  await context.cloudflare.env.CARD_ASSETS.put(key, bytes, { httpMetadata: { contentType } });
  const now = new Date();
  await context.db
    .insert(voiceRecordings)
    .values({ userId: user.id, cardId: card.id, r2Key: key, contentType, bytes: bytes.byteLength, createdAt: now })
    .onConflictDoUpdate({
      target: [voiceRecordings.userId, voiceRecordings.cardId],
      set: { r2Key: key, contentType, bytes: bytes.byteLength, createdAt: now },
    });
  const { newBadges } = await recordActivitySafely(context.db, request, user, {
    cardId: card.id,
    activityType: "speak_aloud",
    metadata: { source: "recording" },
  });
  return { status: "saved", newBadges };
}

function findOwn(db: Database, userId: string, cardId: string) {
  return db
    .select()
    .from(voiceRecordings)
    .where(and(eq(voiceRecordings.userId, userId), eq(voiceRecordings.cardId, cardId)))
    .get();
}

/**
 * The owner's recording of a card, as R2 hands it (a byte range when `range` asks for one: Safari plays media only
 * from ranges), or null when they have none.
 */
export async function readOwnRecording(context: Context, userId: string, cardId: string, range: Headers) {
  const row = await findOwn(context.db, userId, cardId);
  if (!row) return null;
  const object = await context.cloudflare.env.CARD_ASSETS.get(row.r2Key, { range });
  return object ? { object, contentType: row.contentType } : null;
}

/** Deletes the owner's recording of a card; false when there was none. */
export async function deleteRecording(context: Context, userId: string, cardId: string): Promise<boolean> {
  const [row] = await context.db
    .delete(voiceRecordings)
    .where(and(eq(voiceRecordings.userId, userId), eq(voiceRecordings.cardId, cardId)))
    .returning({ key: voiceRecordings.r2Key });
  if (!row) return false;
  await context.cloudflare.env.CARD_ASSETS.delete(row.key);
  return true;
}

/** Every object under the user's prefix, whether or not a row still names it (account deletion). */
export async function deleteAllRecordingObjects(bucket: R2Bucket, userId: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${RECORDINGS_PREFIX}${userId}/`, cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/**
 * Deletes the recordings whose card has left the collection; returns how many. The seed removes a card in SQL alone
 * (db/seed/seed.ts, sent by the deploy), which takes its recording rows with it but cannot reach R2, so the daily
 * clean-up lists the recordings' objects and deletes those whose card (the key's last part) is no longer a card.
 */
export async function deleteRecordingsOfRemovedCards(db: Database, bucket: R2Bucket): Promise<number> {
  const cards = new Set((await db.select({ id: affirmationCards.id }).from(affirmationCards)).map((card) => card.id));
  // A database without its collection (not seeded yet) says nothing about which cards are gone.
  if (cards.size === 0) return 0;
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: RECORDINGS_PREFIX, cursor });
    const gone = page.objects.map((object) => object.key).filter((key) => !cards.has(key.slice(key.lastIndexOf("/") + 1)));
    if (gone.length > 0) await bucket.delete(gone);
    deleted += gone.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}

/** Which cards the owner has recorded (one statement, in the page's D1 batch). */
const readRecorded = preparedOwnedRead((db, ownerId) =>
  db
    .select({ cardId: voiceRecordings.cardId, createdAt: voiceRecordings.createdAt })
    .from(voiceRecordings)
    .where(eq(voiceRecordings.userId, ownerId)),
);

export async function listOwnRecordings(db: Database, owner: Owner): Promise<RecordingSummary[]> {
  const rows = await readRecorded(db, owner, {});
  return rows.map((row) => ({ cardId: row.cardId, version: row.createdAt.getTime() }));
}

/** The export's section: what each recording is, never its bytes. */
export function exportRecordings(db: Database, userId: string) {
  return db
    .select({
      cardId: voiceRecordings.cardId,
      cardTitle: affirmationCards.title,
      contentType: voiceRecordings.contentType,
      bytes: voiceRecordings.bytes,
      createdAt: voiceRecordings.createdAt,
    })
    .from(voiceRecordings)
    .leftJoin(affirmationCards, eq(affirmationCards.id, voiceRecordings.cardId))
    .where(eq(voiceRecordings.userId, userId))
    .orderBy(asc(voiceRecordings.createdAt));
}
