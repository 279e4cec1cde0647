import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { affirmationCards } from "#db/schema";
import { seedBadges, seedCards, seedCategories } from "#db/seed/content";
import { collectionSeedSql, inlineParams } from "../../scripts/lib/seed-sql";

/** The production seed (`npm run deploy`) is the local seed's upsert written out as SQL (docs/decisions/029). */
describe("the seed SQL", () => {
  const sql = collectionSeedSql();
  const statements = sql.split("\n").filter((line) => line && !line.startsWith("--"));

  it("upserts every category, card and badge, keyed as the local seed keys them", () => {
    expect(statements.filter((line) => line.startsWith('insert into "categories"'))).toHaveLength(seedCategories.length);
    expect(statements.filter((line) => line.startsWith('insert into "affirmation_cards"'))).toHaveLength(seedCards.length);
    expect(statements.filter((line) => line.startsWith('insert into "badges"'))).toHaveLength(seedBadges.length);
    for (const card of seedCards) expect(sql).toContain(`'${card.id}'`);
    expect(statements.every((line) => line.includes("on conflict") || line.startsWith("delete from"))).toBe(true);
  });

  it("writes every value in as a literal: no placeholder is left outside a string", () => {
    const outsideStrings = statements.map((line) => line.replace(/'(?:[^']|'')*'/g, "''"));
    expect(outsideStrings.some((line) => line.includes("?"))).toBe(false);
    expect(statements.every((line) => line.endsWith(";"))).toBe(true);
  });

  it("fills each placeholder once, in order, leaving a question mark inside a value or a string alone", () => {
    expect(inlineParams(`insert into t (a, b, c) values (?, 'why?', ?)`, ["Who? Me.", 3])).toBe(
      `insert into t (a, b, c) values ('Who? Me.', 'why?', 3)`,
    );
    expect(inlineParams("values (?, ?, ?)", [null, true, "God's gift"])).toBe("values (NULL, 1, 'God''s gift')");
    expect(() => inlineParams("values (?)", [1, 2])).toThrow(/2 parameters for 1 placeholders/);
  });
});

describe("a reseed of the cards", () => {
  it("updates every column of an existing card but its key and creation time: a new field needs no list of its own", () => {
    const columns = Object.values(getTableColumns(affirmationCards)).map((column) => column.name);
    const firstCard = collectionSeedSql()
      .split("\n")
      .find((line) => line.startsWith('insert into "affirmation_cards"'));
    const updated = /do update set (.*);$/.exec(firstCard ?? "")?.[1] ?? "";
    const set = [...updated.matchAll(/"(\w+)" = /g)].map((match) => match[1]);
    expect(set.sort()).toEqual(columns.filter((name) => name !== "id" && name !== "created_at").sort());
  });
});
