import { isHoneypotFilled } from "~/modules/security/honeypot";

/** Bots that fill the honeypot get a plain 400 and nothing happens. */
export function rejectBots(formData: FormData) {
  if (isHoneypotFilled(formData)) {
    throw new Response("Your submission could not be processed.", { status: 400 });
  }
}
