import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contractDomains } from "../../app/contracts/domains";
import { UPLOAD_FOLDERS } from "../../app/contracts/uploads/values";
import { serverDomains } from "../../server/domains";
import { columnPairs } from "../../server/domain";

/**
 * The domain registries (docs/decisions/063): a domain declares what it brings in its own folder
 * (app/contracts/<domain>/domain.ts, server/<domain>/domain.ts, tests/api/idor/<domain>.ts) and one
 * list per side reads it. Each check fails by name when a domain folder is not in its list, when a
 * line of a list names no folder, or when two domains claim the same thing.
 */

/** The folders docs/product.md § Kernel and infrastructure names: they are no domain. */
function kernelFolders(root: string): Set<string> {
  const product = fs.readFileSync(path.resolve("docs/product.md"), "utf8");
  const start = product.indexOf("\n### Kernel and infrastructure\n");
  const end = product.indexOf("\n## ", start + 1);
  const names = new Set<string>();
  for (const [, folder] of product.slice(start, end).matchAll(new RegExp(`\`${root}/([^\`/]+)`, "g"))) if (folder) names.add(folder);
  return names;
}

function domainFolders(root: string): string[] {
  const kernel = kernelFolders(root);
  return fs
    .readdirSync(path.resolve(root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !kernel.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

const duplicates = (names: string[]) => names.filter((name, i) => names.indexOf(name) !== i);

describe.each([
  { root: "app/contracts", list: "app/contracts/domains.ts", domains: contractDomains },
  { root: "server", list: "server/domains.ts", domains: serverDomains },
])("the domains of $root", ({ root, list, domains }) => {
  it("reads the kernel list and the registry", () => {
    expect(kernelFolders(root).size).toBeGreaterThan(2);
    expect(domains.length).toBeGreaterThan(20);
  });

  it(`lists every domain folder once in ${list}`, () => {
    const listed = domains.map((domain) => domain.folder);
    expect(
      domainFolders(root).filter((folder) => !listed.includes(folder)),
      `add each folder's domain.ts to ${list}`,
    ).toEqual([]);
    expect(duplicates(listed)).toEqual([]);
  });

  it("has no line naming a folder that is not there, or a kernel folder", () => {
    const folders = domainFolders(root);
    expect(domains.map((domain) => domain.folder).filter((folder) => !folders.includes(folder))).toEqual([]);
  });

  it("takes each domain's declaration from the domain's own domain.ts", async () => {
    const misplaced: string[] = [];
    for (const domain of domains) {
      const file = path.resolve(root, domain.folder, "domain.ts");
      if (!fs.existsSync(file)) misplaced.push(`${domain.folder}: no ${root}/${domain.folder}/domain.ts`);
      else if ((await import(file)).default !== domain) misplaced.push(`${domain.folder}: declared outside ${root}/${domain.folder}/domain.ts`);
    }
    expect(misplaced).toEqual([]);
  });
});

describe("what the contract domains declare", () => {
  it("claims each upload folder in one domain only", () => {
    const claimed = contractDomains.flatMap((domain) => Object.keys(domain.uploadFolders ?? {}));
    expect(duplicates(claimed)).toEqual([]);
    expect([...UPLOAD_FOLDERS].sort()).toEqual([...claimed].sort());
  });

  it("gives the server every text group a domain registers for its pages (texts.ts), and no group twice", () => {
    const missing: string[] = [];
    const groups: string[] = [];
    for (const domain of contractDomains) {
      const declared = Object.keys(domain.serverTexts?.().en ?? {});
      groups.push(...declared);
      const folder = path.resolve("app/contracts", domain.folder);
      const textFiles = (fs.readdirSync(folder, { recursive: true }) as string[]).filter(
        (f) => /(^|\/)texts[\w-]*\.ts$/.test(f) && !/\.(en|zh|server)\.ts$/.test(f),
      );
      for (const file of textFiles)
        for (const [, group] of fs.readFileSync(path.join(folder, file), "utf8").matchAll(/registerTexts\("(\w+)/g))
          if (group && !declared.includes(group)) missing.push(`${domain.folder}/${file}: group ${group} is not in its domain.ts serverTexts`);
    }
    expect(missing).toEqual([]);
    expect(duplicates(groups)).toEqual([]);
  });
});

describe("what the server domains declare", () => {
  it("mounts every route module of server/api/routes: a domain's (its domain.ts) or the shell's (server/api/index.ts, server/app.ts)", async () => {
    const mounted = new Set<unknown>(serverDomains.flatMap((domain) => domain.routes ?? []));
    const shell = ["server/api/index.ts", "server/app.ts"].map((file) => fs.readFileSync(path.resolve(file), "utf8")).join("\n");
    const unmounted: string[] = [];
    for (const file of fs.readdirSync(path.resolve("server/api/routes")).filter((f) => f.endsWith(".ts"))) {
      const exports = (await import(path.resolve("server/api/routes", file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports))
        if (name.endsWith("Routes") && typeof value === "function" && !mounted.has(value) && !new RegExp(`\\.use\\(${name}\\(`).test(shell))
          unmounted.push(`server/api/routes/${file}: ${name}`);
    }
    expect(unmounted, "add each to its domain's server/<domain>/domain.ts routes").toEqual([]);
  });

  it("claims each menu row and each file column in one domain only", () => {
    const ids = serverDomains.flatMap((domain) => (domain.menus ?? []).map((m) => String(m.id)));
    expect(duplicates(ids)).toEqual([]);
    const columns = serverDomains
      .flatMap((domain) => [...columnPairs(domain.fileColumns), ...columnPairs(domain.notFileColumns)])
      .map(([table, column]) => `${table}.${column}`);
    expect(duplicates(columns)).toEqual([]);
  });
});

describe("the IDOR sweep's domain files (tests/api/idor/<domain>.ts)", () => {
  const files = fs.readdirSync(path.resolve("tests/api/idor")).filter((f) => f.endsWith(".ts"));

  it("export exactly one <name>Sweep each, which tests/api/idor.test.ts finds by itself", async () => {
    const wrong: string[] = [];
    for (const file of files) {
      const sweeps = Object.keys(await import(path.resolve("tests/api/idor", file))).filter((name) => name.endsWith("Sweep"));
      if (sweeps.length !== 1) wrong.push(`${file}: ${sweeps.length} exports named …Sweep (${sweeps.join(", ")})`);
    }
    expect(files.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it("list each route in one file only", async () => {
    const keys: string[] = [];
    for (const file of files) {
      const exports = (await import(path.resolve("tests/api/idor", file))) as Record<string, Record<string, unknown>>;
      for (const [name, sweep] of Object.entries(exports)) if (name.endsWith("Sweep")) keys.push(...Object.keys(sweep));
    }
    expect(duplicates(keys)).toEqual([]);
  });
});
