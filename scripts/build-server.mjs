// Bundles server/ (TypeScript) into build/server/*.js; dependencies stay in node_modules.
// build/server/db/data-dir-owner.js is for the scripts that open an embedded data directory themselves.
// scripts/dev.mjs imports the options to rebuild the server in esbuild's watch mode.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const serverBuildOptions = {
  entryPoints: ["server/index.ts", "server/cli.ts", "server/db/data-dir-owner.ts"],
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

// Run directly (`node scripts/build-server.mjs`), it builds; imported, it only shares its options.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await build(serverBuildOptions);
}
