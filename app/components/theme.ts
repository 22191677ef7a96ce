import {
  convertCssVariables,
  createTheme,
  darken,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  defaultVariantColorsResolver,
  mergeMantineTheme,
  parseThemeColor,
  type VariantColorsResolver,
} from "@mantine/core";

// Shade 8: white on indigo-6 (Mantine's default) is 4.32:1, below WCAG AA's 4.5:1; shade 8 gives 5.67:1.
// Light variants (status tags, alerts): Mantine's text on its tinted background is 4.2:1 for blue and
// less for orange and green, below AA for 11 px tag text; a darkened shade 9 is above 7:1 for every color.
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== "light") return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const shades = parsed.isThemeColor && parsed.color ? input.theme.colors[parsed.color] : undefined;
  return shades ? { ...colors, color: darken(shades[9], 0.35) } : colors;
};

export const theme = createTheme({ primaryColor: "indigo", primaryShade: 8, defaultRadius: "sm", variantColorResolver });

let themeCss: string | null = null;

/**
 * The theme's CSS variables that differ from the defaults in Mantine's stylesheet: what
 * MantineProvider's own <style> holds. Mantine works it out again on every render (0.6 ms of each
 * page on the server); the theme never changes, so it is worked out once per process (and once per
 * page load in the browser) and the provider's is turned off (withCssVariables={false}).
 */
export function themeCssVariables() {
  if (themeCss === null) {
    const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
    const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    const changed = (part: "variables" | "light" | "dark") =>
      Object.fromEntries(Object.entries(ours[part]).filter(([name, value]) => defaults[part][name as keyof (typeof defaults)[typeof part]] !== value));
    themeCss = convertCssVariables({ variables: changed("variables"), light: changed("light"), dark: changed("dark") });
  }
  return themeCss;
}
