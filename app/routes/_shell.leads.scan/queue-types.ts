import type { LeadScanResult } from "~/contracts/leads/api-types";

/** One scan as the device keeps it until the server has answered it: the id the device made, the text read, when. */
export type QueuedScan = { id: string; code: string; scannedAt: string };

/** Scans sent in one request from the page (the API takes up to LEAD_SCAN_BATCH_MAX). */
export const QUEUE_BATCH = 50;

/** The JSON body the page posts to its own action with JavaScript. */
export type QueuePost = { intent: "queue"; scans: QueuedScan[] };

/**
 * What the action answers a queue post: the server's answer per scan; or the sign-in page when the
 * session has ended (status 401: the scans stay on the device); or why the batch was refused.
 */
export type QueueAnswer = { results: LeadScanResult[] } | { signIn: string } | { error: string };
