import { stacked } from "~/components/admin/stacked";

/** A column heading; a hidden one keeps its name for screen readers only. */
export type Column = string | { label: string; hidden: true };

/** The heading row of an admin table (stacked.ts): on a phone it is read by screen readers only. */
export function StackedHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead className={stacked.thead}>
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col" className={stacked.th}>
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className={stacked.th}>
              <span className="sr-only">{column.label}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
