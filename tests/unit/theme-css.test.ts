import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme, themeCssVariables } from "~/components/theme";

/**
 * The root layout turns MantineProvider's CSS variables off and writes them once per process
 * (app/components/theme.ts): they must be exactly what Mantine itself would write for the theme.
 */
describe("the theme's CSS variables", () => {
  it("are what MantineProvider renders for the theme", () => {
    const html = renderToString(createElement(MantineProvider, { theme, defaultColorScheme: "light" }, null));
    const mantines = html.match(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/)?.[1];
    expect(mantines).toBeTruthy();
    // React escapes nothing inside dangerouslySetInnerHTML: the strings compare as they are.
    expect(themeCssVariables()).toBe(mantines);
  });

  it("carry the theme's own choices and nothing Mantine's stylesheet already has", () => {
    const css = themeCssVariables();
    expect(css).toContain("--mantine-primary-color-filled: var(--mantine-color-indigo-filled)");
    expect(css).toContain("--mantine-color-indigo-filled: var(--mantine-color-indigo-8)");
    expect(css).not.toContain("--mantine-color-red-0");
  });
});
