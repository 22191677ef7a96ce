/**
 * Which menu routes have a page in this build, from the route manifest (server/app.ts passes
 * the full paths of the route modules). Splat routes are left out: they match anything.
 */
export function pageExistsFor(patterns: string[]) {
  const matchers = patterns
    .filter((p) => !p.includes("*"))
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\/:[^/]+/g, "/[^/]+")}/?$`));
  return (route: string) => matchers.some((m) => m.test(route));
}
