/**
 * Drizzle's `is(value, Class)` with the app's patch (patches/, docs/decisions/037-fixed-cost-per-request.md): every
 * query Drizzle builds asks it of each SQL chunk many times, and walking the value's class chain on every call was
 * most of the time spent building a query. The patch walks each class once. It must answer exactly as the
 * published check does, including for a class from another copy of Drizzle (same kind, different class), which
 * `instanceof` cannot see.
 */
import { Column, entityKind, is, Param, Placeholder, SQL, sql, Table } from "drizzle-orm";
import { SQLiteColumn, SQLiteTable, SQLiteText } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { purchases, sessions, users } from "#db/schema";

/** The published check, as drizzle-orm 0.45.4 ships it. */
function publishedIs(value: unknown, type: { [entityKind]: string }): boolean {
  if (!value || typeof value !== "object") return false;
  if (value instanceof (type as unknown as new () => unknown)) return true;
  let cls = Object.getPrototypeOf(value).constructor;
  while (cls) {
    if (entityKind in cls && cls[entityKind] === type[entityKind]) return true;
    cls = Object.getPrototypeOf(cls);
  }
  return false;
}

/** A column class as another copy of Drizzle would define it: the same kinds, none of the same classes. */
class ForeignColumn {
  static readonly [entityKind]: string = "Column";
  readonly name = "foreign";
}
class ForeignText extends ForeignColumn {
  static override readonly [entityKind]: string = "SQLiteText";
}

describe("Drizzle's entity check (patched)", () => {
  const values: [string, unknown][] = [
    ["a text column", users.email],
    ["a timestamp column", sessions.expiresAt],
    ["a table", purchases],
    ["sql``", sql`select 1`],
    ["a parameter", new Param("x")],
    ["a placeholder", sql.placeholder("id")],
    ["an aliased expression", sql`1`.as("one")],
    ["a plain object", { [entityKind]: "Column" }],
    ["a date", new Date()],
    ["another copy's column", new ForeignText()],
    ["a string", "Column"],
    ["null", null],
  ];
  const types = [Column, SQLiteColumn, SQLiteText, Table, SQLiteTable, SQL, SQL.Aliased, Param, Placeholder] as const;

  it("answers as the published check for every value and class, the first time and after", () => {
    for (const round of [1, 2]) {
      for (const [label, value] of values) {
        for (const type of types) {
          const expected = publishedIs(value, type as unknown as { [entityKind]: string });
          expect({ round, label, type: type[entityKind], is: is(value, type as never) }).toEqual({
            round,
            label,
            type: type[entityKind],
            is: expected,
          });
        }
      }
    }
  });

  it("sees another copy's column as a column by its kind", () => {
    expect(is(new ForeignText(), Column)).toBe(true);
    expect(is(new ForeignText(), SQLiteText)).toBe(true);
    expect(is(new ForeignText(), Table)).toBe(false);
  });
});
