import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, FormAlert, HoneypotField, SubmitButton } from "~/components/forms";
import { SiteHeader } from "~/components/site-chrome";
import { Spinner } from "~/components/ui/spinner";
import { useDelayedRedirect } from "~/hooks/use-delayed-redirect";
import { useHydrated } from "~/hooks/use-hydrated";
import { getUser } from "~/modules/auth/guards.server";
import { formatPrice } from "~/modules/config/money";
import { readVisitorId } from "~/modules/experiments/visitor.server";
import { findGift } from "~/modules/gifts/gifts.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { logProblem } from "~/modules/observability/log.server";
import { testPaymentSchema } from "~/modules/payments/checkout.schema";
import { readCheckoutDetails } from "~/modules/payments/checkout-state.server";
import { checkCode, describeDiscount, priceWithCode } from "~/modules/payments/discount-codes.server";
import { assertTestModeAvailable } from "~/modules/payments/payment-mode.server";
import { DEFAULT_TEST_CARD, payForGiftWithTestCard, payWithTestCard } from "~/modules/payments/test-payments.server";
import { rejectBots } from "~/modules/security/honeypot";

export const headers = forwardHeaders;
export const meta: MetaFunction = () => [{ title: "Test payment | LIGHT Cards" }];

const REDIRECT_DELAY_MS = 2000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  assertTestModeAvailable(context);
  // A gift's payment (docs/decisions/047-gifts.md): the gift written before payment, named by its id.
  const gift = await pendingGift(context, new URL(request.url).searchParams.get("gift"));
  const [details, user] = await Promise.all([readCheckoutDetails(context.config, request), getUser(context)]);
  // The code applied at checkout, priced as the payment will be (its expiry and uses are checked again on payment).
  const checked = details?.code ? await checkCode(context.db, details.code) : null;
  const code = checked?.status === "valid" ? checked.code : null;
  return {
    email: gift?.giverEmail ?? user?.email ?? details?.email ?? "",
    name: gift?.giverName ?? details?.name ?? "",
    emailLocked: Boolean(user) || Boolean(gift),
    gift: gift ? { id: gift.id, recipientName: gift.recipientName } : null,
    // A gift is paid at the price: a code is the checkout's (docs/decisions/050-codes-and-refunds.md).
    price: formatPrice(gift ? context.config.price : priceWithCode(context.config.price, code)),
    code: code && !gift ? { name: code.code, discount: describeDiscount(code) } : null,
    defaultCard: DEFAULT_TEST_CARD,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertTestModeAvailable(context);
  const formData = await request.formData();
  rejectBots(formData);
  const parsed = testPaymentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data(
      { state: "form" as const, emailError: "Please enter a valid email address", cardError: null, error: null, successUrl: null },
      { status: 400 },
    );
  }
  const user = await getUser(context);
  const giftId = formData.get("giftId");
  if (typeof giftId === "string" && giftId) return payForGift(context, formData, giftId);
  const details = await readCheckoutDetails(context.config, request);
  try {
    const result = await payWithTestCard(context, {
      email: user?.email ?? parsed.data.email,
      name: parsed.data.name || null,
      cardNumber: parsed.data.cardNumber ?? "",
      startedByUserId: user?.id ?? null,
      visitorId: await readVisitorId(context.config, request),
      code: details?.code ?? null,
    });
    if (result.status === "code-refused") {
      return data({ state: "form" as const, emailError: null, cardError: null, error: result.message, successUrl: null }, { status: 409 });
    }
    if (result.status === "failed") {
      return data({ state: "form" as const, emailError: null, cardError: result.message, error: null, successUrl: null }, { status: 402 });
    }
    const successUrl = `/success?session_id=${result.sessionId}`;
    // Without JavaScript go at once; with it, show the confirmation for 2 seconds first.
    if (formData.get("enhanced") !== "1") return redirect(successUrl, 303);
    return data({ state: "paid" as const, emailError: null, cardError: null, error: null, successUrl });
  } catch (error) {
    logProblem("warn", "Test payment failed", error);
    return data(
      {
        state: "form" as const,
        emailError: null,
        cardError: null,
        error: "Something went wrong with the test payment. Please try again.",
        successUrl: null,
      },
      { status: 503 },
    );
  }
}

async function pendingGift(context: LoaderFunctionArgs["context"], giftId: string | null) {
  const gift = giftId ? await findGift(context.db, giftId) : null;
  return gift?.status === "pending" ? gift : null;
}

async function payForGift(context: ActionFunctionArgs["context"], formData: FormData, giftId: string) {
  const form = { state: "form" as const, emailError: null, error: null, successUrl: null };
  const gift = await pendingGift(context, giftId);
  if (!gift) return data({ ...form, cardError: null, error: "This gift is already paid, or it does not exist." }, { status: 409 });
  const result = await payForGiftWithTestCard(context, { gift, cardNumber: String(formData.get("cardNumber") ?? "") });
  if (result.status === "failed") return data({ ...form, cardError: result.message }, { status: 402 });
  const successUrl = `/gift/paid?session_id=${result.sessionId}`;
  if (formData.get("enhanced") !== "1") return redirect(successUrl, 303);
  return data({ state: "paid" as const, emailError: null, cardError: null, error: null, successUrl });
}

export default function TestPaymentPage() {
  const { email, name, emailLocked, price, code, defaultCard, gift } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  useDelayedRedirect(result?.state === "paid" ? result.successUrl : null, REDIRECT_DELAY_MS);

  return (
    <>
      <SiteHeader minimal />
      <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
        <div className="rounded-3xl bg-white p-8 shadow-xl ring-1 ring-sage-200">
          <p className="mb-2 text-center text-xs font-semibold uppercase tracking-widest text-gold-700">Test mode: no real charge</p>
          {result?.state === "paid" ? (
            <div role="status" className="space-y-4 text-center">
              <h1 className="font-serif text-3xl font-bold">Payment Successful!</h1>
              <Spinner label="Setting up your access..." />
            </div>
          ) : (
            <>
              <h1 className="text-center font-serif text-3xl font-bold">Test Payment</h1>
              <p className="my-4 text-center text-2xl font-bold" data-testid="test-payment-price">
                {price} (Test)
              </p>
              {gift ? <p className="-mt-2 mb-4 text-center text-ink-muted">A gift for {gift.recipientName}</p> : null}
              {code ? (
                <p className="-mt-2 mb-4 text-center text-sm text-ink-muted" data-testid="test-payment-code">
                  Code {code.name}: {code.discount}
                </p>
              ) : null}
              <Form method="post" className="space-y-4">
                <HoneypotField />
                {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
                <input type="hidden" name="name" value={name} />
                {gift ? <input type="hidden" name="giftId" value={gift.id} /> : null}
                <FormAlert errors={result?.error ? [result.error] : null} />
                <div>
                  <label htmlFor="test-payment-email" className="block text-sm font-semibold">
                    Email Address
                  </label>
                  <input
                    id="test-payment-email"
                    name="email"
                    type="email"
                    defaultValue={email}
                    readOnly={emailLocked}
                    autoComplete="email"
                    aria-invalid={result?.emailError ? true : undefined}
                    aria-describedby={result?.emailError ? "test-payment-email-error" : undefined}
                    className="mt-1 block min-h-[44px] w-full rounded-xl border border-sage-300 px-4 py-2"
                  />
                  <ErrorList id="test-payment-email-error" errors={result?.emailError ? [result.emailError] : null} />
                </div>
                <div>
                  <label htmlFor="test-payment-card" className="block text-sm font-semibold">
                    Card Number
                  </label>
                  <input
                    id="test-payment-card"
                    name="cardNumber"
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={defaultCard}
                    aria-invalid={result?.cardError ? true : undefined}
                    aria-describedby={result?.cardError ? "test-payment-card-error" : undefined}
                    className="mt-1 block min-h-[44px] w-full rounded-xl border border-sage-300 px-4 py-2 font-mono"
                  />
                  <ErrorList id="test-payment-card-error" errors={result?.cardError ? [result.cardError] : null} />
                </div>
                <SubmitButton pendingText="Processing Payment...">Complete Test Payment</SubmitButton>
              </Form>
              <p className="mt-4 text-center text-sm">
                <Link to="/test-checkout" className="font-semibold text-lavender-700 underline">
                  Test card numbers
                </Link>
              </p>
            </>
          )}
        </div>
      </main>
    </>
  );
}
