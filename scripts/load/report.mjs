// What the load and fault suite prints: one PASS/FAIL/SKIP line per check with its details, the
// load's tables, and the one-line JSON figures the benchmark and the capacity sweep read.
import fs from "node:fs";
import { MEMORY_GROWTH_MB, MEMORY_LIMIT_MB, settings } from "./settings.mjs";
import { ms, seconds, table } from "./util.mjs";

export const outcomes = [];
export const t0 = performance.now();
export const log = (message) => console.log(`[${seconds(performance.now() - t0).padStart(7)}] ${message}`);

export function report(status, name, detail) {
  outcomes.push({ status, name });
  console.log(`${status.padEnd(4)}  ${name}`);
  for (const line of [detail].flat().filter(Boolean)) console.log(`      ${line}`);
}
export const check = (ok, name, detail) => report(ok ? "PASS" : "FAIL", name, detail);
export const skip = (name, reason) => report("SKIP", name, reason);

export function serverErrors(proc, since = 0) {
  return proc.errorLines.slice(since).map((e) => `${proc.name}: ${e.msg ?? ""} ${e.err?.message ?? ""} ${e.req?.url ?? ""}`.trim());
}

function loadTables(label, result, verified) {
  const { signIn } = result;
  const acked = verified.feedback.acked + verified.skins.acked;
  const found = verified.feedback.found + verified.skins.found;
  const row = (phase, r, users, writes) => [
    phase,
    users,
    seconds(r.elapsedMs),
    r.stats.requests,
    (r.stats.requests / (r.elapsedMs / 1000)).toFixed(1),
    ms(r.p50),
    ms(r.p99),
    r.stats.errors,
    ...writes,
  ];
  console.log(
    `\n${table([
      ["phase", "users", "duration", "requests", "req/s", "p50", "p99", "errors", "acknowledged writes", "writes found"],
      row(`sign-in (${label}, ${settings.signInConcurrency} posts at a time)`, signIn, `${signIn.signedIn}/${settings.users}`, ["–", "–"]),
      row(`browse and save (${label})`, result, settings.users - result.usersFailed, [
        `${acked} (${verified.feedback.acked} feedback, ${verified.feedback.withImage} with an image; ${verified.skins.acked} users' skins)`,
        found,
      ]),
    ])}\n`,
  );
  const kinds = new Map(signIn.byKind.map((k) => [k.kind, { signIn: k }]));
  for (const k of result.byKind) kinds.set(k.kind, { ...kinds.get(k.kind), window: k });
  const cell = (k) => (k ? [k.count, ms(k.p50), ms(k.p99), k.errors] : ["–", "–", "–", "–"]);
  console.log(
    `${table([
      ["request kind", "sign-in: count", "p50", "p99", "errors", "window: count", "p50", "p99", "errors"],
      ...[...kinds].map(([kind, k]) => [kind, ...cell(k.signIn), ...cell(k.window)]),
    ])}\n`,
  );
}

/**
 * The figures of one load for the capacity sweep (scripts/bench/capacity.mjs), on one line.
 * `windowHashCpuMs`: the part of the servers' CPU in the window that was password hashes (null: not known).
 */
export function printLoadJson(label, result, verified, windowCpuMs, windowHashCpuMs = null) {
  const { stats, signIn } = result;
  const figures = {
    label,
    users: settings.users,
    durationSec: settings.durationMs / 1000,
    signIn: { signedIn: signIn.signedIn, elapsedMs: signIn.elapsedMs, p50: signIn.p50, p99: signIn.p99, errors: signIn.stats.errors },
    window: {
      requests: stats.requests,
      requestsPerSecond: stats.requests / (result.elapsedMs / 1000),
      p50: result.p50,
      p99: result.p99,
      errors: stats.errors,
      usersFailed: result.usersFailed,
      byKind: result.byKind.map(({ kind, count, errors, p50, p99 }) => ({ kind, count, errors, p50, p99 })),
      serverCpuMs: windowCpuMs,
      serverCpuMsPerRequest: windowCpuMs === null ? null : windowCpuMs / Math.max(1, stats.requests),
      // Sign-ins' hashes cost ~0.4–0.9 s each by design and take whatever CPU is left: apart, the pages' own cost.
      hashCpuMs: windowHashCpuMs,
      serverCpuMsPerRequestWithoutHashes:
        windowCpuMs === null || windowHashCpuMs === null ? null : (windowCpuMs - windowHashCpuMs) / Math.max(1, stats.requests),
    },
    writes: {
      acknowledged: verified.feedback.acked + verified.skins.acked,
      found: verified.feedback.found + verified.skins.found,
      missing: verified.feedback.missing.length + verified.feedback.wrong.length + verified.skins.wrong.length,
    },
  };
  console.log(`load-json ${JSON.stringify(figures)}`);
}

export function reportLoad(label, result, verified, proc, logSince) {
  const { stats, signIn } = result;
  const full = settings.users >= 100 && settings.durationMs >= 60_000;
  const scope = `${settings.users} users, ${settings.durationMs / 1000} s${full ? "" : " (below the issue's 100 users for 60 s)"}`;
  const errors = stats.errors + signIn.stats.errors;
  check(
    errors === 0 && signIn.signedIn === settings.users && result.usersFailed === 0,
    `load (${label}): ${scope} signing in, browsing and saving forms, 0 errors`,
    [
      `sign-in: ${signIn.signedIn}/${settings.users} users in ${seconds(signIn.elapsedMs)} (${signIn.stats.requests} requests, ${signIn.stats.errors} errors); window: ${stats.requests} requests in ${seconds(result.elapsedMs)}, ${stats.errors} errors`,
      ...[...signIn.stats.errorReasons, ...stats.errorReasons].map(([reason, count]) => `${count} × ${reason}`),
      ...[...signIn.stats.errorSamples, ...stats.errorSamples].slice(0, 8).map((e) => `e.g. ${e.message}`),
    ],
  );
  const missing = [...verified.feedback.missing, ...verified.feedback.wrong, ...verified.skins.wrong];
  check(missing.length === 0 && verified.feedback.acked > 0, `load (${label}): every acknowledged write is in the database`, [
    `feedback ${verified.feedback.found}/${verified.feedback.acked} found, ${verified.feedback.complete} complete (${verified.feedback.withImage} with an image, bytes compared), skins ${verified.skins.found}/${verified.skins.acked}`,
    result.imageField ? `images sent through the form's file input "${result.imageField}"` : "note: the feedback page has no file input; no images were sent",
    ...missing.slice(0, 10).map((m) => `missing or wrong: ${m}`),
  ]);
  check(
    verified.feedback.halfWritten.length === 0,
    `load (${label}): no half-written record (every image row has its file, complete)`,
    verified.feedback.halfWritten.slice(0, 10),
  );
  const logged = serverErrors(proc, logSince);
  check(logged.length === 0, `load (${label}): the server logged no errors`, logged.slice(0, 10));
  loadTables(label, result, verified);
}

/** Resident set size of a process, in MB (Linux /proc), or null. */
export function residentMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

export function reportMemory(memory) {
  const highest = Math.max(...memory.map((m) => m.rssMb ?? Infinity));
  check(
    highest <= MEMORY_LIMIT_MB,
    `memory (embedded): one server process's RSS after the ${settings.users}-user load is under ${MEMORY_LIMIT_MB} MB`,
    `RSS ${memory.map((m) => `${m.rssMb} MB after run ${m.run}`).join(", ")}`,
  );
  if (memory.length > 1) {
    // The embedded database's buffers fill during the first runs (WASM memory never shrinks): the last two runs are compared.
    const [before, after] = memory.slice(-2);
    const growth = after.rssMb - before.rssMb;
    check(
      growth <= MEMORY_GROWTH_MB,
      `memory (embedded): no growth between the last two consecutive load runs (under ${MEMORY_GROWTH_MB} MB)`,
      `${growth >= 0 ? "+" : ""}${growth} MB from run ${before.run} to run ${after.run}`,
    );
  }
  // For the benchmark (scripts/bench), which runs this suite for its memory figures.
  console.log(`memory-json ${JSON.stringify({ users: settings.users, durationSec: settings.durationMs / 1000, limitMb: MEMORY_LIMIT_MB, runs: memory })}`);
}

export function reportKill(label, kill, verified) {
  check(kill.errorsBeforeKill.length === 0, `crash (${label}): ${kill.writers} writers saved feedback without errors until the kill`, [
    `${kill.writers} writers on ${kill.sessions} sessions: ${kill.acksAtKill} writes acknowledged in ${ms(kill.writeMs)}, ${kill.inFlightAtKill} requests in flight at SIGKILL (exit: ${kill.exit?.signal ?? kill.exit?.code})`,
    ...kill.errorsBeforeKill.slice(0, 5),
  ]);
  check(
    !kill.restartError && kill.afterRestart === "ok",
    `crash (${label}): the server starts again on the same data and serves the old session`,
    kill.restartError
      ? kill.restartError.split("\n").slice(0, 15)
      : [
          `ready again after ${ms(kill.restartMs)}; ${kill.afterRestart === "ok" ? "an old session loaded /feedback and saved one more feedback" : kill.afterRestart}`,
        ],
  );
  if (!verified) return;
  if (verified.error) {
    check(false, `crash (${label}): the database can be read after the crash`, verified.error);
    return;
  }
  const lost = [...verified.missing.map((t) => `lost: ${t}`), ...verified.wrong];
  check(lost.length === 0, `crash (${label}): no acknowledged write lost`, [
    `${verified.found}/${verified.acked} acknowledged writes found, ${verified.complete} complete (${verified.withImage} with an image); of the writes in flight at the kill, ${verified.unacknowledgedStored} were stored anyway`,
    ...lost.slice(0, 15),
  ]);
  check(verified.halfWritten.length === 0, `crash (${label}): no half-written record visible`, [
    `every feedback image has its stored_files row and its complete file; invisible leftovers of writes cut short: ${verified.unreferencedUploads} stored file row(s) without a feedback, ${verified.orphanFiles} complete file(s) without a row, ${verified.partFiles} partial upload(s) (.part)`,
    ...verified.halfWritten.slice(0, 15),
  ]);
}
