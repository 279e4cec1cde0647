import { z } from "zod";
import { DEFAULT_SETTINGS, EXPERIMENTS, type AllExperimentSettings, type ExperimentName, type ExperimentSettings } from "./experiments";

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

export async function readExperimentSettings(kv: KVNamespace): Promise<AllExperimentSettings> {
  const stored = await kv.get<Record<string, unknown>>(SETTINGS_KEY, "json").catch(() => null);
  const settings = { ...DEFAULT_SETTINGS };
  for (const name of EXPERIMENTS) {
    const parsed = settingsSchema.safeParse(stored?.[name]);
    if (parsed.success) settings[name] = parsed.data;
  }
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
  return next;
}
