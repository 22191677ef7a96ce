// Writers that save feedback (every second one with an image) until stopped, recording each write the
// server acknowledged: the crash test (kill.mjs) and the backup drill (backup-drill.mjs) check them.
import { Browser, feedbackImageField, Stats } from "./client.mjs";
import { userIp } from "./load.mjs";
import { makePng, sha256 } from "./util.mjs";

/**
 * `count` browsers on `/feedback`, each with the cookies of one of `sessions` (signed in earlier;
 * sessions live in the database) or of `accounts` signed in here; several may share one session, like
 * tabs of one browser. Every second one posts without JavaScript.
 */
export async function feedbackBrowsers({ baseUrl, count, ipBlock, accounts = [], sessions = [] }) {
  const stats = new Stats();
  const signedIn = [...sessions];
  await Promise.all(
    accounts.map(async (account, i) => {
      const browser = new Browser({ baseUrl, ip: userIp(i, ipBlock), stats, timeoutMs: 60_000 });
      await browser.signIn(account.username, account.password);
      signedIn.push({ username: account.username, cookies: browser.cookies });
    }),
  );
  const owners = Array.from({ length: count }, (_, i) => signedIn[i % signedIn.length]);
  const browsers = owners.map((owner, i) => {
    const browser = new Browser({ baseUrl, ip: userIp(i, ipBlock), javascript: i % 2 === 0, stats, timeoutMs: 60_000 });
    browser.cookies = owner.cookies;
    return browser;
  });
  await Promise.all(browsers.map((b) => b.loadDocument("/feedback")));
  return { browsers, owners, sessions: signedIn };
}

/**
 * @param {{ browsers: import("./client.mjs").Browser[], usernames: string[], tag: string }} options
 * Each browser writes one feedback after the other; `acks` grows as writes are acknowledged.
 * An error while not stopped ends that writer and is kept in `errors`.
 */
export function startFeedbackWriters({ browsers, usernames, tag }) {
  const acks = [];
  const errors = [];
  let stopped = false;
  let attempted = 0;
  const images = Array.from({ length: 4 }, (_, i) => makePng(100 + i));

  async function writer(i) {
    const browser = browsers[i];
    for (let seq = 1; !stopped; seq++) {
      const token = `${tag}-${i}-${seq}`;
      const type = 1 + (seq % 5);
      const content = `${token} crash test 崩溃测试 writer ${i} write ${seq}`;
      // Every second write has an image: the file is written first, then its row, then the feedback row.
      const image = feedbackImageField() && (i + seq) % 2 === 1 ? { bytes: images[seq % images.length], name: `crash-${seq}.png` } : null;
      attempted++;
      try {
        await browser.submitFeedback({ type, content, image }, () =>
          acks.push({ token, username: usernames[i], type, content, imageSha: image ? sha256(image.bytes) : null }),
        );
      } catch (error) {
        if (!stopped) errors.push(error.message);
        return;
      }
    }
  }

  const done = Promise.all(browsers.map((_, i) => writer(i)));
  return {
    acks,
    errors,
    attempted: () => attempted,
    /** Stops after each writer's current write (errors from now on are expected: a kill). */
    stop() {
      stopped = true;
    },
    done,
  };
}
