/**
 * The email provider (Resend) faked at the fetch boundary, for Worker tests: every request to api.resend.com
 * is recorded, then answered by the test's `answer` (by default: accepted, as Resend answers).
 */
import { fakeHosts } from "./fetch";

/** What the app sent to Resend: the URL, the API key it authorised with, its idempotency key, and the JSON body. */
type SentEmail = {
  url: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: { from?: string; to: string[]; subject: string; text: string; html: string; headers?: Record<string, string> };
};

/** Resend's answer to a send it accepts. */
export const resendAccepted = () => Response.json({ id: `email_${crypto.randomUUID()}` });

export function fakeResend(answer: (email: SentEmail) => Response | Promise<Response> = resendAccepted) {
  const sent: SentEmail[] = [];
  const hosts = fakeHosts(["api.resend.com"], async (request) => {
    const email: SentEmail = {
      url: request.url,
      authorization: request.headers.get("Authorization"),
      idempotencyKey: request.headers.get("Idempotency-Key"),
      body: await request.json(),
    };
    sent.push(email);
    return answer(email);
  });
  return { sent, stop: hosts.stop };
}
