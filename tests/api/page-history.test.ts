import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../app/contracts/team/api-types";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import { hashPassword } from "../../server/auth/password";
import { signInDemo } from "../support/demo-cast";
import { newExhibitor, NEW_EXHIBITOR_PASSWORD } from "../support/new-exhibitor";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The changes on an exhibitor's page whose records have no page of their own (issue 55,
 * app/contracts/team/page-history.ts): the company's own, newest first, masked as its records are;
 * a member sees them only with the page's area; the organizer and other companies get none of them.
 */
describe.each(backendsOf(import.meta.url))("a page's changes on %s", (backend) => {
  let api: TempDirTestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-page-history-");
    ({ admin } = await signInDemo(api, ["admin"]));
  });
  afterAll(() => api?.close());

  /** The epidemic declaration page's actions, as its loader names them. */
  const ACTIONS = "/smeb/epidemic/commitment/create,/smeb/epidemic/member/addInfo,/smeb/epidemic/member/delete";
  const pageHistory = (ticket: string, actions = ACTIONS) => api.call<HistoryEntry[]>("/smeb/history/page", { ticket, query: { actions }, lang: "en" });
  const idCard = (n: number) => {
    const first17 = `32010619900101${String(n).padStart(3, "0")}`;
    return `${first17}${idCardCheckChar(first17)}`;
  };

  it("lists the company's changes on the page, newest first, by name, with the mobile masked", async () => {
    const exhibitor = await newExhibitor(api);
    const other = await newExhibitor(api);
    const added = await api.call("/smeb/epidemic/member/addInfo", {
      ticket: exhibitor.ticket,
      form: { name: "周九", idNumber: idCard(7), mobile: "13700000077" },
    });
    expect(added.code, added.message).toBe(200);
    const again = await api.call("/smeb/epidemic/member/addInfo", {
      ticket: exhibitor.ticket,
      form: { name: "吴十", idNumber: idCard(8), mobile: "13700000088" },
    });
    expect(again.code, again.message).toBe(200);

    const mine = await pageHistory(exhibitor.ticket);
    expect(mine.code, mine.message).toBe(200);
    expect(mine.data).toHaveLength(2);
    expect(mine.data.map((e) => e.actor)).toEqual([exhibitor.username, exhibitor.username]);
    expect(JSON.stringify(mine.data[0]!.changes)).toContain("吴十");
    expect(JSON.stringify(mine.data)).not.toContain("13700000088");
    expect(JSON.stringify(mine.data)).toContain("1370******8");
    expect((await pageHistory(other.ticket)).data).toEqual([]);
  });

  it("refuses an action outside every area or not a path, the organizer, and a member without the actions' area", async () => {
    const exhibitor = await newExhibitor(api);
    // The account's own actions and an unknown path are no page's records.
    expect((await pageHistory(exhibitor.ticket, "/login/password,/smeb/epidemic/member/addInfo")).status).toBe(400);
    expect((await pageHistory(exhibitor.ticket, "/smeb/nothing/here")).status).toBe(400);
    expect((await pageHistory(exhibitor.ticket, "'; drop table history; --")).status).toBe(400);
    expect((await pageHistory(exhibitor.ticket, "")).status).toBe(400);
    expect((await pageHistory(admin)).status).toBe(403);

    const tag = crypto.randomBytes(3).toString("hex");
    const invite = async (grant: Record<string, string>) => {
      const username = `ph-${tag}-${Object.keys(grant).join("")}`;
      const invited = await api.call<{ memberId: number }>("/smeb/team/invite", {
        ticket: exhibitor.ticket,
        form: { username, displayName: username, email: `${username}@example.com`, ...grant },
      });
      expect(invited.code, invited.message).toBe(200);
      await api.db
        .updateTable("users")
        .set({ password_hash: await hashPassword(NEW_EXHIBITOR_PASSWORD), activated_at: new Date() })
        .where("id", "=", invited.data.memberId)
        .execute();
      return api.login(username, NEW_EXHIBITOR_PASSWORD);
    };
    expect((await pageHistory(await invite({ "grant.invoices": "edit" }))).status).toBe(403);
    expect((await pageHistory(await invite({ "grant.exhibitorData": "read" }))).status).toBe(200);
  });
});
