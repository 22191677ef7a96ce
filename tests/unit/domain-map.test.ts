import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The newcomer's map (docs/product.md § Areas and domains) names every folder of `server/` and of
 * `app/contracts/`: a domain in the table's domain column, anything else in the list "Kernel and
 * infrastructure" by its path. A folder added without a line there fails here, by its name.
 */
const SECTION_HEADING = "## Areas and domains";
const KERNEL_HEADING = "### Kernel and infrastructure";

function areasAndDomains(): string {
  const product = fs.readFileSync(path.resolve("docs/product.md"), "utf8");
  const start = product.indexOf(`\n${SECTION_HEADING}\n`);
  if (start < 0) throw new Error(`docs/product.md has no section "${SECTION_HEADING}"`);
  const end = product.indexOf("\n## ", start + 1);
  return product.slice(start, end < 0 ? undefined : end);
}

/** The backquoted names in the table's domain column (the third). */
function tableDomains(section: string): Set<string> {
  const names = new Set<string>();
  for (const line of section.split("\n")) {
    const domainCell = line.startsWith("|") ? line.split("|")[3]?.trim() : undefined;
    if (!domainCell || domainCell.startsWith("---")) continue;
    for (const [, name] of domainCell.matchAll(/`([^`/]+)`/g)) if (name) names.add(name);
  }
  return names;
}

/** The paths the kernel list names, e.g. `server/db`, `app/contracts/common`. */
function kernelPaths(section: string): Set<string> {
  const start = section.indexOf(`\n${KERNEL_HEADING}\n`);
  if (start < 0) throw new Error(`§ Areas and domains has no "${KERNEL_HEADING}" list`);
  const paths = new Set<string>();
  for (const [, folder] of section.slice(start).matchAll(/`((?:server|app\/contracts)\/[^`/]+)/g)) if (folder) paths.add(folder);
  return paths;
}

function folders(root: string): string[] {
  return fs
    .readdirSync(path.resolve(root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

describe("docs/product.md § Areas and domains", () => {
  const section = areasAndDomains();
  const domains = tableDomains(section);
  const kernel = kernelPaths(section);
  const unmapped = (root: string) => folders(root).filter((folder) => !domains.has(folder) && !kernel.has(`${root}/${folder}`));

  it("reads a table of domains and a kernel list", () => {
    expect(domains.size).toBeGreaterThan(10);
    expect(kernel.size).toBeGreaterThan(5);
  });

  it("names every folder of server/", () => {
    expect(unmapped("server").map((folder) => `server/${folder}`)).toEqual([]);
  });

  it("names every folder of app/contracts/", () => {
    expect(unmapped("app/contracts").map((folder) => `app/contracts/${folder}`)).toEqual([]);
  });
});
