import { z } from "zod";
import { type AllExperimentSettings, DEFAULT_SETTINGS, EXPERIMENTS, type ExperimentName, type ExperimentSettings } from "./experiments";

/**
 * Each test's status, split and winner, kept in KV under one key so an admin changes them without a deploy
 * (docs/decisions/020-ab-tests.md). A missing or unreadable value means the defaults: every test running at 50/50.
 */
const SETTINGS_KEY = "experiments:settings";

const settingsSchema = z.object({
  status: z.enum(["running", "paused", "ended"]),
  splitB: z.number().int().min(0).max(100),
  winner: z.enum(["A", "B"]).nullable(),
});

/**
 * The settings as this isolate last read them: the landing page's hot path may use them for `maxAgeMs` (the public
 * content's TTL, 30 s) instead of reading KV on every view. An admin's change is written through here at once, and
 * reaches other isolates within that time (KV itself may take up to a minute between locations).
 */
let remembered: { value: AllExperimentSettings; readAt: number } | null = null;

export async function readExperimentSettings(kv: KVNamespace, options: { maxAgeMs?: number } = {}): Promise<AllExperimentSettings> {
  if (remembered && options.maxAgeMs && Date.now() - remembered.readAt < options.maxAgeMs) return remembered.value;
  let readFailed = false;
  const stored = await kv.get<Record<string, unknown>>(SETTINGS_KEY, "json").catch(() => {
    readFailed = true;
    return null;
  });
  const settings = { ...DEFAULT_SETTINGS };
  for (const name of EXPERIMENTS) {
    const parsed = settingsSchema.safeParse(stored?.[name]);
    if (parsed.success) settings[name] = parsed.data;
  }
  // A failed read is not remembered: the next view asks KV again.
  if (!readFailed) remembered = { value: settings, readAt: Date.now() };
  return settings;
}

/** Changes one test's settings and returns them all. */
export async function updateExperimentSettings(
  kv: KVNamespace,
  name: ExperimentName,
  change: Partial<ExperimentSettings>,
): Promise<AllExperimentSettings> {
  const current = await readExperimentSettings(kv);
  const next = { ...current, [name]: settingsSchema.parse({ ...current[name], ...change }) };
  await kv.put(SETTINGS_KEY, JSON.stringify(next));
  remembered = { value: next, readAt: Date.now() };
  return next;
}
