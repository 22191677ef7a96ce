/**
 * The passwordLinks texts in both languages for the server's registry (domain.ts). Empty in the browser: a page
 * registers the groups it shows through texts-password.ts (docs/decisions/022).
 */
export { default as en } from "./texts-password.en";
export { default as zh } from "./texts-password.zh";
