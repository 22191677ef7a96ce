// Bundles server/ (TypeScript) into build/server/*.js; dependencies stay in node_modules.
// build/server/db/data-dir-owner.js is for the scripts that open an embedded data directory themselves.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts", "server/cli.ts", "server/db/data-dir-owner.ts"],
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
