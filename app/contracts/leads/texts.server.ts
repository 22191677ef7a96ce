/**
 * The leads texts in both languages for the server's registry (domain.ts). Empty in the browser: a page
 * registers the groups it shows through texts.ts (docs/decisions/022).
 */
export { default as en } from "./texts.en";
export { default as zh } from "./texts.zh";
