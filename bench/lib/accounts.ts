/**
 * The accounts the bench and the Lighthouse script make on a running local app (development mode: the email outbox
 * and test payments), through the API as a client would.
 */

const PASSWORD = "Benchmark words 2026";
const JSON_HEADERS = { "Content-Type": "application/json" };

/** Registers and verifies an account through the API (an API client proves the password when it verifies). */
export async function registerVerified(origin: string, email: string, password: string) {
  await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  const outbox = await (await fetch(`${origin}/dev/outbox?to=${encodeURIComponent(email)}`)).text();
  const token = /token=([A-Za-z0-9_-]+)/.exec(outbox)?.[1];
  const verified = await fetch(`${origin}/api/auth/verify-email`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ token, password }),
  });
  if (!verified.ok) throw new Error(`verifying ${email} failed: ${verified.status}`);
}

/** A verified account, signed in (bearer token) and with its id. */
async function signedInAccount(origin: string, email: string, password: string) {
  await registerVerified(origin, email, password);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, password }),
  });
  const { token: bearer, user } = (await login.json()) as { token: string; user: { id: string } };
  return { authorization: `Bearer ${bearer}`, id: user.id };
}

/** A new account that has paid (a test-mode payment), signed in, with the credentials a browser would sign in with. */
export async function signedInBuyer(origin: string, label: string) {
  const email = `${label}-${Date.now()}@example.com`;
  const buyer = await signedInAccount(origin, email, PASSWORD);
  const paid = await fetch(`${origin}/api/mock-payment`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ email }),
  });
  if (!paid.ok) throw new Error(`mock payment failed: ${paid.status}`);
  return { ...buyer, email, password: PASSWORD };
}
