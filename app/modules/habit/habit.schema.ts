import { z } from "zod";
import { cardIdField } from "~/modules/cards/cards.schema";

export const METADATA_MAX_BYTES = 1024;
export const METADATA_MAX_KEYS = 20;
export const ACTIVITY_PAGE_SIZE_MAX = 100;

const metadataSchema = z
  .record(z.string(), z.unknown(), { error: "metadata must be a JSON object." })
  .refine((value) => Object.keys(value).length <= METADATA_MAX_KEYS, `metadata may have at most ${METADATA_MAX_KEYS} keys.`)
  .refine(
    (value) => new TextEncoder().encode(JSON.stringify(value)).byteLength <= METADATA_MAX_BYTES,
    `metadata may be at most ${METADATA_MAX_BYTES} bytes of JSON.`,
  );

/** What a client may record through the API (the spec's four); a practice is completed on /today alone. */
const API_ACTIVITY_TYPES = ["view", "read_scripture", "speak_aloud", "favorite"] as const;

/** POST /api/activity. An unknown timeZone is not an error: the stored zone (or UTC) is used instead. */
export const activityBodySchema = z.object({
  cardId: cardIdField,
  activityType: z.enum(API_ACTIVITY_TYPES, { error: `activityType must be one of: ${API_ACTIVITY_TYPES.join(", ")}.` }),
  userId: z.string({ error: "userId must be a string." }).optional(),
  metadata: metadataSchema.nullish(),
  timeZone: z.string({ error: "timeZone must be a string." }).max(100, "timeZone is too long.").nullish(),
});

/** GET /api/user/{userId}/activity?page=&pageSize= */
export const activityQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 1." })
    .int("page must be a whole number from 1.")
    .min(1, "page must be a whole number from 1.")
    .max(100_000, "page is too large.")
    .default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE_MAX}.` })
    .int(`pageSize must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE_MAX}.`)
    .min(1, `pageSize must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE_MAX}.`)
    .max(ACTIVITY_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE_MAX}.`)
    .default(20),
});
