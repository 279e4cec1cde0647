import type { APIRequestContext } from "@playwright/test";

const SENDING_METHODS = new Set<PropertyKey>(["fetch", "get", "post", "put", "patch", "delete", "head"]);

/**
 * The tests' API requests (fixtures, not pages) sent again once when the connection is reset before an answer.
 * workerd closes a kept-alive connection after 5 s without a request (its HTTP server's pipeline timeout), and a
 * request Playwright's Node client sends on that connection in the same instant is reset unread (`socket hang up`,
 * ECONNRESET): a registration in a fixture failed that way in CI. A browser sends such a request again by itself;
 * Playwright's client does only when asked (`maxRetries`, which resends on ECONNRESET alone, never on an answer).
 */
export function resendingResets(request: APIRequestContext): APIRequestContext {
  return new Proxy(request, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (!SENDING_METHODS.has(property)) return value.bind(target);
      return (urlOrRequest: unknown, options: { maxRetries?: number } = {}) =>
        value.call(target, urlOrRequest, { maxRetries: 1, ...options });
    },
  });
}
