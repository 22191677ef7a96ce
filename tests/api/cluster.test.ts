import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";
import { copyPostgresTemplate } from "../support/postgres-template";
import { until } from "../support/until";
import { postgresSkipReason, postgresUrl } from "../support/test-api";

/**
 * Issue 42: the production start with one process per core (server/cluster.ts, WEB_CONCURRENCY).
 * The built server (npm test builds first).
 */
const built = fs.existsSync("build/server/index.js") && fs.existsSync("build/index.js");
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

function startServer(env: Record<string, string>) {
  const child = spawn("node", ["build/server/index.js"], { env: { ...process.env, PORT: "0", LOG_LEVEL: "info", SEED_DEMO_DATA: "never", ...env } });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, output: () => output };
}

/** The live child processes of a process, by /proc (the workers of a cluster primary). */
function childPids(pid: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).trim();
  return out ? out.split(/\s+/).map(Number) : [];
}

describe.skipIf(!built)("one server process per core", () => {
  it("is refused on the embedded database, which has one owner", async () => {
    const server = startServer({ WEB_CONCURRENCY: "2", DATABASE_URL: "" });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('WEB_CONCURRENCY="2": needs DATABASE_URL');
  });

  // One cluster for its whole life: each start is three processes booting (the primary and two workers).
  it.skipIf(Boolean(postgresSkipReason))(
    "on PostgreSQL: two workers share sessions, one scrape gives both workers' figures, a dead worker is replaced, SIGHUP replaces every worker while requests go on, SIGTERM stops them all",
    async () => {
      const database = await copyPostgresTemplate(postgresUrl!, inject("postgresTemplate"));
      const token = "cluster-metrics-token-0123456789";
      const metricsPort = await freePort();
      try {
        const server = startServer({ WEB_CONCURRENCY: "2", DATABASE_URL: database.url, METRICS_TOKEN: token, METRICS_PORT: String(metricsPort) });
        const primary = server.child.pid!;
        const ports = await until(() => {
          const found = [...server.output().matchAll(/"port":(\d+),"database"/g)].map((m) => Number(m[1]));
          return found.length >= 2 && found;
        });
        expect(new Set(ports).size).toBe(1);
        const port = ports[0]!;
        const base = `http://127.0.0.1:${port}`;
        expect(childPids(primary)).toHaveLength(2);

        // Both workers answer: a sign-in made through one is a session the other knows.
        const login = await fetch(`${base}/api/login/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: "std01", password: "Expo#2026" }),
        });
        const ticket = ((await login.json()) as { data: { ticket: string } }).data.ticket;
        for (let i = 0; i < 6; i++) {
          const info = await getOnNewConnection(port, "/api/smeb/permission/getInfo", { ticket });
          expect(info).toBe(200);
        }

        // One scrape counts the requests of both workers, with the token and on METRICS_PORT.
        await until(() => server.output().includes("metrics listening"));
        // A new connection each time: the primary hands connections to the workers in turn.
        const requests = 12;
        for (let i = 0; i < requests; i++) expect(await getOnNewConnection(port, "/api/site/settings")).toBe(200);
        const counted = (text: string) =>
          [...text.matchAll(/^portal_http_requests_total\{([^}]*)\} (\d+)$/gm)]
            .filter((m) => m[1]!.includes('route="/api/site/settings"'))
            .reduce((sum, m) => sum + Number(m[2]), 0);
        const viaToken = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
        expect(viaToken.status).toBe(200);
        expect(counted(await viaToken.text())).toBe(requests);
        const viaPort = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        expect(viaPort.status).toBe(200);
        expect(counted(await viaPort.text())).toBe(requests);
        expect((await fetch(`${base}/metrics`)).status).toBe(401);

        // A worker that dies is replaced.
        const [victim] = childPids(primary);
        process.kill(victim!, "SIGKILL");
        await until(() => {
          const pids = childPids(primary);
          return pids.length === 2 && !pids.includes(victim!);
        });
        await until(() => (server.output().match(/"port":\d+,"database"/g)?.length ?? 0) >= 3);
        expect((await fetch(`${base}/healthz`)).status).toBe(200);

        // SIGHUP: requests without a pause until the restart is done, each on its own connection and on a kept one.
        const before = childPids(primary);
        let answered = 0;
        const failures: string[] = [];
        let restarted = false;
        const traffic = (async () => {
          while (!restarted) {
            for (const request of [() => getOnNewConnection(port, "/api/site/settings"), () => fetch(`${base}/api/site/settings`).then((r) => r.status)]) {
              await request().then(
                (status) => (status === 200 ? answered++ : failures.push(`status ${status}`)),
                (error: Error) => failures.push(error.message),
              );
            }
          }
        })();
        await until(() => answered >= 10);
        process.kill(primary, "SIGHUP");
        await until(() => server.output().includes("rolling restart done"));
        const answeredDuring = answered;
        restarted = true;
        await traffic;
        expect(failures).toEqual([]);
        expect(answeredDuring).toBeGreaterThan(10);
        const workers = childPids(primary);
        expect(workers).toHaveLength(2);
        for (const pid of before) expect(workers).not.toContain(pid);

        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain("every server process has stopped");
        for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
      } finally {
        await database.drop();
      }
    },
    300_000,
  );
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

function getOnNewConnection(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}
