import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The frame of the account pages: brand, a card, and a way home. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <Link to="/" className="mb-8 font-serif text-2xl font-bold text-sage-800">
        LIGHT <span className="text-lavender-700">Cards</span>
      </Link>
      <div className="w-full max-w-md rounded-3xl bg-white p-8 shadow-xl ring-1 ring-sage-200">
        <h1 className="mb-6 text-center font-serif text-3xl font-bold">{title}</h1>
        {children}
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div> : null}
    </main>
  );
}

/** The success state before the 3-second redirect to sign in (verify email, reset password). */
export function RedirectingToSignIn({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="space-y-4 text-center">
      <p>{children}</p>
      <p className="text-sm text-ink-muted">Taking you to sign in...</p>
      <Link to="/login" className="btn-primary w-full">
        Continue to Sign In
      </Link>
    </div>
  );
}
