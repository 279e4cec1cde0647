import { isbot } from "isbot";

/**
 * Whether a User-Agent is a crawler's, as `isbot` says (a few microseconds a request: nothing is remembered).
 */
export function isCrawler(userAgent: string | null): boolean {
  return isbot(userAgent ?? "");
}
