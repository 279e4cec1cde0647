import { useEffect, useRef } from "react";

/**
 * A field the reader typed in, or a card they turned, before the scripts ran. The page's scripts start only after it
 * has loaded (docs/decisions/032), and a reader can act sooner: the browser keeps what they did in the field, but the
 * component's state still holds what the server rendered. Once, on hydration, this hook compares the field (found by
 * its id) with `rendered` and, when the reader changed it, calls `onChangedEarly` with the field, so the component
 * takes the change up as if it had come afterwards. Later changes reach the field's own handlers.
 *
 * `rendered` is the value the server rendered: a string for a text field, `checked` for a checkbox.
 */
export function useInputBeforeHydration<Rendered extends string | boolean>(
  id: string,
  rendered: Rendered,
  onChangedEarly: (field: HTMLInputElement | HTMLTextAreaElement) => void,
) {
  // The first render's values: the effect runs once, and must compare with what the server sent.
  const first = useRef({ rendered, onChangedEarly });
  // StrictMode runs a mount effect twice in development: a change is taken up once.
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    const current = typeof first.current.rendered === "boolean" && field instanceof HTMLInputElement ? field.checked : field.value;
    if (current !== first.current.rendered) first.current.onChangedEarly(field);
  }, [id]);
}
