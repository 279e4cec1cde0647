import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ErrorList, FormAlert, HoneypotField, SubmitButton } from "~/components/forms";
import { SiteHeader } from "~/components/site-chrome";
import { emailSchema } from "~/modules/auth/auth.schema";
import { redirectWithSession } from "~/modules/auth/request-auth.server";
import { CLAIM_PROBLEMS, claimGift, findGiftByClaimToken, signInAfterClaim } from "~/modules/gifts/claim.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { redirectWithToast } from "~/modules/toast/toast.server";

export const headers = forwardHeaders;
export const meta: MetaFunction = () => [{ title: "Your gift | LIGHT Cards" }, { name: "robots", content: "noindex" }];

const tokenSchema = z.string().min(1).max(200);
const claimSchema = z.object({ token: tokenSchema, email: emailSchema });

/** The gift email's link: shows the gift, claims nothing (a scanner opening it must not claim it for anyone). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("sent") === "1") return { problem: null, gift: null, token: null, linkEmailed: true };
  const token = tokenSchema.safeParse(url.searchParams.get("token"));
  const lookup = token.success ? await findGiftByClaimToken(context, token.data, new Date()) : ({ status: "invalid" } as const);
  if (lookup.status !== "valid") {
    const problem = CLAIM_PROBLEMS[lookup.status];
    return data({ problem: problem.message, gift: null, token: null, linkEmailed: false }, { status: problem.httpStatus });
  }
  const { gift } = lookup;
  return {
    problem: null,
    linkEmailed: false,
    token: token.data ?? null,
    gift: { giverName: gift.giverName, recipientName: gift.recipientName, recipientEmail: gift.recipientEmail, message: gift.message },
  };
}

/**
 * Claims the gift once for the address given (docs/decisions/047-gifts.md). The address the gift was sent to is signed in
 * as a buyer's first sign-in link would be (decisions 007, 027); another address gets a sign-in link in its mailbox.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const parsed = claimSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const emailInvalid = parsed.error.issues.some((issue) => issue.path[0] === "email");
    const error = emailInvalid ? null : CLAIM_PROBLEMS.invalid.message;
    return data({ state: "form" as const, error, emailError: emailInvalid ? "Please enter a valid email address" : null }, { status: 400 });
  }
  await enforceRateLimits(context, request, [{ rule: "sign_in_ip" }]);
  const claim = await claimGift(context, parsed.data.token, parsed.data.email, new Date());
  if (claim.status === "has-access") return data({ state: "form" as const, error: null, emailError: claim.message }, { status: 409 });
  if (claim.status !== "granted") {
    const problem = CLAIM_PROBLEMS[claim.status];
    return data({ state: "form" as const, error: problem.message, emailError: null }, { status: problem.httpStatus });
  }
  const signIn = await signInAfterClaim(context, claim, await context.auth.getCurrentUser());
  if (signIn.status === "signed-in") {
    return redirectWithSession(context, request, signIn.session, "/cards", {
      type: "success",
      title: "Your gift is yours",
      description: `A gift from ${claim.gift.giverName}: the whole collection, for life.`,
    });
  }
  if (signIn.status === "ask") return redirect(signIn.linkPath, 303);
  return redirectWithToast(context.config, "/gift/claim?sent=1", {
    type: "success",
    title: "The gift is yours",
    description: `We emailed a sign-in link to ${signIn.email}.`,
  });
}

export default function ClaimGiftPage() {
  const { problem, gift, token, linkEmailed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <SiteHeader minimal />
      <main id="main" className="mx-auto w-full max-w-xl px-4 py-12">
        <div className="space-y-4 rounded-3xl bg-white p-6 shadow-xl ring-1 ring-sage-200 sm:p-8">
          {linkEmailed ? (
            <>
              <h1 className="font-serif text-3xl font-bold">The gift is yours: check your inbox</h1>
              <p>The address you claimed with now has LIGHT Cards, and we emailed it a sign-in link. Open it to start reading.</p>
            </>
          ) : gift && token ? (
            <>
              <h1 className="font-serif text-3xl font-bold">{gift.giverName} gave you LIGHT Cards</h1>
              <p>Lifetime access to the whole collection of Scripture affirmation cards, for you, {gift.recipientName}.</p>
              {gift.message ? (
                <blockquote className="border-l-4 border-lavender-300 pl-4 italic text-ink-muted [overflow-wrap:anywhere]">
                  {gift.message}
                </blockquote>
              ) : null}
              <Form method="post" action={`/gift/claim?${new URLSearchParams({ token })}`} className="space-y-4">
                <HoneypotField />
                <input type="hidden" name="token" value={token} />
                <FormAlert errors={result?.error ? [result.error] : null} />
                <div>
                  <label htmlFor="claim-email" className="block text-sm font-semibold text-ink">
                    Your email address
                  </label>
                  <input
                    id="claim-email"
                    name="email"
                    type="email"
                    autoComplete="email"
                    defaultValue={gift.recipientEmail}
                    aria-invalid={result?.emailError ? true : undefined}
                    aria-describedby={result?.emailError ? "claim-email-error" : "claim-email-hint"}
                    className="mt-1 block min-h-[44px] w-full rounded-xl border border-sage-300 bg-surface px-4 py-2 text-base text-ink aria-[invalid=true]:border-red-700"
                  />
                  <p id="claim-email-hint" className="mt-1 text-sm text-ink-muted">
                    The pass goes to this address. Keep the one the gift came to and you are signed in at once.
                  </p>
                  <ErrorList id="claim-email-error" errors={result?.emailError ? [result.emailError] : null} />
                </div>
                <SubmitButton pendingText="Claiming...">Claim my gift</SubmitButton>
              </Form>
            </>
          ) : (
            <>
              <h1 className="font-serif text-3xl font-bold">This gift link cannot be used</h1>
              <p role="alert">{result?.error ?? result?.emailError ?? problem}</p>
              <Link to="/" className="btn-secondary w-full">
                Visit LIGHT Cards
              </Link>
            </>
          )}
        </div>
      </main>
    </>
  );
}
