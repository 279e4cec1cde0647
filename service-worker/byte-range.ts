/**
 * A part of a kept recording, as a server answers a `Range` request (RFC 9110, one range): the service worker keeps
 * each recording whole (Cache Storage refuses a 206), and a media element asks for ranges. Safari plays audio only
 * from a server that answers them (docs/decisions/045-practice-listen-and-offline.md); Chromium seeks with them.
 */

/** The response to `range` (the request's `Range` header, or null) from the whole `body` and its `headers`. */
export function byteRangeResponse(body: ArrayBuffer, headers: Headers, range: string | null): Response {
  const size = body.byteLength;
  if (range === null) {
    const whole = new Headers(headers);
    whole.set("Content-Length", String(size));
    return new Response(body, { status: 200, headers: whole });
  }
  const bounds = byteRange(range, size);
  if (!bounds) return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  const [start, end] = bounds;
  const part = new Headers(headers);
  part.set("Content-Range", `bytes ${start}-${end}/${size}`);
  part.set("Content-Length", String(end - start + 1));
  return new Response(body.slice(start, end + 1), { status: 206, headers: part });
}

/** The first and last byte `range` asks for in a body of `size` bytes, or null when it asks for none of them. */
export function byteRange(range: string, size: number): [number, number] | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === "" && match[2] === "") || size === 0) return null;
  const [, first = "", last = ""] = match;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    return length === 0 ? null : [Math.max(0, size - length), size - 1];
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end ? [start, end] : null;
}
