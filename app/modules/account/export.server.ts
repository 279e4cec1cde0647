/**
 * "Download my data" (docs/decisions/039-account-deletion-and-export.md): everything the app keeps about one account,
 * as one JSON file for its owner. The account page (/account/data.json) and the API (GET /api/user/{userId}/export)
 * both answer with accountExportResponse, so the two can never differ.
 *
 * The file is a list of sections, each read by its own function below: a new kind of personal data (the practice's
 * journal, its voice recordings) adds its section here and its rows to deleteAccount (delete.server.ts), and the test
 * that compares the export with the tables catches a section left out.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, sql } from "drizzle-orm";
import {
  abEvents,
  accessGrants,
  affirmationCards,
  badges,
  dailyCardSends,
  emailOutbox,
  practiceDays,
  purchases,
  sessions,
  testimonials,
  type User,
  userActivity,
  userBadges,
  userFavorites,
  userStats,
} from "#db/schema";
import { clockLabel } from "~/modules/daily-card/daily-card.schema";
import { readStoredAssignment } from "~/modules/experiments/assignment.server";
import { exportRecordings } from "~/modules/practice/recordings.server";
import { exportWallpaper } from "~/modules/wallpaper/wallpaper-tokens.server";

type ExportContext = Pick<AppLoadContext, "db" | "cloudflare">;
type Section = (context: ExportContext, user: User) => Promise<unknown>;

/** Bumped when a section changes shape, so a reader of an older file can tell. */
const EXPORT_VERSION = 1;

const SECTIONS = {
  account: async (_context, user) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerified,
    hasPassword: Boolean(user.passwordHash),
    keepMeLoggedIn: user.rememberLogin,
    timeZone: user.timeZone,
    timeZoneChangedAt: user.timeZoneChangedAt,
    dailyCardEmail: user.newsletterSubscribed,
    // Reminder times in the account's zone, "HH:MM" (docs/decisions/049-reminders.md); null: the evening reminder is off.
    morningCardAt: clockLabel(user.morningReminderMinutes),
    eveningReminderAt: user.eveningReminderMinutes === null ? null : clockLabel(user.eveningReminderMinutes),
    lastLoginAt: user.lastLoginAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  }),
  purchases: ({ db }, user) =>
    db
      .select({
        id: purchases.id,
        email: purchases.email,
        provider: purchases.provider,
        amountCents: purchases.amountCents,
        currency: purchases.currency,
        status: purchases.status,
        createdAt: purchases.createdAt,
        refundedAt: purchases.refundedAt,
        refundReason: purchases.refundReason,
        stripeCheckoutSessionId: purchases.stripeCheckoutSessionId,
        stripePaymentIntentId: purchases.stripePaymentIntentId,
      })
      .from(purchases)
      .where(eq(purchases.userId, user.id))
      .orderBy(asc(purchases.createdAt)),
  // Who granted or revoked is another person's data: only what happened, and when.
  accessGrants: ({ db }, user) =>
    db
      .select({ createdAt: accessGrants.createdAt, reason: accessGrants.reason, revokedAt: accessGrants.revokedAt })
      .from(accessGrants)
      .where(eq(accessGrants.userId, user.id))
      .orderBy(asc(accessGrants.createdAt)),
  favorites: ({ db }, user) =>
    db
      .select({ cardId: userFavorites.cardId, cardTitle: affirmationCards.title, createdAt: userFavorites.createdAt })
      .from(userFavorites)
      .leftJoin(affirmationCards, eq(affirmationCards.id, userFavorites.cardId))
      .where(eq(userFavorites.userId, user.id))
      .orderBy(asc(userFavorites.createdAt)),
  activity: ({ db }, user) =>
    db
      .select({
        cardId: userActivity.cardId,
        activityType: userActivity.activityType,
        timestamp: userActivity.timestamp,
        metadata: userActivity.metadata,
      })
      .from(userActivity)
      .where(eq(userActivity.userId, user.id))
      .orderBy(asc(userActivity.timestamp)),
  stats: async ({ db }, user) => {
    const [row] = await db.select().from(userStats).where(eq(userStats.userId, user.id)).limit(1);
    if (!row) return null;
    const { id: _id, userId: _userId, ...stats } = row;
    return stats;
  },
  badges: ({ db }, user) =>
    db
      .select({ badgeId: userBadges.badgeId, name: badges.name, earnedAt: userBadges.earnedAt })
      .from(userBadges)
      .leftJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(eq(userBadges.userId, user.id))
      .orderBy(asc(userBadges.earnedAt)),
  // The practice's days: the buyer's own words (docs/decisions/040-the-light-practice.md).
  journal: ({ db }, user) =>
    db
      .select({
        day: practiceDays.day,
        cardId: practiceDays.cardId,
        chosen: practiceDays.chosen,
        reflection: practiceDays.reflection,
        saidAloudAt: practiceDays.saidAloudAt,
        eveningAnswer: practiceDays.eveningAnswer,
        eveningNote: practiceDays.eveningNote,
        eveningAt: practiceDays.eveningAt,
      })
      .from(practiceDays)
      .where(eq(practiceDays.userId, user.id))
      .orderBy(asc(practiceDays.day)),
  // What each voice recording is (card, type, size, date); the sound stays in the app.
  voiceRecordings: ({ db }, user) => exportRecordings(db, user.id),
  // The lock-screen address: on or off, since when, its style; never the token (docs/decisions/044-wallpaper-address.md).
  wallpaper: ({ db }, user) => exportWallpaper(db, user.id),
  dailyCardEmails: ({ db }, user) =>
    db
      .select({
        day: dailyCardSends.day,
        slot: dailyCardSends.slot,
        channel: dailyCardSends.channel,
        cardId: dailyCardSends.cardId,
        createdAt: dailyCardSends.createdAt,
      })
      .from(dailyCardSends)
      .where(eq(dailyCardSends.userId, user.id))
      .orderBy(asc(dailyCardSends.day)),
  // What was sent and when; not the bodies, whose links may still be live.
  emails: ({ db }, user) =>
    db
      .select({ subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.to}) = ${user.email.trim().toLowerCase()}`)
      .orderBy(asc(emailOutbox.createdAt)),
  // The devices signed in, without the session ids (hashes of live tokens).
  sessions: ({ db }, user) =>
    db
      .select({
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
        keepMeLoggedIn: sessions.persistent,
        endedReason: sessions.endedReason,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(asc(sessions.createdAt)),
  testimonials: ({ db }, user) =>
    db
      .select({
        displayName: testimonials.displayName,
        location: testimonials.location,
        quote: testimonials.quote,
        consentedAt: testimonials.consentedAt,
        isPublished: testimonials.isPublished,
      })
      .from(testimonials)
      .where(eq(testimonials.userId, user.id)),
  experiments: async ({ db, cloudflare }, user) => ({
    assignment: await readStoredAssignment(cloudflare.env.AB_KV, { kind: "user", id: user.id }),
    events: await db
      .select({ test: abEvents.testName, variant: abEvents.variant, event: abEvents.event, timestamp: abEvents.timestamp })
      .from(abEvents)
      .where(eq(abEvents.userId, user.id))
      .orderBy(asc(abEvents.timestamp)),
  }),
} satisfies Record<string, Section>;

export type AccountExport = { format: "light-cards-account-export"; version: number; exportedAt: string } & {
  [Name in keyof typeof SECTIONS]: Awaited<ReturnType<(typeof SECTIONS)[Name]>>;
};

/** Every section of the user's data, read side by side. */
export async function buildAccountExport(context: ExportContext, user: User): Promise<AccountExport> {
  const names = Object.keys(SECTIONS) as (keyof typeof SECTIONS)[];
  const values = await Promise.all(names.map((name) => SECTIONS[name](context, user)));
  const sections = Object.fromEntries(names.map((name, index) => [name, values[index]]));
  return {
    format: "light-cards-account-export",
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    ...sections,
  } as AccountExport;
}

/** The export as a download: a JSON attachment that no cache keeps. */
export async function accountExportResponse(context: ExportContext, user: User): Promise<Response> {
  const body = `${JSON.stringify(await buildAccountExport(context, user), null, 2)}\n`;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="light-cards-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
