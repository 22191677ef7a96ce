// Point 4 (issue 53): the restore drill. Writers save feedback (some with an image) while `cli.js
// backup` runs against the live portal; the archive is restored into a new data directory (and, on
// PostgreSQL, a new database), the portal starts on it, and every write acknowledged before the backup
// began must be there with its bytes, and nothing half there. A restore into the live data is refused.
import fs from "node:fs";
import path from "node:path";
import { PortalProcess, runCli } from "./server.mjs";
import { check } from "./report.mjs";
import { makeTempDir, ms, sleep } from "./util.mjs";
import { feedbackBrowsers, startFeedbackWriters } from "./writers.mjs";

/**
 * @param {{ server: PortalProcess, env: NodeJS.ProcessEnv, writers: number, tag: string, ipBlock: number,
 *           accounts?: {username:string,password:string}[], sessions?: {username:string,cookies:Map}[],
 *           restoredEnv: (dataDir: string) => Promise<NodeJS.ProcessEnv>, verify: (env: NodeJS.ProcessEnv, acks: object[]) => Promise<object> }} options
 * `server` runs on `env`; `restoredEnv` names a new, empty target (its DATA_DIR, and DATABASE_URL on PostgreSQL).
 */
export async function backupDuringWrites({ server, env, writers: writerCount, tag, ipBlock, accounts = [], sessions = [], restoredEnv, verify }) {
  const { browsers, owners } = await feedbackBrowsers({ baseUrl: server.baseUrl, count: writerCount, ipBlock, accounts, sessions });
  const writers = startFeedbackWriters({ browsers, usernames: owners.map((o) => o.username), tag });
  const result = { errors: writers.errors, acksBefore: 0, acksDuring: 0, backupOutput: "", archive: null, backupMs: 0 };
  // Some writes first (with images), so the backup has acknowledged writes to keep.
  const started = performance.now();
  while (writers.acks.filter((a) => a.imageSha).length < 5 && writers.errors.length === 0 && performance.now() - started < 60_000) await sleep(10);
  const acked = writers.acks.slice();
  result.acksBefore = acked.length;
  const folder = makeTempDir("portal-backups-");
  const backupStarted = performance.now();
  try {
    result.backupOutput = await runCli(["backup", "--to", folder], env);
  } catch (error) {
    result.backupError = error.message;
  }
  result.backupMs = performance.now() - backupStarted;
  result.acksDuring = writers.acks.length - acked.length;
  writers.stop();
  await writers.done;
  result.archive = fs.readdirSync(folder).find((name) => name.endsWith(".tar.gz")) ?? null;
  if (!result.archive) return result;
  const archive = path.join(folder, result.archive);

  // A restore into the live portal's data is refused, and changes nothing.
  result.refusedLive = await runCli(["restore", archive], env).then(
    () => "restored into the live data!",
    (error) => error.message.split("\n").slice(0, 2).join(" "),
  );

  const target = await restoredEnv(makeTempDir("portal-restored-"));
  try {
    result.restoreOutput = await runCli(["restore", archive], target);
  } catch (error) {
    result.restoreError = error.message;
    return result;
  }
  const restored = new PortalProcess({ name: "restored", port: Number(target.PORT), env: target });
  try {
    await restored.start({ timeoutMs: 120_000 });
    // The sessions were restored too: an old session's page opens on the restored portal.
    const browser = browsers[0];
    browser.baseUrl = restored.baseUrl;
    browser.origin = new URL(restored.baseUrl).origin;
    browser.currentPath = null;
    browser.javascript = false;
    await browser.loadDocument("/feedback");
    result.restoredServes = "ok";
  } catch (error) {
    result.restoredServes = error.message.split("\n").slice(0, 5).join(" ");
  } finally {
    await restored.stop();
  }
  result.verified = await verify(target, acked);
  return result;
}

export function reportBackupDrill(label, r) {
  const restoredOk = !r.backupError && r.archive && !r.restoreError && r.restoredServes === "ok";
  check(
    restoredOk && r.errors.length === 0,
    `backup (${label}): a backup taken while writers saved feedback restores into a new, empty target, and the portal starts on it`,
    [
      r.backupError
        ? `backup failed: ${r.backupError}`
        : `backup ${r.archive} in ${ms(r.backupMs)}; ${r.acksBefore} writes acknowledged before it, ${r.acksDuring} while it ran`,
      ...(r.restoreError ? [`restore failed: ${r.restoreError}`] : r.restoreOutput ? [r.restoreOutput.trim().split("\n")[0]] : []),
      ...(r.restoredServes && r.restoredServes !== "ok"
        ? [`restored portal: ${r.restoredServes}`]
        : r.restoredServes
          ? ["the restored portal started and served an old session's /feedback"]
          : []),
      ...r.errors.slice(0, 5),
    ],
  );
  const v = r.verified;
  if (!v) return;
  const lost = [...v.missing.map((t) => `lost: ${t}`), ...v.wrong];
  check(
    lost.length === 0 && v.halfWritten.length === 0,
    `backup (${label}): every write acknowledged before the backup is in the restored copy with its bytes, none half there`,
    [
      `${v.found}/${v.acked} acknowledged writes found, ${v.complete} complete (${v.withImage} with an image); ${v.unacknowledgedStored} writes made while the backup ran came along`,
      ...lost.slice(0, 10),
      ...v.halfWritten.slice(0, 10),
    ],
  );
  check(
    /in use by the portal server|is not empty/.test(r.refusedLive ?? ""),
    `backup (${label}): a restore into the running portal's data is refused`,
    r.refusedLive,
  );
}
