/** The leads schemas for loaders and actions only: a route module's browser bundle never holds zod (tests/unit/browser-imports.test.ts). */
export { leadTagSaveSchema, leadUpdateSchema } from "~/contracts/leads/schema";
