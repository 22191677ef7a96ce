import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { isPersonalField, maskPersonalColumns, maskPersonalFields } from "../../server/team/personal-data";

/**
 * What a staff role without personal data is answered (docs/decisions/069): contacts and ID numbers
 * masked by field name at any depth of a JSON answer, and by column header in every sheet of a workbook.
 */
describe("masking personal data for a staff role", () => {
  it("masks every string under a personal field name, at any depth, and nothing else", () => {
    const answer = {
      total: 2,
      rows: [
        { holderName: "张三", mobile: "13900001234", email: "zhangsan@example.com", idNumber: "110101199001011234", version: 3 },
        { contact: { contactPhone: "+852 9123 4567", driverPhone: null, tel: "02155556666" }, requireMobile: true },
      ],
      sentTo: "someone",
    };
    expect(maskPersonalFields(answer)).toEqual({
      total: 2,
      rows: [
        { holderName: "张三", mobile: "1390******4", email: "zh******@example.com", idNumber: "1101*************4", version: 3 },
        { contact: { contactPhone: "+852*********7", driverPhone: null, tel: "0215******6" }, requireMobile: true },
      ],
      sentTo: "someone",
    });
    expect(maskPersonalFields(null)).toBeNull();
    expect(maskPersonalFields(["13900001234"])).toEqual(["13900001234"]);
  });

  it("names personal fields by the last part of a path", () => {
    for (const field of ["mobile", "contact_phone", "draft.contact1Email", "id_number", "idNumber", "tel"]) expect(isPersonalField(field)).toBe(true);
    for (const field of ["holder_name", "emailTransport", "hotel", "status"]) expect(isPersonalField(field)).toBe(false);
  });

  it("masks the columns a header names as contacts or ID numbers, below a title row too, on every sheet", async () => {
    const workbook = new ExcelJS.Workbook();
    const badges = workbook.addWorksheet("Badges");
    badges.addRow(["Name", "Mobile", "E-mail", "ID number", "Company"]);
    badges.addRow(["张三", "13900001234", "zhangsan@example.com", "E12345678", "Galaxy"]);
    const trucks = workbook.addWorksheet("车辆");
    trucks.addRow(["车辆预约"]);
    trucks.addRow(["车牌", "司机电话"]);
    trucks.addRow(["沪A12345", "13812345678"]);
    const masked = new ExcelJS.Workbook();
    await masked.xlsx.load((await maskPersonalColumns(new Uint8Array(await workbook.xlsx.writeBuffer()))) as unknown as ExcelJS.Buffer);
    expect(masked.getWorksheet("Badges")!.getRow(2).values).toEqual([undefined, "张三", "1390******4", "zh******@example.com", "E123****8", "Galaxy"]);
    expect(masked.getWorksheet("车辆")!.getRow(1).values).toEqual([undefined, "车辆预约"]);
    expect(masked.getWorksheet("车辆")!.getRow(3).values).toEqual([undefined, "沪A12345", "1381******8"]);
  });
});
