/**
 * The collection as data: categories, cards and badge definitions, validated on load.
 * Read by the seed (scripts and tests); never imported by the Worker's request path.
 */
import { z } from "zod";
import badgesJson from "./badges.json";
import cardsJson from "./cards.json";
import categoriesJson from "./categories.json";

const CARD_ICONS = ["mountain", "dove", "heart", "star", "shield-alt", "leaf", "fire", "seedling", "lightbulb", "butterfly"] as const;
const CARD_GRADIENTS = ["sage-to-lavender", "ocean-breeze", "golden-hour", "forest-mist", "twilight", "rose-garden"] as const;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a kebab-case slug");

const categorySeedSchema = z.object({
  slug,
  label: z.string().min(1),
  tagline: z.string().min(1),
  orderIndex: z.number().int(),
});

const verseSchema = z.object({ reference: z.string().min(1), text: z.string().min(1) });
/** A word in the card's verse whose meaning has changed since 1611; the meaning is one short line. */
const wordNoteSchema = z.object({
  word: z.string().min(1),
  meaning: z
    .string()
    .min(1)
    .max(80)
    .refine((meaning) => !meaning.includes("\n"), "must be one line"),
});

/** A verse of a card's passage (scripts/card-passages.ts writes them; tests/unit/collection.test.ts checks the text). */
const passageVerseSchema = z.object({ reference: z.string().min(1), own: z.boolean(), kjv: z.string().min(1), web: z.string().min(1) });

const cardSeedSchema = z.object({
  id: slug,
  category: slug,
  title: z.string().min(1).max(60),
  affirmation: z.string().min(1),
  scriptureReference: z.string().min(1),
  scripture: z.string().min(1),
  scriptureReferences: z.array(verseSchema).min(2).nullable(),
  /** Required on every card: the card's verses and at least one verse of context. */
  passage: z
    .array(passageVerseSchema)
    .refine(
      (verses) => verses.some((verse) => verse.own) && verses.some((verse) => !verse.own),
      "needs the card's verses and their context",
    ),
  /** Required on every card (an empty array when the verse has no such words). */
  wordNotes: z.array(wordNoteSchema),
  prompt: z.string().min(1),
  anchor: z.string().min(1),
  icon: z.enum(CARD_ICONS),
  gradient: z.enum(CARD_GRADIENTS),
  theme: z.string().regex(/^[a-z]+(?:-[a-z]+)*$/),
  /** The badge as it reads, punctuation included ("Christ’s Peace"); the slug above is its key. */
  themeLabel: z.string().min(1).max(40),
  orderIndex: z.number().int().positive(),
  isPreview: z.boolean(),
  translation: z.literal("KJV"),
});

const badgeSeedSchema = z.object({
  id: slug,
  name: z.string().min(1),
  description: z.string().min(1),
  icon: z.string().min(1),
  category: z.string().min(1),
  requirement: z.object({ type: z.string() }).catchall(z.unknown()),
});

type CategorySeed = z.infer<typeof categorySeedSchema>;
type CardSeed = z.infer<typeof cardSeedSchema>;
type BadgeSeed = z.infer<typeof badgeSeedSchema>;

export const seedCategories: CategorySeed[] = z.array(categorySeedSchema).parse(categoriesJson);
export const seedCards: CardSeed[] = z.array(cardSeedSchema).parse(cardsJson);
export const seedBadges: BadgeSeed[] = z.array(badgeSeedSchema).parse(badgesJson);

/**
 * Cards taken out of the collection (replaced outright by a card with a new slug). The seed deletes
 * these rows, so a database seeded before the change still holds exactly the seeded cards; their
 * favourites go with them (ON DELETE CASCADE). An id here must never come back as a seeded card.
 */
export const retiredCardIds: readonly string[] = [
  // November 2026 review: replaced by abundance-yet-i-will-rejoice (Habakkuk 3:17-18), a contentment passage for Provision.
  "abundance-every-good-gift",
];
