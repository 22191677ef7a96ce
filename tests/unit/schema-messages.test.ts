import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { translate } from "../../app/i18n/translate.server";
import { PROFILE_STEPS, stepSchema } from "../../app/features/exhibitor/schema";

/**
 * Every message a schema can give is one of the portal's texts, present in zh and en: the schemas'
 * own messages and, through app/lib/zod-messages.ts, whatever zod would have worded in English.
 */

// Every feature's schema files (schema.ts, <form>-schema.ts) and the shared field rules.
const FEATURES_DIR = path.resolve("app/features");
const schemaFiles = [
  ...fs.readdirSync(FEATURES_DIR).flatMap((feature) =>
    fs
      .readdirSync(path.join(FEATURES_DIR, feature))
      .filter((name) => /(^|-)schema\.ts$/.test(name))
      .map((name) => path.join(FEATURES_DIR, feature, name)),
  ),
  path.resolve("app/lib/validation.ts"),
];
const modules = await Promise.all(
  schemaFiles.map(async (file) => [path.relative(FEATURES_DIR, file), (await import(file)) as Record<string, unknown>] as const),
);

const schemas: [string, z.ZodType][] = modules.flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${file}:${name}`, schema] as [string, z.ZodType]),
);
for (const step of PROFILE_STEPS) {
  for (const language of ["zh", "en"] as const) {
    for (const districtsExist of [true, false]) schemas.push([`exhibitor/schema.ts:stepSchema(${step}, ${language})`, stepSchema(step, { language, districtsExist })]);
  }
}

/** The field names an object schema knows (through preprocess, pipes, refinements and defaults). */
function fieldNames(schema: z.ZodType): string[] {
  const def = ((schema as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {});
  if (def.shape && typeof def.shape === "object") return Object.keys(def.shape as object);
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    if (inner instanceof z.ZodType) {
      const names = fieldNames(inner);
      if (names.length) return names;
    }
  }
  return [];
}

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
    const { completeRequestSchema } = await import("../../app/features/uploads/schema");
    const result = completeRequestSchema.safeParse({ kinds: "image" });
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) expect(issue.message).not.toMatch(/Invalid|expected/);
  });
});
