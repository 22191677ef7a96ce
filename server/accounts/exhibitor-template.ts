import { EXHIBITOR_IMPORT_FIELDS, EXHIBITOR_IMPORT_LIMITS, type ExhibitorImportField } from "../../app/contracts/accounts/values";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { loadExcel } from "../spreadsheets/workbook";

/**
 * The exhibitor import's template (issue 39, decision 032): one header row naming each column in
 * Chinese and English, one sample row, text columns for the numbers Excel would otherwise change
 * (exhibitor and booth numbers, mobiles), and a drop-down of the booth types. Each header cell has a
 * note saying what the column takes; two sample rows, a mainland and an overseas exhibitor (decision 056).
 */
export const fieldLabel = (language: Language, field: ExhibitorImportField) => translate(language, `accounts.fields.${field}`);
/** "展商编号 / Exhibitor number": the header the template writes; the import also takes either half alone. */
const bilingualHeader = (field: ExhibitorImportField) => `${fieldLabel("zh", field)} / ${fieldLabel("en", field)}`;

const TEXT_FIELDS: ExhibitorImportField[] = ["exhibitorNo", "mobile", "boothNo", "hallCode"];
const WIDTHS: Record<ExhibitorImportField, number> = {
  exhibitorNo: 22,
  companyNameZh: 32,
  companyNameEn: 36,
  contactName: 18,
  mobile: 18,
  email: 30,
  boothNo: 20,
  hallCode: 20,
  widthM: 22,
  depthM: 22,
  areaM2: 24,
  boothType: 34,
};
/** The sample rows: an import skips a row that still holds one (its exhibitor number is "SAMPLE"). */
export const SAMPLE_EXHIBITOR_NO = "SAMPLE";
const SAMPLE: Record<ExhibitorImportField, string | number> = {
  exhibitorNo: SAMPLE_EXHIBITOR_NO,
  companyNameZh: "示例贸易有限公司",
  companyNameEn: "Example Trading Co., Ltd.",
  contactName: "张三",
  mobile: "13800138000",
  email: "zhangsan@example.com",
  boothNo: "1A99",
  hallCode: "1",
  widthM: 6,
  depthM: 3,
  areaM2: 18,
  boothType: 1,
};
const OVERSEAS_SAMPLE: Record<ExhibitorImportField, string | number> = {
  exhibitorNo: SAMPLE_EXHIBITOR_NO,
  companyNameZh: "",
  companyNameEn: "Sample Overseas GmbH",
  contactName: "Anna Schmidt",
  mobile: "+49 151 23456789",
  email: "anna.schmidt@example.com",
  boothNo: "2B99",
  hallCode: "2",
  widthM: 9,
  depthM: 6,
  areaM2: "",
  boothType: 2,
};

export const templateFileName = (language: Language) => ({
  filename: `${translate(language, "accounts.import.templateFile")}.xlsx`,
  ascii: `${translate("en", "accounts.import.templateFile")}.xlsx`,
});

export async function exhibitorTemplate(language: Language): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(translate(language, "accounts.import.sheetName"));
  sheet.columns = EXHIBITOR_IMPORT_FIELDS.map((field) => ({ header: bilingualHeader(field), key: field, width: WIDTHS[field] }));
  for (const field of TEXT_FIELDS) sheet.getColumn(field).numFmt = "@";
  sheet.getRow(1).font = { bold: true };
  for (const field of EXHIBITOR_IMPORT_FIELDS) sheet.getRow(1).getCell(field).note = translate(language, `accounts.columns.${field}`);
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  sheet.addRow(SAMPLE);
  sheet.addRow(OVERSEAS_SAMPLE);
  const letter = sheet.getColumn("boothType").letter;
  const validations = (sheet as unknown as { dataValidations: { add(range: string, validation: object): void } }).dataValidations;
  validations.add(`${letter}2:${letter}${EXHIBITOR_IMPORT_LIMITS.maxRows + 1}`, {
    type: "list",
    allowBlank: true,
    formulae: ['"1,2"'],
    showErrorMessage: true,
    errorStyle: "stop",
    error: fieldLabel(language, "boothType"),
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
