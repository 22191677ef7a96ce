import crypto from "node:crypto";
import { Worker } from "node:worker_threads";

/**
 * Where scrypt runs (issue 42, docs/decisions/041). A sign-in costs ~0.4 s of CPU by design; run on
 * libuv's shared pool at normal priority, a burst of sign-ins took the cores from page requests and
 * every page of the portal waited behind them. Here each process hashes on one worker thread whose
 * nice value is raised (Linux keeps nice per thread), so pages always win the CPU and hashes use
 * what is left; the callers wait in an in-order queue.
 *
 * The queue is bounded for sign-ins (`refuseWhenBusy`): when MAX_WAITING_SIGN_INS already wait, or the
 * wait would pass MAX_EXPECTED_WAIT_MS at the recent pace (slower while pages keep the cores busy), the
 * caller gets a HashQueueFull with the expected wait, which the API answers as "try again in N
 * seconds" instead of holding a connection for minutes. Seeding and password changes always wait.
 */
export const HASH_THREAD_NICE = 10;
const MAX_WAITING_SIGN_INS = 48;
const MAX_EXPECTED_WAIT_MS = 20_000;

export type ScryptParams = { N: number; r: number; p: number };
type Job = { password: string; salt: Buffer; keyLength: number; params: ScryptParams };
type Pending = Job & { resolve: (hash: Buffer) => void; reject: (error: Error) => void; startedAt: number };

export class HashQueueFull extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super("too many sign-ins are waiting for a password check");
    this.name = "HashQueueFull";
  }
}

const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const crypto = require("node:crypto");
// Lower only: a process already nicer than this keeps its nice (root could otherwise raise it).
try { const os = require("node:os"); if (os.getPriority(0) < ${HASH_THREAD_NICE}) os.setPriority(0, ${HASH_THREAD_NICE}); } catch {}
// This thread's own CPU time so far, in ms (Linux: /proc/thread-self, in clock ticks of 10 ms), or null.
const fs = require("node:fs");
function threadCpuMs() {
  try {
    const stat = fs.readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch { return null; }
}
parentPort.on("message", ({ password, salt, keyLength, params }) => {
  try {
    const maxmem = 128 * params.N * params.r * 2;
    const hash = crypto.scryptSync(password, Buffer.from(salt), keyLength, { ...params, maxmem });
    parentPort.postMessage({ hash, cpuMs: threadCpuMs() });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

let worker: Worker | null = null;
let running: Pending | null = null;
const waiting: Pending[] = [];
/** Recent hash durations (ms, from start to answer) on this process: the pace a waiting caller can expect. */
let averageMs = 400;
/**
 * CPU time the hash threads of this process have used, in ms (Linux; 0 elsewhere): the metrics'
 * portal_password_hash_cpu_seconds_total, so the CPU of pages and of sign-ins can be told apart.
 */
let hashCpuMs = 0;

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  // The thread's own total so far: a new thread starts from zero.
  let threadCpuMs = 0;
  started.on("message", (answer: { hash?: Uint8Array; error?: string; cpuMs?: number | null }) => {
    if (typeof answer.cpuMs === "number" && answer.cpuMs >= threadCpuMs) {
      hashCpuMs += answer.cpuMs - threadCpuMs;
      threadCpuMs = answer.cpuMs;
    }
    const job = running;
    running = null;
    if (job) {
      averageMs = averageMs * 0.8 + (performance.now() - job.startedAt) * 0.2;
      if (answer.hash) job.resolve(Buffer.from(answer.hash));
      else job.reject(new Error(answer.error ?? "scrypt failed"));
    }
    next();
  });
  // A thread that dies (an error, out of memory) fails the hash it held; the next hash starts a new one.
  const lost = (error: Error) => {
    if (worker !== started) return;
    worker = null;
    const job = running;
    running = null;
    job?.reject(error);
    next();
  };
  started.on("error", lost);
  started.on("exit", (code) => lost(new Error(`the password hash thread stopped (exit code ${code})`)));
  return started;
}

/** For tests: while held, no waiting hash starts (holdHashQueue). */
let held = false;

function next() {
  if (running || held) return;
  const job = waiting.shift();
  if (!job) {
    worker?.unref();
    return;
  }
  worker ??= startWorker();
  worker.ref(); // a hash in progress keeps the process alive until it answers
  running = job;
  job.startedAt = performance.now();
  worker.postMessage({ password: job.password, salt: job.salt, keyLength: job.keyLength, params: job.params });
}

/** scrypt on the low-priority hash thread, in arrival order. */
export function scryptOnHashThread(job: Job, options: { refuseWhenBusy?: boolean } = {}): Promise<Buffer> {
  const expectedWaitMs = (waiting.length + (running ? 1 : 0)) * averageMs;
  if (options.refuseWhenBusy && (waiting.length >= MAX_WAITING_SIGN_INS || expectedWaitMs > MAX_EXPECTED_WAIT_MS)) {
    return Promise.reject(new HashQueueFull(Math.max(1, Math.ceil(expectedWaitMs / 1000))));
  }
  return new Promise<Buffer>((resolve, reject) => {
    waiting.push({ ...job, resolve, reject, startedAt: 0 });
    next();
  });
}

/** For tests: stops the hash thread as a crash would. */
export function stopHashThread() {
  return worker?.terminate();
}

/**
 * For tests: no waiting hash starts until the returned release is called, so a test can fill the queue
 * with cheap hashes and know it stays full, whatever share of a core the niced hash thread gets.
 */
export function holdHashQueue(): () => void {
  held = true;
  return () => {
    held = false;
    next();
  };
}

/** How many hashes wait, whether one runs, and the CPU the hash threads used so far (metrics, tests). */
export function hashQueueState() {
  return { waiting: waiting.length, running: running !== null, cpuSeconds: hashCpuMs / 1000 };
}

export const randomSalt = () => crypto.randomBytes(16);
