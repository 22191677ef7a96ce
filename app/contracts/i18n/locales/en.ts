import core from "./en-core";
import { contractDomains } from "../../domains";
import type { TextTree } from "../text-registry";

/**
 * Every English text: the core groups and each domain's, which its domain.ts declares (the server's;
 * a page in the browser loads its own, docs/decisions/022 and 063).
 */
const en: Resource = Object.assign({}, core, ...contractDomains.map((domain) => domain.serverTexts?.().en ?? {}));

export default en;
/** The core groups by name; a domain's group is typed by its own texts.en.ts (its texts.zh.ts takes that type). */
export type Resource = typeof core & Record<string, TextTree>;
