import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ChecklistOverview, NotDonePage } from "../../app/contracts/home/overview-types";
import { backendsOf, postgresSkipReason } from "../support/test-api";
import { demoServer } from "../support/demo-cast";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

describe.each(backendsOf(import.meta.url))("the organizer's checklist overview (/smeb/worksheet/overview, notDone) on %s", (backend) => {
  const demo = demoServer(backend, ["admin", "std01"]);

  const overview = async () => (await demo.api.call<ChecklistOverview>("/smeb/worksheet/overview", { ticket: demo.admin })).data;
  const itemByLink = (o: ChecklistOverview, link: string) => o.items.find((i) => i.link === link)!;

  it("counts, per item, the exhibitors done and not done, and the ones past the deadline", async () => {
    const o = await overview();
    const exhibitors = await demo.api.db
      .selectFrom("users as u")
      .where("u.role_id", "=", 2)
      .where((eb) => eb.exists(eb.selectFrom("booths as b").select("b.id").whereRef("b.user_id", "=", "u.id")))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(o.exhibitors).toBe(Number(exhibitors.n));
    expect(o.items.length).toBeGreaterThanOrEqual(8);
    for (const item of o.items) {
      expect(item.done + item.notDone).toBe(item.applicable);
      expect(item.overdue).toBeLessThanOrEqual(item.notDone);
      expect(item.applicable).toBeLessThanOrEqual(o.exhibitors);
    }
    // Both demo exhibitors applied for badges; neither has made an invitation image in the tests' demo.
    const badges = itemByLink(o, "/exhibitorInfo/exhibitorCertificateApply");
    expect(badges).toMatchObject({ done: badges.applicable, notDone: 0, percent: 100 });
    const invitation = itemByLink(o, "/exhibitorInfo/invitation/custom");
    expect(invitation).toMatchObject({ done: 0, notDone: invitation.applicable, percent: 0, overdue: 0 });
    expect(o.queues.map((q) => q.queue)).toEqual(["profiles", "badges", "construction", "vouchers", "invoices", "trucks", "taiwan", "feedback"]);
  });

  it("lists who is behind on an item with their booths and contacts, and exports the list", async () => {
    const o = await overview();
    const badges = itemByLink(o, "/exhibitorInfo/exhibitorCertificateApply");
    const nobody = (await demo.api.call<NotDonePage>("/smeb/worksheet/notDone", { ticket: demo.admin, query: { itemId: String(badges.id) } })).data;
    expect(nobody).toMatchObject({ total: 0, rows: [] });
    const invitation = itemByLink(o, "/exhibitorInfo/invitation/custom");
    const first = (
      await demo.api.call<NotDonePage>("/smeb/worksheet/notDone", { ticket: demo.admin, query: { itemId: String(invitation.id), pageSize: "50" } })
    ).data;
    expect(first.total).toBe(invitation.notDone);
    const usernames = first.rows.map((r) => r.username);
    expect(usernames).toEqual(expect.arrayContaining(["raw01", "std01"]));
    const raw01 = first.rows.find((r) => r.username === "raw01")!;
    expect(raw01.booths).toContain("2B10");

    const exported = await fetch(`${demo.api.baseUrl}/api/smeb/worksheet/notDone/export?itemId=${invitation.id}`, {
      headers: { ticket: demo.admin, "accept-language": "en" },
    });
    expect(exported.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await exported.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(first.total + 1);
    expect(sheet.getRow(1).getCell(1).text).toBe("Exhibitor number");

    const missing = await demo.api.call<unknown>("/smeb/worksheet/notDone", { ticket: demo.admin, query: { itemId: "999999" } });
    expect(missing.code).toBe(404);
  });

  it("is the organizer's only: an exhibitor gets 403", async () => {
    expect((await demo.api.call<unknown>("/smeb/worksheet/overview", { ticket: demo.std01 })).code).toBe(403);
    expect((await demo.api.call<unknown>("/smeb/worksheet/notDone", { ticket: demo.std01, query: { itemId: "1" } })).code).toBe(403);
  });
});
