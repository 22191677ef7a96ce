import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { QueuedScan } from "./queue-types";

/**
 * The scans waiting on this device (IndexedDB through `idb`, docs/decisions/071): one database per
 * account on the device, so a phone passed to a colleague never sends one person's scans under the
 * other's session. Only what the server needs is kept (the id, the text read, the time); a scan
 * leaves once the server has answered it, whatever the answer.
 */
interface ScanQueueSchema extends DBSchema {
  scans: { key: string; value: QueuedScan; indexes: { scannedAt: string } };
}

export type ScanQueue = IDBPDatabase<ScanQueueSchema>;

export function openScanQueue(account: string): Promise<ScanQueue> {
  return openDB<ScanQueueSchema>(`lead-scans-${account}`, 1, {
    upgrade(db) {
      db.createObjectStore("scans", { keyPath: "id" }).createIndex("scannedAt", "scannedAt");
    },
  });
}

/** The waiting scans, oldest first. */
export function waitingScans(queue: ScanQueue): Promise<QueuedScan[]> {
  return queue.getAllFromIndex("scans", "scannedAt");
}

export async function addScan(queue: ScanQueue, scan: QueuedScan) {
  await queue.put("scans", scan);
}

/** Drops the scans the server answered, in one transaction. */
export async function removeScans(queue: ScanQueue, ids: readonly string[]) {
  if (!ids.length) return;
  const tx = queue.transaction("scans", "readwrite");
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** A new scan of a text read now, with the id the device makes for it (a UUID: DEVICE_SCAN_ID). */
export function newScan(code: string): QueuedScan {
  return { id: crypto.randomUUID(), code, scannedAt: new Date().toISOString() };
}
