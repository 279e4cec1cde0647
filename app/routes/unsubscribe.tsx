import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { SubmitButton } from "~/components/forms";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribeFormSchema, unsubscribeQuerySchema } from "~/modules/daily-card/daily-card.schema";
import { findUnsubscriber, unsubscribeWithToken } from "~/modules/daily-card/unsubscribe.server";

export const meta: MetaFunction = () => [{ title: "Unsubscribe | LIGHT Cards" }, { name: "robots", content: "noindex" }];

/**
 * The daily card's unsubscribe link (docs/decisions/021): works signed out and without JavaScript. GET only shows
 * a confirmation form (a mail scanner that opens links changes nothing); the form's POST unsubscribes. A mail
 * provider's RFC 8058 one-click POST goes to /unsubscribe/one-click instead (unsubscribe_.one-click.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = unsubscribeQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const invalid = () => data({ state: "invalid" as const, email: null, token: null }, { status: 400 });
  if (!query.success) return invalid();
  if (query.data.done) return { state: "done" as const, email: null, token: null };
  const user = query.data.token ? await findUnsubscriber(context, query.data.token) : null;
  if (!user || !query.data.token) return invalid();
  return { state: "confirm" as const, email: user.email, token: query.data.token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const input = unsubscribeFormSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? fields.token });
  const user = input.success ? await unsubscribeWithToken(context, input.data.token) : null;
  if (!user) return data({ state: "invalid" as const }, { status: 400 });
  return redirect("/unsubscribe?done=1", 303);
}

export default function UnsubscribePage() {
  const { state, email, token } = useLoaderData<typeof loader>();
  // The action answers with data only when the link is not valid (otherwise it redirects).
  const actionData = useActionData<{ state: "invalid" }>();
  if (state === "done") {
    return (
      <AuthLayout title="You're Unsubscribed">
        <div role="status" className="space-y-4 text-center">
          <p>You will not receive the daily card by email any more.</p>
          <p className="text-sm text-ink-muted">Changed your mind? Turn it back on in your settings.</p>
          <Link to="/settings" className="btn-secondary w-full">
            Go to Your Settings
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (state === "invalid" || actionData?.state === "invalid") {
    return (
      <AuthLayout title="Unsubscribe">
        <p role="alert" className="text-center">
          {INVALID_UNSUBSCRIBE_LINK}
        </p>
        <p className="mt-4 text-center text-sm text-ink-muted">
          You can also turn the daily card off in your{" "}
          <Link to="/settings" className="font-semibold text-lavender-700 underline">
            settings
          </Link>
          .
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Unsubscribe From the Daily Card?">
      <p className="text-center">
        Stop sending the daily card to <strong>{email}</strong>?
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token ?? ""} />
        <SubmitButton pendingText="Unsubscribing...">Unsubscribe</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
