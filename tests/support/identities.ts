/**
 * Who the tests sign up as, shared by the Worker tests (workerd) and the browser tests (Node): plain
 * TypeScript on web-standard globals only, so both runtimes can import it.
 */

/** The password every test account is created with (long enough, not a common one). */
export const PASSWORD = "Morning light 2026";

/** A fresh address per test (and per browser project), so email-scoped rate limits never carry over. */
export function uniqueEmail(label = "user") {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}
