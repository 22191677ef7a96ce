import type { RequestHandler } from "express";
import { languageFromAcceptLanguage } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { RouteLookup } from "./route-lookup";

/** The methods Remix hands to a route's action; GET and HEAD go to its loader. */
const ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Issue 36 item 5: a resource route (a download, an export, an index that only redirects) asked
 * with a method it has no handler for would reach Remix, which answers 405 (or 400) with
 * `{"message":"Unexpected Server Error"}` and reports an error. This answers it first: 405, the
 * methods the route does take in `Allow`, and a message in the caller's language, like the
 * cross-site refusal (server/security.ts). Remix's data requests (`?_data=`) are left to Remix:
 * its browser router reads their errors in its own format.
 */
export function refuseUnhandledMethods(lookup: RouteLookup): RequestHandler {
  return (req, res, next) => {
    if (req.query._data !== undefined) return next();
    const route = lookup(req.path);
    if (!route?.isResourceRoute) return next();
    const { loader, action } = route.leaf;
    const reads = req.method === "GET" || req.method === "HEAD";
    const allow = ACTION_METHODS.has(req.method) && !action && loader ? "GET, HEAD" : reads && !loader && action ? "POST" : null;
    if (!allow) return next();
    const message = translate(languageFromAcceptLanguage(req.get("accept-language")), "errors.methodNotAllowed");
    res.status(405).set({ Allow: allow, "Cache-Control": "no-store" }).type("text/plain; charset=utf-8").send(message);
  };
}
