// One run of the load suite's PostgreSQL load alone (LOAD_ONLY=postgres-load), for the capacity sweep
// and the profile: its output passes through, and the lines it prints for them are returned by prefix.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Resolves with the exit code and `line(prefix)`: the rest of the first output line with that prefix. */
export function runPostgresLoad(users, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/load/run.mjs"], {
      cwd: root,
      env: { ...process.env, LOAD_ONLY: "postgres-load", LOAD_USERS: String(users), ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.once("exit", (code) => {
      const line = (prefix) =>
        output
          .split("\n")
          .find((l) => l.startsWith(prefix))
          ?.slice(prefix.length);
      resolve({ code, line });
    });
  });
}
