import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * app/styles/mantine.css imports Mantine's styles of the components the app renders, not all of
 * styles.css (docs/decisions/023). A component imported from @mantine/core without its styles would
 * render unstyled, and nothing else would notice: this names it.
 */
const STYLES = path.resolve("node_modules/@mantine/core/styles");
const imported = [...fs.readFileSync("app/styles/mantine.css", "utf8").matchAll(/@import "@mantine\/core\/styles\/([\w-]+)\.css";/g)].map((m) => m[1]!);

/**
 * Components rendered inside others, whose styles the outer one needs (seen in the rendered pages'
 * classes: a crawl of every linked page compared computed styles with the full styles.css).
 */
const INNER: Record<string, string[]> = {
  Alert: ["CloseButton"],
  Anchor: ["Text"],
  Button: ["UnstyledButton", "Loader"],
  Card: ["Paper"],
  Checkbox: ["InlineInput", "Input"],
  CloseButton: ["UnstyledButton"],
  Modal: ["ModalBase", "Overlay", "CloseButton", "Paper", "ScrollArea"],
  NativeSelect: ["Input", "Combobox"],
  PasswordInput: ["Input", "ActionIcon"],
  Radio: ["InlineInput", "Input"],
  Stepper: ["UnstyledButton", "Loader"],
  Textarea: ["Input"],
  TextInput: ["Input"],
};

function componentsImportedByTheApp() {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g)) {
          for (const part of m[1]!.split(",")) {
            const name = part
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0]!;
            if (/^[A-Z]/.test(name) && !part.trim().startsWith("type ")) names.add(name);
          }
        }
      }
    }
  };
  walk(path.resolve("app"));
  return names;
}

describe("Mantine's styles", () => {
  it("include every component the app imports, with the components it renders inside", () => {
    const components = componentsImportedByTheApp();
    expect(components.has("Button")).toBe(true); // the scan finds the app's imports
    const missing: string[] = [];
    for (const name of components) {
      const needed = [...(fs.existsSync(path.join(STYLES, `${name}.css`)) ? [name] : []), ...(INNER[name] ?? [])];
      for (const file of needed) if (!imported.includes(file)) missing.push(`${file}.css (for ${name})`);
    }
    expect(missing).toEqual([]);
  });

  it("start with the base layers and keep styles.css's order, so later rules win as they do there", () => {
    expect(imported.slice(0, 3)).toEqual(["baseline", "default-css-variables", "global"]);
    const full = fs.readFileSync(path.join(path.dirname(STYLES), "styles.css"), "utf8");
    const positions = imported.slice(3).map((file) => {
      const firstClass = fs.readFileSync(path.join(STYLES, `${file}.css`), "utf8").match(/\.(m_[0-9a-f]+)/)![1];
      return { file, at: full.indexOf(`.${firstClass}`) };
    });
    for (const { file, at } of positions) expect(at, file).toBeGreaterThanOrEqual(0);
    expect(positions.map((p) => p.file)).toEqual([...positions].sort((a, b) => a.at - b.at).map((p) => p.file));
  });
});
