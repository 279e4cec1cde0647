import { afterEach, beforeEach, vi } from "vitest";
import type { CountsLine } from "./binding-counts";

/** The counts lines the counting Worker logs during each test of the file, collected from `console.log` (emptied before each). */
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
