/** When the practice's day turns to evening (docs/decisions/040-the-light-practice.md). Pure and client-safe. */

/** From this minute of the buyer's day (17:00) /today asks the evening check. */
export const EVENING_FROM_MINUTES = 17 * 60;
