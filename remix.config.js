/** Remix v2, classic compiler. @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*"],
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: the whole route manifest ships as one cached file. Lazy discovery fetched /__manifest after
    // hydration and re-rendered the whole page when it came back, the last long task before the page
    // was interactive (docs/decisions/051).
    v3_lazyRouteDiscovery: false,
  },
};
