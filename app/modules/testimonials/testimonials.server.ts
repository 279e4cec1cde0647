import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#db/client";
import { testimonials } from "#db/schema";
import spokenWordPassages from "#db/seed/spoken-word-passages.json";

/** The section needs three voices; until three real customers agreed to be quoted, Scripture speaks. */
const TESTIMONIALS_SHOWN = 3;

export type LandingVoices =
  | { kind: "customers"; testimonials: { id: string; displayName: string; location: string | null; quote: string }[] }
  | { kind: "scripture"; passages: { reference: string; text: string; note: string }[] };

export async function getLandingVoices(db: Database): Promise<LandingVoices> {
  const rows = await db
    .select({
      id: testimonials.id,
      displayName: testimonials.displayName,
      location: testimonials.location,
      quote: testimonials.quote,
    })
    .from(testimonials)
    .where(and(eq(testimonials.isPublished, true), isNotNull(testimonials.consentedAt)))
    .orderBy(asc(testimonials.orderIndex), asc(testimonials.createdAt))
    .limit(TESTIMONIALS_SHOWN);
  if (rows.length >= TESTIMONIALS_SHOWN) return { kind: "customers", testimonials: rows };
  return { kind: "scripture", passages: spokenWordPassages.slice(0, TESTIMONIALS_SHOWN) };
}
