import fs from "node:fs";
import path from "node:path";
import * as z from "zod";
import type { AnyEndpoint } from "../../app/contracts/api/endpoint";

/**
 * Every endpoint declaration of app/contracts (`*endpoints.server.ts`), named
 * "<file>:<group>.<name>", read from the files themselves: a new endpoint is swept without being listed.
 */
const CONTRACTS = path.resolve("app/contracts");

export type DeclaredEndpoint = { name: string; key: string; endpoint: AnyEndpoint };

export async function declaredEndpoints(): Promise<DeclaredEndpoint[]> {
  const files = (fs.readdirSync(CONTRACTS, { recursive: true }) as string[]).filter((f) => /(^|\/|-)endpoints\.server\.ts$/.test(f));
  const found: DeclaredEndpoint[] = [];
  for (const file of files.sort()) {
    const module = (await import(path.join(CONTRACTS, file))) as Record<string, unknown>;
    for (const [groupName, group] of Object.entries(module)) {
      if (!group || typeof group !== "object") continue;
      for (const [name, value] of Object.entries(group as Record<string, AnyEndpoint>)) {
        if (value && typeof value === "object" && "path" in value && "method" in value) {
          found.push({ name: `${file}:${groupName}.${name}`, key: `${value.method} /api${value.path}`, endpoint: value });
        }
      }
    }
  }
  return found;
}

type Def = {
  type?: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (schema: unknown): Def => (schema as { _zod?: { def?: Def } })._zod?.def ?? {};

/** The object schemas a schema is made of (through preprocess, pipes, unions, defaults, lists of rows). */
function objectsIn(schema: z.ZodType | undefined, depth = 0): Record<string, z.ZodType>[] {
  if (!schema || depth > 10) return [];
  const def = defOf(schema);
  if (def.shape) return [def.shape];
  const inner = [def.in, def.out, def.innerType, def.element, def.left, def.right, ...(def.options ?? [])];
  return inner.flatMap((next) => (next instanceof z.ZodType ? objectsIn(next, depth + 1) : []));
}

/** A value of the field's own kind: as a form or query sends it (text), or as JSON (a number). */
const wire = (n: number, json: boolean) => (json ? n : String(n));

/**
 * The fields of an input that take an integer (an id, a version, a count), with a path for nested
 * rows ("items.quantity"): those that read 1 as the number 1, alone or as a list.
 */
export function integerFields(schema: z.ZodType, json: boolean): { path: string; field: z.ZodType }[] {
  const found = new Map<string, z.ZodType>();
  const visit = (object: Record<string, z.ZodType>, prefix: string, depth: number) => {
    for (const [name, field] of Object.entries(object)) {
      const path = prefix ? `${prefix}.${name}` : name;
      for (const sample of [wire(1, json), [wire(1, json)]]) {
        const parsed = field.safeParse(sample);
        const value = parsed.success ? parsed.data : undefined;
        if (value === 1 || (Array.isArray(value) && value[0] === 1)) found.set(path, field);
      }
      if (depth < 4) for (const nested of objectsIn(field)) visit(nested, path, depth + 1);
    }
  };
  for (const object of objectsIn(schema)) visit(object, "", 0);
  return [...found].map(([path, field]) => ({ path, field }));
}
