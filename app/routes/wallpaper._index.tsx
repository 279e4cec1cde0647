/**
 * /wallpaper: today's card on the lock screen (docs/decisions/044-wallpaper-address.md). The buyer turns on a private
 * picture address, chooses its style, copies it (shown once: only its hash is kept), replaces or turns it off, and
 * reads how to have an iPhone or an Android phone fetch it each morning. Every form works without JavaScript.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { WallpaperSettingsPage } from "~/components/wallpaper/wallpaper-settings";
import { accessRequiredRedirect, pageAccessStatus } from "~/modules/access/access.server";
import { requireUser, requireUserWith } from "~/modules/auth/guards.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { IMAGE_STYLE_LABELS } from "~/modules/images/styles";
import { readRecentPracticeDays, todayForAccount } from "~/modules/practice/today.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { rememberTimeZone, timeZoneFromRequest } from "~/modules/users/time-zone.server";
import { WALLPAPER_PAGE, wallpaperAddress } from "~/modules/wallpaper/wallpaper";
import { wallpaperActionSchema } from "~/modules/wallpaper/wallpaper.schema";
import {
  issueWallpaperToken,
  readWallpaperSettings,
  setWallpaperStyle,
  turnOffWallpaper,
} from "~/modules/wallpaper/wallpaper-tokens.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [
  { title: "Today's card on your lock screen | LIGHT Cards" },
  { name: "description", content: "A private picture address that puts today's LIGHT Card on your phone's lock screen each morning." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = new Date();
  // Access, the address's settings and today's rows travel with the session's check: one round trip.
  const { user, own } = await requireUserWith(context, request, (owner) =>
    Promise.all([
      pageAccessStatus(context.db, owner),
      readWallpaperSettings(context.db, owner),
      readRecentPracticeDays(context.db, owner, now),
    ]),
  );
  const [access, settings, recent] = own;
  if (!access.hasAccess) throw await accessRequiredRedirect(context.config);
  // The day the address counts in: the zone the account keeps, as the address itself does.
  const today = await todayForAccount(context, user, now, recent);
  const timeZone = today?.timeZone ?? "UTC";
  return data({
    settings: settings && { style: settings.style, since: dayFormat(timeZone).format(settings.createdAt) },
    card: today ? { title: today.card.title } : null,
    timeZone,
    dateLine: dateLineFormat(timeZone).format(now),
  });
}

/** "27 November 2026" in the buyer's zone: written by the server, so the page reads the same before and after hydration. */
const dayFormat = (timeZone: string) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone });
/** "Friday 27 November": the preview's lock-screen date line. */
const dateLineFormat = (timeZone: string) => new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  if (!(await pageAccessStatus(context.db, user.id)).hasAccess) throw await accessRequiredRedirect(context.config);
  const parsed = wallpaperActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Something was missing.", address: null }, { status: 400 });
  const form = parsed.data;

  if (form.intent === "turn-on" || form.intent === "replace") {
    // The address counts days in the zone the account keeps: this browser's, once it is allowed to move (015).
    await rememberTimeZone(context.db, user, timeZoneFromRequest(request));
    const token = await issueWallpaperToken(context.db, user.id, form.intent === "turn-on" ? form.style : undefined);
    // The address goes back in this answer only: never through a redirect's cookie or URL, and never again.
    return data({ error: null, address: wallpaperAddress(context.config.appOrigin, token), replaced: form.intent === "replace" });
  }
  if (form.intent === "style") {
    if (!(await setWallpaperStyle(context.db, user.id, form.style))) {
      return data({ error: "Turn the wallpaper address on first.", address: null }, { status: 409 });
    }
    return redirectWithToast(context.config, WALLPAPER_PAGE, {
      type: "success",
      title: `Wallpaper style: ${IMAGE_STYLE_LABELS[form.style]}`,
    });
  }
  await turnOffWallpaper(context.db, user.id);
  return redirectWithToast(context.config, WALLPAPER_PAGE, {
    type: "success",
    title: "Wallpaper address turned off",
    description: "It no longer works on any phone.",
  });
}

export default function WallpaperPage() {
  const { settings, card, timeZone, dateLine } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const made = actionData && "replaced" in actionData ? { address: actionData.address, replaced: actionData.replaced } : null;
  return (
    <AppShell>
      <WallpaperSettingsPage
        settings={settings}
        cardTitle={card?.title ?? null}
        timeZone={timeZone}
        dateLine={dateLine}
        made={made}
        error={actionData?.error ?? null}
      />
    </AppShell>
  );
}
