import type { ToastInput } from "~/modules/toast/toast";

/** The access gate's one answer, whatever the email (client-safe: the gate shows it, the action flashes it). */
export const ACCESS_GATE_ANSWER =
  "If this email has purchased the collection, a sign-in link is on its way. It works once, for 15 minutes.";

/** What the gate's action answers when it re-renders the gate instead of redirecting. */
export type AccessGateActionData = { emailError: string | null; toast: ToastInput | null };
