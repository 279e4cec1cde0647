import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Gift, Purchase } from "#db/schema";
import { checkoutAssignment } from "~/modules/experiments/checkout-assignment.server";
import { checkCode, priceWithCode } from "./discount-codes.server";
import { fulfilPaidCheckout } from "./fulfil.server";
import { fulfilGiftCheckout } from "./gift-fulfil.server";

/** Test payments' session ids are `mock_<purchase id>`, as the product rules name them (docs/decisions/013). */
const TEST_SESSION_PREFIX = "mock_";
const TEST_SESSION_ID_PATTERN = /^mock_[0-9a-f-]{36}$/;

export function isTestPaymentSessionId(id: string): boolean {
  return TEST_SESSION_ID_PATTERN.test(id);
}

/** The test cards of test mode (the same numbers Stripe's test mode uses). */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "success", label: "Payment succeeds" },
  { number: "4000 0000 0000 0002", outcome: "declined", label: "Card declined" },
  { number: "4000 0000 0000 9995", outcome: "insufficient_funds", label: "Insufficient funds" },
] as const;

export const DEFAULT_TEST_CARD = TEST_CARDS[0].number;

const FAILURES = {
  declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  unknown: "Use one of the test card numbers listed on /test-checkout.",
} as const;

type TestPaymentFailure = { status: "failed"; reason: keyof typeof FAILURES; message: string };

/** Why a test card fails, or null for the card that succeeds. */
function testCardFailure(cardNumber: string): TestPaymentFailure | null {
  const digits = cardNumber.replace(/\D/g, "");
  const card = TEST_CARDS.find((candidate) => candidate.number.replace(/\s/g, "") === digits);
  if (!card) return { status: "failed", reason: "unknown", message: FAILURES.unknown };
  if (card.outcome !== "success") return { status: "failed", reason: card.outcome, message: FAILURES[card.outcome] };
  return null;
}

type TestPaymentResult =
  | { status: "paid"; purchase: Purchase; sessionId: string }
  | TestPaymentFailure
  | { status: "code-refused"; message: string };

/**
 * Test mode's payment: the success card fulfils through the same function as Stripe's webhook,
 * the others fail with their message and grant nothing.
 */
export async function payWithTestCard(
  context: Pick<AppLoadContext, "db" | "config" | "email" | "stripe" | "cloudflare" | "experiments">,
  input: {
    email: string;
    name: string | null;
    cardNumber: string;
    startedByUserId: string | null;
    visitorId: string | null;
    /** The discount code applied at checkout (upper-cased), checked here as Stripe checks it: expiry, uses. */
    code: string | null;
  },
): Promise<TestPaymentResult> {
  const failure = testCardFailure(input.cardNumber);
  if (failure) return failure;
  const checked = input.code ? await checkCode(context.db, input.code) : null;
  if (checked && checked.status !== "valid") return { status: "code-refused", message: checked.message };
  const code = checked?.status === "valid" ? checked.code : null;

  const purchaseId = crypto.randomUUID();
  const sessionId = `${TEST_SESSION_PREFIX}${purchaseId}`;
  const { purchase } = await fulfilPaidCheckout(context, {
    provider: "test",
    checkoutSessionId: sessionId,
    purchaseId,
    paymentIntentId: null,
    email: input.email,
    name: input.name,
    amountCents: priceWithCode(context.config.price, code).cents,
    currency: context.config.price.currency,
    discountCodeId: code?.id ?? null,
    startedByUserId: input.startedByUserId,
    visitorId: input.visitorId,
    visitorAssignment: checkoutAssignment(await context.experiments.resolve()),
  });
  return { status: "paid", purchase, sessionId };
}

/**
 * Test mode's payment for a gift (docs/decisions/047-gifts.md): the gift written before payment is fulfilled through
 * the same function as Stripe's webhook. Its session id is `mock_<gift id>`.
 */
export async function payForGiftWithTestCard(
  context: Pick<AppLoadContext, "db" | "config" | "email">,
  input: { gift: Gift; cardNumber: string },
): Promise<{ status: "paid"; sessionId: string } | TestPaymentFailure> {
  const failure = testCardFailure(input.cardNumber);
  if (failure) return failure;
  const sessionId = `${TEST_SESSION_PREFIX}${input.gift.id}`;
  const gift = await fulfilGiftCheckout(context, "test", {
    checkoutSessionId: sessionId,
    paymentIntentId: null,
    email: input.gift.giverEmail,
    name: input.gift.giverName,
    amountCents: context.config.price.cents,
    currency: context.config.price.currency,
    startedByUserId: input.gift.giverUserId,
    visitorId: null,
    visitorAssignment: null,
    giftId: input.gift.id,
  });
  if (!gift) throw new Error(`Gift ${input.gift.id} could not be paid`);
  return { status: "paid", sessionId };
}
