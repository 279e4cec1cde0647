import { z } from "zod";
import { cardIdField } from "~/modules/cards/cards.schema";

const cardId = cardIdField;
const userId = z.string({ error: "userId is required." }).trim().min(1, "userId is required.").max(64, "userId is at most 64 characters.");

/** POST /api/user/{userId}/favorites */
export const favoriteBodySchema = z.object({ cardId });
/** POST /api/favorites */
export const favoriteWithUserBodySchema = z.object({ userId, cardId });
/** The /favorites form: add or remove one card, then (without JavaScript) go back where the user was. */
export const favoriteFormSchema = z.object({
  cardId,
  intent: z.enum(["add", "remove"], { error: "intent must be add or remove." }),
  redirectTo: z.string().max(2048).optional(),
});
