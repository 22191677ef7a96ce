/**
 * The import direction (docs/decisions/030), checked by `npm run lint`:
 * server/ imports only app/contracts; app/ never imports server/; the contracts import neither
 * React, Remix nor server code; no import cycles, type-only imports included.
 */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "A cycle (type-only ones too) ties modules that should depend one way.",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-imports-only-contracts",
      severity: "error",
      comment: "The server shares with the web app only the contract layer.",
      from: { path: "^server/" },
      to: { path: "^app/", pathNot: "^app/contracts/" },
    },
    {
      name: "app-never-imports-server",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    {
      name: "contracts-stand-alone",
      severity: "error",
      comment: "The contracts are shared by the browser, the page server and the API: no React, Remix, server or page code.",
      from: { path: "^app/contracts/" },
      to: {
        pathNot: ["^app/contracts/", "^node_modules/zod/"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "contracts-types-only-from-contracts",
      severity: "error",
      comment: "Not even a type from outside the contract layer (besides zod).",
      from: { path: "^app/contracts/" },
      to: { path: "^(app/(?!contracts/)|server/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    exclude: { path: "^(build|public/build|node_modules)/" },
  },
};
