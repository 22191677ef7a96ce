/**
 * A page of many small records (a staff list, bookings, requests) shows the company's changes made on
 * it: its loader names the actions that change them by their endpoint declarations, and the server
 * finds those in the history (docs/decisions/069). A record with a page of its own shows its own History.
 */

/** A page's changes show this many, newest first. */
export const PAGE_HISTORY_SIZE = 30;

/** A page names at most this many actions. */
export const PAGE_HISTORY_MAX_ACTIONS = 12;

/** An API path as the endpoint declarations write it. */
export const API_ACTION = /^\/[A-Za-z0-9/_-]{1,120}$/;
