// `npm run test:load`: the load and fault suite, against the production build (it never builds).
//
//  1. Load (embedded database): LOAD_USERS (100) simulated users sign in through the portal's form,
//     browse and save forms for LOAD_DURATION (60) seconds on loopback; 0 errors allowed; afterwards
//     every acknowledged write must be in the database.
//  2. Crash (embedded, then PostgreSQL): writers save feedback (some with an image), the server is
//     killed with SIGKILL mid-stream and started again on the same data: no acknowledged write may
//     be lost, no half-written record visible.
//  3. Scale-out (PostgreSQL only): two processes on one database behind one port (a round-robin
//     proxy): a session, the sign-in failure counter, a captcha and a per-user preference made
//     through one process are seen by the other.
//
// Prints PASS/FAIL/SKIP per check and "load suite: N passed, M failed, K skipped"; exits 0 only when
// nothing failed. Child processes, temp dirs and the throwaway PostgreSQL database are removed at
// the end, also on failure and Ctrl-C. The README's "Load and fault suite" section has the details.
import fs from "node:fs";
import path from "node:path";
import { crossProcessChecks } from "./scaleout.mjs";
import { cloneUsers, findPostgres, openPostgres, postgresRequired, redactUrl, throwawayDatabase, withPglite } from "./db.mjs";
import { killDuringWrites } from "./kill.mjs";
import { backupDuringWrites, reportBackupDrill } from "./backup-drill.mjs";
import { hashThreadCpuMsOf, measureCostPerKind, cpuMsOf } from "./cost.mjs";
import { runLoad } from "./load.mjs";
import { startProxy } from "./proxy.mjs";
import { PortalProcess, portalEnv, ROOT, runCli, snapshotBuild } from "./server.mjs";
import { check, log, outcomes, printLoadJson, report, reportKill, reportLoad, reportMemory, residentMb, serverErrors, skip, t0 } from "./report.mjs";
import { settings } from "./settings.mjs";
import { cleanup, freePort, makeTempDir, ms, onCleanup, seconds } from "./util.mjs";
import { verifyFeedback, verifySkins } from "./verify.mjs";

/**
 * Load accounts are copies of this seeded exhibitor (same password hash, role and exhibition, no
 * booth): hashing a password costs 0.3-0.7 s of CPU here (scrypt N=2^17), so making 100 with
 * `cli.js create-user` would take a minute.
 */
const DEMO_EXHIBITOR = { username: "std01", password: "Expo#2026" };
const runTag = `lt${Date.now().toString(36)}`;

// ---------------------------------------------------------------------------
// Phases

function requireBuild() {
  const needed = ["build/server/index.js", "build/server/cli.js", "build/index.js", "public/build"];
  const missing = needed.filter((p) => !fs.existsSync(path.join(ROOT, p)));
  if (missing.length) {
    console.error(`load suite: the production build is missing (${missing.join(", ")}). Run \`npm run build\` first; this suite never builds.`);
    process.exit(1);
  }
  const builtAt = fs.statSync(path.join(ROOT, "build/server/index.js")).mtimeMs;
  const newest = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const full = path.join(dir, entry.name);
      return Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
    }, 0);
  if (Math.max(newest(path.join(ROOT, "app")), newest(path.join(ROOT, "server"))) > builtAt) {
    console.log("warning: app/ or server/ changed after the last build; the suite tests the existing build (run `npm run build` to include the changes)");
  }
}

async function embeddedPhase() {
  const dataDir = makeTempDir("portal-load-");
  const port = await freePort();
  const env = portalEnv({ port, dataDir });
  const names = Array.from({ length: settings.users }, (_, i) => `load${String(i + 1).padStart(3, "0")}`);
  const accounts = names.map((username) => ({ username, password: DEMO_EXHIBITOR.password }));

  // PGlite is single-process: accounts are made while no server has the data directory open.
  log(`embedded: seeding ${dataDir}`);
  await runCli(["seed"], env);
  log(`embedded: creating ${names.length} exhibitor accounts (copies of the demo exhibitor ${DEMO_EXHIBITOR.username})`);
  await withPglite(dataDir, (db) => cloneUsers(db, DEMO_EXHIBITOR.username, names));

  const server = new PortalProcess({ name: "embedded", port, env });
  await server.start();
  log(
    `embedded: server ready on ${server.baseUrl} after ${ms(server.bootMs)}; ${settings.users} users sign in, then ${settings.durationMs / 1000} s of browsing and saving`,
  );

  const memory = [];
  let result;
  let tag;
  for (let run = 1; run <= settings.runs; run++) {
    const runTagged = run === 1 ? `${runTag}e` : `${runTag}e${run}`;
    const outcome = await runLoad({
      baseUrl: server.baseUrl,
      accounts,
      durationMs: settings.durationMs,
      thinkMs: settings.thinkMs,
      signInConcurrency: settings.signInConcurrency,
      tag: runTagged,
    });
    memory.push({ run, rssMb: residentMb(server.child?.pid), requests: outcome.stats.requests, errors: outcome.stats.errors });
    log(
      `embedded: load run ${run}/${settings.runs} done (${outcome.stats.requests} requests, ${outcome.stats.errors} errors); server RSS ${memory.at(-1).rssMb} MB`,
    );
    // The last run's writes are verified below (a later run rewrites the same users' skins).
    result = outcome;
    tag = runTagged;
  }
  reportMemory(memory);
  log("embedded: stopping the server with SIGTERM");
  const exit = await server.stop();
  check(exit?.code === 0, "load (embedded): graceful shutdown on SIGTERM after the load (exit code 0)", `exit: ${exit?.code ?? exit?.signal}`);

  const verified = await withPglite(dataDir, async (db) => ({
    feedback: await verifyFeedback(db, { dataDir, acks: result.feedbackAcks, tag }),
    skins: await verifySkins(db, result.skinAcks),
  }));
  reportLoad("embedded", result, verified, server, 0);
  printLoadJson("embedded", result, verified, null);
  if (settings.only === "embedded-load") return;

  // Crash test on the same data directory, with the load users' sessions (they survived the restart).
  const logsBeforeCrash = server.errorLines.length;
  for (let round = 1; round <= settings.killRounds; round++) {
    const label = settings.killRounds > 1 ? `embedded, round ${round}/${settings.killRounds}` : "embedded";
    log(`${label}: crash test, ${settings.killWriters} writers, SIGKILL mid-stream`);
    await server.start();
    const killTag = `${runTag}k${round}`;
    const kill = await killDuringWrites({
      server,
      writers: settings.killWriters,
      sessions: result.sessions.slice(0, settings.killWriters),
      tag: killTag,
      ipBlock: 30,
    });
    await server.stop();
    let verifiedKill;
    try {
      verifiedKill = await withPglite(dataDir, (db) => verifyFeedback(db, { dataDir, acks: kill.acks, tag: killTag }));
    } catch (error) {
      verifiedKill = { error: `opening the data directory failed: ${error.message}` };
    }
    reportKill(label, kill, verifiedKill);
  }

  // The restore drill: a backup through the running portal (the data directory's owner), restored into a new DATA_DIR.
  log("embedded: backup while writers save feedback, restored into a new data directory");
  await server.start();
  const drill = await backupDuringWrites({
    server,
    env,
    writers: Math.min(4, settings.killWriters),
    sessions: result.sessions.slice(0, 4),
    tag: `${runTag}b`,
    ipBlock: 35,
    restoredEnv: async (restoredDir) => portalEnv({ port: await freePort(), dataDir: restoredDir }),
    verify: (target, acks) => withPglite(target.DATA_DIR, (db) => verifyFeedback(db, { dataDir: target.DATA_DIR, acks, tag: `${runTag}b` })),
  });
  await server.stop();
  reportBackupDrill("embedded", drill);
  const crashLogs = serverErrors(server, logsBeforeCrash);
  if (crashLogs.length)
    console.log(`note: the embedded server logged ${crashLogs.length} error line(s) around the crash:\n  ${crashLogs.slice(0, 10).join("\n  ")}`);
}

const PG_CHECKS = [
  "scale-out (PostgreSQL): session, lockout counter, captcha and preference shared by two processes",
  "crash (PostgreSQL): no acknowledged write lost, no half-written record visible",
  "backup (PostgreSQL): a backup taken during writes restores into a new database with every acknowledged write",
];

async function postgresPhase() {
  const loadOnly = settings.only === "postgres-load";
  const found = await findPostgres();
  if (found.skipped) {
    for (const name of PG_CHECKS)
      (postgresRequired ? (n) => check(false, n, `REQUIRE_POSTGRES=1 but ${found.skipped}`) : (n) => skip(n, `skipped: ${found.skipped}`))(name);
    return;
  }
  let database;
  try {
    database = await throwawayDatabase(found.url);
  } catch (error) {
    const reason = `could not create a database on ${redactUrl(found.url)}: ${error.message}`;
    // Named explicitly (CI): a failure. Only probed: PostgreSQL is optional here.
    for (const name of PG_CHECKS)
      (found.source === "TEST_DATABASE_URL" || postgresRequired ? (n) => check(false, n, reason) : (n) => skip(n, `skipped: ${reason}`))(name);
    return;
  }
  onCleanup(() => database.drop());
  log(`postgres: throwaway database ${database.name} on ${redactUrl(found.url)} (from ${found.source})`);

  // Both processes share DATA_DIR, as they would share a volume: uploads are files on local disk.
  const sharedDir = makeTempDir("portal-load-pg-");
  const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
  const a = new PortalProcess({ name: "A", port: portA, env: portalEnv({ port: portA, dataDir: sharedDir, databaseUrl: database.url }) });
  const b = new PortalProcess({ name: "B", port: portB, env: portalEnv({ port: portB, dataDir: sharedDir, databaseUrl: database.url }) });
  await a.start();
  await b.start();
  const proxy = await startProxy({
    port: portProxy,
    backends: [
      { name: "A", port: () => a.port },
      { name: "B", port: () => b.port },
    ],
  });
  onCleanup(() => proxy.close());
  const db = openPostgres(database.url);
  onCleanup(() => db.close());
  log(`postgres: A ${a.baseUrl} (ready after ${ms(a.bootMs)}), B ${b.baseUrl}, proxy ${proxy.baseUrl}`);

  // Crash writers share 5 sessions (tabs of 5 browsers): every sign-in costs a scrypt hash.
  const killNames = Array.from({ length: Math.min(5, settings.killWriters) }, (_, i) => `kill${String(i + 1).padStart(2, "0")}`);
  const loadNames = settings.pgLoad || loadOnly ? Array.from({ length: settings.users }, (_, i) => `load${String(i + 1).padStart(3, "0")}`) : [];
  await cloneUsers(db, DEMO_EXHIBITOR.username, ["lock01", ...killNames, ...loadNames]);

  // The capacity sweep wants the load alone: no scale-out checks, no crash.
  if (!loadOnly) {
    const { results } = await crossProcessChecks({ a, b, proxy, db, lockAccount: "lock01", password: DEMO_EXHIBITOR.password });
    for (const r of results) check(r.ok, `scale-out (PostgreSQL): ${r.name}`, r.detail);

    log(`postgres: crash test, ${settings.killWriters} writers on A, SIGKILL mid-stream`);
    const killTag = `${runTag}p`;
    const kill = await killDuringWrites({
      server: a,
      writers: settings.killWriters,
      accounts: killNames.map((username) => ({ username, password: DEMO_EXHIBITOR.password })),
      tag: killTag,
      ipBlock: 40,
      whileDown: async () => {
        const res = await fetch(`${b.baseUrl}/readyz`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        return `B /readyz ${res.status}`;
      },
    });
    let verifiedKill;
    try {
      verifiedKill = await verifyFeedback(db, { dataDir: sharedDir, acks: kill.acks, tag: killTag });
    } catch (error) {
      verifiedKill = { error: error.message };
    }
    reportKill("PostgreSQL", kill, verifiedKill);
    check(kill.whileDownResult === "B /readyz 200", "crash (PostgreSQL): B kept serving while A was down", kill.whileDownResult);

    log("postgres: backup while writers save feedback through A, restored into a new database");
    const drillTag = `${runTag}pb`;
    const drill = await backupDuringWrites({
      server: a,
      env: a.env,
      writers: Math.min(4, settings.killWriters),
      accounts: killNames.slice(0, 2).map((username) => ({ username, password: DEMO_EXHIBITOR.password })),
      tag: drillTag,
      ipBlock: 45,
      restoredEnv: async (restoredDir) => {
        const restoredDatabase = await throwawayDatabase(found.url);
        onCleanup(() => restoredDatabase.drop());
        return portalEnv({ port: await freePort(), dataDir: restoredDir, databaseUrl: restoredDatabase.url });
      },
      verify: async (target, acks) => {
        const restoredDb = openPostgres(target.DATABASE_URL);
        try {
          return await verifyFeedback(restoredDb, { dataDir: target.DATA_DIR, acks, tag: drillTag });
        } finally {
          await restoredDb.close();
        }
      },
    });
    reportBackupDrill("PostgreSQL", drill);
  }

  if (settings.pgLoad || loadOnly) {
    log(`postgres: ${settings.users} users for ${settings.durationMs / 1000} s through the proxy`);
    const tag = `${runTag}l`;
    const since = { A: a.errorLines.length, B: b.errorLines.length };
    const pids = [a.child.pid, b.child.pid];
    let windowCpuStart = null;
    let windowHashCpuStart = null;
    // The window on the monotonic clock V8's CPU profiles use (scripts/bench/profile.mjs cuts them to it).
    let windowStartUs = null;
    const monotonicUs = () => process.hrtime.bigint() / 1000n;
    const result = await runLoad({
      onWindowStart: () => {
        windowCpuStart = cpuMsOf(pids);
        windowHashCpuStart = hashThreadCpuMsOf(pids);
        windowStartUs = monotonicUs();
      },
      baseUrl: proxy.baseUrl,
      accounts: loadNames.map((username) => ({ username, password: DEMO_EXHIBITOR.password })),
      durationMs: settings.durationMs,
      thinkMs: settings.thinkMs,
      signInConcurrency: settings.signInConcurrency,
      tag,
      ipBlock: 50,
    });
    const windowCpuEnd = cpuMsOf(pids);
    const [hashStart, hashEnd] = [windowHashCpuStart, hashThreadCpuMsOf(pids)];
    console.log(`window-monotonic-us ${windowStartUs} ${monotonicUs()}`);
    const verified = {
      feedback: await verifyFeedback(db, { dataDir: sharedDir, acks: result.feedbackAcks, tag }),
      skins: await verifySkins(db, result.skinAcks),
    };
    reportLoad("PostgreSQL, 2 processes behind the proxy", result, verified, a, since.A);
    printLoadJson(
      "postgres",
      result,
      verified,
      windowCpuStart === null || windowCpuEnd === null ? null : windowCpuEnd - windowCpuStart,
      hashStart === null || hashEnd === null ? null : hashEnd - hashStart,
    );
    if (settings.cost) {
      log("postgres: CPU per request kind, each kind alone");
      const costs = await measureCostPerKind({ baseUrl: proxy.baseUrl, pids, account: { username: loadNames[0], password: DEMO_EXHIBITOR.password } });
      console.log(`cost-json ${JSON.stringify(costs)}`);
    }
    const errorsB = serverErrors(b, since.B);
    check(errorsB.length === 0, "load (PostgreSQL): process B logged no errors", errorsB.slice(0, 10));
    console.log(`proxy: ${[...proxy.served].map(([n, c]) => `${n} served ${c}`).join(", ")}`);
  } else {
    skip("load (PostgreSQL, 2 processes behind the proxy)", "optional, not run: set LOAD_PG_LOAD=1 (adds ~1.5 min)");
  }

  const [exitA, exitB] = await Promise.all([a.stop(), b.stop()]);
  check(
    exitA?.code === 0 && exitB?.code === 0,
    "scale-out (PostgreSQL): both processes shut down gracefully on SIGTERM",
    `A exit ${exitA?.code ?? exitA?.signal}, B exit ${exitB?.code ?? exitB?.signal}`,
  );
  const errors = [...serverErrors(a), ...serverErrors(b)];
  if (errors.length) console.log(`note: the PostgreSQL processes logged ${errors.length} error line(s):\n  ${errors.slice(0, 10).join("\n  ")}`);
}

// ---------------------------------------------------------------------------

async function main() {
  requireBuild();
  await snapshotBuild();
  console.log(
    `load and fault suite: ${settings.users} users, ${settings.durationMs / 1000} s window, think time ~${settings.thinkMs} ms, at most ${settings.signInConcurrency} sign-in posts at a time, ${settings.killWriters} crash writers, node ${process.version}`,
  );
  const phases = { "embedded-load": [embeddedPhase], "postgres-load": [postgresPhase] }[settings.only] ?? [embeddedPhase, postgresPhase];
  for (const phase of phases) {
    try {
      await phase();
    } catch (error) {
      check(
        false,
        `${phase.name}: aborted`,
        String(error.stack ?? error)
          .split("\n")
          .slice(0, 20),
      );
    }
  }
}

let finished = false;
async function finish(code) {
  if (finished) return;
  finished = true;
  await cleanup();
  const count = (s) => outcomes.filter((o) => o.status === s).length;
  const failed = count("FAIL");
  console.log(`\nload suite: ${count("PASS")} passed, ${failed} failed, ${count("SKIP")} skipped (${seconds(performance.now() - t0)})`);
  process.exit(code ?? (failed ? 1 : 0));
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping, cleaning up`);
    report("FAIL", `interrupted by ${signal}`);
    finish(130);
  });
}
const watchdog = setTimeout(() => {
  report("FAIL", `the suite took longer than LOAD_TIMEOUT=${settings.timeoutMs / 1000} s`);
  finish(1);
}, settings.timeoutMs);
watchdog.unref();

main().then(
  () => finish(),
  (error) => {
    report("FAIL", "suite error", String(error.stack ?? error));
    finish(1);
  },
);
