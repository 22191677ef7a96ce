import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/database";
import { countHits, hit, purgeOldRateLimitHits, recordHits } from "../../server/rate-limits/hits";
import { backendsOf, openTestDatabase, postgresSkipReason } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** The one rate limiter (server/rate-limits, decision 060) on both databases, with a limit of 30 in 10 minutes. */
describe.each(backendsOf(import.meta.url))("the rate limiter on %s", (backend) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });
  const db = () => database.db;
  let serial = 0;
  const subject = () => `10.54.${backend === "pglite" ? 1 : 2}.${++serial}`;
  const QR_MAX = 30;
  const qr = (ip: string) => ({ limit: "invoiceQrPerIp", subject: ip }) as const;
  const hitsOf = (ip: string) => db().selectFrom("rate_limit_hits").select("at").where("limit_name", "=", "invoiceQrPerIp").where("subject", "=", ip).execute();

  it("allows the limit's number of hits in the window, then refuses without recording, and says how long to wait", async () => {
    const ip = subject();
    for (let i = 0; i < QR_MAX; i++) {
      const verdict = await hit(db(), qr(ip));
      expect(verdict, `hit ${i + 1}`).toMatchObject({ allowed: true, counts: [{ count: i }] });
    }
    const refused = await hit(db(), qr(ip));
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMinutes).toBe(10);
    expect(await hitsOf(ip)).toHaveLength(QR_MAX);
    // Another subject, and another limit for the same subject, are untouched.
    expect((await hit(db(), qr(subject()))).allowed).toBe(true);
    expect((await hit(db(), { limit: "visitorRequestsPerIp", subject: ip })).allowed).toBe(true);
  });

  it("lets a hit through again once the oldest hits have left the window", async () => {
    const ip = subject();
    // Five hits 10 minutes and a second old, 25 four minutes old: five places free, then a wait of six minutes.
    await recordHits(db(), qr(ip), 5, new Date(Date.now() - 10 * 60_000 - 1000));
    await recordHits(db(), qr(ip), QR_MAX - 5, new Date(Date.now() - 4 * 60_000));
    expect(await countHits(db(), qr(ip))).toEqual({ count: QR_MAX - 5, retryAfterMinutes: 6 });
    for (let i = 0; i < 5; i++) expect((await hit(db(), qr(ip))).allowed, `hit ${i + 1}`).toBe(true);
    expect((await hit(db(), qr(ip))).allowed).toBe(false);
  });

  it("of two concurrent hits at max-1, never lets both through (ten rounds)", async () => {
    for (let round = 0; round < 10; round++) {
      const ip = subject();
      await recordHits(db(), qr(ip), QR_MAX - 1);
      const verdicts = await Promise.all([hit(db(), qr(ip)), hit(db(), qr(ip))]);
      expect(
        verdicts.filter((v) => v.allowed),
        `round ${round + 1}`,
      ).toHaveLength(1);
      expect(await hitsOf(ip)).toHaveLength(QR_MAX);
    }
  });

  it("lets exactly the limit through of many concurrent hits", async () => {
    const ip = subject();
    const verdicts = await Promise.all(Array.from({ length: QR_MAX * 2 }, () => hit(db(), qr(ip))));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(QR_MAX);
    expect(await hitsOf(ip)).toHaveLength(QR_MAX);
  });

  it("counts one hit under several checks at once: refused by any, recorded under none", async () => {
    const ip = subject();
    const name = `someone-${ip}`;
    const checks = [
      { limit: "passwordResetRequests", subject: `request:ip:${ip}` },
      { limit: "passwordResetRequests", subject: `request:identifier:${name}` },
    ] as const;
    await recordHits(db(), checks[1], 10);
    const refused = await hit(db(), checks);
    expect(refused).toMatchObject({ allowed: false, counts: [{ count: 0 }, { count: 10 }], retryAfterMinutes: 15 });
    expect((await countHits(db(), checks[0])).count).toBe(0);
    const other = await hit(db(), [checks[0], { limit: "passwordResetRequests", subject: "request:identifier:another" }]);
    expect(other).toMatchObject({ allowed: true, counts: [{ count: 0 }, { count: 0 }] });
    expect((await countHits(db(), checks[0])).count).toBe(1);
  });

  it("prunes hits older than every window, and only those", async () => {
    const ip = subject();
    await recordHits(db(), qr(ip), 2, new Date(Date.now() - 61 * 60_000));
    await recordHits(db(), qr(ip), 3, new Date(Date.now() - 59 * 60_000));
    await purgeOldRateLimitHits(db());
    expect(await hitsOf(ip)).toHaveLength(3);
  });
});
