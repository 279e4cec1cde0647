import { isbot } from "isbot";

/**
 * Whether a User-Agent is a crawler's, as `isbot` says, remembered per string: its pattern is hundreds of alternatives
 * tested case-insensitively, about 0.2 ms a page in workerd's profile (docs/decisions/037-fixed-cost-per-request.md),
 * and most requests carry one of a few browsers' strings. Only ordinary lengths are remembered, at most
 * MAX_REMEMBERED of them, so odd strings cannot fill the isolate's memory.
 */
const verdicts = new Map<string, boolean>();
const MAX_REMEMBERED = 1000;
const MAX_REMEMBERED_LENGTH = 512;

export function isCrawler(userAgent: string | null): boolean {
  const agent = userAgent ?? "";
  const remembered = verdicts.get(agent);
  if (remembered !== undefined) return remembered;
  const verdict = isbot(agent);
  if (agent.length <= MAX_REMEMBERED_LENGTH) {
    if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
    verdicts.set(agent, verdict);
  }
  return verdict;
}
