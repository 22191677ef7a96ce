import type { MetaArgs } from "@remix-run/react";
import { tabPathOf } from "./frame-revalidation";

type Titled = { title?: string; appTitle?: string; tabs?: { path: string; title: string }[] } | undefined;

/**
 * The document title of a page whose loader names it: the loader's title, or — when that loader
 * failed and the error page shows — the title the shell gave this path (its tab's, in the user's
 * language), never an English word on a Chinese page (issue 51).
 */
export function shellTitle(matches: MetaArgs["matches"]): string {
  const dataOf = (id: string) => matches.find((match) => match.id === id)?.data as Titled;
  // The frame may have been loaded for another open tab (frame-revalidation.ts): this page's tab names it.
  const path = tabPathOf(matches.at(-1)?.pathname ?? "");
  const frame = dataOf("routes/_shell");
  return frame?.tabs?.find((tab) => tab.path === path)?.title ?? frame?.title ?? dataOf("root")?.appTitle ?? "Exhibitor Portal";
}
