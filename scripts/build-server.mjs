// Bundles server/ (TypeScript) into build/server/*.js; dependencies stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts", "server/cli.ts"],
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
