import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { emailSchema } from "~/modules/auth/auth.schema";
import { listOutbox } from "~/modules/email/send.server";

export const meta: MetaFunction = () => [{ title: "Outbox (development) | LIGHT Cards" }, { name: "robots", content: "noindex" }];

/**
 * Development only: every email the app wrote to the outbox, newest first, with its delivery state: queued until
 * the queue consumer has run (about a second locally), then sent; failed when it ran out of retries. Everywhere
 * else this does not exist.
 */
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
      status: message.status,
      attempts: message.attempts,
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
      <p className="text-ink-muted">
        Emails are written here instead of being sent while ENVIRONMENT=development. A message is <strong>queued</strong> until the queue
        consumer delivers it (about a second), then <strong>sent</strong>. Reload to see new mail.
      </p>
      {messages.length === 0 ? <p>No emails yet.</p> : null}
      <ol className="space-y-4">
        {messages.map((message) => (
          <li
            key={message.id}
            className="rounded-2xl bg-white p-5 ring-1 ring-sage-200"
            data-testid="outbox-message"
            data-state={message.status}
          >
            <p className="text-sm text-ink-muted">
              To <span data-testid="outbox-to">{message.to}</span> · {message.createdAt} ·{" "}
              <span data-testid="outbox-state">
                {message.status} ({message.attempts} {message.attempts === 1 ? "attempt" : "attempts"})
              </span>
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
