import { PASSWORD, uniqueEmail } from "../support/identities";
import { expect, fireSchedule, latestLinkTo, test } from "./fixtures";

/**
 * A time zone where it is now between 7:00 and 8:00, the hour the daily card goes out, with as much of that hour
 * left as possible: the Etc/GMT zones give every whole-hour offset, a few half- and quarter-hour zones help when
 * the hour is nearly over.
 */
function zoneAtSevenNow(now = new Date()): string {
  const wholeHours = Array.from({ length: 27 }, (_, index) => index - 12).map((offset) =>
    // Etc/GMT-5 is UTC+5: the POSIX sign is inverted.
    offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`,
  );
  const others = ["Asia/Kolkata", "Asia/Kathmandu", "Asia/Tehran", "Asia/Kabul", "Asia/Yangon", "Australia/Adelaide", "America/St_Johns"];
  let best = { zone: "Etc/GMT", minutesLeft: -1 };
  for (const zone of [...wholeHours, ...others]) {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(
      now,
    );
    const hour = Number(parts.find((part) => part.type === "hour")?.value);
    const minute = Number(parts.find((part) => part.type === "minute")?.value);
    if (hour === 7 && 60 - minute > best.minutesLeft) best = { zone, minutesLeft: 60 - minute };
  }
  return best.zone;
}

test("register with the daily card ticked, fire the schedule, and find the card in the outbox", async ({ browser, baseURL, request }) => {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const timeZone = zoneAtSevenNow();
  // The browser lives where it is 7:00 now. With JavaScript the register form sends its zone; without, the server
  // has only the lc_tz cookie a script set on an earlier visit, as a returning visitor's browser would have.
  const context = await browser.newContext({ baseURL, javaScriptEnabled, timezoneId: timeZone });
  if (!javaScriptEnabled) await context.addCookies([{ name: "lc_tz", value: encodeURIComponent(timeZone), url: baseURL! }]);
  const page = await context.newPage();
  const email = uniqueEmail("daily");

  await page.goto("/register");
  // With JavaScript the form sends the zone once the app runs: its script-only password toggles say it does.
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Show password" }).first()).toBeVisible();
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Send me the daily card by email").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();

  // Only a verified mailbox gets the daily card.
  await page.goto(await latestLinkTo(request, email, "/verify-email"));
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Verify My Email" }).click();
  await expect(page.getByRole("heading", { name: "Email Verified!" })).toBeVisible();

  // The every-15-minutes schedule fires, as the README's `/__scheduled` does by hand under `npm start`.
  await fireSchedule(request, "*/15 * * * *");

  // The outbox is a page a person reloads until the mail is there.
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const daily = page.getByTestId("outbox-message").filter({ hasText: "Today's card:" });
  await expect(async () => {
    await page.reload();
    await expect(daily.getByTestId("outbox-state")).toHaveText("sent (1 attempt)", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(daily.getByRole("heading", { name: /^Today's card: / })).toBeVisible();
  await expect(daily.getByText("Reflect:")).toBeVisible();
  await expect(daily.getByText(/See a sample card: http/)).toBeVisible();

  // Its unsubscribe link works signed out: a confirmation, then done.
  await context.clearCookies();
  await daily.getByRole("link", { name: /\/unsubscribe\?token=/ }).click();
  await expect(page.getByRole("heading", { name: "Unsubscribe From the Daily Card?" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You're Unsubscribed" })).toBeVisible();
  await context.close();
});
