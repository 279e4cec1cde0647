/** Formats a price for display: 2700 usd -> "$27.00". Client-safe. */
export function formatPrice(price: { cents: number; currency: string }, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: price.currency.toUpperCase(),
  }).format(price.cents / 100);
}

/** Whole-unit form for headlines: "$27" when there are no cents, else "$27.50". */
export function formatPriceShort(price: { cents: number; currency: string }, locale = "en-US"): string {
  const whole = price.cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: price.currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(price.cents / 100);
}
