/**
 * The data model. Migrations in db/migrations are generated from this file by drizzle-kit
 * (`npm run db:generate`) and applied by wrangler; a committed migration is never edited.
 *
 * Shapes follow the product rules (docs/decisions/000-product-rules.md):
 * - access is derived from `purchases` and `access_grants`, never stored on the user;
 * - sessions and one-time tokens live in their own tables and are stored hashed;
 * - cards have stable slug ids so favourites, image keys and share links survive a reseed.
 */
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

// ---------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------

export const users = sqliteTable(
  "users",
  {
    id: id(),
    /** Stored as typed; uniqueness and lookups are on lower(email). */
    email: text("email").notNull(),
    name: text("name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** PBKDF2 hash with its parameters; null for buyers who sign in by email link or OAuth. */
    passwordHash: text("password_hash"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    rememberLogin: integer("remember_login", { mode: "boolean" }).notNull().default(false),
    /** IANA zone sent by the browser, for streak days; UTC when unknown. */
    timeZone: text("time_zone"),
    /** When a browser last moved `timeZone`: a change is accepted at most once a day (015). */
    timeZoneChangedAt: integer("time_zone_changed_at", { mode: "timestamp_ms" }),
    /** Opt-in: never pre-ticked. */
    newsletterSubscribed: integer("newsletter_subscribed", { mode: "boolean" }).notNull().default(false),
    /** When the morning card is sent, in minutes after local midnight (a quarter hour; 7:00 unless chosen: 049). */
    morningReminderMinutes: integer("morning_reminder_minutes").notNull().default(420),
    /** The evening reminder's time in minutes after local midnight (from 17:00), or null when it is off (049). */
    eveningReminderMinutes: integer("evening_reminder_minutes"),
    lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 (hex) of the session token; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'Keep me logged in': a 30-day cookie renewed on use; otherwise a browser-session cookie. */
    persistent: integer("persistent", { mode: "boolean" }).notNull().default(false),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    /**
     * Why the server ended this session while its cookie still lived (docs/decisions/027): the row stays until it
     * would have expired, so the device's next request can say why it was signed out. Null while the session is live.
     */
    endedReason: text("ended_reason", { enum: ["mailbox-proved", "everywhere", "payment-refunded", "new-payment"] }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** `delete_account`: the emailed link that confirms deleting an account without a password (docs/decisions/039). */
const oneTimeTokenPurposes = ["verify_email", "reset_password", "sign_in", "delete_account"] as const;
export type OneTimeTokenPurpose = (typeof oneTimeTokenPurposes)[number];

export const oneTimeTokens = sqliteTable(
  "one_time_tokens",
  {
    /** SHA-256 (hex) of the token sent by email. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: oneTimeTokenPurposes }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

// ---------------------------------------------------------------------------
// The collection
// ---------------------------------------------------------------------------

export const categories = sqliteTable("categories", {
  slug: text("slug").primaryKey(),
  label: text("label").notNull(),
  tagline: text("tagline").notNull(),
  orderIndex: integer("order_index").notNull().default(0),
});

export type ScriptureVerse = { reference: string; text: string };
/** A word in the card's verse whose meaning has changed since 1611, e.g. { word: "want", meaning: "lack" }. */
export type WordNote = { word: string; meaning: string };
/**
 * One verse of a card's passage in both translations, quoted exactly (db/seed/bible): `own` is true for the card's
 * verses, false for the context around them.
 */
export type PassageVerse = { reference: string; own: boolean; kjv: string; web: string };

export const affirmationCards = sqliteTable(
  "affirmation_cards",
  {
    /** Stable slug from the seed, e.g. 'morning-rise-and-rule'. */
    id: text("id").primaryKey(),
    category: text("category")
      .notNull()
      .references(() => categories.slug),
    title: text("title").notNull(),
    affirmation: text("affirmation").notNull(),
    scriptureReference: text("scripture_reference").notNull(),
    /** Verse text; several verses joined by one space. */
    scripture: text("scripture").notNull(),
    /** One entry per verse for multi-verse cards; null for a single verse. */
    scriptureReferences: text("scripture_references", { mode: "json" }).$type<ScriptureVerse[] | null>(),
    translation: text("translation").notNull().default("KJV"),
    /**
     * The card's verses in their chapter, in order: from the verse before its first to the verse after its last (those
     * between included), in the KJV and the WEB. Generated by scripts/card-passages.ts; null only before the seed fills it.
     */
    passage: text("passage", { mode: "json" }).$type<PassageVerse[] | null>(),
    /** Notes on words in the verse whose meaning has changed since 1611; empty when none. */
    wordNotes: text("word_notes", { mode: "json" }).$type<WordNote[]>().notNull().default(sql`'[]'`),
    prompt: text("prompt"),
    anchor: text("anchor"),
    icon: text("icon").notNull().default("mountain"),
    gradient: text("gradient").notNull().default("sage-to-lavender"),
    /** The theme's slug (a stable key), e.g. 'christs-peace'. */
    theme: text("theme"),
    /** How the theme badge reads, with its punctuation: 'Christ’s Peace'. Null only before the seed fills it. */
    themeLabel: text("theme_label"),
    orderIndex: integer("order_index").notNull().default(0),
    /** Preview cards may be shown to visitors; every other card only to buyers. */
    isPreview: integer("is_preview", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("affirmation_cards_order_idx").on(t.orderIndex),
    index("affirmation_cards_category_order_idx").on(t.category, t.orderIndex),
    index("affirmation_cards_preview_order_idx").on(t.isPreview, t.orderIndex),
  ],
);

export const userFavorites = sqliteTable(
  "user_favorites",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: text("card_id")
      .notNull()
      .references(() => affirmationCards.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_favorites_user_card_unique").on(t.userId, t.cardId)],
);

// ---------------------------------------------------------------------------
// Habit: activity, stats, badges
// ---------------------------------------------------------------------------

/** `practice`: a morning of the LIGHT practice completed; `evening_check`: its evening answer (docs/decisions/040). */
export const activityTypes = ["view", "read_scripture", "speak_aloud", "favorite", "practice", "evening_check"] as const;
export type ActivityType = (typeof activityTypes)[number];

export const userActivity = sqliteTable(
  "user_activity",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: text("card_id").references(() => affirmationCards.id, { onDelete: "set null" }),
    activityType: text("activity_type", { enum: activityTypes }).notNull(),
    timestamp: integer("timestamp", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown> | null>(),
  },
  (t) => [index("user_activity_user_time_idx").on(t.userId, t.timestamp)],
);

/** What a badge asks for, e.g. { "type": "streak", "days": 7 }. */
type BadgeRequirement = { type: string; [key: string]: unknown };

export const badges = sqliteTable("badges", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  category: text("category").notNull(),
  requirement: text("requirement", { mode: "json" }).$type<BadgeRequirement>().notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
});

export const userBadges = sqliteTable(
  "user_badges",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeId: text("badge_id")
      .notNull()
      .references(() => badges.id, { onDelete: "cascade" }),
    earnedAt: integer("earned_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    progress: text("progress", { mode: "json" }).$type<Record<string, unknown> | null>(),
  },
  (t) => [uniqueIndex("user_badges_user_badge_unique").on(t.userId, t.badgeId)],
);

export const userStats = sqliteTable("user_stats", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  totalCardsViewed: integer("total_cards_viewed").notNull().default(0),
  totalFavorites: integer("total_favorites").notNull().default(0),
  totalScriptureReads: integer("total_scripture_reads").notNull().default(0),
  totalSpokenAffirmations: integer("total_spoken_affirmations").notNull().default(0),
  /** Mornings of the practice completed, evening checks answered, and distinct cards practised (docs/decisions/040). */
  totalPractices: integer("total_practices").notNull().default(0),
  totalEveningChecks: integer("total_evening_checks").notNull().default(0),
  totalCardsPractised: integer("total_cards_practised").notNull().default(0),
  currentStreak: integer("current_streak").notNull().default(0),
  longestStreak: integer("longest_streak").notNull().default(0),
  /** Calendar day (YYYY-MM-DD) in the user's time zone. */
  lastActivityDate: text("last_activity_date"),
  /** The last missed day that was forgiven (YYYY-MM-DD), so at most one in any seven days (docs/decisions/015). */
  graceDay: text("grace_day"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------
// The daily practice (docs/decisions/040-the-light-practice.md)
// ---------------------------------------------------------------------------

export const eveningAnswers = ["yes", "partly", "not-yet"] as const;
export type EveningAnswer = (typeof eveningAnswers)[number];

/** One row per buyer per calendar day (their zone) on which they began the practice: the journal's entries. */
export const practiceDays = sqliteTable(
  "practice_days",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The buyer's calendar day, YYYY-MM-DD. */
    day: text("day").notNull(),
    /** The day's card; null once a card leaves the collection (the buyer's words stay). */
    cardId: text("card_id").references(() => affirmationCards.id, { onDelete: "set null" }),
    /** The buyer picked this card ("Practise this card") instead of the day's own. */
    chosen: integer("chosen", { mode: "boolean" }).notNull().default(false),
    /** Ground: one private line of reflection, at most 1,000 characters. */
    reflection: text("reflection"),
    /** Hear Again: when the buyer said it aloud. The morning is complete from then. */
    saidAloudAt: integer("said_aloud_at", { mode: "timestamp_ms" }),
    eveningAnswer: text("evening_answer", { enum: eveningAnswers }),
    eveningNote: text("evening_note"),
    eveningAt: integer("evening_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("practice_days_user_day_unique").on(t.userId, t.day)],
);

/**
 * Hear Again: the buyer's own recording of a card's affirmation, one per (buyer, card); a new one replaces it. The
 * bytes live in R2 under the owner (`recordings/<userId>/<cardId>`), never in a shared cache.
 */
export const voiceRecordings = sqliteTable(
  "voice_recordings",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: text("card_id")
      .notNull()
      .references(() => affirmationCards.id, { onDelete: "cascade" }),
    r2Key: text("r2_key").notNull(),
    /** What the bytes proved to be (audio/webm, audio/ogg or audio/mp4), not what the browser declared. */
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("voice_recordings_user_card_unique").on(t.userId, t.cardId)],
);

/** The styles a wallpaper may be drawn in (app/modules/images/styles.ts: IMAGE_STYLES). */
const wallpaperStyles = ["elegant", "modern", "peaceful", "warm"] as const;

/**
 * A buyer's private wallpaper address, `/wallpaper/<token>.png` (docs/decisions/044-wallpaper-address.md): at most one
 * per buyer; replacing it changes the id, turning it off deletes the row.
 */
export const wallpaperTokens = sqliteTable("wallpaper_tokens", {
  /** SHA-256 (hex) of the address's token; the token itself is never stored. */
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  style: text("style", { enum: wallpaperStyles }).notNull().default("elegant"),
  createdAt: createdAt(),
});

/**
 * A device's Web Push subscription (docs/decisions/046-web-push.md): one row per push endpoint, which the browser
 * makes unique. It lives only as long as the session it was made in: signing out of that device deletes the session
 * and, by the foreign key, this row; a session the server ends deletes it too (sessions.server.ts).
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** The push service's address for this device (https). */
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), which the payload is encrypted to (RFC 8291). */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the settings page calls the device ("iPhone", "Android", "Mac"...), from its user agent. */
    deviceLabel: text("device_label").notNull(),
    createdAt: createdAt(),
    /** When a push service last accepted a message for it (2xx). */
    lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("push_subscriptions_user_id_idx").on(t.userId), index("push_subscriptions_session_id_idx").on(t.sessionId)],
);

// ---------------------------------------------------------------------------
// Purchases and access
// ---------------------------------------------------------------------------

const purchaseProviders = ["stripe", "test"] as const;
const purchaseStatuses = ["paid", "refunded"] as const;

export const purchases = sqliteTable(
  "purchases",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The email typed at checkout (Stripe does not verify it). */
    email: text("email").notNull(),
    provider: text("provider", { enum: purchaseProviders }).notNull(),
    /** Unique: a webhook delivered twice must not grant twice. Null for mock purchases. */
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: purchaseStatuses }).notNull().default("paid"),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
    /** The account that started the checkout, if one was signed in. */
    startedByUserId: text("started_by_user_id").references((): AnySQLiteColumn => users.id, {
      onDelete: "set null",
    }),
    /** True when fulfilment created the buyer's account (it may then sign the buyer in once). */
    createdUser: integer("created_user", { mode: "boolean" }).notNull().default(false),
    /** When the success page signed the buyer in; it does so at most once. */
    autoSignInUsedAt: integer("auto_sign_in_used_at", { mode: "timestamp_ms" }),
    /** The discount code the amount paid was checked against (docs/decisions/050-codes-and-refunds.md). */
    discountCodeId: text("discount_code_id").references((): AnySQLiteColumn => discountCodes.id, { onDelete: "set null" }),
    /** The buyer's own refund from /settings: set once (one refund per purchase), with their optional reason. */
    refundRequestedAt: integer("refund_requested_at", { mode: "timestamp_ms" }),
    refundReason: text("refund_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("purchases_user_id_idx").on(t.userId),
    index("purchases_discount_code_idx").on(t.discountCodeId),
    index("purchases_payment_intent_idx").on(t.stripePaymentIntentId),
    index("purchases_created_at_idx").on(t.createdAt),
  ],
);

const giftStatuses = ["pending", "paid", "claimed", "cancelled"] as const;
export type GiftStatus = (typeof giftStatuses)[number];

/**
 * A lifetime pass bought for someone else (docs/decisions/047-gifts.md). Written `pending` before the giver pays (its
 * id rides in the Checkout Session's metadata), made `paid` once by fulfilment, emailed on `deliver_on` in the giver's
 * zone, `claimed` once through its link (access is then an access grant, `access_grant_id`), `cancelled` by a refund.
 */
export const gifts = sqliteTable(
  "gifts",
  {
    id: id(),
    giverName: text("giver_name").notNull(),
    giverEmail: text("giver_email").notNull(),
    /** The account that bought it, when signed in: it may manage the gift without the private link. */
    giverUserId: text("giver_user_id").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message").notNull().default(""),
    /** The day (YYYY-MM-DD) the gift email goes out, in `time_zone` (the giver's). */
    deliverOn: text("deliver_on").notNull(),
    timeZone: text("time_zone").notNull(),
    status: text("status", { enum: giftStatuses }).notNull().default("pending"),
    provider: text("provider", { enum: purchaseProviders }),
    /** Unique: the payment that fulfilled the gift (a test payment's is `mock_<gift id>`). */
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /** SHA-256 (hex) of the key in the giver's private link to manage the gift; set when paid. */
    manageKeyHash: text("manage_key_hash").unique(),
    /** SHA-256 (hex) of the claim link's token; a resend replaces it, so only the latest link works. */
    claimTokenHash: text("claim_token_hash").unique(),
    claimExpiresAt: integer("claim_expires_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    claimedByUserId: text("claimed_by_user_id").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    accessGrantId: text("access_grant_id"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("gifts_due_idx").on(t.status, t.deliverOn),
    index("gifts_payment_intent_idx").on(t.stripePaymentIntentId),
    index("gifts_giver_user_idx").on(t.giverUserId),
  ],
);

/**
 * Discount codes the admin creates on /admin (docs/decisions/050-codes-and-refunds.md). In production each is a Stripe
 * coupon and promotion code (Stripe enforces expiry and uses at payment); development's test payments read this row.
 */
export const discountCodes = sqliteTable("discount_codes", {
  id: id(),
  /** As typed by the admin, upper-cased: unique, so a buyer's code names one row. */
  code: text("code").notNull().unique(),
  /** Exactly one of the two is set. */
  percentOff: integer("percent_off"),
  amountOffCents: integer("amount_off_cents"),
  currency: text("currency").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  maxUses: integer("max_uses"),
  stripeCouponId: text("stripe_coupon_id"),
  stripePromotionCodeId: text("stripe_promotion_code_id").unique(),
  createdByEmail: text("created_by_email").notNull(),
  createdAt: createdAt(),
  /** Ended by the admin: refused from then on. */
  endedAt: integer("ended_at", { mode: "timestamp_ms" }),
});

export type DiscountCode = typeof discountCodes.$inferSelect;

export const accessGrants = sqliteTable(
  "access_grants",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    grantedByUserId: text("granted_by_user_id").references((): AnySQLiteColumn => users.id, {
      onDelete: "set null",
    }),
    reason: text("reason"),
    createdAt: createdAt(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    revokedByUserId: text("revoked_by_user_id").references((): AnySQLiteColumn => users.id, {
      onDelete: "set null",
    }),
    revokeReason: text("revoke_reason"),
  },
  (t) => [index("access_grants_user_id_idx").on(t.userId)],
);

export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: id(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as text so the log still reads after an account is deleted. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetEmail: text("target_email"),
    targetUserId: text("target_user_id"),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_at_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------------------
// Email outbox, the daily card, testimonials, A/B events
// ---------------------------------------------------------------------------

const emailStatuses = ["queued", "sent", "failed"] as const;

/**
 * Every email the app sends: written here, then enqueued; the queue consumer delivers it (docs/decisions/021).
 * In development the row itself is the delivered mail (/dev/outbox).
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers, e.g. List-Unsubscribe on the daily card. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string> | null>(),
    /** Rows from before the queue were sent in the request, hence the default; new rows start queued. */
    status: text("status", { enum: emailStatuses }).notNull().default("sent"),
    /** Delivery attempts made by the consumer (the first included). */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Sent to the provider as Idempotency-Key, so a redelivered message never sends twice. */
    idempotencyKey: text("idempotency_key"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_to_idx").on(t.to),
    index("email_outbox_created_at_idx").on(t.createdAt),
    index("email_outbox_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** One row per user and local day the daily card went out: a second cron run or a retry sends nothing more. */
export const dailyCardSends = sqliteTable(
  "daily_card_sends",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The user's calendar day (YYYY-MM-DD in their time zone) the card was for. */
    day: text("day").notNull(),
    /** Which reminder of that day: the morning card or the evening reminder (049). */
    slot: text("slot", { enum: ["morning", "evening"] })
      .notNull()
      .default("morning"),
    /** How it went out: email here; a push channel records its own row (049). */
    channel: text("channel").notNull().default("email"),
    cardId: text("card_id").notNull(),
    outboxId: text("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("daily_card_sends_user_day_slot_channel_unique").on(t.userId, t.day, t.slot, t.channel),
    index("daily_card_sends_created_at_idx").on(t.createdAt),
  ],
);

export const testimonials = sqliteTable(
  "testimonials",
  {
    id: id(),
    /** As the customer agreed to be named, e.g. 'Grace M.'. */
    displayName: text("display_name").notNull(),
    location: text("location"),
    quote: text("quote").notNull(),
    /** Only customers who agreed to be quoted are ever shown. */
    consentedAt: integer("consented_at", { mode: "timestamp_ms" }).notNull(),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    orderIndex: integer("order_index").notNull().default(0),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("testimonials_published_order_idx").on(t.isPublished, t.orderIndex)],
);

/**
 * A/B test events (docs/decisions/020-ab-tests.md): one row per counted event. The subject is the user when
 * `user_id` is set, else the visitor. `dedupe_key` makes an event that must count once (a page view per subject
 * per day, a conversion per purchase) a unique row, so a retry or a replayed webhook inserts nothing.
 */
export const abEvents = sqliteTable(
  "ab_events",
  {
    id: id(),
    testName: text("test_name").notNull(),
    variant: text("variant").notNull(),
    event: text("event").notNull(),
    visitorId: text("visitor_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Where a counted buy button sits (cta_click only): hero, pricing or final_cta. */
    placement: text("placement"),
    dedupeKey: text("dedupe_key").unique(),
    url: text("url"),
    timestamp: integer("timestamp", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("ab_events_test_variant_event_idx").on(t.testName, t.variant, t.event)],
);

/**
 * Events the daily clean-up took out of `ab_events` (docs/decisions/020-ab-tests.md, "Retention"): clicks, and
 * visitors' page views (one per visitor and test, so a count of visitors), counted per test, variant, event, placement
 * ('' for none) and the events' UTC day (`YYYY-MM-DD`; '' for clicks folded before days were kept), added to the live
 * rows by the results so /admin stays exact.
 */
export const abEventTotals = sqliteTable(
  "ab_event_totals",
  {
    testName: text("test_name").notNull(),
    variant: text("variant").notNull(),
    event: text("event").notNull(),
    placement: text("placement").notNull().default(""),
    day: text("day").notNull().default(""),
    events: integer("events").notNull(),
  },
  (t) => [uniqueIndex("ab_event_totals_key").on(t.testName, t.variant, t.event, t.placement, t.day)],
);

export type User = typeof users.$inferSelect;
export type VoiceRecording = typeof voiceRecordings.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type AffirmationCard = typeof affirmationCards.$inferSelect;
export type Badge = typeof badges.$inferSelect;
export type Purchase = typeof purchases.$inferSelect;
export type Gift = typeof gifts.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;

/**
 * The last run of each recurring operation, for the health panel on /admin (docs/decisions/029): one row per cron task
 * ("cron:daily-card", "cron:cleanup") and one for the last verified Stripe webhook ("stripe-webhook", its event type
 * in `detail`). Overwritten on each run, so it never grows.
 */
export const operationRuns = sqliteTable("operation_runs", {
  name: text("name").primaryKey(),
  ranAt: integer("ran_at", { mode: "timestamp_ms" }).notNull(),
  outcome: text("outcome", { enum: ["ok", "failed"] }).notNull(),
  /** What the run did: emails enqueued, rows deleted; null for a webhook. */
  count: integer("count"),
  /** A failed run's error message, or the webhook's event type. */
  detail: text("detail"),
});
