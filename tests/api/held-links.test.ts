import crypto from "node:crypto";
import { signInDemo } from "../support/demo-cast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELD_FOR_ADDRESS_REASON } from "../../app/contracts/delivery-log/values";
import { PORTAL_ADDRESS_MARK, portalLink } from "../../server/exhibition-settings/public-url";
import { readOutbox } from "../support/outbox";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Links that work (issue 52, decision 052 § Links held): a real exhibition without a public address
 * sends no mail with a bare path; the message waits, queued, and goes with the absolute link once the
 * organizer saves the address. The demo keeps its bare paths (its own local server).
 */
describe.each(backendsOf(import.meta.url))("links held until the public address is set on %s", (backend) => {
  let api: TempDirTestApi;
  let admin: string;
  let std01: string;
  let exhibitionId: number;

  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "held-links-");
    ({ admin, std01 } = await signInDemo(api, ["admin", "std01"]));
    exhibitionId = (await api.db.selectFrom("users").select("exhibition_id").where("username", "=", "std01").executeTakeFirstOrThrow()).exhibition_id;
  });
  afterAll(() => api?.close());

  const messagesTo = (recipient: string) =>
    api.db
      .selectFrom("messages")
      .select(["id", "status", "reason", "text", "attempts", "exhibition_id"])
      .where("recipient", "=", recipient)
      .orderBy("id")
      .execute();

  it("the demo keeps a bare path; a real exhibition marks the link for the notifier", async () => {
    expect(api.config.PUBLIC_URL ?? null).toBeNull();
    expect(await portalLink(api.db, exhibitionId, api.config, "/index/billing")).toBe("/index/billing");
    await api.db.updateTable("exhibitions").set({ is_demo: false }).where("id", "=", exhibitionId).execute();
    try {
      expect(await portalLink(api.db, exhibitionId, api.config, "/index/billing")).toBe(`${PORTAL_ADDRESS_MARK}/index/billing`);
    } finally {
      await api.db.updateTable("exhibitions").set({ is_demo: true }).where("id", "=", exhibitionId).execute();
    }
  });

  it("a contractor's code mail waits for the address, unsent, then goes with the absolute link once it is saved", async () => {
    await api.db.updateTable("exhibitions").set({ is_demo: false }).where("id", "=", exhibitionId).execute();
    try {
      const email = `${crypto.randomUUID().slice(0, 8)}@builder.example.com`;
      const made = await api.call("/smeb/service/contractor/entrust", { ticket: std01, form: { companyName: "搭建商 held", contactName: "李工", email } });
      expect(made.code, made.message).toBe(200);

      const [held] = await messagesTo(email);
      expect(held).toMatchObject({ status: "queued", reason: HELD_FOR_ADDRESS_REASON, attempts: 0, exhibition_id: exhibitionId });
      expect(held!.text).toContain(`${PORTAL_ADDRESS_MARK}/contractor?no=std01`);
      expect(readOutbox(api.dataDir).filter((mail) => mail.to === email)).toEqual([]);

      // The delivery log says why it waits.
      const log = await api.call<{ rows: { id: number; status: string; reason: string | null }[] }>("/smeb/messages/list", {
        ticket: admin,
        query: { page: "1" },
      });
      expect(log.code, log.message).toBe(200);
      expect(log.data.rows.find((row) => row.id === held!.id)).toMatchObject({ status: "queued", reason: HELD_FOR_ADDRESS_REASON });

      const saved = await api.call("/smeb/exhibition/settings/save", {
        ticket: admin,
        form: { nameZh: "真实展会", nameEn: "Real Show", publicUrl: "https://expo.held.test" },
      });
      expect(saved.code, saved.message).toBe(200);

      const [sent] = await messagesTo(email);
      expect(sent).toMatchObject({ status: "sent", reason: null, attempts: 1 });
      expect(sent!.text).toContain("https://expo.held.test/contractor?no=std01");
      expect(sent!.text).not.toContain(PORTAL_ADDRESS_MARK);
      const mails = readOutbox(api.dataDir).filter((mail) => mail.to === email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("https://expo.held.test/contractor?no=std01");

      // Once the address is known, a new mail goes at once.
      const again = `${crypto.randomUUID().slice(0, 8)}@builder.example.com`;
      expect(
        (await api.call("/smeb/service/contractor/entrust", { ticket: std01, form: { companyName: "搭建商 now", contactName: "王工", email: again } })).code,
      ).toBe(200);
      expect((await messagesTo(again))[0]).toMatchObject({ status: "sent" });
    } finally {
      await api.db.updateTable("exhibitions").set({ is_demo: true }).where("id", "=", exhibitionId).execute();
      await api.db.deleteFrom("exhibition_settings").where("exhibition_id", "=", exhibitionId).where("key", "=", "publicUrl").execute();
    }
  });
});
