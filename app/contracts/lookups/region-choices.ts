import type { Language } from "../i18n/config";
import type { RegionNode } from "./schema";

/**
 * The address pickers' regions in the browser (issue 51), in one language and as small as it gets:
 * China's provinces, and the regions under each province (its cities) or city (its districts), so a
 * choice changes the next list without asking the server. Zod-free: the page imports the type.
 */
export type RegionOption = [code: string, name: string];
export type RegionChoices = { provinces: RegionOption[]; under: Record<string, RegionOption[]> };

/** Where the page fetches them: the build's version in the address, so a browser may keep them until the next release. */
export const regionChoicesUrl = (language: Language, buildVersion: string) => `/regions?${new URLSearchParams({ lang: language, v: buildVersion })}`;

export function regionChoices(tree: RegionNode[], language: Language): RegionChoices {
  const option = (node: RegionNode): RegionOption => [node.id, language === "en" ? node.nameEn || node.name : node.name];
  const under: Record<string, RegionOption[]> = {};
  const walk = (nodes: RegionNode[]) => {
    for (const node of nodes) {
      if (!node.children?.length) continue;
      under[node.id] = node.children.map(option);
      walk(node.children);
    }
  };
  walk(tree);
  return { provinces: tree.map(option), under };
}
