// The load and fault suite's settings, read from the environment once (README § Load and fault suite).
const intEnv = (name, fallback) => {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name}=${JSON.stringify(value)}: must be a non-negative number`);
  return number;
};

export const settings = {
  users: intEnv("LOAD_USERS", 100),
  durationMs: intEnv("LOAD_DURATION", 60) * 1000,
  thinkMs: intEnv("LOAD_THINK_MS", 3000),
  signInConcurrency: Math.max(1, intEnv("LOAD_SIGNIN_CONCURRENCY", 2)),
  killWriters: Math.max(1, intEnv("LOAD_KILL_WRITERS", 20)),
  killRounds: Math.max(1, intEnv("LOAD_KILL_ROUNDS", 1)),
  pgLoad: process.env.LOAD_PG_LOAD === "1",
  timeoutMs: intEnv("LOAD_TIMEOUT", 900) * 1000,
  /** Consecutive load runs on the same embedded server (the benchmark runs 2 to see whether memory grows). */
  runs: Math.max(1, intEnv("LOAD_RUNS", 1)),
  /**
   * `embedded-load`: only the embedded load runs (the benchmark's memory phase), no crash or PostgreSQL phase;
   * `postgres-load`: only the load through two processes on PostgreSQL (the capacity sweep, scripts/bench/capacity.mjs).
   */
  only: process.env.LOAD_ONLY ?? "",
  /** With LOAD_ONLY=postgres-load: afterwards, the CPU each kind of request costs alone (scripts/load/cost.mjs). */
  cost: process.env.LOAD_COST === "1",
};
/**
 * One server process's resident memory after the 100-user load must stay under this. Measured
 * 2026-11-24 with the embedded database: about 500 MB at boot (~200 MB of it the database's WASM
 * memory, which never shrinks) and about 600 MB after the load, the V8 heap capped at 384 MB as
 * `npm run serve` starts it. `npm run bench` runs the load twice to see whether memory grows.
 */
export const MEMORY_LIMIT_MB = intEnv("LOAD_MEMORY_LIMIT_MB", 700);
export const MEMORY_GROWTH_MB = 25;
