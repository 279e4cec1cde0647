import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { listOutbox } from "~/modules/email/send.server";
import { emailSchema } from "~/validation/auth";

export const meta: MetaFunction = () => [{ title: "Outbox (development) | LIGHT Cards" }, { name: "robots", content: "noindex" }];

/** Development only: every email the app "sent", newest first. Everywhere else this does not exist. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.config.isDevelopment) throw new Response("Not Found", { status: 404 });
  const to = emailSchema.safeParse(new URL(request.url).searchParams.get("to") ?? "");
  const messages = await listOutbox(context.db, { to: to.success ? to.data : undefined });
  return {
    messages: messages.map((message) => ({
      id: message.id,
      to: message.to,
      subject: message.subject,
      text: message.text,
      createdAt: message.createdAt.toISOString(),
      links: [...message.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
    })),
  };
}

export default function OutboxPage() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="section space-y-6">
      <h1 className="font-serif text-3xl font-bold">Outbox (development)</h1>
      <p className="text-ink-muted">Emails are written here instead of being sent while ENVIRONMENT=development.</p>
      {messages.length === 0 ? <p>No emails yet.</p> : null}
      <ol className="space-y-4">
        {messages.map((message) => (
          <li key={message.id} className="rounded-2xl bg-white p-5 ring-1 ring-sage-200" data-testid="outbox-message">
            <p className="text-sm text-ink-muted">
              To <span data-testid="outbox-to">{message.to}</span> · {message.createdAt}
            </p>
            <h2 className="mt-1 font-semibold">{message.subject}</h2>
            <pre className="mt-3 whitespace-pre-wrap font-sans text-sm">{message.text}</pre>
            {message.links.map((link) => (
              <a key={link} href={link} className="mt-2 block break-all font-semibold text-lavender-700 underline">
                {link}
              </a>
            ))}
          </li>
        ))}
      </ol>
    </main>
  );
}
