import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No page's browser bundle holds zod (app/lib/forms.server.ts). Remix bundles every route module for
 * the browser and empties `.server` modules there; an imported module with top-level code (a
 * schema's z.object calls) stays in the bundle even when only the loader or the action uses it. So
 * from the route modules, through every value import except `.server` ones, no module may import
 * zod or @conform-to/zod: components take the lists and limits from a zod-free `values.ts`, the
 * schemas' types with `import type`, and loaders and actions the schemas from `schema.server.ts`.
 */
const APP = path.resolve("app");
const ZOD = /^(zod|@conform-to\/zod)(\/|$)/;
const SERVER_ONLY = /\.server(\.[jt]sx?)?$/;

function resolve(from: string, specifier: string) {
  const base = specifier.startsWith("~/") ? path.join(APP, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** The modules a file imports for their values (type-only imports are erased). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly = clause && (clause.isTypeOnly || (!clause.name && named !== null && named.length > 0 && named.every((e) => e.isTypeOnly)));
      if (!typeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

function routeModules() {
  const routes = path.join(APP, "routes");
  return [
    path.join(APP, "root.tsx"),
    path.join(APP, "entry.client.tsx"),
    ...fs
      .readdirSync(routes)
      .map((dir) => path.join(routes, dir, "route.tsx"))
      .filter((f) => fs.existsSync(f)),
  ];
}

describe("browser bundles", () => {
  it("never reach zod from a route module", () => {
    const seen = new Map<string, string | null>(routeModules().map((f) => [f, null]));
    const queue = [...seen.keys()];
    const chains: string[] = [];
    const chainOf = (file: string) => {
      const names: string[] = [];
      for (let at: string | null | undefined = file; at; at = seen.get(at)) names.unshift(path.relative(APP, at));
      return names.join(" → ");
    };
    while (queue.length) {
      const file = queue.shift()!;
      for (const specifier of valueImports(file)) {
        if (SERVER_ONLY.test(specifier)) continue;
        if (ZOD.test(specifier)) chains.push(`${chainOf(file)} → ${specifier}`);
        const target = resolve(file, specifier);
        if (target && !seen.has(target)) {
          seen.set(target, file);
          queue.push(target);
        }
      }
    }
    expect(chains).toEqual([]);
    // The walk did reach the pages' forms.
    expect(seen.has(path.join(APP, "lib", "forms.ts"))).toBe(true);
  });

  it("use what a .server module exports only inside functions (the browser's copy of the module is empty)", () => {
    const misuses: string[] = [];
    const browserFiles = (fs.readdirSync(APP, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !SERVER_ONLY.test(f))
      .map((f) => path.join(APP, f));
    for (const file of browserFiles) {
      const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const serverNames = new Set<string>();
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement) || !SERVER_ONLY.test((statement.moduleSpecifier as ts.StringLiteral).text)) continue;
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly) continue;
        if (clause.name) serverNames.add(clause.name.text);
        if (clause.namedBindings && ts.isNamedImports(clause.namedBindings))
          for (const e of clause.namedBindings.elements) if (!e.isTypeOnly) serverNames.add(e.name.text);
      }
      if (!serverNames.size) continue;
      // Evaluated when the module loads: anything outside a function body, types excepted.
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) || ts.isTypeNode(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
        if (ts.isIdentifier(node) && serverNames.has(node.text))
          misuses.push(`${path.relative(APP, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.text}`);
        ts.forEachChild(node, visit);
      };
      for (const statement of source.statements) if (!ts.isImportDeclaration(statement)) visit(statement);
    }
    expect(misuses).toEqual([]);
  });
});
