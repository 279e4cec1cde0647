/**
 * The one gate every request body passes before a route sees it (called by the Worker entry):
 * - a body over the limit is refused with 413 before it is read past the limit, whether or not it
 *   declares a Content-Length (a chunked body is counted as it streams);
 * - a page action (anything outside /api/) takes only HTML forms: another Content-Type is a 415, and a
 *   form that cannot be parsed (a multipart body without its boundary, a truncated one) is a 400.
 * So `request.formData()` in a page action never throws on bad input, and the 500 page stays for real faults.
 */
import { RECORDING_MESSAGES } from "~/modules/practice/recordings";

/** 64 KB is far above any form or JSON body this app takes; Stripe's webhook events can be larger. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
/** A voice recording (at most 2 MB, checked again on its own) and its multipart framing. */
export const RECORDING_BODY_LIMIT_BYTES = 2 * 1024 * 1024 + 16 * 1024;
const RECORDING_PATH = /^\/recordings\/[^/]+$/;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

export function bodyLimitFor(pathname: string): number {
  if (pathname === "/api/stripe/webhook") return WEBHOOK_BODY_LIMIT_BYTES;
  return RECORDING_PATH.test(pathname) ? RECORDING_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

function tooLargeMessage(pathname: string, limit: number): string {
  return RECORDING_PATH.test(pathname) ? RECORDING_MESSAGES.tooLarge : `Request body is too large (at most ${limit / 1024} KB).`;
}

/** A plain refusal: JSON `{ error }` under /api/, text elsewhere (a page form post, a `.data` request). */
export function refuseRequest(request: Request, status: number, message: string): Response {
  if (new URL(request.url).pathname.startsWith("/api/")) return Response.json({ error: message }, { status });
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Reads at most `limit` bytes; null when the body is longer. */
async function readBounded(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The request to hand on (its body now buffered), or the 4xx answer to send instead. */
export async function guardRequestBody(request: Request): Promise<Request | Response> {
  if (METHODS_WITHOUT_BODY.has(request.method.toUpperCase())) return request;
  const { pathname } = new URL(request.url);
  const limit = bodyLimitFor(pathname);
  const tooLarge = () => refuseRequest(request, 413, tooLargeMessage(pathname, limit));

  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > limit) return tooLarge();
  const body = request.body ? await readBounded(request.body, limit) : null;
  if (request.body && body === null) return tooLarge();
  const buffered = new Request(request, { body });

  if (pathname.startsWith("/api/")) return buffered;
  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(contentType)) {
    return refuseRequest(
      request,
      415,
      "This page accepts only form submissions (application/x-www-form-urlencoded or multipart/form-data).",
    );
  }
  try {
    await buffered.clone().formData();
  } catch {
    return refuseRequest(request, 400, "The form could not be read. Please reload the page and try again.");
  }
  return buffered;
}
