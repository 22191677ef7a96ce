import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { languageFromAcceptLanguage } from "../app/contracts/i18n/config";
import { translate } from "../app/contracts/i18n/translate.server";
import type { Config } from "./config";
import type { RouteLookup } from "./remix/route-lookup";

/**
 * The Content-Security-Policy of every response. Scripts run only from this origin or with the
 * request's nonce (Remix's inline context and module scripts carry it), so an injected <script>
 * or event handler never runs. Styles allow inline because Mantine sets style attributes.
 */
function contentSecurityPolicy(
  nonce: string,
  config: Pick<Config, "secureCookies" | "STORAGE" | "S3_ENDPOINT" | "S3_PUBLIC_ENDPOINT" | "S3_BUCKET" | "S3_REGION">,
  camera: boolean,
) {
  const directives = [
    "default-src 'self'",
    // A camera page's QR reader is WebAssembly (ZXing): compiling it is all 'wasm-unsafe-eval' allows, not eval.
    `script-src 'self' 'nonce-${nonce}'${camera ? " 'wasm-unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${storageOrigin(config)}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (config.secureCookies) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Browsers upload straight to an S3-compatible store, so its origin may be connected to. */
function storageOrigin(config: Pick<Config, "STORAGE" | "S3_ENDPOINT" | "S3_PUBLIC_ENDPOINT" | "S3_BUCKET" | "S3_REGION">) {
  if (config.STORAGE !== "s3") return "";
  const endpoint = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
  return ` ${endpoint ? new URL(endpoint).origin : `https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`}`;
}

/**
 * Security headers on every response, and a fresh nonce for the HTML renderer (res.locals.cspNonce).
 * The camera is this origin's only on pages whose handle says `camera` (the QR scanners).
 */
export function securityHeaders(config: Config, routeLookup: RouteLookup | null): RequestHandler {
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const camera = routeLookup?.(req.path)?.says("camera") ?? false;
    res.set({
      "Content-Security-Policy": contentSecurityPolicy(nonce, config, camera),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Permissions-Policy": `camera=${camera ? "(self)" : "()"}, microphone=(), geolocation=()`,
    });
    // Only over https (PUBLIC_URL), where a browser honours it and plain http cannot be downgraded to.
    if (config.secureCookies) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Anti-forgery for every state-changing request: a browser tells us where a request comes from
 * (Sec-Fetch-Site and Origin); anything not from this site is refused before it reaches a route.
 * Requests without either header are not from a browser page (the web app's own server-side
 * API client, curl), and carry no ambient cookie authority of a victim's browser.
 */
export function rejectCrossSiteWrites(config: Pick<Config, "PUBLIC_URL">): RequestHandler {
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (isSameSiteRequest(req, publicOrigin)) {
      // A form posted from a no-referrer page (the token pages) carries Origin: null, and Sec-Fetch-Site
      // has vouched for it. Remix's own origin check would turn that null into a 500.
      if (req.get("origin") === "null") delete req.headers.origin;
      return next();
    }
    const language = languageFromAcceptLanguage(req.get("accept-language"));
    const message = translate(language, "errors.crossSite");
    res.set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) {
      res.status(403).json({ code: 403, message, data: null });
    } else {
      res.status(403).type("text/plain; charset=utf-8").send(message);
    }
  };
}

/**
 * Both headers must agree, when sent: a foreign Origin is refused whatever Sec-Fetch-Site says
 * (issue 36), and Sec-Fetch-Site must say same-origin (or none: typed by the user). Origin: null
 * (a sandboxed frame, a data: URL, or a no-referrer page of ours) passes only on Sec-Fetch-Site's word.
 */
function isSameSiteRequest(req: Request, publicOrigin: string | null) {
  const fetchSite = req.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = req.get("origin");
  if (!origin) return true;
  if (origin === "null") return Boolean(fetchSite);
  const ownOrigin = `${req.protocol}://${req.get("host")}`;
  return origin === ownOrigin || origin === publicOrigin;
}
