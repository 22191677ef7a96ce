// `npm run bench:capacity`: how many signed-in users the portal holds on this machine (issue 42).
//
// For each step of CAPACITY_USERS (default 100,200,300,400,500) the load suite runs only its
// PostgreSQL load (LOAD_ONLY=postgres-load: two portal processes behind a round-robin proxy, the
// load generator on the same cores): users sign in, open pages, post forms with images and think
// ~3 s for LOAD_DURATION (60) s. A step is held when the page and data p99 are under 1 s, the
// form posts' p99 under 2 s, nothing failed and every acknowledged write is found. The last step
// also measures the CPU of each request kind alone (scripts/load/cost.mjs).
//
// Prints a table per step and the largest number of users held; writes CAPACITY_OUT
// (bench/capacity.json). Needs the production build (`npm run build`) and PostgreSQL
// (TEST_DATABASE_URL, or 127.0.0.1:5432). A measurement, never a test: nothing here fails CI.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runPostgresLoad } from "./postgres-load.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const steps = (process.env.CAPACITY_USERS ?? "100,200,300,400,500").split(",").map((n) => Number(n.trim()));
if (!steps.length || steps.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("CAPACITY_USERS: a comma-separated list of user counts");
const outFile = path.resolve(root, process.env.CAPACITY_OUT ?? "bench/capacity.json");
/** The goals users feel (issue 42). */
const GOALS = { pageP99Ms: 1000, postP99Ms: 2000 };
const PAGE_KINDS = ["page", "data"];

/** Runs one step of the load suite; resolves with its `load-json` and `cost-json` lines and exit code. */
async function runStep(users, withCost) {
  const { code, line } = await runPostgresLoad(users, { LOAD_COST: withCost ? "1" : "0", LOAD_TIMEOUT: process.env.LOAD_TIMEOUT ?? "1800" });
  const load = line("load-json ");
  const cost = line("cost-json ");
  return { code, load: load ? JSON.parse(load) : null, cost: cost ? JSON.parse(cost) : null };
}

function judge(load) {
  if (!load) return { held: false, why: "no figures (the step failed)" };
  const kinds = new Map(load.window.byKind.map((k) => [k.kind, k]));
  const pageP99 = Math.max(0, ...PAGE_KINDS.map((k) => kinds.get(k)?.p99 ?? 0));
  const postP99 = kinds.get("post")?.p99 ?? 0;
  const errors = load.window.errors + load.signIn.errors + load.window.usersFailed;
  const reasons = [
    pageP99 >= GOALS.pageP99Ms && `page p99 ${Math.round(pageP99)} ms`,
    postP99 >= GOALS.postP99Ms && `post p99 ${Math.round(postP99)} ms`,
    errors > 0 && `${errors} errors`,
    load.writes.missing > 0 && `${load.writes.missing} writes missing`,
  ].filter(Boolean);
  return { held: reasons.length === 0, why: reasons.join(", "), pageP99, postP99, errors };
}

const ms = (value) => (value === null || value === undefined || Number.isNaN(value) ? "–" : `${Math.round(value)} ms`);

async function main() {
  const results = [];
  for (const [index, users] of steps.entries()) {
    console.error(`\ncapacity: step ${index + 1}/${steps.length}, ${users} users`);
    const step = await runStep(users, index === steps.length - 1);
    results.push({ users, exitCode: step.code, load: step.load, cost: step.cost, verdict: judge(step.load) });
  }
  const held = results.filter((r) => r.verdict.held).map((r) => r.users);
  const report = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    goals: GOALS,
    steps: results,
    largestHeld: held.length ? Math.max(...held) : 0,
  };
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);

  console.log("\ncapacity sweep (PostgreSQL, two processes behind a proxy, the load generator on the same cores)");
  console.log(
    "users | req/s | page p99 | data p99 | post p99 | sign-in p99 (before) | sign-in p99 (window) | busy answers | errors | CPU ms/request | without hashes | held",
  );
  for (const r of results) {
    const kinds = new Map((r.load?.window.byKind ?? []).map((k) => [k.kind, k]));
    console.log(
      [
        r.users,
        r.load ? r.load.window.requestsPerSecond.toFixed(1) : "–",
        ms(kinds.get("page")?.p99),
        ms(kinds.get("data")?.p99),
        ms(kinds.get("post")?.p99),
        ms(r.load?.signIn.p99),
        ms(kinds.get("login")?.p99),
        kinds.get("login (busy: try again)")?.count ?? 0,
        r.verdict.errors ?? "–",
        r.load?.window.serverCpuMsPerRequest?.toFixed(1) ?? "–",
        r.load?.window.serverCpuMsPerRequestWithoutHashes?.toFixed(1) ?? "–",
        r.verdict.held ? "yes" : `no (${r.verdict.why})`,
      ].join(" | "),
    );
  }
  const cost = results.at(-1)?.cost;
  if (cost) {
    console.log("\nCPU per request kind, each alone (both processes):");
    for (const c of cost)
      console.log(`  ${c.kind.padEnd(48)} ${c.cpuMsPerRequest === null ? "–" : c.cpuMsPerRequest.toFixed(1).padStart(7)} ms CPU   p50 ${ms(c.p50Ms)}`);
  }
  console.log(`\nlargest number of users held: ${report.largestHeld}`);
  console.error(`capacity: wrote ${path.relative(process.cwd(), outFile) || outFile}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
