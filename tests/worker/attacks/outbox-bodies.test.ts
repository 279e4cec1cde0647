/**
 * The email outbox as someone who can read the database sees it (a leaked backup, a support tool): sent sign-in,
 * reset and verify emails kept their live links in plaintext for 90 days, while the tokens table keeps only hashes.
 * Once the provider has a message, its body is blanked: the reader finds the recipient, the subject, the state and
 * the attempts (what /admin shows), and no link; the person it was sent to still has theirs.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { fakeResend } from "../../fakes/resend";
import { createVerifiedUser, fetchAppWithEnv, PRODUCTION } from "../helpers";

const PRODUCTION_WITH_RESEND = { ...PRODUCTION, RESEND_API_KEY: "re_test_key" };
let resend: ReturnType<typeof fakeResend> | null = null;
afterEach(() => resend?.stop());

describe("a sent email in the outbox", () => {
  it("keeps recipient, subject, state and attempts, and no longer the reset link the recipient received", async () => {
    const { email } = await createVerifiedUser();
    resend = fakeResend();
    const response = await fetchAppWithEnv(PRODUCTION_WITH_RESEND, "/api/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    const delivered = resend.sent.find((sent) => sent.body.subject.includes("Reset"));
    expect(delivered?.body.text).toMatch(/token=/);

    const row = await env.DB.prepare(
      `SELECT "to", subject, status, attempts, text, html, headers FROM email_outbox WHERE lower("to") = lower(?) AND subject LIKE '%Reset%'`,
    )
      .bind(email)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ to: email, subject: delivered?.body.subject, status: "sent", attempts: 1 });
    expect({ text: row?.text, html: row?.html, headers: row?.headers }).toEqual({ text: "", html: "", headers: null });
  });
});
