import { countRows, pageRows } from "../db/paging";
import { portalLink } from "../exhibition-settings/public-url";
import { anyContains } from "../db/keyword-search";
import { sql } from "kysely";
import type ExcelJS from "exceljs";
import type { FinanceApplication, FinancePage } from "../../app/contracts/invoices/api-types";
import type { financeQuerySchema, issueSchema } from "../../app/contracts/invoices/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import { formatCny } from "../../app/contracts/common/format";
import type { z } from "zod";
import type { ApiDeps } from "../api/context";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import { loadExcel } from "../spreadsheets/workbook";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import { applicationsOf, selectApplications, staleError, type ApplicationRow, type Caller } from "./applications";
import { ownUpload } from "../uploads/own-upload";

/**
 * The organizer's finance desk for invoice applications (roleId 1, checked by the route): the
 * exhibition's queue, waiting ones first and urgent ones first among them; issue with the number,
 * date and e-invoice PDF, or return with a reason (which frees the items); an .xlsx of the queue.
 * A decision is a conditional update on 'submitted' at the version seen, so of two at once one wins.
 */
type FinanceQuery = z.output<typeof financeQuerySchema>;
export type FinanceFilters = Omit<FinanceQuery, "page" | "pageSize">;
type IssueInput = z.output<typeof issueSchema>;

/** The exhibitor page the issued-invoice e-mail points to. */
const BILLING_PAGE = "/invoiceArea/billingApplication";
/** The export's ceiling: far above an exhibition's applications, low enough for one workbook in memory. */
const EXPORT_MAX_ROWS = 20_000;

function queue(db: Database, exhibitionId: number, filters: FinanceFilters) {
  let rows = selectApplications(db).innerJoin("users as u", "u.id", "a.user_id").where("a.exhibition_id", "=", exhibitionId);
  if (filters.status) rows = rows.where(sql<string>`a.status`, "=", filters.status);
  if (filters.keyword) {
    const keyword = filters.keyword;
    const columns = ["a.title", "a.taxpayer_id", "a.invoice_no", "a.receiving_email", "u.username", "u.business_name", "u.business_name_en"] as const;
    rows = rows.where((eb) => anyContains(eb, columns, keyword));
  }
  // Waiting for a decision first, urgent ones first among them; then the oldest first.
  return rows
    .orderBy(sql`case when a.status = 'submitted' then 0 else 1 end`)
    .orderBy(sql`case when a.status = 'submitted' and a.urgent then 0 else 1 end`)
    .orderBy("a.created_at")
    .orderBy("a.id");
}

async function financeRows(db: Database, caller: Caller, rows: ApplicationRow[], language: Language): Promise<FinanceApplication[]> {
  const [applications, names] = await Promise.all([
    applicationsOf(db, rows, language),
    exhibitorNamesOf(
      db,
      caller.exhibitionId,
      rows.map((r) => r.user_id),
    ),
  ]);
  return applications.map((application, i) => {
    const userId = rows[i]!.user_id;
    return { ...application, userId, exhibitorName: exhibitorNameIn(names.get(userId), language === "en" ? "en" : "zh") };
  });
}

/** GET /smeb/invoice/review/list */
export async function financeList(db: Database, caller: Caller, query: FinanceQuery, language: Language): Promise<FinancePage<FinanceApplication>> {
  const matching = queue(db, caller.exhibitionId, query);
  const [total, page] = await Promise.all([countRows(matching), pageRows(matching, query.page, query.pageSize)]);
  return { rows: await financeRows(db, caller, page, language), total, page: query.page, pageSize: query.pageSize };
}

async function financeRow(db: Database, caller: Caller, id: number, language: Language) {
  const row = await selectApplications(db).where("a.id", "=", id).where("a.exhibition_id", "=", caller.exhibitionId).executeTakeFirst();
  if (!row) throw notFound();
  return (await financeRows(db, caller, [row], language))[0]!;
}

/** The e-invoice: a PDF the organizer uploaded into the 'invoice' folder; anything else is refused at its field. */
async function organizerPdf(db: Database, caller: Caller, url: string) {
  const rule = { folder: "invoice", contentType: "application/pdf", field: "pdfUrl", message: "bookingForms.errors.fileInvalid" } as const;
  return (await ownUpload(db, caller.userId, url, rule)).id;
}

/** POST /smeb/invoice/review/decide */
export async function decideApplication(
  deps: Pick<ApiDeps, "db" | "notifier" | "logger" | "config">,
  caller: Caller,
  input: IssueInput,
  language: Language,
): Promise<FinanceApplication> {
  const { db } = deps;
  const pdfFileId = input.decision === "issue" ? await organizerPdf(db, caller, input.pdfUrl!) : null;
  const decided = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("invoice_applications")
      .select(["id", "status", "version", "receiving_email", "amount_cents"])
      .where("id", "=", input.id)
      .where("exhibition_id", "=", caller.exhibitionId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== "submitted") throw new ApiError(ApiCode.conflict, "invoices.errors.notSubmitted");
    if (input.version !== undefined && input.version !== row.version) throw staleError();
    const now = appClock.now();
    const change =
      input.decision === "issue"
        ? {
            status: "issued" as const,
            invoice_no: input.invoiceNo!,
            invoice_date: input.invoiceDate!,
            pdf_file_id: pdfFileId,
            issued_at: now,
            issued_by: caller.userId,
          }
        : { status: "returned" as const, return_reason: input.reason! };
    const result = await trx
      .updateTable("invoice_applications")
      .set({ ...change, version: row.version + 1, updated_at: now })
      .where("id", "=", row.id)
      .where("status", "=", "submitted")
      .where("version", "=", row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new ApiError(ApiCode.conflict, "invoices.errors.notSubmitted");
    // A returned application takes nothing any more: its items are open again.
    if (input.decision === "return") await trx.updateTable("invoice_application_items").set({ active: false }).where("application_id", "=", row.id).execute();
    return row;
  });
  if (input.decision === "issue")
    await notifyIssued(deps, {
      exhibitionId: caller.exhibitionId,
      id: decided.id,
      to: decided.receiving_email,
      invoiceNo: input.invoiceNo!,
      amountCents: Number(decided.amount_cents),
    });
  return financeRow(db, caller, input.id, language);
}

/** Tells the receiving address (in Chinese: the area is Chinese only); a mail that fails does not undo the issue. */
async function notifyIssued(
  deps: Pick<ApiDeps, "db" | "notifier" | "logger" | "config">,
  invoice: { exhibitionId: number; id: number; to: string; invoiceNo: string; amountCents: number },
) {
  try {
    const link = await portalLink(deps.db, invoice.exhibitionId, deps.config, BILLING_PAGE);
    const amount = formatCny(invoice.amountCents);
    await deps.notifier.sendEmail({
      kind: "invoiceIssued",
      exhibitionId: invoice.exhibitionId,
      to: invoice.to,
      subject: `电子发票已开具：发票号码 ${invoice.invoiceNo}，金额 ${amount}`,
      text: [
        "您好：",
        "",
        `您申请的发票已开具。发票号码：${invoice.invoiceNo}；金额：${amount}。`,
        `请登录展商服务平台，在“开票申请”页面下载电子发票（PDF）：${link}`,
        "",
        "此邮件由系统自动发送，请勿直接回复。",
      ].join("\n"),
    });
  } catch (error) {
    deps.logger.error({ err: error, applicationId: invoice.id }, "issued-invoice e-mail could not be sent");
  }
}

/** Headers of the export, in the organizer's language (the area is Chinese only, English kept for the CLI and tests). */
const EXPORT_LABELS = {
  zh: {
    exhibitor: "展商",
    booths: "展位号",
    submittedAt: "提交时间",
    urgent: "加急",
    yes: "是",
    no: "否",
    types: { vatGeneral: "增值税普通发票", vatSpecial: "增值税专用发票" },
    statuses: { submitted: "已提交", issued: "已开具", returned: "已退回" },
    sheet: "开票申请",
    file: "开票申请",
  },
  en: {
    exhibitor: "Exhibitor",
    booths: "Booths",
    submittedAt: "Submitted at",
    urgent: "Urgent",
    yes: "Yes",
    no: "No",
    types: { vatGeneral: "VAT general invoice", vatSpecial: "VAT special invoice" },
    statuses: { submitted: "Submitted", issued: "Issued", returned: "Returned" },
    sheet: "Invoice applications",
    file: "invoice-applications",
  },
};

export function exportFileName(language: Language) {
  return { filename: `${EXPORT_LABELS[language].file}.xlsx`, ascii: `${EXPORT_LABELS.en.file}.xlsx` };
}

/** Each exhibitor's booth numbers in the exhibition, "1A01, 1A02". */
async function boothsOf(db: Database, exhibitionId: number, userIds: number[]) {
  const booths = new Map<number, string>();
  if (!userIds.length) return booths;
  const rows = await db
    .selectFrom("booths")
    .select(["user_id", "booth_no"])
    .where("exhibition_id", "=", exhibitionId)
    .where("user_id", "in", [...new Set(userIds)])
    .orderBy("booth_no")
    .execute();
  for (const r of rows) booths.set(r.user_id, booths.has(r.user_id) ? `${booths.get(r.user_id)}, ${r.booth_no}` : r.booth_no);
  return booths;
}

/** GET /smeb/invoice/review/export: the queue as filtered, no paging, for the finance system. */
export async function financeWorkbook(db: Database, caller: Caller, filters: FinanceFilters, language: Language): Promise<Buffer> {
  const rows = await queue(db, caller.exhibitionId, filters).limit(EXPORT_MAX_ROWS).execute();
  const [applications, booths] = await Promise.all([
    financeRows(db, caller, rows, language),
    boothsOf(
      db,
      caller.exhibitionId,
      rows.map((r) => r.user_id),
    ),
  ]);
  const labels = EXPORT_LABELS[language];
  const field = (name: string) => translate(language, `invoices.fields.${name}`);
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(labels.sheet);
  const column = (key: string, header: string, width: number, numFmt?: string): Partial<ExcelJS.Column> => ({
    key,
    header,
    width,
    ...(numFmt ? { style: { numFmt } } : {}),
  });
  sheet.columns = [
    column("exhibitor", labels.exhibitor, 30),
    column("booths", labels.booths, 14),
    column("invoiceType", field("invoiceType"), 16),
    column("title", field("title"), 32),
    // Text, so Excel keeps the taxpayer ID's 18 characters as typed.
    column("taxpayerId", field("taxpayerId"), 22, "@"),
    column("addressPhone", field("addressPhone"), 36),
    column("bankAccount", field("bankAccount"), 36),
    column("receivingEmail", field("receivingEmail"), 28),
    column("amount", field("amount"), 14, "0.00"),
    column("urgent", labels.urgent, 8),
    column("urgentReason", field("urgentReason"), 24),
    column("status", field("status"), 10),
    column("invoiceNo", field("invoiceNo"), 22, "@"),
    column("invoiceDate", field("invoiceDate"), 12),
    column("submittedAt", labels.submittedAt, 18),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const a of applications) {
    sheet.addRow({
      exhibitor: a.exhibitorName,
      booths: booths.get(a.userId) ?? "",
      invoiceType: labels.types[a.invoiceType],
      title: a.title,
      taxpayerId: a.taxpayerId,
      addressPhone: a.addressPhone,
      bankAccount: a.bankAccount,
      receivingEmail: a.receivingEmail,
      amount: a.amountCents / 100,
      urgent: a.urgent ? labels.yes : labels.no,
      urgentReason: a.urgentReason ?? "",
      status: labels.statuses[a.status],
      invoiceNo: a.invoiceNo ?? "",
      invoiceDate: a.invoiceDate ?? "",
      submittedAt: exhibitionDateTime(a.createdAt),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
