import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { translate } from "../../app/contracts/i18n/translate.server";
import { allSchemas, fieldNames } from "../support/schemas";

/**
 * Every message a schema can give is one of the portal's texts, present in zh and en: the schemas'
 * own messages and, through app/lib/zod-messages.ts, whatever zod would have worded in English.
 */

const schemas = await allSchemas();

const hostileValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(""),
  fc.constant(" "),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 300, maxLength: 400 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant("-1"),
  fc.constant("0"),
  fc.constant("1.5"),
  fc.constant("2026-02-30"),
  fc.constant("image"),
  fc.constant("\u0000"),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
);

function isPortalText(message: string) {
  const [key, propKey] = message.split("|");
  const known = (k: string) => translate("en", k) !== k && translate("zh", k) !== k;
  return known(key!) && (propKey === undefined || known(propKey));
}

describe("schema messages are portal texts in zh and en", () => {
  it("covers the schemas", () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)("%s", (_name, schema) => {
    const names = fieldNames(schema);
    const unknownMessages = new Set<string>();
    const check = (input: unknown) => {
      const result = schema.safeParse(input);
      if (result.success) return;
      for (const issue of result.error.issues) if (!isPortalText(issue.message)) unknownMessages.add(issue.message);
    };
    for (const input of [undefined, null, "", 7, [], {}, "text", { [names[0] ?? "x"]: [] }]) check(input);
    fc.assert(
      fc.property(names.length ? fc.record(Object.fromEntries(names.map((n) => [n, hostileValue])), { requiredKeys: [] }) : hostileValue, (input) => {
        check(input);
      }),
      { numRuns: 150, seed: 20261123 },
    );
    expect([...unknownMessages]).toEqual([]);
  });

  it("answers the kinds=image example of the issue with a text, not zod's English", async () => {
    const { completeRequestSchema } = await import("../../app/contracts/uploads/schema");
    const result = completeRequestSchema.safeParse({ kinds: "image" });
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) expect(issue.message).not.toMatch(/Invalid|expected/);
  });
});
