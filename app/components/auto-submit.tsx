import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Spinner } from "~/components/ui/spinner";

/**
 * Emailed links open a page whose one button POSTs the token: mail scanners that prefetch links
 * never use them up. With JavaScript the form submits itself once, so the person sees
 * loading-then-result as if the link did it.
 */
export function AutoSubmitTokenForm({
  token,
  extraFields = {},
  buttonLabel,
  pendingLabel,
  autoSubmit,
}: {
  token: string;
  extraFields?: Record<string, string>;
  buttonLabel: string;
  pendingLabel: string;
  autoSubmit: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const submit = useSubmit();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";

  useEffect(() => {
    if (!autoSubmit || submitted.current || !form.current) return;
    submitted.current = true;
    submit(form.current, { replace: true });
  }, [autoSubmit, submit]);

  return (
    <Form method="post" ref={form} className="space-y-3">
      <input type="hidden" name="token" value={token} />
      {Object.entries(extraFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {pending ? <Spinner label={pendingLabel} /> : null}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? pendingLabel : buttonLabel}
      </button>
    </Form>
  );
}
