/** The discount code on the checkout's payment step (docs/decisions/050-codes-and-refunds.md). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Database } from "#db/client";
import { formatPrice } from "~/modules/config/money";
import { typedCodeSchema } from "./discount-codes.schema";
import { checkCode, describeDiscount, priceWithCode } from "./discount-codes.server";

/** The code the checkout cookie holds, checked now: the summary shows it and the total, or why it no longer applies. */
export async function codeOnCheckout(context: Pick<AppLoadContext, "db" | "config">, code: string | null | undefined) {
  const { price } = context.config;
  const checked = code ? await checkCode(context.db, code) : null;
  if (checked?.status !== "valid") return { applied: null, problem: checked?.message ?? null, total: price };
  const total = priceWithCode(price, checked.code);
  const saving = formatPrice({ cents: price.cents - total.cents, currency: total.currency });
  return { applied: { name: checked.code.code, discount: describeDiscount(checked.code), saving }, problem: null, total };
}

/**
 * A code the buyer typed (null: they removed it), checked now. Refused: unknown 400, expired or ended 410, used up
 * 409, with the typed code kept for the form.
 */
export async function checkTypedCode(
  db: Database,
  typed: FormDataEntryValue | null,
): Promise<{ ok: true; code: string | undefined } | { ok: false; status: 400 | 409 | 410; codeError: string; typedCode: string }> {
  if (typed === null) return { ok: true, code: undefined };
  const raw = String(typed);
  const parsed = typedCodeSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, status: 400, codeError: parsed.error.issues[0]?.message ?? "Enter a code.", typedCode: raw.slice(0, 40) };
  const checked = await checkCode(db, parsed.data);
  if (checked.status === "valid") return { ok: true, code: checked.code.code };
  const status = checked.status === "unknown" ? 400 : checked.status === "expired" ? 410 : 409;
  return { ok: false, status, codeError: checked.message, typedCode: parsed.data };
}
