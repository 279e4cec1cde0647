import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { INVALID_UNSUBSCRIBE_LINK, oneClickUnsubscribeSchema } from "~/modules/daily-card/daily-card.schema";
import { unsubscribeWithToken } from "~/modules/daily-card/unsubscribe.server";

/**
 * The address in the daily card's List-Unsubscribe header (RFC 8058, docs/decisions/021). A mail provider POSTs
 * `List-Unsubscribe=One-Click` here from its own servers (no cookie, no Origin) and gets a plain answer. A person
 * whose mail client opens the address instead is sent to the confirmation page: a GET never unsubscribes.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const input = oneClickUnsubscribeSchema.safeParse({ ...fields, token: new URL(request.url).searchParams.get("token") ?? undefined });
  if (!input.success) return plainText(input.error.issues[0]?.message ?? INVALID_UNSUBSCRIBE_LINK, 400);
  if (!(await unsubscribeWithToken(context, input.data.token))) return plainText(INVALID_UNSUBSCRIBE_LINK, 400);
  return plainText("Unsubscribed from the daily card.", 200);
}

function plainText(body: string, status: number) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
