// Point 2: writers save feedback (some with an image) while the server process is killed with
// SIGKILL; the process is started again on the same data. Afterwards every acknowledged write
// must be there, complete, and nothing half-written may be visible.
import { Browser, feedbackImageField, Stats } from "./client.mjs";
import { makePng, sha256, sleep } from "./util.mjs";
import { userIp } from "./load.mjs";

/**
 * @param {{ server: import("./server.mjs").PortalProcess, writers: number, tag: string, ipBlock: number,
 *           accounts?: {username:string,password:string}[], sessions?: {username:string,cookies:Map}[],
 *           minAcks?: number, minMs?: number, whileDown?: () => Promise<string> }} options
 * Writers use `sessions` (cookie jars signed in earlier; sessions live in the database) or sign in
 * `accounts` first; several writers may share one session, like tabs of one browser.
 * `server` is running; after this returns it has been killed and started again (same env, port).
 */
export async function killDuringWrites({ server, writers: writerCount, tag, ipBlock, accounts = [], sessions = [], minAcks = 20, minMs = 400, whileDown }) {
  const stats = new Stats();
  const signedIn = [...sessions];
  await Promise.all(
    accounts.map(async (account, i) => {
      const browser = new Browser({ baseUrl: server.baseUrl, ip: userIp(i, ipBlock), stats, timeoutMs: 60_000 });
      await browser.signIn(account.username, account.password);
      signedIn.push({ username: account.username, cookies: browser.cookies });
    }),
  );
  const owners = Array.from({ length: writerCount }, (_, i) => signedIn[i % signedIn.length]);
  const browsers = owners.map((owner, i) => {
    const browser = new Browser({ baseUrl: server.baseUrl, ip: userIp(i, ipBlock), javascript: i % 2 === 0, stats, timeoutMs: 60_000 });
    browser.cookies = owner.cookies;
    return browser;
  });
  await Promise.all(browsers.map((b) => b.loadDocument("/feedback")));

  const acks = [];
  const errorsBeforeKill = [];
  let attempted = 0;
  let killed = false;
  let inFlightAtKill = 0;
  const images = Array.from({ length: 4 }, (_, i) => makePng(100 + i));

  async function writer(i) {
    const browser = browsers[i];
    for (let seq = 1; !killed; seq++) {
      const token = `${tag}-${i}-${seq}`;
      const type = 1 + (seq % 5);
      const content = `${token} crash test 崩溃测试 writer ${i} write ${seq}`;
      // Every second write has an image: the file is written first, then its row, then the feedback row.
      const image = feedbackImageField() && (i + seq) % 2 === 1 ? { bytes: images[seq % images.length], name: `crash-${seq}.png` } : null;
      attempted++;
      try {
        await browser.submitFeedback({ type, content, image }, () =>
          acks.push({ token, username: owners[i].username, type, content, imageSha: image ? sha256(image.bytes) : null }),
        );
      } catch (error) {
        if (!killed) errorsBeforeKill.push(error.message);
        return;
      }
    }
  }

  const startedAt = performance.now();
  const writers = browsers.map((_, i) => writer(i));
  const imagesWanted = feedbackImageField() ? minAcks / 4 : 0;
  const enough = () => acks.length >= minAcks && acks.filter((a) => a.imageSha).length >= imagesWanted && performance.now() - startedAt >= minMs;
  while (!enough() && errorsBeforeKill.length === 0 && performance.now() - startedAt < 60_000) await sleep(10);
  await sleep(Math.random() * 150);
  inFlightAtKill = browsers.reduce((sum, b) => sum + b.inFlight, 0);
  const acksAtKill = acks.length;
  killed = true;
  const exit = await server.kill();
  const writeMs = performance.now() - startedAt;
  await Promise.all(writers);
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
    attempted,
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
