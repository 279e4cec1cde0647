/**
 * /today: the LIGHT practice with today's card, five steps on one page (Listen, Internalize, Ground, Hear Again,
 * Transform), then the evening check from 17:00 in the buyer's day (docs/decisions/040-the-light-practice.md). Every
 * step is a section reached by a link, every answer a plain form that comes back here at the next step; with
 * JavaScript the forms post in place and the reader keeps their place.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, Link, type ShouldRevalidateFunctionArgs, useActionData, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { KeptDayBanner } from "~/components/practice/offline-practice";
import { PracticeSteps } from "~/components/practice/practice-steps";
import { LIGHT_STEP_NAMES } from "~/content/light-steps";
import { useOfflineCopyRefresh } from "~/hooks/use-offline-copy-refresh";
import { accessRequiredRedirect, pageAccessStatus } from "~/modules/access/access.server";
import { homeFor } from "~/modules/access/home";
import { requireUser, requireUserWith } from "~/modules/auth/guards.server";
import { onlyTranslationChanged } from "~/modules/cards/passage";
import { findCardPassage, findLibraryCard } from "~/modules/cards/public-collection.server";
import { badgeToast } from "~/modules/habit/badge-toast";
import { getStats } from "~/modules/habit/progress.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { isOfflineRefusal, offlineRefusal } from "~/modules/offline/form-refusal";
import { spokenDay } from "~/modules/practice/offline-practice";
import { practiceActionSchema } from "~/modules/practice/practice.schema";
import { completeMorning, pickTodaysCard, saveEveningCheck, saveReflection } from "~/modules/practice/practice.server";
import { listOwnRecordings } from "~/modules/practice/recordings.server";
import { readRecentPracticeDays, todayFor, todayForChange } from "~/modules/practice/today.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { preferredTimeZone } from "~/modules/users/time-zone";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [
  { title: "Today | LIGHT Cards" },
  { name: "description", content: `Today's LIGHT Card in five steps: ${LIGHT_STEP_NAMES}.` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = new Date();
  const zoneOf = (user: { timeZone: string | null }) => preferredTimeZone(timeZoneFromRequest(request), user.timeZone);
  // Access, today's rows, the streak and which cards have a recording travel with the session's check: one round trip.
  const { user, own } = await requireUserWith(context, request, (owner, signedInUser) =>
    Promise.all([
      pageAccessStatus(context.db, owner),
      readRecentPracticeDays(context.db, owner, now),
      getStats(context.db, owner, { timeZone: signedInUser.then(zoneOf), now }),
      listOwnRecordings(context.db, owner),
    ]),
  );
  const [access, recent, stats, recordings] = own;
  // Sign-ins and the installed app open here; an account without access is at home on its dashboard (the preview and
  // the offer), so it goes there without a word. A practice posted without access is refused below.
  if (!access.hasAccess) throw redirect(homeFor(access));
  const today = await todayFor(context, { user, request, recent, now });
  if (!today) throw new Response("The collection has no card for today yet.", { status: 404 });
  const { practice } = today;
  return data({
    day: today.day,
    dayLabel: spokenDay(today.day),
    isEvening: today.isEvening,
    card: today.card,
    // Internalize reads the verse in its passage, both translations at hand (the switch needs no request).
    passage: await findCardPassage(context, "buyer", today.card.id),
    chosen: today.chosen,
    practice: practice && {
      reflection: practice.reflection,
      saidAloud: practice.saidAloudAt !== null,
      eveningAnswer: practice.eveningAnswer,
      eveningNote: practice.eveningNote,
    },
    streak: { current: stats.currentStreak, atRisk: stats.atRisk },
    recording: recordings.find((entry) => entry.cardId === today.card.id) ?? null,
  });
}

/** The passage's translation is read from the URL by the page itself: switching it needs no new data. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && onlyTranslationChanged(currentUrl, nextUrl)) return false;
  // Nothing was sent: the page stays as it is, the buyer's words in their boxes (offline, a reload would lose them).
  if (isOfflineRefusal(actionResult)) return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  if (!(await pageAccessStatus(context.db, user.id)).hasAccess) throw await accessRequiredRedirect(context.config);
  const submission = parseWithZod(await request.formData(), { schema: practiceActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const now = new Date();
  const today = await todayForChange(context, { user, request, now });
  if (!today) throw new Response("The collection has no card for today yet.", { status: 404 });
  const key = { userId: user.id, day: today.day, cardId: today.card.id, timeZone: today.timeZone };
  const { value } = submission;

  if (value.intent === "practise") {
    const card = await findLibraryCard(context, "buyer", value.cardId);
    if (!card) throw new Response("Card not found", { status: 404 });
    const picked = await pickTodaysCard(context.db, { ...key, cardId: card.id }, now);
    return redirectWithToast(
      context.config,
      picked === "picked" ? "/today#listen" : `/cards/${card.id}`,
      picked === "picked"
        ? { type: "success", title: `Today's card: ${card.title}` }
        : { type: "message", title: "You have already practised today", description: "Choose this card again tomorrow." },
    );
  }
  if (value.intent === "reflect") {
    await saveReflection(context.db, key, value.reflection, now);
    return redirectWithToast(context.config, "/today#hear-again", { type: "success", title: "Reflection saved" });
  }
  if (value.intent === "said-aloud") {
    const { completed, newBadges } = await completeMorning(context.db, key, now);
    const toast = badgeToast(newBadges, completed ? "Today's practice is complete" : "Already complete for today");
    return redirectWithToast(context.config, "/today#done", toast ?? { type: "success", title: "Today's practice is complete" });
  }
  if (!today.isEvening) {
    return data({ result: submission.reply({ formErrors: ["The evening check opens at 5 pm your time."] }) }, { status: 400 });
  }
  const { newBadges } = await saveEveningCheck(context.db, key, { answer: value.answer, note: value.note }, now);
  const toast = badgeToast(newBadges, "Evening check saved");
  return redirectWithToast(context.config, "/today#evening", toast ?? { type: "success", title: "Evening check saved" });
}

/**
 * With scripts, a form that finds no network (the installed app offline, or a connection lost as it was sent) is
 * refused in the page, the buyer's words kept in their boxes; it is never queued (docs/decisions/045, Offline).
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  if (!navigator.onLine) return offlineRefusal(intent);
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    // fetch's TypeError: no answer at all. A redirect (a Response) and the server's own errors go on as they are.
    if (error instanceof TypeError) return offlineRefusal(intent);
    throw error;
  }
}

export default function TodayPage() {
  const today = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  // A practice completed or a recording saved changes the page: the installed app's kept copy follows (decision 025).
  useOfflineCopyRefresh(today);
  return (
    <AppShell>
      <PracticeSteps
        today={today}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        notice={<KeptDayBanner day={today.day} />}
      />
      <p className="mx-auto -mt-6 w-full max-w-2xl px-4 pb-12 text-sm sm:px-6">
        <Link to="/wallpaper" className="font-semibold underline">
          Today's card on your lock screen
        </Link>
      </p>
    </AppShell>
  );
}
