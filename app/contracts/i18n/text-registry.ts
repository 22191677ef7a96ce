import type { Language } from "./config";

/**
 * The portal's text registry and lookup, for pages on the server and in the browser and for the API (docs/decisions/022).
 * Texts come in groups (the first part of a key): the core groups per language from
 * ./locales/<lang>-core (entry.client loads the shown language's chunk before hydrating), each
 * feature's group from its texts.ts, which registers both languages when a module that shows them
 * is imported, so a page ships the texts of its own area only.
 */
export type TextTree = { [key: string]: string | readonly string[] | TextTree };
export type TranslateOptions = Record<string, unknown> & { defaultValue?: string; returnObjects?: boolean };

const registered: Record<Language, TextTree> = { zh: {}, en: {} };

/** A feature's texts, both languages, under its group ("vehicles") or a part of one ("vehicles.taiwan"). */
export function registerTexts(path: string, zh: TextTree, en: TextTree) {
  mergeAt(registered.zh, path, zh);
  mergeAt(registered.en, path, en);
}

function mergeAt(tree: TextTree, path: string, texts: TextTree) {
  const parts = path.split(".");
  const last = parts.pop() ?? path;
  let node = tree;
  for (const part of parts) node = (node[part] ??= {}) as TextTree;
  node[last] = { ...(node[last] as TextTree | undefined), ...texts };
}

/** One language's groups at once (the core chunk, or every group on the server). */
export function registerLanguage(language: Language, groups: TextTree) {
  Object.assign(registered[language], groups);
}

export function hasLanguage(language: Language) {
  return "app" in registered[language];
}

function lookup(language: Language, key: string): unknown {
  let node: unknown = registered[language];
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** '{{name}}' takes values.name; a value not given leaves an empty string (as the API's messages always did). */
function interpolate(text: string, values: Record<string, unknown> = {}) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

const reported = new Set<string>();
// Forms pass on what the server said, a key or an already translated sentence; only a key can be missing.
const KEY_SHAPE = /^[A-Za-z]\w*(\.[\w$-]+)+$/;

export function translateText(language: Language, key: string, options?: TranslateOptions): string {
  const found = lookup(language, key);
  if (typeof found === "string") return interpolate(found, options);
  if (found !== undefined && options?.returnObjects) return found as string;
  if (options?.defaultValue !== undefined) return options.defaultValue;
  if (typeof document !== "undefined" && KEY_SHAPE.test(key) && !reported.has(key)) {
    // Most likely a group no module of the page registered: the server rendered the text, the browser cannot.
    reported.add(key);
    console.error(`Text '${key}' is missing on this page: import ~/contracts/<domain>/texts where it is shown.`);
  }
  return key;
}
