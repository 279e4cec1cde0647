import type { Database } from "#db/client";
import type { Card } from "./card";
import { listPreviewCards } from "./cards.server";

/**
 * The preview cards are public and change only when the collection is re-seeded (a deploy), yet a D1 round trip
 * costs more than everything else on a cached image's path. So each isolate keeps the resolved list for
 * PREVIEW_SNAPSHOT_TTL_MS and reads D1 again after that: a content change reaches every isolate within that time
 * (docs/decisions/017-card-images.md). Only settled values are kept: workerd forbids sharing one request's pending
 * I/O with another request, so concurrent misses each read D1 once.
 */
export const PREVIEW_SNAPSHOT_TTL_MS = 30_000;

let snapshot: { cards: Map<string, Card>; expiresAt: number } | null = null;

/** A preview card from the isolate's snapshot (read from D1 when missing or older than the TTL), or null. */
export async function findPreviewCardInSnapshot(db: Database, id: string): Promise<Card | null> {
  if (!snapshot || snapshot.expiresAt <= Date.now()) {
    const cards = await listPreviewCards(db);
    snapshot = { cards: new Map(cards.map((card) => [card.id, card])), expiresAt: Date.now() + PREVIEW_SNAPSHOT_TTL_MS };
  }
  return snapshot.cards.get(id) ?? null;
}
