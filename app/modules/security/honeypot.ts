/** A field people never see or fill; bots that fill every field reveal themselves. Client-safe. */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** Bots that fill the honeypot get a plain 400 and nothing happens. */
export function rejectBots(formData: FormData) {
  if (isHoneypotFilled(formData)) {
    throw new Response("Your submission could not be processed.", { status: 400 });
  }
}
