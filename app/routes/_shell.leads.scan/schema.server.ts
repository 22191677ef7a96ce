/**
 * The typed pass of the scan page's form (a URL or a bare code, read down to the code) for the route's
 * action: a .server module, so zod stays out of the page's browser bundle (~/lib/forms.server.ts).
 */
export { leadCaptureQuerySchema as scanCodeSchema } from "~/contracts/leads/schema";
