import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import { ErrorList } from "~/components/forms";
import { REFLECTION_MAX } from "~/modules/practice/practice.schema";

/**
 * A private line of the buyer's words (a reflection, an evening line): at most 1,000 characters, checked by the server
 * with the schema's message. The browser lets a little more be typed, so an overlong paste is answered, not cut.
 */
export function WordsField({ field, label, rows = 3 }: { field: FieldMetadata<string | null | undefined>; label: string; rows?: number }) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        {...getTextareaProps(field)}
        rows={rows}
        maxLength={REFLECTION_MAX + 200}
        className="w-full rounded-2xl bg-canvas p-3 text-base ring-1 ring-line"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
