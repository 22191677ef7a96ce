import type { MetaArgs } from "@remix-run/react";

type Titled = { title?: string; appTitle?: string } | undefined;

/**
 * The document title of a page whose loader names it: the loader's title, or — when that loader
 * failed and the error page shows — the title the shell gave this path (its tab's, in the user's
 * language), never an English word on a Chinese page (issue 51).
 */
export function shellTitle(matches: MetaArgs["matches"]): string {
  const dataOf = (id: string) => matches.find((match) => match.id === id)?.data as Titled;
  return dataOf("routes/_shell")?.title ?? dataOf("root")?.appTitle ?? "Exhibitor Portal";
}
