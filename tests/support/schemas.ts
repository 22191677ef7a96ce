import fs from "node:fs";
import path from "node:path";
import * as z from "zod";
import { PROFILE_STEPS, stepSchema } from "../../app/contracts/exhibitor/schema";

/** Every feature's schema files (schema.ts, <form>-schema.ts, <part>/schema.ts) and the shared field rules. */
const FEATURES_DIR = path.resolve("app/contracts");
const schemaFiles = [
  ...(fs.readdirSync(FEATURES_DIR, { recursive: true }) as string[])
    .filter((name) => /(^|[-/])schema\.ts$/.test(name))
    .map((name) => path.join(FEATURES_DIR, name)),
  path.resolve("app/contracts/common/validation.ts"),
];

/** Every zod schema the features export, named "<feature>/<file>:<export>", with the profile steps' in both languages. */
export async function allSchemas(): Promise<[string, z.ZodType][]> {
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
      for (const districtsExist of [true, false])
        schemas.push([`exhibitor/schema.ts:stepSchema(${step}, ${language})`, stepSchema(step, { language, districtsExist })]);
    }
  }
  return schemas;
}

/** The field names an object schema knows (through preprocess, pipes, refinements and defaults). */
export function fieldNames(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
  if (def.shape && typeof def.shape === "object") return Object.keys(def.shape as object);
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    if (inner instanceof z.ZodType) {
      const names = fieldNames(inner);
      if (names.length) return names;
    }
  }
  return [];
}
