/** schema.ts for route modules' loaders and actions: the browser build empties a .server module, so zod stays out of the page (~/lib/forms.server.ts). */
export * from "../../contracts/team/schema";
