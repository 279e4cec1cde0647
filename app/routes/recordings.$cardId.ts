/**
 * /recordings/{cardId}: the signed-in buyer's own recording of a card's affirmation (docs/decisions/040). GET plays it
 * to its owner only (`private, no-store`; 404 for anyone else); POST (multipart, field `recording`) stores or replaces
 * it and counts it as spoken (201, with any new badges); POST intent=delete removes it (a plain form with `returnTo` is
 * sent back there with a toast). Refusals are JSON `{ error }`, nothing stored.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirectPath } from "~/modules/auth/auth.schema";
import { getUser } from "~/modules/auth/guards.server";
import { cardIdSchema } from "~/modules/cards/cards.schema";
import { RECORDING_MESSAGES } from "~/modules/practice/recordings";
import { deleteRecording, readOwnRecording, saveRecording } from "~/modules/practice/recordings.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

const PRIVATE = "private, no-store";
const plain = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE } });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getUser(context);
  if (!user) return plain(401, RECORDING_MESSAGES.signIn);
  const cardId = cardIdSchema.safeParse(params.cardId);
  const found = cardId.success ? await readOwnRecording(context, user.id, cardId.data, request.headers) : null;
  if (!found) return plain(404, RECORDING_MESSAGES.notFound);
  const { object, contentType } = found;
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": PRIVATE,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  });
  const range = object.range as { offset?: number; length?: number } | undefined;
  const partial = request.headers.has("Range") && range?.offset !== undefined;
  const offset = range?.offset ?? 0;
  const length = range?.length ?? object.size - offset;
  headers.set("Content-Length", String(partial ? length : object.size));
  if (partial) headers.set("Content-Range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
  return new Response("body" in object ? object.body : null, { status: partial ? 206 : 200, headers });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string) => Response.json({ error: message }, { status, headers: { "Cache-Control": PRIVATE } });
  const user = await getUser(context);
  if (!user) return refuse(401, RECORDING_MESSAGES.signIn);
  const cardId = cardIdSchema.safeParse(params.cardId);
  if (!cardId.success) return refuse(404, "Card not found");
  const form = await request.formData();

  if (form.get("intent") === "delete") {
    const deleted = await deleteRecording(context, user.id, cardId.data);
    if (!deleted) return refuse(404, RECORDING_MESSAGES.notFound);
    const returnTo = form.get("returnTo");
    if (typeof returnTo !== "string") return Response.json({ deleted: true }, { headers: { "Cache-Control": PRIVATE } });
    return redirectWithToast(context.config, safeRedirectPath(returnTo, `/cards/${cardId.data}`), {
      type: "success",
      title: "Recording deleted",
    });
  }
  const saved = await saveRecording(context, request, user, cardId.data, form.get("recording"));
  if (saved.status !== "saved") return refuse(saved.status, saved.message);
  return Response.json({ saved: true, newBadges: saved.newBadges }, { status: 201, headers: { "Cache-Control": PRIVATE } });
}
