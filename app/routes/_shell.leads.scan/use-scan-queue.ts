import { useCallback, useEffect, useRef, useState } from "react";
import type { LeadScanResult } from "~/contracts/leads/api-types";
import { leadCodeOf, SCANNED_TEXT_MAX } from "~/contracts/leads/values";
import { QUEUE_BATCH, type QueueAnswer, type QueuePost, type QueuedScan } from "./queue-types";
import { addScan, newScan, openScanQueue, removeScans, type ScanQueue, waitingScans } from "./scan-queue";

/** A scan the server answered, as the page lists it (in memory only: names are not kept on the device). */
export type RecordedScan = LeadScanResult & { code: string; scannedAt: string };

/** While scans wait, the queue is tried again this often (and at once when the browser says it is online). */
const RETRY_MS = 10_000;
const RECENT_MAX = 30;

type QueueState = {
  /** The device's queue could be opened (IndexedDB): without it the page keeps to the plain form. */
  ready: boolean;
  waiting: QueuedScan[];
  recent: RecordedScan[];
  online: boolean;
  /** The last send failed (no network, or the server did not answer): shown as offline. */
  sendFailed: boolean;
  /** Why the server refused the last batch, when it did (the scans stay). */
  refused: string | null;
  sending: boolean;
  /** The sign-in page, once the session has ended: sending stops until the page is opened again. */
  signIn: string | null;
};

/**
 * Sends one batch to the page's own action as a Remix data request (`?_data=<route id>`), so the
 * answer is the action's JSON. Plain fetch, not a fetcher: a fetcher's failed request and the
 * revalidation after it would replace the page with the error boundary while offline.
 */
async function postBatch(routeId: string, scans: QueuedScan[]): Promise<QueueAnswer | "unreachable"> {
  const url = `${window.location.pathname}?_data=${encodeURIComponent(routeId)}`;
  const body: QueuePost = { intent: "queue", scans };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    // The guard answers an ended session as a 401 with the sign-in page; a redirect should not come, but is one too.
    const redirect = response.headers.get("X-Remix-Redirect");
    if (redirect) return { signIn: redirect };
    if (!(response.headers.get("Content-Type") ?? "").includes("application/json")) return "unreachable";
    const answer = (await response.json()) as QueueAnswer;
    return response.status >= 500 && "error" in answer ? "unreachable" : answer;
  } catch {
    return "unreachable";
  }
}

/**
 * The scan page's queue: every scan goes to IndexedDB first, then the queue is sent in batches of
 * QUEUE_BATCH; a scan leaves the device only when the server has answered it (saved, repeat or a
 * refusal). Tried again on the `online` event and every RETRY_MS while scans wait.
 */
export function useScanQueue(account: string, routeId: string) {
  const [state, setState] = useState<QueueState>({
    ready: false,
    waiting: [],
    recent: [],
    online: true,
    sendFailed: false,
    refused: null,
    sending: false,
    signIn: null,
  });
  const queueRef = useRef<ScanQueue | null>(null);
  const sendingRef = useRef(false);
  const signInRef = useRef<string | null>(null);
  const update = useCallback((patch: Partial<QueueState>) => setState((s) => ({ ...s, ...patch })), []);

  const refresh = useCallback(async () => {
    const queue = queueRef.current;
    if (queue) {
      const waiting = await waitingScans(queue);
      setState((s) => ({ ...s, waiting }));
    }
  }, []);

  const send = useCallback(async () => {
    const queue = queueRef.current;
    if (!queue || sendingRef.current || signInRef.current) return;
    sendingRef.current = true;
    update({ sending: true });
    try {
      for (;;) {
        const batch = (await waitingScans(queue)).slice(0, QUEUE_BATCH);
        if (!batch.length) break;
        const answer = await postBatch(routeId, batch);
        if (answer === "unreachable") {
          update({ sendFailed: true });
          break;
        }
        if ("signIn" in answer) {
          signInRef.current = answer.signIn;
          update({ signIn: answer.signIn });
          break;
        }
        if ("error" in answer) {
          update({ refused: answer.error, sendFailed: false });
          break;
        }
        const sent = new Map(batch.map((scan) => [scan.id, scan]));
        const answered = answer.results.filter((r) => sent.has(r.id));
        await removeScans(
          queue,
          answered.map((r) => r.id),
        );
        const recorded = answered.map((r) => ({ ...r, code: leadCodeOf(sent.get(r.id)!.code), scannedAt: sent.get(r.id)!.scannedAt }));
        setState((s) => ({ ...s, sendFailed: false, refused: null, recent: [...recorded.reverse(), ...s.recent].slice(0, RECENT_MAX) }));
        await refresh();
        // Nothing of this batch was answered: stop rather than send it again at once.
        if (!answered.length) break;
      }
    } finally {
      sendingRef.current = false;
      update({ sending: false });
      await refresh();
    }
  }, [routeId, refresh, update]);

  /** A pass read or typed: kept on the device first, then sent. A text no pass could be is not kept. */
  const enqueue = useCallback(
    async (text: string) => {
      const queue = queueRef.current;
      const code = text.trim();
      if (!queue || !code || code.length > SCANNED_TEXT_MAX) return false;
      await addScan(queue, newScan(code));
      await refresh();
      void send();
      return true;
    },
    [refresh, send],
  );

  useEffect(() => {
    let closed = false;
    openScanQueue(account)
      .then(async (queue) => {
        if (closed) return queue.close();
        queueRef.current = queue;
        update({ ready: true, online: navigator.onLine });
        await refresh();
        void send();
      })
      // No IndexedDB (a private window of an old browser): the plain form stays.
      .catch(() => undefined);
    const online = () => {
      update({ online: true });
      void send();
    };
    const offline = () => update({ online: false });
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      closed = true;
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      queueRef.current?.close();
      queueRef.current = null;
    };
  }, [account, refresh, send, update]);

  // While scans wait (and the session holds), try again now and then.
  const waitingCount = state.waiting.length;
  useEffect(() => {
    if (!waitingCount || state.signIn) return;
    const timer = window.setInterval(() => void send(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waitingCount, state.signIn, send]);

  return { ...state, enqueue, send };
}
