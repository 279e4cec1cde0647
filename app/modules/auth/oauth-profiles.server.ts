import { decodeIdToken, Google, OAuth2Client } from "arctic";
import { z } from "zod";

/**
 * What each sign-in provider says about the person once the code is exchanged: a verified email and a name
 * (oauth.server.ts runs the flow). A provider that vouches for no verified email throws NoVerifiedEmail.
 */

export type ProviderProfile = { email: string; firstName: string | null; lastName: string | null; name: string | null };

export class NoVerifiedEmail extends Error {}

const GITHUB_TOKEN_URL = "https://github.com/login/oauth/access_token";
const GITHUB_API = "https://api.github.com";

// --- Google ------------------------------------------------------------------------------------

const googleClaimsSchema = z.object({
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

export async function googleProfile(
  creds: { id: string; secret: string },
  callback: string,
  code: string,
  codeVerifier: string,
): Promise<ProviderProfile> {
  const tokens = await new Google(creds.id, creds.secret, callback).validateAuthorizationCode(code, codeVerifier);
  // The ID token came straight from Google's token endpoint over TLS in exchange for our code and
  // client secret, so its claims are decoded without verifying the signature (OpenID Connect Core 3.1.3.7).
  const claims = googleClaimsSchema.parse(decodeIdToken(tokens.idToken()));
  const verified = claims.email_verified === true || claims.email_verified === "true";
  const email = claims.email?.trim();
  if (!email || !verified || !z.email().safeParse(email).success) throw new NoVerifiedEmail();
  return {
    email,
    firstName: claims.given_name?.trim() || null,
    lastName: claims.family_name?.trim() || null,
    name: claims.name?.trim() || null,
  };
}

// --- GitHub ------------------------------------------------------------------------------------

const githubEmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }).loose());
const githubUserSchema = z.object({ name: z.string().nullish(), login: z.string().optional() }).loose();

export async function githubProfile(
  creds: { id: string; secret: string },
  callback: string,
  code: string,
  codeVerifier: string,
): Promise<ProviderProfile> {
  const tokens = await new OAuth2Client(creds.id, creds.secret, callback).validateAuthorizationCode(GITHUB_TOKEN_URL, code, codeVerifier);
  // GitHub reports a bad code with 200 and an `error` field, which the generic client does not check.
  if ("error" in tokens.data) throw new Error(`GitHub token error: ${String((tokens.data as { error: unknown }).error)}`);
  const accessToken = tokens.accessToken();

  const [emails, user] = await Promise.all([
    githubGet(`${GITHUB_API}/user/emails`, accessToken).then((body) => githubEmailsSchema.parse(body)),
    githubGet(`${GITHUB_API}/user`, accessToken).then((body) => githubUserSchema.parse(body)),
  ]);
  const primary = emails.find((entry) => entry.primary && entry.verified);
  const email = primary?.email.trim();
  if (!email || !z.email().safeParse(email).success) throw new NoVerifiedEmail();
  const name = user.name?.trim() || null;
  return { email, name, firstName: null, lastName: null };
}

async function githubGet(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      Accept: "application/vnd.github+json",
      Authorization: `Bearer ${accessToken}`,
      "User-Agent": "LIGHT Cards",
      "X-GitHub-Api-Version": "2022-11-28",
    },
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`GitHub API ${new URL(url).pathname} answered ${response.status}`);
  }
  return response.json();
}
