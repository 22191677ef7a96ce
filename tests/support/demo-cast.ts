import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../server/db/database";
import { startTestApi, startTestApiInTempDir, type Backend, type TestApi } from "./test-api";

/**
 * The demo's people and rows that the logistics tests act with (server/seed/demo-data.ts): the two
 * exhibitors, the organizer and the two carriers, signed in at once, and the ids of their rows.
 */
export const DEMO_PASSWORDS = {
  std01: "Expo#2026",
  raw01: "Expo#2026",
  admin: "Admin#2026",
  carrier01: "Expo#2026",
  carrier02: "Expo#2026",
  std01a: "Expo#2026",
  std01b: "Expo#2026",
  std01c: "Expo#2026",
  finance01: "Expo#2026",
  logistics01: "Expo#2026",
  viewer01: "Expo#2026",
} as const;
export type DemoAccount = keyof typeof DEMO_PASSWORDS;

/** Each named account's ticket (every sign-in is a password hash: they run together). */
export async function signInDemo<Name extends DemoAccount>(api: { login(username: string, password: string): Promise<string> }, names: readonly Name[]) {
  const tickets = await Promise.all(names.map((name) => api.login(name, DEMO_PASSWORDS[name])));
  return Object.fromEntries(names.map((name, i) => [name, tickets[i]!])) as Record<Name, string>;
}

/** The demo's logistics rows: std01 (booth 1A01), raw01 (raw space 2B10 and 2B12), carrier01's account, the carriers shunda and hengtong. */
export async function demoLogisticsIds(db: Database) {
  const users = await db.selectFrom("users").select(["id", "username", "exhibition_id"]).where("username", "in", ["std01", "raw01", "carrier01"]).execute();
  const carriers = await db.selectFrom("carriers").select(["id", "code"]).execute();
  const booths = await db.selectFrom("booths").select(["id", "booth_no"]).where("booth_no", "in", ["1A01", "2B10", "2B12"]).execute();
  const user = (name: string) => users.find((u) => u.username === name)!;
  const carrier = (code: string) => carriers.find((c) => c.code === code)!.id;
  const booth = (no: string) => booths.find((b) => b.booth_no === no)!.id;
  return {
    exhibitionId: user("std01").exhibition_id!,
    std01: user("std01").id,
    raw01: user("raw01").id,
    carrier01: user("carrier01").id,
    shunda: carrier("shunda"),
    hengtong: carrier("hengtong"),
    booth1A01: booth("1A01"),
    booth2B10: booth("2B10"),
    booth2B12: booth("2B12"),
  };
}
export type DemoLogisticsIds = Awaited<ReturnType<typeof demoLogisticsIds>>;

/**
 * A server of its own on `backend` (a temporary data folder named from `prefix`, removed by `api.close()`),
 * with each of the demo's logistics people (DEMO_PASSWORDS) signed in (their tickets by name) and their rows' ids.
 */
export async function startDemoLogistics(backend: Backend, prefix: string) {
  const api = await startTestApiInTempDir(backend, prefix);
  const tickets = await signInDemo(api, Object.keys(DEMO_PASSWORDS) as DemoAccount[]);
  return { api, ...tickets, ids: await demoLogisticsIds(api.db) };
}

/** The IDOR probes' cast on `api`: exhibitor A (std01), exhibitor B (raw01), the organizer and carrier01, signed in. */
export async function idorCast<Api extends TestApi>(api: Api) {
  const { std01, raw01, admin, carrier01 } = await signInDemo(api, ["std01", "raw01", "admin", "carrier01"]);
  return { api, a: std01, b: raw01, admin, carrier: carrier01 };
}

/**
 * For the describe block it is called in: a server of its own on `backend` (startTestApi's defaults), with
 * the named demo people signed in, started before the block's tests and closed after them. Its `api` and
 * the tickets (by name) are there from the block's first hook on.
 */
export function demoServer<Name extends DemoAccount>(backend: Backend, names: readonly Name[]) {
  const server = {} as { api: TestApi } & Record<Name, string>;
  beforeAll(async () => {
    const api = await startTestApi(backend);
    Object.assign(server, { api }, await signInDemo(api, names));
  });
  afterAll(() => server.api?.close());
  return server;
}
