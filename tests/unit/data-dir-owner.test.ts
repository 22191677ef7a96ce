import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { askOwner, claimDataDir, DataDirHeldError, socketPathOf } from "../../server/db/data-dir-owner";

/** The claim on an embedded data directory (docs/decisions/027), within one process and with a killed one. */
describe("claimDataDir", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "owner-unit-"));
  let n = 0;
  const dir = () => path.join(root, `d${++n}`);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("lets one holder in, names it to the next, and frees the directory on release", async () => {
    const dataDir = dir();
    const owner = await claimDataDir(dataDir, { role: "cli", command: "seed" });
    expect(fs.statSync(socketPathOf(dataDir)).mode & 0o777).toBe(0o600);
    const refused = await claimDataDir(dataDir, { role: "server" }).catch((error) => error);
    expect(refused).toBeInstanceOf(DataDirHeldError);
    expect(refused.holder).toMatchObject({ pid: process.pid, role: "cli", command: "seed" });
    expect(refused.message).toContain(`"cli.js seed" (PID ${process.pid}`);
    expect(refused.message).toContain("DATABASE_URL");

    await owner.release();
    expect(fs.existsSync(socketPathOf(dataDir))).toBe(false);
    expect(await askOwner(dataDir, { type: "who" })).toEqual({ type: "no-owner" });
    const next = await claimDataDir(dataDir, { role: "server" });
    next.setPort(4321);
    const who = await askOwner(dataDir, { type: "who" });
    expect(who).toMatchObject({ type: "who", holder: { role: "server", port: 4321 } });
    await next.release();
  });

  it("takes over the socket a killed owner left, and only one of several claimers at once gets it", async () => {
    const dataDir = dir();
    fs.mkdirSync(dataDir);
    // A process that listens on the socket (hanging up on every caller), then dies without closing it (SIGKILL).
    const child = spawn(
      process.execPath,
      ["-e", "require('net').createServer((s) => s.end()).listen(process.argv[1], () => console.log('up')); setInterval(() => {}, 1e6)", socketPathOf(dataDir)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise((resolve) => child.stdout!.once("data", resolve));
    const held = await claimDataDir(dataDir, { role: "server" }).catch((error) => error);
    expect(held).toBeInstanceOf(DataDirHeldError);
    expect(held.message).toContain("another process that did not say which");
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(fs.existsSync(socketPathOf(dataDir))).toBe(true);

    const claims = await Promise.allSettled(Array.from({ length: 6 }, () => claimDataDir(dataDir, { role: "cli", command: "migrate" })));
    const won = claims.filter((c) => c.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const lost of claims.filter((c) => c.status === "rejected")) expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(DataDirHeldError);
    await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof claimDataDir>>>).value.release();
  });

  it("holds commands until the owner is ready, lets running ones finish, and turns new ones away while it stops", async () => {
    const dataDir = dir();
    const owner = await claimDataDir(dataDir, { role: "server" });
    const early = askOwner(dataDir, { type: "run", command: "echo", args: ["a", "b"] });
    let finishSlow!: () => void;
    let slowStarted!: () => void;
    const slowRunning = new Promise<void>((resolve) => (slowStarted = resolve));
    owner.serveCommands(async (command, args) => {
      if (command === "slow") {
        slowStarted();
        await new Promise<void>((resolve) => (finishSlow = resolve));
      }
      if (command === "fail") throw new Error("no such booth");
      return `${command} ${args.join(" ")}`;
    });
    expect(await early).toMatchObject({ type: "done", output: "echo a b", holder: { role: "server", pid: process.pid } });
    expect(await askOwner(dataDir, { type: "run", command: "fail", args: [] })).toMatchObject({ type: "failed", error: "no such booth" });

    const slow = askOwner(dataDir, { type: "run", command: "slow", args: [] });
    // The owner runs it: a command running when it stops, not one still on its way.
    await slowRunning;
    const stopped = owner.stopServing();
    expect(await askOwner(dataDir, { type: "run", command: "echo", args: [] })).toEqual({ type: "closing" });
    finishSlow();
    expect(await slow).toMatchObject({ type: "done", output: "slow " });
    await stopped;
    await owner.release();
  });

  it("answers a script's holder with a refusal, not a run", async () => {
    const dataDir = dir();
    const owner = await claimDataDir(dataDir, { role: "script", command: "load suite" });
    expect(await askOwner(dataDir, { type: "run", command: "migrate", args: [] })).toMatchObject({
      type: "not-serving",
      holder: { role: "script", command: "load suite" },
    });
    await owner.release();
  });
});
