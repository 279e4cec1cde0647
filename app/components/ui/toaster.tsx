import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast, ToastInput } from "~/modules/toast/toast";

/**
 * One toast at a time (a new one replaces the old), shown for 5 s, swipe to dismiss, announced to screen readers,
 * and, once a toast has been shown, F8 moves focus to the viewport: Radix Toast does the work (toast-view.tsx). Its
 * code loads with the first toast: most visits show none, and the landing page's JavaScript budget has no room for it
 * (docs/decisions/031-first-paint-styles-fonts-icons.md).
 */
const ToastView = lazy(() => import("./toast-view"));

type ToastContextValue = { showToast: (toast: ToastInput) => void };
const ToastContext = createContext<ToastContextValue | null>(null);

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error("useToast must be used inside <ToasterProvider>");
  return context;
}

export function ToasterProvider({
  children,
  serverToast,
}: {
  children: ReactNode;
  /** A toast queued by a server action through the flash cookie. */
  serverToast: Toast | null;
}) {
  const [current, setCurrent] = useState<Toast | null>(serverToast);
  const [open, setOpen] = useState(Boolean(serverToast));
  const hydrated = useHydrated();

  const showToast = useCallback((input: ToastInput) => {
    setCurrent({
      id: input.id ?? crypto.randomUUID(),
      type: input.type ?? "message",
      title: input.title,
      description: input.description,
    });
    setOpen(true);
  }, []);

  // A new flash toast arrives with each navigation's root loader data.
  useEffect(() => {
    if (serverToast) showToast(serverToast);
  }, [serverToast, showToast]);

  const value = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {hydrated && current ? (
        <Suspense fallback={null}>
          <ToastView toast={current} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/**
 * Without JavaScript the Radix toast never mounts, so the server's message is rendered as a plain
 * status region until the app hydrates (then the Radix toaster shows it instead). It cannot be dismissed without
 * a script, so it lets clicks through and fades after the toast's usual time (tailwind.css, .noscript-toast).
 */
export function NoScriptToast({ toast }: { toast: Pick<Toast, "title" | "description"> | null }) {
  const hydrated = useHydrated();
  if (!toast || hydrated) return null;
  return (
    <div
      role="status"
      data-testid="server-toast"
      className="noscript-toast toast-viewport pointer-events-none fixed left-2 right-2 top-2 z-50 max-w-[420px] rounded-xl border-l-4 border-sage-500 bg-surface p-4 text-ink shadow-lg md:bottom-4 md:left-auto md:right-4 md:top-auto"
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="text-sm text-ink-muted">{toast.description}</p> : null}
    </div>
  );
}

/**
 * A toast that comes back in an action's data (a page re-rendered after a POST): shown by the
 * toaster with JavaScript, and as a status message without it.
 */
export function ActionToast({ toast }: { toast: ToastInput | null | undefined }) {
  const { showToast } = useToast();
  // Keyed on the content: callers may pass a fresh object on every render.
  const key = toast ? `${toast.type ?? ""}|${toast.title}|${toast.description ?? ""}` : null;
  const latest = useRef(toast);
  latest.current = toast;
  useEffect(() => {
    if (key && latest.current) showToast(latest.current);
  }, [key, showToast]);
  return <NoScriptToast toast={toast ?? null} />;
}
