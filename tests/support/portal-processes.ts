import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { until } from "./until";

/** Real portal and CLI processes from the build (`npm test` builds first), on a DATA_DIR of the test's. */

export type Portal = { child: ChildProcess; port: number; baseUrl: string; output: () => string; exited: Promise<number | null> };

/** Extra settings of a test's, e.g. DATABASE_URL; without it, the embedded database in DATA_DIR. */
export type Settings = Record<string, string>;

function portalEnv(dataDir: string, port: number, settings: Settings): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    TRUST_PROXY: "loopback",
  };
  // Production processes, as ops runs them: no test settings (production refuses TEST_CLOCK and PASSWORD_HASHING=fast).
  for (const name of ["DATABASE_URL", "PUBLIC_URL", "API_BASE_URL", "SESSION_SECRET", "STORAGE", "TEST_CLOCK", "PASSWORD_HASHING"]) delete env[name];
  return { ...env, ...settings };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Spawns `build/server/index.js`; does not wait (see waitReady). */
export async function spawnPortal(dataDir: string, settings: Settings = {}): Promise<Portal> {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server/index.js"], { env: portalEnv(dataDir, port, settings), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves once /readyz answers 200; rejects if the process exits first. No budget of its own: the test's or hook's timeout is the one. */
export async function waitReady(portal: Portal) {
  let exitCode: number | null | undefined;
  void portal.exited.then((code) => (exitCode = code));
  await until(async () => {
    if (exitCode !== undefined) throw new Error(`the portal exited (${exitCode}) before it was ready:\n${portal.output()}`);
    const status = await fetch(`${portal.baseUrl}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    return status === 200;
  }, 100);
  return portal;
}

export async function startPortal(dataDir: string, settings: Settings = {}) {
  return waitReady(await spawnPortal(dataDir, settings));
}

/** SIGTERM and the exit code (the graceful shutdown), or SIGKILL: no shutdown code runs, as in a crash. */
export async function stopPortal(portal: Portal, signal: "SIGTERM" | "SIGKILL" = "SIGTERM") {
  if (portal.child.exitCode === null && portal.child.signalCode === null) portal.child.kill(signal);
  return portal.exited;
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** `node build/server/cli.js …` on `dataDir`'s embedded database. */
export function runCli(dataDir: string, args: string[], settings: Settings = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["build/server/cli.js", ...args], { env: portalEnv(dataDir, 0, settings), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Signs in through the portal's API; the answer's code (200 when the account exists with that password). */
export async function signIn(portal: Portal, username: string, password: string) {
  const response = await fetch(`${portal.baseUrl}/api/login/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: new URLSearchParams({ username, password }),
  });
  const envelope = (await response.json()) as { code: number; data: { ticket?: string } };
  return { code: envelope.code, ticket: envelope.data?.ticket };
}
