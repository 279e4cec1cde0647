/**
 * The LIGHT method's five steps, in order: their names and one-line descriptions, written once for every page that
 * teaches them (the landing's method section, /sample-card, /today's practice: docs/decisions/040-the-light-practice.md).
 * `id` is each step's section on the page that walks them. Client-safe.
 */
export const LIGHT_STEPS = [
  { id: "listen", letter: "L", name: "Listen", text: "Hear the affirmation read aloud, slowly." },
  { id: "internalize", letter: "I", name: "Internalize", text: "Read the verse it stands on, and let one phrase stay with you." },
  { id: "ground", letter: "G", name: "Ground", text: "Answer the reflection prompt in a line of your own." },
  { id: "hear-again", letter: "H", name: "Hear Again", text: "Say the affirmation aloud, in your own voice." },
  { id: "transform", letter: "T", name: "Transform", text: "Carry today's action into your day, and look back on it in the evening." },
] as const;

export type LightStep = (typeof LIGHT_STEPS)[number];

/** "Listen, Internalize, Ground, Hear Again, Transform". */
export const LIGHT_STEP_NAMES = LIGHT_STEPS.map((step) => step.name).join(", ");
