import * as ToastPrimitive from "@radix-ui/react-toast";
import type { Toast } from "~/modules/toast/toast";

/** How long a toast stays before it closes itself. */
const TOAST_DURATION_MS = 5000;

const typeStyles: Record<Toast["type"], string> = {
  success: "border-sage-500 bg-surface",
  error: "border-red-700 bg-surface",
  message: "border-lavender-500 bg-surface",
};

/** The toast on screen, drawn by Radix Toast; loaded with the first toast of a visit (toaster.tsx). */
export default function ToastView({ toast, open, onOpenChange }: { toast: Toast; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      <ToastPrimitive.Root
        key={toast.id}
        open={open}
        onOpenChange={onOpenChange}
        type={toast.type === "error" ? "foreground" : "background"}
        className={`toast-root grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-xl border-l-4 p-4 text-ink shadow-lg ring-1 ring-black/5 ${typeStyles[toast.type]}`}
        data-testid="toast"
      >
        <ToastPrimitive.Title className="font-semibold">{toast.title}</ToastPrimitive.Title>
        {toast.description ? (
          <ToastPrimitive.Description className="col-start-1 text-sm text-ink-muted">{toast.description}</ToastPrimitive.Description>
        ) : null}
        <ToastPrimitive.Close
          aria-label="Dismiss notification"
          className="col-start-2 row-start-1 rounded px-2 text-lg leading-none text-ink-muted hover:text-ink focus-visible:outline focus-visible:outline-2 focus-visible:outline-lavender-700"
        >
          ×
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        label="Notifications ({hotkey})"
        className="toast-viewport fixed right-0 top-0 z-50 m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-2 outline-none md:bottom-0 md:top-auto md:p-4"
      />
    </ToastPrimitive.Provider>
  );
}
