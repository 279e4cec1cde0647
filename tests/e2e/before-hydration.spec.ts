import type { Page } from "@playwright/test";
import { expect, expectHydrated, test } from "./fixtures";

/**
 * Every form of the app, filled in before its page hydrates: a reader on a slow phone types as soon as the page shows,
 * and the scripts start only once it has loaded (docs/decisions/032). What they typed must still be in each field once
 * the scripts run, and the buttons must start from it (none stays disabled beside a filled field).
 */
const TYPED: Record<string, string> = {
  email: "reader@example.com",
  password: "Morning light 2026",
  search: "shepherd",
  text: "Grace",
  number: "40",
  date: "2026-12-31",
  textarea: "Typed before the scripts ran",
};

/** The visible fields a reader types in: text-like inputs and textareas (never the honeypot, which is hidden). */
function typingFields(page: Page) {
  return page.locator(
    'main input:visible:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([readonly]), main textarea:visible',
  );
}

async function fieldKind(field: ReturnType<Page["locator"]>): Promise<string> {
  return field.evaluate((element) => (element instanceof HTMLTextAreaElement ? "textarea" : (element as HTMLInputElement).type));
}

async function expectTypedBeforeHydrationKept(
  page: Page,
  path: string,
  beforeHydration: (path: string, act: () => Promise<void>) => Promise<void>,
) {
  // React reports a field that turns from uncontrolled to controlled, and a hydration mismatch, as errors.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const typed: { field: ReturnType<Page["locator"]>; value: string }[] = [];
  await beforeHydration(path, async () => {
    await expect(page.locator("main h1").first()).toBeVisible();
    const fields = await typingFields(page).all();
    expect(fields.length, `a field to type in on ${path}`).toBeGreaterThan(0);
    for (const field of fields) {
      const value = TYPED[await fieldKind(field)] ?? TYPED.text ?? "";
      await field.fill(value);
      typed.push({ field, value });
    }
  });
  for (const { field, value } of typed) await expect(field, `${path} keeps what was typed`).toHaveValue(value);
  await expect(
    page.locator("main form button[type=submit]:visible:disabled"),
    `${path}: no button disabled beside filled fields`,
  ).toHaveCount(0);
  expect(errors, `console errors on ${path}`).toEqual([]);
}

test.describe("forms filled in before the scripts run @js", () => {
  for (const path of ["/login", "/register", "/forgot-password", "/checkout", "/cards"]) {
    test(`a visitor's ${path}`, async ({ page, beforeHydration }) => {
      await expectTypedBeforeHydrationKept(page, path, beforeHydration);
    });
  }

  for (const path of ["/cards", "/settings"]) {
    test(`a buyer's ${path}`, async ({ page, loginAsBuyer, beforeHydration }) => {
      await loginAsBuyer();
      await expectTypedBeforeHydrationKept(page, path, beforeHydration);
    });
  }

  test("the admin's /admin", async ({ page, loginAsAdmin, beforeHydration }) => {
    await loginAsAdmin();
    await expectTypedBeforeHydrationKept(page, "/admin", beforeHydration);
  });
});

test.describe("a tap while the scripts are starting @js", () => {
  /*
   * Remix reads the page's data (inlined in the HTML) during its first render. A tap after the scripts had started
   * but before that first render made React render the document at once, meet the read still pending, and give up for
   * good (React error 345): the page never hydrated. Here the tap lands in that moment every time, as React starts
   * listening, with the data held unread, instead of now and then on a slow phone.
   */
  test("a card turned as the scripts start stays turned, and the page hydrates", async ({ page }) => {
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.addInitScript(() => {
      const held: (() => void)[] = [];
      const controller = ReadableStreamDefaultController.prototype;
      for (const method of ["enqueue", "close"] as const) {
        const original = controller[method] as (this: ReadableStreamDefaultController, ...args: unknown[]) => void;
        Object.defineProperty(controller, method, {
          value(this: ReadableStreamDefaultController, ...args: unknown[]) {
            held.push(() => original.apply(this, args));
          },
        });
      }
      Object.assign(window, {
        __releaseRemixState: () => {
          for (const run of held.splice(0)) run();
        },
      });

      // React listens on the document from the moment hydration is asked for; the tap follows right after.
      const addEventListener = EventTarget.prototype.addEventListener;
      let tapped = false;
      EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget["addEventListener"]>) {
        addEventListener.apply(this, args);
        const [type, , options] = args;
        const capture = options === true || (typeof options === "object" && options.capture === true);
        if (this === document && type === "click" && capture && !tapped) {
          tapped = true;
          queueMicrotask(() =>
            document.querySelector<HTMLElement>('[data-card-id="abundance-the-lord-is-my-shepherd"] [data-face="front"] label')?.click(),
          );
        }
      };
    });
    await page.goto("/sample-card");
    const card = page.locator('[data-card-id="abundance-the-lord-is-my-shepherd"]');
    await expect(card.locator('[data-face="back"]')).toBeVisible();

    await page.evaluate(() => (window as unknown as { __releaseRemixState: () => void }).__releaseRemixState());
    await expectHydrated(page);
    await expect(card.locator('[data-face="back"]')).toBeVisible();
    // The script has the card now: Enter (the script's key) turns it back to its front, where Speak shows.
    await card.getByRole("checkbox", { name: "Flip card: The Lord Is My Shepherd" }).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: "Speak" })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
