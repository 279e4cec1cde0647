/**
 * A discount code as /admin shows it, shaped on the server (client-safe, as access/admin-view.ts is): dates in UTC, so
 * the HTML the server sends and the page the browser hydrates read the same.
 */
import type { DiscountCode } from "#db/schema";
import { formatPrice } from "~/modules/config/money";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export type CodeRowView = {
  id: string;
  code: string;
  discount: string;
  /** "Until Dec 31, 2026" or "No end date". */
  lasts: string;
  /** "3 of 100 uses" or "3 uses". */
  uses: string;
  state: "Running" | "Ended" | "Expired" | "Used up";
};

export function codeRowView(code: DiscountCode & { uses: number }, now = new Date()): CodeRowView {
  const expired = code.expiresAt !== null && code.expiresAt.getTime() <= now.getTime();
  const usedUp = code.maxUses !== null && code.uses >= code.maxUses;
  return {
    id: code.id,
    code: code.code,
    discount: code.percentOff
      ? `${code.percentOff}% off`
      : `${formatPrice({ cents: code.amountOffCents ?? 0, currency: code.currency })} off`,
    lasts: code.expiresAt ? `Until ${day.format(code.expiresAt)} (UTC)` : "No end date",
    uses: code.maxUses !== null ? `${code.uses} of ${code.maxUses} uses` : `${code.uses} ${code.uses === 1 ? "use" : "uses"}`,
    state: code.endedAt ? "Ended" : expired ? "Expired" : usedUp ? "Used up" : "Running",
  };
}

/** "$" for usd: the amount field's unit. */
export function currencySymbol(currency: string): string {
  return (
    new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() })
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency.toUpperCase()
  );
}
