/**
 * Remix's encoding of a page's data for the browser, with the app's patch (patches/, docs/decisions/037): the data is
 * encoded when its stream is first read, not when the stream is made. A buyer's page answered from the memo of drawn
 * pages (016) never reads it; encoding it anyway was 8% of such a request. What the browser gets is unchanged.
 */
import { encodeViaTurboStream } from "@remix-run/server-runtime/dist/single-fetch.js";
import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";

const PRODUCTION = "production" as never;

describe("encoding a page's data (patched)", () => {
  it("reads nothing of the data until the stream is read", async () => {
    let reads = 0;
    const data = {
      get card() {
        reads++;
        return { id: "morning-new-every-morning", favourite: true };
      },
    };
    const stream = encodeViaTurboStream(data, new AbortController().signal, 5000, PRODUCTION) as ReadableStream<Uint8Array>;
    await new Promise((resolveTurn) => setTimeout(resolveTurn, 10));
    expect(reads).toBe(0);

    const decoded = await decode(stream);
    expect(reads).toBe(1);
    expect(decoded.value).toEqual({ card: { id: "morning-new-every-morning", favourite: true } });
  });

  it("still streams a promise's value once it settles", async () => {
    const later = new Promise((resolveLater) => setTimeout(() => resolveLater("settled"), 20));
    const stream = encodeViaTurboStream({ later }, new AbortController().signal, 5000, PRODUCTION) as ReadableStream<Uint8Array>;
    const decoded = await decode(stream);
    await expect((decoded.value as { later: Promise<unknown> }).later).resolves.toBe("settled");
    await decoded.done;
  });
});
