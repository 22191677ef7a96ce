import fs from "node:fs";
import crypto from "node:crypto";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "@remix-run/node";
import type { PageHandle } from "../app/contracts/permission/page-handle";
import { secretPathPatterns, type PageRoute } from "../app/contracts/permission/page-rules";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/database";
import type { Logger } from "./logger";
import { accessLog, noteInProcessApiCall } from "./access-log";
import type { RsaKeys } from "./auth/secrets";
import type { Translator } from "./machine-translation/provider";
import { createApiRouter } from "./api";
import { requestScope } from "./request-scope";
import { createInProcessApi } from "./api/in-process";
import { fileRoutes } from "./api/routes/settings";
import { videoPlaybackRoutes } from "./video/playback";
import { rejectCrossSiteWrites, securityHeaders } from "./security";
import { precompressedAssets } from "./remix/precompressed-assets";
import { privateResponses } from "./remix/private-responses";
import { remixRequestHandler } from "./remix/request-handler";
import { refuseUnhandledMethods } from "./remix/resource-route-methods";
import { createRouteLookup } from "./remix/route-lookup";
import { createObjectStore } from "./uploads";
import { localStorageHost } from "./uploads/local-host";
import type { ObjectStore } from "./uploads/object-store";
import { setDefaultUploadQuota } from "./uploads/quota";
import { createNotifier } from "./notify";
import type { Notifier } from "./notify/notifier";
import { httpMetrics, metricsEndpoint } from "./metrics/endpoint";
import { setMetricsSources } from "./metrics/registry";
import { hashQueueState } from "./auth/password-hasher";

export type ServerDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  rsa: RsaKeys;
  translator: Translator;
  sessionSecrets: string[];
  /** The Remix server build; absent in API-only tests. */
  remixBuild?: ServerBuild | (() => Promise<ServerBuild>);
  /** Where uploads live; by default the configured store (STORAGE). */
  store?: ObjectStore;
  /** E-mail and SMS; by default SMTP_URL or the file outbox, and SMS_PROVIDER. */
  notifier?: Notifier;
  /** Where fingerprinted client assets live (public/build). */
  publicDir?: string;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Request id and the per-request SQL count: for pages and for in-process API calls alike. */
function requestTracing(config: Config): express.RequestHandler[] {
  return [
    (req, res, next) => {
      const incoming = req.get("x-request-id");
      const id = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
      res.locals.requestId = id;
      res.set("X-Request-Id", id);
      next();
    },
    requestScope({ exposeHeader: config.SERVER_TIMING }),
  ];
}

export function createServerApp(deps: ServerDeps) {
  const { config, database, logger } = deps;
  setDefaultUploadQuota(config.UPLOAD_QUOTA_MB);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY === "true" ? true : config.TRUST_PROXY === "false" ? false : config.TRUST_PROXY);

  const tracing = requestTracing(config);
  app.use(tracing);
  setMetricsSources({ database, hashQueue: hashQueueState });
  // What the routes say about themselves (token pages, resource routes), read from a built build only.
  const routeLookup = !deps.remixBuild || typeof deps.remixBuild === "function" ? null : createRouteLookup(deps.remixBuild);
  app.use(httpMetrics((pathname) => routeLookup?.(pathname)?.routeId ?? null));
  app.get("/metrics", metricsEndpoint(config, logger));
  const pages = !deps.remixBuild || typeof deps.remixBuild === "function" ? [] : pageRoutesOf(deps.remixBuild);
  app.use(accessLog(logger, { ignore: (path) => path === "/healthz" || path === "/readyz" || path === "/metrics", secretPaths: secretPathPatterns(pages) }));
  // A stored file (it says Accept-Ranges) goes out as stored: its ranges count the stored bytes.
  app.use(compression({ filter: (req, res) => !res.getHeader("Accept-Ranges") && compression.filter(req, res) }));
  app.use(securityHeaders(config, routeLookup));
  app.use(rejectCrossSiteWrites(config));

  app.get("/healthz", (_req, res) => res.set("Cache-Control", "no-store").json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await database.ping();
      res.json({ status: "ready", database: database.kind });
    } catch (error) {
      logger.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable", database: database.kind });
    }
  });

  const store = deps.store ?? createObjectStore(config, database.db);
  const notifier = deps.notifier ?? createNotifier({ config, db: database.db, logger });
  const apiDeps = { db: database.db, config, logger, rsa: deps.rsa, translator: deps.translator, store, notifier, sessionSecrets: deps.sessionSecrets };
  if (store.kind === "local") app.use(localStorageHost({ db: database.db, store, logger }));
  app.use(fileRoutes(apiDeps));
  app.use(videoPlaybackRoutes(apiDeps));
  const apiRouter = createApiRouter(apiDeps);
  app.use("/api", apiRouter);
  // Our own API is called in-process by the pages; an organizer's backend (API_BASE_URL) over HTTP.
  const apiFetch = config.API_BASE_URL
    ? undefined
    : createInProcessApi({ apiRouter, trustProxy: app.get("trust proxy") as boolean | string, before: [...tracing, noteInProcessApiCall()] });
  app.locals.apiFetch = apiFetch;

  if (deps.remixBuild) {
    const buildVersion = typeof deps.remixBuild === "function" ? "dev" : deps.remixBuild.assets.version;
    // docs/product.md § Version check and other tabs: the browser compares its build with this one.
    app.get("/version.json", (_req, res) => {
      res.set("Cache-Control", "no-store").json({ name: "exhibitor-portal", versionHash: buildVersion });
    });
    const publicDir = deps.publicDir ?? path.resolve("public");
    const localeChunks =
      typeof deps.remixBuild === "function"
        ? {}
        : findLocaleChunks(publicDir, [
            deps.remixBuild.assets.entry.module,
            ...deps.remixBuild.assets.entry.imports,
            ...(deps.remixBuild.assets.routes.root?.imports ?? []),
          ]);
    // Bytes of each built script, so a page can ask for its largest modules first (app/lib/scripts-after-paint.server.ts).
    const scriptBytes = typeof deps.remixBuild === "function" ? {} : builtScriptBytes(publicDir);
    // Remix fingerprints everything under /build, so it can be cached for a year.
    app.use("/build", precompressedAssets(path.join(publicDir, "build")));
    app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", index: false }));
    // An asset of an older build is gone: a plain 404, not the not-found page's redirect.
    app.use("/build", (_req, res) => res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found"));
    // Browsers still ask for /favicon.ico now and then: the icon, not a rendered not-found page.
    app.get("/favicon.ico", (_req, res) => res.set("Cache-Control", "public, max-age=86400").redirect(301, "/favicon.svg"));
    const publicFiles = express.static(publicDir, { maxAge: "1h", index: false });
    // Only a path naming a file (favicon.svg, skins/…) can be in public/: a page's path would cost a stat for nothing.
    app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
    app.use(privateResponses(routeLookup));
    if (routeLookup) app.use(refuseUnhandledMethods(routeLookup));
    app.all(
      "*",
      remixRequestHandler({
        build: deps.remixBuild,
        mode: config.NODE_ENV,
        getLoadContext: (req, res) => ({
          requestId: res.locals.requestId as string,
          // Remix strips `_data` before the loaders see the request; the toasts need to know (toast.server.ts).
          dataRequest: typeof req.query._data === "string",
          cspNonce: res.locals.cspNonce as string,
          clientIp: req.ip ?? "unknown",
          apiBaseUrl: config.apiBaseUrl,
          apiFetch,
          sessionSecrets: deps.sessionSecrets,
          secureCookies: config.secureCookies,
          captchaMode: config.LOGIN_CAPTCHA,
          pages,
          buildVersion,
          localeChunks,
          scriptBytes,
        }),
      }),
    );
  }
  return app;
}

/** URL (/build/…) → size in bytes of every script of the client build, read once at start. */
function builtScriptBytes(publicDir: string): Record<string, number> {
  const bytes: Record<string, number> = {};
  const buildDir = path.join(publicDir, "build");
  let files: string[] = [];
  try {
    files = fs.readdirSync(buildDir, { recursive: true, encoding: "utf8" });
  } catch {
    return bytes;
  }
  for (const file of files) {
    if (!file.endsWith(".js")) continue;
    bytes[`/build/${file.split(path.sep).join("/")}`] = fs.statSync(path.join(buildDir, file)).size;
  }
  return bytes;
}

/**
 * The per-language text chunks entry.client imports (app/i18n/client-texts.ts), read once from
 * the built entry and its imports, so each page can ask the browser to fetch its language's chunk early.
 */
function findLocaleChunks(publicDir: string, modules: string[]): Partial<Record<"zh" | "en", string>> {
  const chunks: Partial<Record<"zh" | "en", string>> = {};
  for (const url of modules) {
    let source = "";
    try {
      source = fs.readFileSync(path.join(publicDir, ...url.split("/").filter(Boolean)), "utf8");
    } catch {
      continue;
    }
    for (const [, chunk, language] of source.matchAll(/import\("(\/build\/_shared\/(zh|en)-[A-Za-z0-9_-]+\.js)"\)/g)) chunks[language as "zh" | "en"] = chunk;
  }
  return chunks;
}

/**
 * Every route module of the build with its full URL path (e.g. "/index/schedule") and its `handle`:
 * the pages' own rules (app/lib/page-handle.ts), read by the loaders through the load context.
 */
export function pageRoutesOf(build: ServerBuild): PageRoute[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(routes)
    .filter((id) => id !== "root")
    .map((id) => ({
      path: `/${fullPath(id)}`.replace(/\/+$/, "") || "/",
      hasPage: Boolean(routes[id]!.module.default),
      handle: (routes[id]!.module.handle ?? {}) as PageHandle,
    }));
}
