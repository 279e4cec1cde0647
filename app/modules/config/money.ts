/** Intl's number formats, made once per price shape: building one costs far more than using it. */
const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string, fractionDigits: "fixed" | "whole" | "cents"): Intl.NumberFormat {
  const key = `${locale} ${currency} ${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    const digits =
      fractionDigits === "fixed" ? {} : { minimumFractionDigits: fractionDigits === "whole" ? 0 : 2, maximumFractionDigits: 2 };
    format = new Intl.NumberFormat(locale, { style: "currency", currency, ...digits });
    formats.set(key, format);
  }
  return format;
}

/** Formats a price for display: 2700 usd -> "$27.00". Client-safe. */
export function formatPrice(price: { cents: number; currency: string }, locale = "en-US"): string {
  return currencyFormat(locale, price.currency.toUpperCase(), "fixed").format(price.cents / 100);
}

/** Whole-unit form for headlines: "$27" when there are no cents, else "$27.50". */
export function formatPriceShort(price: { cents: number; currency: string }, locale = "en-US"): string {
  const whole = price.cents % 100 === 0;
  return currencyFormat(locale, price.currency.toUpperCase(), whole ? "whole" : "cents").format(price.cents / 100);
}
