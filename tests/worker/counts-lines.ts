import { afterEach, beforeEach, vi } from "vitest";
import type { BindingCounts } from "~/modules/observability/binding-counts.server";

/** A line of the bench's counts (COUNT_BINDINGS, docs/decisions/034-request-counts.md) as the Worker logs it. */
export type CountsLine = BindingCounts & { counts: true; type: "request" | "queue" | "cron"; name: string; requestId?: string };

/** The counts lines the Worker logs during each test of the file, collected from `console.log` (emptied before each). */
export function collectCountsLines(): CountsLine[] {
  const lines: CountsLine[] = [];
  beforeEach(() => {
    lines.length = 0;
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(" ");
      if (text.startsWith("{") && text.includes('"counts":true')) lines.push(JSON.parse(text) as CountsLine);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return lines;
}
