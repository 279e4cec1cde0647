import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckList } from "~/components/check-list";
import { CheckoutAlternatives, CheckoutOffer } from "~/components/checkout/offer";
import { PaymentStep } from "~/components/checkout/payment-step";
import { FormAlert, HoneypotField, SubmitButton, TextField } from "~/components/forms";
import { SiteHeader } from "~/components/site-chrome";
import { getAccessStatus } from "~/modules/access/access.server";
import { getUser } from "~/modules/auth/guards.server";
import { countCards, listCategories } from "~/modules/cards/cards.server";
import { formatPrice, formatPriceShort } from "~/modules/config/money";
import { countCtaClick } from "~/modules/experiments/cta-click.server";
import { readVisitorId } from "~/modules/experiments/visitor.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { publicPage } from "~/modules/http/page-policy";
import { purchaseDetailsSchema } from "~/modules/payments/checkout.schema";
import { startCheckout } from "~/modules/payments/checkout.server";
import { checkTypedCode, codeOnCheckout } from "~/modules/payments/checkout-code.server";
import { type CheckoutDetails, readCheckoutDetails, saveCheckoutDetails } from "~/modules/payments/checkout-state.server";
import { APPLY_CODE_INTENT, REMOVE_CODE_INTENT } from "~/modules/payments/discount-codes.schema";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { redirectWithToast } from "~/modules/toast/toast.server";

export const headers = forwardHeaders;
/** Its first step (the details form) is public; the payment step needs the details cookie, which is personal. */
export const handle = publicPage;

export const meta: MetaFunction = () => [{ title: "Get Full Access | LIGHT Cards" }];

const PAYMENT_FAILED = "Payment failed. Please try again.";

/** A signed-in user who already has access has nothing to buy. */
async function redirectIfAlreadyHasAccess(context: LoaderFunctionArgs["context"]) {
  const user = await getUser(context);
  if (user && (await getAccessStatus(context.db, user.id)).hasAccess) {
    throw await redirectWithToast(context.config, "/cards", {
      type: "message",
      title: "You already have access",
      description: "Enjoy your collection.",
    });
  }
  return user;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("cta")) throw await countCtaClick(context, request, url);
  const user = await redirectIfAlreadyHasAccess(context);
  const details = await readCheckoutDetails(context.config, request);
  const wantsPayment = url.searchParams.get("step") === "payment";
  if (wantsPayment && !details) throw redirect("/checkout");
  const [cardCount, categories] = await Promise.all([countCards(context.db), listCategories(context.db)]);
  const code = wantsPayment ? await codeOnCheckout(context, details?.code) : { applied: null, problem: null, total: context.config.price };
  return {
    step: wantsPayment ? ("payment" as const) : ("details" as const),
    cancelled: url.searchParams.get("cancelled") === "1",
    details,
    account: user ? { email: user.email, name: user.name ?? [user.firstName, user.lastName].filter(Boolean).join(" ") } : null,
    cardCount,
    categoryCount: categories.length,
    price: formatPrice(context.config.price),
    priceShort: formatPriceShort(context.config.price),
    total: formatPrice(code.total),
    code: code.applied,
    codeProblem: code.problem,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await redirectIfAlreadyHasAccess(context);
  const formData = await request.formData();
  rejectBots(formData);

  if (formData.get("intent") === "details") {
    // A signed-in user pays as their account: the email is theirs, whatever the form says.
    if (user) {
      formData.set("email", user.email);
      formData.set("emailConfirmation", user.email);
    }
    const submission = parseWithZod(formData, { schema: purchaseDetailsSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
    const { name, email } = submission.value;
    return redirect("/checkout?step=payment", {
      headers: { "Set-Cookie": await saveCheckoutDetails(context.config, request, { name, email, checkoutId: crypto.randomUUID() }) },
    });
  }

  const intent = formData.get("intent");
  if (intent === APPLY_CODE_INTENT || intent === REMOVE_CODE_INTENT) {
    const details = await readCheckoutDetails(context.config, request);
    if (!details) return redirect("/checkout");
    return changeCode(context, request, details, intent === APPLY_CODE_INTENT ? formData.get("code") : null);
  }

  if (formData.get("intent") === "pay") {
    const details = await readCheckoutDetails(context.config, request);
    if (!details) return redirect("/checkout");
    await enforceRateLimits(context, request, [{ rule: "checkout_ip" }]);
    // The browser's visitor id, or the one its experiments mint (within `new_visitor_ip`, and sent with the answer by the
    // Worker); a browser in no test gets an id that is never sent and counts nowhere.
    const visitorId =
      (await readVisitorId(context.config, request)) ?? (await context.experiments.resolve()).visitorId ?? crypto.randomUUID();
    const started = await startCheckout(context, { details, user, visitorId });
    if (started.status === "test-payment") return redirect("/mock-checkout", 303);
    if (started.status === "stripe") return redirect(started.url, 303);
    if (started.status === "code-refused") {
      return data({ result: undefined, error: null, codeError: started.message, typedCode: details.code ?? "" }, { status: 409 });
    }
    if (started.status === "unavailable") {
      const error = `Payments are not available right now. Please contact support at ${started.supportEmail}.`;
      return data({ result: undefined, error }, { status: 503 });
    }
    return data({ result: undefined, error: PAYMENT_FAILED }, { status: 502 });
  }
  return data({ result: undefined, error: "Unknown action." }, { status: 400 });
}

/** Apply (a typed code, checked now: 4xx with the code kept when refused) or remove the payment step's code. */
async function changeCode(
  context: ActionFunctionArgs["context"],
  request: Request,
  details: CheckoutDetails,
  typed: FormDataEntryValue | null,
) {
  const checked = await checkTypedCode(context.db, typed);
  if (!checked.ok) {
    return data({ result: undefined, error: null, codeError: checked.codeError, typedCode: checked.typedCode }, { status: checked.status });
  }
  return redirect("/checkout?step=payment", {
    status: 303,
    headers: { "Set-Cookie": await saveCheckoutDetails(context.config, request, { ...details, code: checked.code }) },
  });
}

export default function CheckoutPage() {
  const { step, cancelled, details, account, cardCount, categoryCount, price, priceShort, total, code, codeProblem } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const codeError = actionData && "codeError" in actionData ? actionData.codeError : codeProblem;
  const [form, fields] = useForm({
    id: "checkout-details",
    lastResult: actionData?.result,
    defaultValue: {
      name: details?.name ?? account?.name ?? "",
      email: account?.email ?? details?.email ?? "",
      emailConfirmation: account?.email ?? details?.email ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: purchaseDetailsSchema }),
  });

  return (
    <>
      <SiteHeader anchorsBase="/" minimal />
      <main id="main" className="mx-auto w-full max-w-xl px-4 py-12">
        <ol className="mb-8 flex justify-center gap-2 text-sm" aria-label="Checkout steps">
          {["Details", "Payment", "Access"].map((label, index) => {
            const current = (step === "details" && index === 0) || (step === "payment" && index === 1);
            return (
              <li
                key={label}
                aria-current={current ? "step" : undefined}
                className={`rounded-full px-3 py-1 ${current ? "bg-lavender-700 text-white" : "bg-white text-ink-muted ring-1 ring-sage-200"}`}
              >
                {index + 1}. {label}
              </li>
            );
          })}
        </ol>

        <div className="rounded-3xl bg-white p-8 shadow-xl ring-1 ring-sage-200">
          {step === "details" ? (
            <>
              <h1 className="text-center font-serif text-3xl font-bold">Get Full Access</h1>
              <CheckoutOffer price={priceShort} />
              <CheckList
                className="my-6 space-y-2"
                items={[
                  `All ${cardCount} affirmation cards`,
                  `${categoryCount} categories for every part of your day`,
                  "Guidance on every card: a reflection prompt and an anchor action",
                  "Immediate access, for life",
                ]}
              />
              <Form method="post" {...getFormProps(form)} className="space-y-4">
                <HoneypotField />
                <FormAlert id={form.errorId} errors={form.errors} />
                <TextField field={fields.name} label="Full Name" autoComplete="name" />
                <TextField field={fields.email} label="Email Address" type="email" autoComplete="email" readOnly={Boolean(account)} />
                {account ? (
                  <>
                    <input type="hidden" name={fields.emailConfirmation.name} value={account.email} />
                    <p className="text-sm text-ink-muted">You are signed in: the collection goes to your account's email.</p>
                  </>
                ) : (
                  <TextField field={fields.emailConfirmation} label="Confirm Email Address" type="email" autoComplete="email" />
                )}
                <SubmitButton name="intent" value="details" pendingText="Processing...">
                  Continue to Payment
                </SubmitButton>
              </Form>
              <CheckoutAlternatives signedIn={Boolean(account)}>
                <li>
                  Buying for someone else?{" "}
                  <Link to="/gift" className="whitespace-nowrap font-semibold text-lavender-700 underline">
                    Give it as a gift
                  </Link>
                </li>
                <li>Have a discount code? You can enter it on the next step.</li>
              </CheckoutAlternatives>
            </>
          ) : (
            <PaymentStep
              cancelled={cancelled}
              rows={[
                ["Name", details?.name],
                ["Email", details?.email],
                ["Product", `${cardCount} LIGHT Cards`],
                ...(code
                  ? [
                      ["Price", price],
                      [`Code ${code.name}`, `−${code.saving}`],
                    ]
                  : []),
                ["Total", total],
              ]}
              code={code}
              codeError={codeError ?? null}
              typedCode={actionData && "typedCode" in actionData ? (actionData.typedCode ?? "") : ""}
              error={actionData?.error ?? null}
              total={total}
            />
          )}
        </div>
      </main>
    </>
  );
}
