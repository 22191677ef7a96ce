// Point 2: writers save feedback (some with an image) while the server process is killed with
// SIGKILL; the process is started again on the same data. Afterwards every acknowledged write
// must be there, complete, and nothing half-written may be visible.
import { feedbackImageField } from "./client.mjs";
import { sleep } from "./util.mjs";
import { feedbackBrowsers, startFeedbackWriters } from "./writers.mjs";

/**
 * @param {{ server: import("./server.mjs").PortalProcess, writers: number, tag: string, ipBlock: number,
 *           accounts?: {username:string,password:string}[], sessions?: {username:string,cookies:Map}[],
 *           minAcks?: number, minMs?: number, whileDown?: () => Promise<string> }} options
 * Writers use `sessions` (cookie jars signed in earlier; sessions live in the database) or sign in
 * `accounts` first; several writers may share one session, like tabs of one browser.
 * `server` is running; after this returns it has been killed and started again (same env, port).
 */
export async function killDuringWrites({ server, writers: writerCount, tag, ipBlock, accounts = [], sessions = [], minAcks = 20, minMs = 400, whileDown }) {
  const { browsers, owners, sessions: signedIn } = await feedbackBrowsers({ baseUrl: server.baseUrl, count: writerCount, ipBlock, accounts, sessions });

  const writers = startFeedbackWriters({ browsers, usernames: owners.map((o) => o.username), tag });
  const { acks, errors: errorsBeforeKill } = writers;
  let inFlightAtKill = 0;

  const startedAt = performance.now();
  const imagesWanted = feedbackImageField() ? minAcks / 4 : 0;
  const enough = () => acks.length >= minAcks && acks.filter((a) => a.imageSha).length >= imagesWanted && performance.now() - startedAt >= minMs;
  while (!enough() && errorsBeforeKill.length === 0 && performance.now() - startedAt < 60_000) await sleep(10);
  await sleep(Math.random() * 150);
  inFlightAtKill = browsers.reduce((sum, b) => sum + b.inFlight, 0);
  const acksAtKill = acks.length;
  writers.stop();
  const exit = await server.kill();
  const writeMs = performance.now() - startedAt;
  await writers.done;
  const whileDownResult = whileDown ? await whileDown().catch((error) => `failed: ${error.message}`) : null;

  const restartStarted = performance.now();
  let restartError = null;
  try {
    await server.start({ timeoutMs: 120_000 });
  } catch (error) {
    restartError = error.message;
  }
  const restartMs = performance.now() - restartStarted;

  // After the restart: an old session still works (sessions are writes too) and a new write succeeds.
  let afterRestart = null;
  if (!restartError) {
    try {
      const browser = browsers[0];
      browser.currentPath = null;
      browser.javascript = false;
      await browser.loadDocument("/feedback");
      const token = `${tag}-after-restart`;
      const content = `${token} written after the restart`;
      await browser.submitFeedback({ type: 5, content }, () => acks.push({ token, username: owners[0].username, type: 5, content, imageSha: null }));
      afterRestart = "ok";
    } catch (error) {
      afterRestart = error.message;
    }
  }
  return {
    acks,
    acksAtKill,
    attempted: writers.attempted(),
    inFlightAtKill,
    errorsBeforeKill,
    exit,
    writeMs,
    restartMs,
    restartError,
    afterRestart,
    writers: writerCount,
    sessions: signedIn.length,
    whileDownResult,
  };
}
