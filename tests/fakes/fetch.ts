/**
 * The one place tests replace `globalThis.fetch`. Each fake claims the hosts of one third party (Stripe, the
 * OAuth providers, Resend, Upstash); a request to any other host goes to the real fetch. After each test the
 * real fetch is back and no fake is left (restoreFetch, which the setup file calls: a module's own hooks would run in
 * the first test file that imports it only, as the files share one module graph). Runs in workerd and in Node alike (only fetch, Request, URL).
 */
/** Answers one intercepted request, as the third party would. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

type FakeHosts = {
  /** Takes these hosts back to the real fetch before the end of the test (the other fakes stay). */
  stop(): void;
};

const realFetch = globalThis.fetch;
const handlers = new Map<string, FetchHandler>();

async function routedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const handler = handlers.get(new URL(request.url).host);
  return handler ? handler(request) : realFetch(input, init);
}

/** Sends every request to these hosts (`host` as in a URL: name, and port when not the default) to `handler`. */
export function fakeHosts(hosts: readonly string[], handler: FetchHandler): FakeHosts {
  for (const host of hosts) {
    if (handlers.has(host)) throw new Error(`${host} is already faked in this test`);
  }
  for (const host of hosts) handlers.set(host, handler);
  globalThis.fetch = routedFetch;
  return {
    stop() {
      for (const host of hosts) {
        if (handlers.get(host) === handler) handlers.delete(host);
      }
      if (handlers.size === 0) globalThis.fetch = realFetch;
    },
  };
}

/** Every fake gone, the real fetch back (after each test: tests/worker/setup.ts). */
export function restoreFetch() {
  handlers.clear();
  globalThis.fetch = realFetch;
}
