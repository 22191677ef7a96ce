// `npm run dev`: builds the web app (Remix, classic compiler) and the server (esbuild), starts
// `node build/server/index.js`, and on every change in app/ or server/ rebuilds what changed and
// restarts the server once no build is under way. The builds are the production builds of `npm run
// build`. A build that fails keeps the last server running; the next good build restarts it.
//
// Only one process may own an embedded DATA_DIR (a second server exits with code 75), so the old
// server has always exited before the new one starts.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { context } from "esbuild";
import { serverBuildOptions } from "./build-server.mjs";

// The watch behind `remix watch` (@remix-run/dev 2.17.5), without its live-reload socket and without
// emptying public/build when it stops, which would leave `npm run serve` without the browser's files.
const require = createRequire(import.meta.url);
const { readConfig } = require("@remix-run/dev/dist/config.js");
const { watch: watchRemix } = require("@remix-run/dev/dist/compiler/watch.js");
const { createFileWatchCache } = require("@remix-run/dev/dist/compiler/fileWatchCache.js");
const { logger } = require("@remix-run/dev/dist/tux/logger.js");

const SERVER_ARGS = ["--enable-source-maps", "build/server/index.js"];
const EXIT_DATA_DIR_HELD = 75;
const STOP_GRACE_MS = 15_000;
const RESTART_DELAY_MS = 300;

const builds = {
  app: { running: true, failed: false },
  server: { running: true, failed: false },
};
let builtSinceServerStart = true;
let server = null;
let restartTimer = null;
let restarting = Promise.resolve();
let stopping = false;

const log = (message) => console.log(`[dev] ${message}`);

function buildStarted(name) {
  builds[name].running = true;
}

function buildFinished(name, ok, ms) {
  builds[name] = { running: false, failed: !ok };
  if (ok) {
    builtSinceServerStart = true;
    log(`${name} built${ms === undefined ? "" : ` in ${(ms / 1000).toFixed(1)} s`}`);
  } else {
    log(`${name} build failed; ${server ? "the server keeps running the last good build" : "the server starts after the next good build"}`);
  }
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    restarting = restarting.then(restartWhenBuilt).catch((error) => log(`restart failed: ${error.message}`));
  }, RESTART_DELAY_MS);
}

async function restartWhenBuilt() {
  if (stopping || !builtSinceServerStart) return;
  if (builds.app.running || builds.server.running) return; // the other build's end schedules us again
  if (builds.app.failed || builds.server.failed) return;
  builtSinceServerStart = false;
  if (server) {
    log("restarting the server");
    await stopServer();
  }
  startServer();
}

function startServer() {
  // The dev loop serves the demo, as `npm start` does; SEED_DEMO_DATA=never in the environment keeps a data directory as it is.
  const child = spawn(process.execPath, SERVER_ARGS, { stdio: "inherit", env: { SEED_DEMO_DATA: "always", ...process.env } });
  server = child;
  child.on("exit", (code, signal) => {
    if (server === child) server = null;
    if (child.stoppedByDev || stopping) return;
    if (code === EXIT_DATA_DIR_HELD) {
      log("the server stopped: another process owns DATA_DIR (`node build/server/cli.js holder` says which)");
    } else {
      log(`the server stopped (${signal ?? `exit code ${code}`}); it starts again after the next change`);
    }
  });
}

function stopServer() {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.stoppedByDev = true;
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

const serverContext = await context({
  ...serverBuildOptions,
  plugins: [
    {
      name: "restart-after-server-build",
      setup(build) {
        let startedAt = 0;
        build.onStart(() => {
          startedAt = Date.now();
          buildStarted("server");
        });
        build.onEnd((result) => buildFinished("server", result.errors.length === 0, Date.now() - startedAt));
      },
    },
  ],
});
await serverContext.watch();

const fileWatchCache = createFileWatchCache();
const stopWatchingApp = await watchRemix(
  {
    config: await readConfig(process.cwd()),
    options: { mode: "production", sourcemap: false },
    fileWatchCache,
    logger,
  },
  {
    onBuildStart: () => buildStarted("app"),
    onBuildFinish: (_context, ms, ok) => buildFinished("app", ok, ms),
    onFileChanged: (file) => fileWatchCache.invalidateFile(file),
    onFileDeleted: (file) => fileWatchCache.invalidateFile(file),
  },
);
log("watching app/ and server/; Ctrl-C stops");

async function shutDown() {
  if (stopping) return;
  stopping = true;
  clearTimeout(restartTimer);
  await Promise.allSettled([stopWatchingApp(), serverContext.dispose()]);
  await stopServer();
  process.exit(0);
}
process.on("SIGINT", shutDown);
process.on("SIGTERM", shutDown);
