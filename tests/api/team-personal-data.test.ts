import crypto from "node:crypto";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BadgeReviewList } from "../../app/contracts/badges/review-types";
import type { PermissionInfo } from "../../app/contracts/permission/api-types";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import type { BuiltinStaffRole } from "../../app/contracts/team/areas";
import type { StaffRoleView } from "../../app/contracts/team/api-types";
import { hashPassword } from "../../server/auth/password";
import { addBuiltinStaffRoles } from "../../server/team/membership";
import { signInDemo } from "../support/demo-cast";
import { newExhibitor, NEW_EXHIBITOR_PASSWORD } from "../support/new-exhibitor";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Personal data and the organizer's staff (issue 55, docs/decisions/069): a staff role without
 * "sees personal data" gets contacts and ID numbers masked in every answer and export of the
 * organizer's side, a full organizer gets them as typed; a composed role that edits the show's
 * settings and accounts must see them.
 */
describe.each(backendsOf(import.meta.url))("personal data by staff role on %s", (backend) => {
  let api: TempDirTestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-personal-");
    ({ admin } = await signInDemo(api, ["admin"]));
  });
  afterAll(() => api?.close());

  /** A staff account of the current exhibition with a built-in role, signed in. */
  async function staffWith(builtin: BuiltinStaffRole) {
    const exhibitionId = (await api.db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirstOrThrow()).id;
    await addBuiltinStaffRoles(api.db, exhibitionId);
    const role = await api.db
      .selectFrom("staff_roles")
      .select("id")
      .where("exhibition_id", "=", exhibitionId)
      .where("builtin", "=", builtin)
      .executeTakeFirstOrThrow();
    const username = `pd-${crypto.randomBytes(3).toString("hex")}`;
    const user = await api.db
      .insertInto("users")
      .values({
        username,
        password_hash: await hashPassword(NEW_EXHIBITOR_PASSWORD),
        role_id: ORGANIZER_ROLE_ID,
        exhibition_id: exhibitionId,
        contact_phone: "13712345678",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db.insertInto("team_members").values({ user_id: user.id, staff_role_id: role.id, display_name: username, invited_at: new Date() }).execute();
    return api.login(username, NEW_EXHIBITOR_PASSWORD);
  }

  /** A badge of a new exhibitor, with a mobile, an e-mail and an ID number to mask. */
  async function appliedBadge() {
    const exhibitor = await newExhibitor(api);
    const holderName = `隐私${crypto.randomBytes(3).toString("hex")}`;
    const mobile = `139${String(crypto.randomInt(1e8)).padStart(8, "0")}`;
    const typed = { mobile, email: `zhangsan-${exhibitor.userId}@example.com`, idNumber: `E${String(exhibitor.userId).padStart(8, "7")}` };
    const saved = await api.call<{ id: number }>("/smeb/pass/ticket/save", {
      ticket: exhibitor.ticket,
      form: { holderName, idType: "passport", company: "测试公司", position: "经理", ...typed },
    });
    expect(saved.code, saved.message).toBe(200);
    return { holderName, typed };
  }

  const reviewRow = async (ticket: string, keyword: string) => {
    const list = await api.call<BadgeReviewList>("/smeb/pass/ticket/review/list", { ticket, query: { keyword } });
    expect(list.code, list.message).toBe(200);
    expect(list.data.rows).toHaveLength(1);
    return list.data.rows[0]!;
  };

  /** The review export's cells of the badge's row (the first below the header). */
  async function exportedRow(ticket: string, keyword: string) {
    const response = await fetch(`${api.baseUrl}/api/smeb/pass/ticket/review/export?keyword=${encodeURIComponent(keyword)}`, {
      headers: { ticket, "accept-language": "en" },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    return Array.from(workbook.worksheets[0]!.getRow(2).values as unknown[], (value) => String(value ?? ""));
  }

  it("the read-only role gets a badge's contacts and ID number masked in the list and the export; the full organizer as typed", async () => {
    const readOnly = await staffWith("readOnly");
    const { holderName, typed } = await appliedBadge();

    const full = await reviewRow(admin, holderName);
    expect(full).toMatchObject(typed);
    const masked = await reviewRow(readOnly, holderName);
    const maskedMobile = `${typed.mobile.slice(0, 4)}******${typed.mobile.slice(-1)}`;
    expect(masked.mobile).toBe(maskedMobile);
    expect(masked.email).toMatch(/^zh\*+@example\.com$/);
    expect(masked.idNumber).not.toBe(typed.idNumber);
    expect(masked.holderName).toBe(holderName);

    const fullCells = await exportedRow(admin, holderName);
    expect(fullCells).toEqual(expect.arrayContaining([typed.mobile, typed.email, typed.idNumber]));
    const maskedCells = await exportedRow(readOnly, holderName);
    expect(maskedCells).toContain(holderName);
    expect(maskedCells).toContain(maskedMobile);
    for (const value of Object.values(typed)) expect(maskedCells).not.toContain(value);
  });

  it("a role that sees personal data (exhibitor services) gets them as typed", async () => {
    const services = await staffWith("exhibitorServices");
    const { holderName, typed } = await appliedBadge();
    expect(await reviewRow(services, holderName)).toMatchObject(typed);
  });

  it("the staff account's own contact is its own: not masked by the role", async () => {
    const readOnly = await staffWith("readOnly");
    const info = await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket: readOnly });
    expect(info.code, info.message).toBe(200);
    expect(info.data.infoVO.contactPhone).toBe("13712345678");
  });

  it("refuses a composed role that edits show settings and accounts without seeing personal data, keeping nothing", async () => {
    const nameEn = `Settings ${crypto.randomBytes(3).toString("hex")}`;
    const form = { nameZh: "设置", nameEn, "grant.showSettings": "edit" };
    const refused = await api.call("/smeb/staff/roles/save", { ticket: admin, form, lang: "en" });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain("A role that edits show settings and accounts sees personal data");
    expect(await api.db.selectFrom("staff_roles").select("id").where("name_en", "=", nameEn).executeTakeFirst()).toBeUndefined();
    const zh = await api.call("/smeb/staff/roles/save", { ticket: admin, form, lang: "zh" });
    expect(zh.message).toContain("可编辑展会设置与账号的角色须能查看个人信息");

    const saved = await api.call<{ role: StaffRoleView }>("/smeb/staff/roles/save", { ticket: admin, form: { ...form, seesPersonalData: "on" }, lang: "en" });
    expect(saved.code, saved.message).toBe(200);
    const readOnlySettings = await api.call("/smeb/staff/roles/save", {
      ticket: admin,
      form: { ...form, nameEn: `${nameEn} read`, "grant.showSettings": "read" },
    });
    expect(readOnlySettings.code, readOnlySettings.message).toBe(200);
  });
});
