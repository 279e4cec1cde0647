import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AffirmationCard, CardGrid } from "~/components/affirmation-card";
import { SubmitButton, TextField } from "~/components/forms";
import { cardAudienceFor } from "~/modules/access/access.server";
import { requireUser } from "~/modules/auth/guards.server";
import { updateProfile } from "~/modules/auth/users.server";
import { deleteAllSessionsOfUser } from "~/modules/auth/sessions.server";
import { redirectClearingSession } from "~/modules/auth/sessions.server";
import { displayName, initials } from "~/modules/auth/users.server";
import { getCardsFor, listCategories } from "~/modules/cards/cards.server";
import { formatPriceShort } from "~/modules/config/money";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { profileSchema } from "~/validation/auth";
import { forwardHeaders } from "~/modules/http/forward-headers";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Your journey | LIGHT Cards" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const audience = await cardAudienceFor(context.db, user);
  const [cards, categories] = await Promise.all([getCardsFor(context.db, audience), listCategories(context.db)]);
  return {
    user: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: displayName(user),
      initials: initials(user),
    },
    hasAccess: audience === "buyer",
    cards: cards.cards,
    totalAvailable: cards.totalAvailable,
    categoryLabels: Object.fromEntries(categories.map((category) => [category.slug, category.label])),
    categoryCount: categories.length,
    price: formatPriceShort(context.config.price),
    pageUrl: `${context.config.appOrigin}/dashboard`,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "sign-out-everywhere") {
    await deleteAllSessionsOfUser(context.db, user.id);
    return redirectClearingSession(context, request, "/login", {
      type: "success",
      title: "Signed out of all devices",
      description: "Every session of your account has ended.",
    });
  }
  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    await updateProfile(context.db, user.id, submission.value);
    return redirectWithToast(context.config, "/dashboard", { type: "success", title: "Profile updated" });
  }
  return data({ result: undefined, error: "Unknown action." }, { status: 400 });
}

export default function DashboardPage() {
  const { user, hasAccess, cards, totalAvailable, categoryLabels, categoryCount, price, pageUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: { firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });

  return (
    <>
      <header className="border-b border-sage-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-11 w-11 items-center justify-center rounded-full bg-lavender-700 font-semibold text-white"
              data-testid="avatar"
            >
              {user.initials}
            </span>
            <div>
              <p className="font-semibold" data-testid="display-name">
                {user.displayName}
              </p>
              <p className="text-sm text-ink-muted">{user.email}</p>
            </div>
          </div>
          <Form method="post" action="/logout">
            <SubmitButton className="btn-secondary px-4 py-2 text-sm" pendingText="Signing out...">
              Log Out
            </SubmitButton>
          </Form>
        </div>
      </header>
      <main id="main" className="section space-y-10">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-3xl font-bold">Welcome back, {user.firstName?.trim() || user.displayName}!</h1>
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${hasAccess ? "bg-sage-800 text-white" : "bg-gold-100 text-gold-700"}`}
          >
            {hasAccess ? "Full Access" : "Preview Mode"}
          </span>
        </div>

        {!hasAccess ? (
          <section aria-labelledby="upgrade-title" className="rounded-3xl bg-gradient-to-br from-lavender-700 to-sage-800 p-6 text-white">
            <h2 id="upgrade-title" className="font-serif text-2xl font-bold">
              Unlock All {totalAvailable} Affirmation Cards
            </h2>
            <p className="mt-2 text-lavender-100">One payment, lifetime access, 30-day guarantee.</p>
            <Link to="/checkout" className="btn mt-4 bg-white text-lavender-900 hover:bg-lavender-100">
              Upgrade - {price}
            </Link>
          </section>
        ) : null}

        <section aria-labelledby="cards-title">
          <h2 id="cards-title" className="font-serif text-2xl font-bold">
            Browse Cards
          </h2>
          <p className="mb-6 mt-1 text-ink-muted">
            {hasAccess
              ? `All ${totalAvailable} cards across ${categoryCount} categories.`
              : `Preview ${cards.length} of ${totalAvailable} available cards`}
          </p>
          <CardGrid>
            {cards.map((card) => (
              <AffirmationCard key={card.id} card={card} shareUrl={pageUrl} categoryLabel={categoryLabels[card.category]} />
            ))}
          </CardGrid>
        </section>

        <section aria-labelledby="profile-title" className="grid gap-6 md:grid-cols-2">
          <div className="rounded-3xl bg-white p-6 ring-1 ring-sage-200">
            <h2 id="profile-title" className="text-xl font-semibold">
              Your Profile
            </h2>
            <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="profile" />
              <TextField field={fields.firstName} label="First Name" autoComplete="given-name" />
              <TextField field={fields.lastName} label="Last Name" autoComplete="family-name" />
              <SubmitButton name="intent" value="profile" pendingText="Saving..." className="btn-primary">
                Save Profile
              </SubmitButton>
            </Form>
          </div>
          <div className="rounded-3xl bg-white p-6 ring-1 ring-sage-200">
            <h2 className="text-xl font-semibold">Security</h2>
            <p className="mt-2 text-sm text-ink-muted">Signed in on a device you no longer use? End every session of your account.</p>
            <Form method="post" className="mt-4">
              <SubmitButton name="intent" value="sign-out-everywhere" className="btn-secondary" pendingText="Signing out...">
                Sign out of all devices
              </SubmitButton>
            </Form>
          </div>
        </section>
      </main>
    </>
  );
}
