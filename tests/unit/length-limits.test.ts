import * as z from "zod";
import { describe, expect, it } from "vitest";
import { translateMessage } from "../../app/contracts/i18n/translate.server";
import { allSchemas, fieldNames } from "../support/schemas";

/**
 * A field's limit is the one its message states: every text field with a maximum, given one
 * character more, is refused with a message that names the number, in zh and en (issue 13).
 */
type Def = Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod?: { def?: Def } })?._zod?.def ?? {};

/** The field's schema inside an object schema (through preprocess, pipes, refinements). */
function fieldSchema(schema: z.ZodType, name: string): z.ZodType | null {
  const def = defOf(schema);
  if (def.shape && typeof def.shape === "object") return (def.shape as Record<string, z.ZodType>)[name] ?? null;
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    if (inner instanceof z.ZodType) {
      const found = fieldSchema(inner, name);
      if (found) return found;
    }
  }
  return null;
}

/** The maximum length of a text field, if it has one. */
function maxLength(schema: z.ZodType, depth = 0): number | null {
  if (depth > 8) return null;
  const def = defOf(schema);
  if (def.type === "string") {
    const checks = (def.checks ?? []) as { _zod: { def: { check?: string; maximum?: number } } }[];
    const max = checks.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
    return typeof max === "number" ? max : null;
  }
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    if (inner instanceof z.ZodType) {
      const found = maxLength(inner, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Inputs no person types keep their one refusal: a password ciphertext, a captcha's id, a profile's
 * unique id from a link, a scanned pass code. A form field is never listed here.
 */
const MACHINE_INPUTS = new Set([
  "auth/change-password-schema.ts:encryptedPasswordsSchema password",
  "auth/change-password-schema.ts:encryptedPasswordsSchema newPassword",
  "captcha/schema.ts:verifySchema captchaId",
  "auth/password-schema.ts:forgotPasswordSchema captchaId",
  "auth/password-schema.ts:passwordLinkSchema token",
  "auth/password-schema.ts:setPasswordRequestSchema token",
  "auth/password-schema.ts:setPasswordRequestSchema newPassword",
  "auth/password-schema.ts:resetByCodeRequestSchema newPassword",
  "exhibitor/request-schema.ts:uniqueIdQuerySchema uniqueId",
  "vehicles/schema.ts:truckPassCodeSchema code",
  "vehicles/blue-cars/schema.ts:blueCarPassCodeSchema code",
  "leads/schema.ts:leadCaptureQuerySchema code",
  "leads/schema.ts:leadCaptureSchema code",
  "leads/schema.ts:leadCodeQuerySchema code",
  "leads/schema.ts:visitorPassQuerySchema code",
  "leads/schema.ts:visitorPassConsentSchema code",
]);

const schemas = await allSchemas();
const limited = schemas.flatMap(([schemaName, schema]) =>
  fieldNames(schema).flatMap((field) => {
    const fieldType = fieldSchema(schema, field);
    const max = fieldType ? maxLength(fieldType) : null;
    return max === null || MACHINE_INPUTS.has(`${schemaName} ${field}`) ? [] : [[`${schemaName} ${field} (${max})`, schema, field, max] as const];
  }),
);

describe("length limits are stated in their messages", () => {
  it("finds the limited fields", () => {
    expect(limited.length).toBeGreaterThan(30);
  });

  it("keeps every limit within what an Excel cell holds (32,767 characters), as exports write them", () => {
    expect(limited.filter(([, , , max]) => max > 32_767).map(([name]) => name)).toEqual([]);
  });

  it.each(limited)("%s", (_name, schema, field, max) => {
    const result = schema.safeParse({ [field]: "字".repeat(max + 1) });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const language of ["zh", "en"] as const) {
      const texts = messages.map((message) => translateMessage(language, message));
      expect(
        texts.some((text) => text.includes(String(max))),
        `${language}: ${texts.join(" / ")}`,
      ).toBe(true);
    }
  });
});
