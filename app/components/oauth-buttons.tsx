import { Form } from "@remix-run/react";

type Provider = "google" | "github";

const LABELS: Record<Provider, string> = { google: "Continue with Google", github: "Continue with GitHub" };

/**
 * "Continue with Google / GitHub" under an "or" divider: one plain POST form per configured provider
 * (works without JavaScript). Renders nothing when no provider is configured.
 */
export function OAuthButtons({ providers, redirectTo }: { providers: Provider[]; redirectTo: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-sage-200" />
        or
        <span className="h-px flex-1 bg-sage-200" />
      </div>
      <div className="mt-4 space-y-3">
        {providers.map((provider) => (
          <Form key={provider} method="post" action={`/auth/${provider}`}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="btn-secondary w-full">
              {LABELS[provider]}
            </button>
          </Form>
        ))}
      </div>
    </div>
  );
}
