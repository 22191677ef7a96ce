import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import enCore from "../../app/contracts/i18n/locales/en-core";
import en from "../../app/contracts/i18n/locales/en";

/**
 * A page in the browser has only the core texts and those its modules register (app/contracts/i18n/text-registry.ts,
 * docs/decisions/022). So every browser module that names a feature's text key imports the module
 * registering that group itself: a page cannot get another page's texts by chance, and a key the
 * server renders is also there when the browser hydrates.
 */
const APP = path.resolve("app");
const FEATURE_DIRS: Record<string, string> = {
  home: "home",
  settings: "settings",
  uploads: "uploads",
  exhibitor: "exhibitor",
  orders: "orders",
  bookingForms: "booking-forms",
  contractors: "contractors",
  badges: "badges",
  boothConstruction: "booth-construction",
  invoices: "invoices",
  transport: "transport",
  vehicles: "vehicles",
  promotion: "promotion",
  calendar: "calendar",
};
/** A vehicles page's own texts group and the sub-folder registering it (contracts/vehicles/<kind>/texts.ts). */
const VEHICLE_PAGES: Record<string, string> = { trucks: "trucks", taiwan: "taiwan", express: "express", overseas: "overseas", blueCars: "blue-cars" };
const KEY = new RegExp(`["'\`]((${Object.keys(FEATURE_DIRS).join("|")})\\.[A-Za-z$][\\w.$]*)`, "g");

function browserModules(): string[] {
  return (fs.readdirSync(APP, { recursive: true }) as string[])
    .filter(
      (f) =>
        /\.tsx?$/.test(f) &&
        !/\.server\.tsx?$/.test(f) &&
        !f.startsWith("i18n/") &&
        !f.startsWith("contracts/i18n/") &&
        !/texts[\w-]*(\.(zh|en))?\.ts$/.test(f),
    )
    .map((f) => path.join(APP, f));
}

/** The registering module a key needs: the feature's texts.ts, or <kind>/texts.ts for a vehicles page's own texts. */
function registrationFor(key: string) {
  const [group, part] = key.split(".");
  const dir = FEATURE_DIRS[group!]!;
  const kind = group === "vehicles" ? VEHICLE_PAGES[part!] : undefined;
  return kind ? `contracts/${dir}/${kind}/texts` : `contracts/${dir}/texts`;
}

function importsOf(file: string): Set<string> {
  const source = fs.readFileSync(file, "utf8");
  const found = new Set<string>();
  for (const [, specifier] of source.matchAll(/^import (?:[^"']* from )?"([^"]+)";$/gm)) {
    const resolved = specifier!.startsWith("~/")
      ? path.join(APP, specifier!.slice(2))
      : specifier!.startsWith(".")
        ? path.resolve(path.dirname(file), specifier!)
        : specifier!;
    found.add(path.relative(APP, resolved));
  }
  return found;
}

describe("texts in the browser", () => {
  it("every module naming a feature's text imports the module that registers it", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of browserModules()) {
      const source = fs.readFileSync(file, "utf8");
      const needed = new Set([...source.matchAll(KEY)].map((m) => registrationFor(m[1]!)));
      if (!needed.size) continue;
      checked++;
      const imports = importsOf(file);
      for (const registration of needed) if (!imports.has(registration)) missing.push(`${path.relative(APP, file)} needs import "~/${registration}"`);
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it("the shell and error pages use only core texts, which every page loads", () => {
    const shellModules = [
      "components/shell",
      "components/error-page.tsx",
      "components/error-boundary.tsx",
      "components/contact-us.tsx",
      "components/list-pager.tsx",
      "root.tsx",
    ];
    const offenders = browserModules()
      .filter((file) => shellModules.some((prefix) => path.relative(APP, file).startsWith(prefix)))
      .filter((file) => new RegExp(KEY.source).test(fs.readFileSync(file, "utf8")));
    expect(offenders.map((f) => path.relative(APP, f))).toEqual([]);
  });

  it("the core chunk holds no feature group, and the server's texts hold every group", () => {
    for (const group of Object.keys(FEATURE_DIRS)) {
      expect(Object.keys(enCore)).not.toContain(group);
      expect(Object.keys(en)).toContain(group);
    }
    for (const page of Object.keys(VEHICLE_PAGES)) expect(Object.keys(en.vehicles ?? {})).toContain(page);
  });
});
