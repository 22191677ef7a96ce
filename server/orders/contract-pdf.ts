import { PDFDocument, rgb } from "pdf-lib";
import { formatMoney } from "../../app/contracts/common/format";
import { wrapText } from "../pdf/font";
import { BODY_SIZE, CONTENT_WIDTH, MARGIN, PdfLayout, drawStampBoxes, embedContractFonts, saveWithInfo, contractDate } from "../pdf/layout";

/**
 * Contract PDFs of on-site service orders (docs/product.md § Uploads): the contract the server generates
 * from an order, in Chinese or English, and the stamped contract the exhibitor uploads as
 * scans, combined into one PDF.
 */
type PriceKind = "advance" | "standard" | "onsite";

export interface ContractLine {
  nameZh: string;
  nameEn: string;
  unitZh: string;
  unitEn: string;
  quantity: number;
  unitPriceCents: number;
  priceKind: PriceKind;
  lineTotalCents: number;
}

export interface ContractInput {
  orderNo: string;
  /** ISO time the order was created: the contract date and the PDF's creation date. */
  createdAt: string;
  exhibitionName: string;
  exhibitorCompany: string;
  boothNo: string;
  contractorCompany?: string | null;
  contractorContact?: string | null;
  lines: ContractLine[];
  totalCents: number;
  contractVersion: number;
}

export type ContractLanguage = "zh" | "en";

const SERVICE_COMPANY = { zh: "鹏城国际会展服务有限公司", en: "Pengcheng International Exhibition Services Co., Ltd." } as const;

const TEXTS = {
  zh: {
    title: "现场服务订购合同",
    orderNo: "订单编号",
    date: "签订日期",
    exhibition: "展会名称",
    booth: "展位号",
    version: "合同版本",
    partyA: "甲方（服务方）",
    partyB: "乙方（参展商）",
    contractor: "委托承建商",
    contact: "联系人",
    intro: "经双方协商一致，乙方向甲方订购以下现场服务：",
    columns: ["序号", "服务项目", "单位", "数量", "价格类型", "单价（元）", "金额（元）"],
    priceKinds: { advance: "预订价", standard: "标准价", onsite: "现场价" },
    total: "合计（人民币元）",
    totalInFigures: "合同总金额（小写）：人民币 ¥",
    termsTitle: "合同条款",
    terms: [
      "付款：乙方应自本合同签订之日起 7 日内将合同总金额付至甲方指定账户，甲方确认收款后提供服务。",
      "变更：乙方上传盖章合同后，本订单内容不可更改；如需增加服务，请另行下单。",
      "现场价格：展会开幕当日及之后提交的订单按现场价格收费。",
      "取消：合同上传后取消订单的，已付款项按甲方现场服务规定处理；已安装或已提供的服务不予退款。",
      "本合同经双方盖章后生效；盖章合同的扫描件与原件具有同等效力。",
    ],
    stampA: "甲方（盖章）",
    stampB: "乙方（盖章）",
    signature: "授权代表签字：",
    signDate: "日期：",
    page: (n: number, of: number) => `第 ${n} 页 / 共 ${of} 页`,
  },
  en: {
    title: "On-site service order contract",
    orderNo: "Order No.",
    date: "Date",
    exhibition: "Exhibition",
    booth: "Booth",
    version: "Contract version",
    partyA: "Party A (service provider)",
    partyB: "Party B (exhibitor)",
    contractor: "Entrusted contractor",
    contact: "Contact",
    intro: "Party B orders the following on-site services from Party A:",
    columns: ["No.", "Service", "Unit", "Qty", "Price type", "Unit price (CNY)", "Amount (CNY)"],
    priceKinds: { advance: "Advance", standard: "Standard", onsite: "On-site" },
    total: "Total (CNY)",
    totalInFigures: "Contract total (in figures): CNY ",
    termsTitle: "Terms",
    terms: [
      "Payment: Party B pays the contract total to Party A's designated account within 7 days of the contract date; services are provided once Party A has confirmed receipt.",
      "Changes: once Party B has uploaded the stamped contract, this order cannot be changed; further services need a new order.",
      "On-site prices: orders placed on or after the opening day of the exhibition are charged at on-site prices.",
      "Cancellation: payments for an order cancelled after the contract was uploaded are settled under Party A's on-site service rules; services already installed or provided are not refunded.",
      "This contract takes effect when stamped by both parties; a scan of the stamped contract is as valid as the original.",
    ],
    stampA: "Party A (stamp)",
    stampB: "Party B (stamp)",
    signature: "Authorized signature:",
    signDate: "Date:",
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} as const;

// The page, fonts and text flow are in server/pdf/layout.ts, shared with the safety commitment; these are
// the contract's own: room for its footer, its line spacing and the lines table.
const FOOTER_SPACE = 36;
const LINE_GAP = 4;
const RULE = rgb(0.7, 0.7, 0.7);
const HEADER_FILL = rgb(0.93, 0.94, 0.96);
// Column widths of the lines table; the service name takes what the others leave.
const FIXED_COLUMNS = [30, 40, 40, 54, 78, 86];
const COLUMN_WIDTHS = [FIXED_COLUMNS[0]!, CONTENT_WIDTH - FIXED_COLUMNS.reduce((a, b) => a + b, 0), ...FIXED_COLUMNS.slice(1)];
const RIGHT_ALIGNED_COLUMNS = new Set([3, 5, 6]);
const CELL_PADDING = 4;

function drawTableRow(layout: PdfLayout, cells: string[], options: { bold?: boolean; fill?: boolean }) {
  const font = options.bold ? layout.bold : layout.regular;
  const wrapped = cells.map((cell, index) => wrapText(cell, font, BODY_SIZE, COLUMN_WIDTHS[index]! - 2 * CELL_PADDING));
  const height = Math.max(...wrapped.map((lines) => lines.length)) * (BODY_SIZE + LINE_GAP) + 2 * CELL_PADDING;
  layout.ensureSpace(height);
  const top = layout.y;
  if (options.fill) layout.page.drawRectangle({ x: MARGIN, y: top - height, width: CONTENT_WIDTH, height, color: HEADER_FILL });
  let x = MARGIN;
  wrapped.forEach((lines, index) => {
    const width = COLUMN_WIDTHS[index]!;
    lines.forEach((line, lineIndex) => {
      const baseline = top - CELL_PADDING - (lineIndex + 1) * (BODY_SIZE + LINE_GAP) + LINE_GAP;
      const alignRightAt = RIGHT_ALIGNED_COLUMNS.has(index) ? x + width - CELL_PADDING : undefined;
      layout.text(line, x + CELL_PADDING, baseline, { bold: options.bold, alignRightAt });
    });
    x += width;
  });
  layout.page.drawLine({ start: { x: MARGIN, y: top - height }, end: { x: MARGIN + CONTENT_WIDTH, y: top - height }, thickness: 0.5, color: RULE });
  layout.y = top - height;
}

/**
 * The contract of one order as a PDF (A4, as many pages as the lines need). The output
 * depends only on the input: the PDF dates come from createdAt, and pdf-lib's resource
 * names come from a fixed-seed generator.
 */
export async function renderContractPdf(order: ContractInput, language: ContractLanguage): Promise<Uint8Array> {
  const texts = TEXTS[language];
  const date = contractDate(order.createdAt);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const layout = new PdfLayout(doc, await embedContractFonts(doc, "PCCTR"), { footerSpace: FOOTER_SPACE, lineGap: LINE_GAP });
  layout.title(texts.title, 18);

  const labelWidth = language === "zh" ? 96 : 150;
  const facts: [string, string][] = [
    [texts.orderNo, order.orderNo],
    [texts.date, date],
    [texts.exhibition, order.exhibitionName],
    [texts.booth, order.boothNo],
    [texts.partyA, SERVICE_COMPANY[language]],
    [texts.partyB, order.exhibitorCompany],
  ];
  if (order.contractorCompany) {
    const contact = order.contractorContact ? ` (${texts.contact}: ${order.contractorContact})` : "";
    facts.push([texts.contractor, `${order.contractorCompany}${contact}`]);
  }
  for (const [label, value] of facts) layout.paragraph(value, { indent: labelWidth, label: label + (language === "zh" ? "：" : ":") });

  layout.y -= 8;
  layout.paragraph(texts.intro);
  layout.y -= 6;

  const headerRow = () => drawTableRow(layout, [...texts.columns], { bold: true, fill: true });
  headerRow();
  layout.onNewPage = headerRow;
  order.lines.forEach((line, index) => {
    const name = language === "zh" ? line.nameZh : line.nameEn;
    const unit = language === "zh" ? line.unitZh : line.unitEn;
    const cells = [
      String(index + 1),
      name,
      unit,
      String(line.quantity),
      texts.priceKinds[line.priceKind],
      formatMoney(line.unitPriceCents),
      formatMoney(line.lineTotalCents),
    ];
    drawTableRow(layout, cells, {});
  });
  layout.onNewPage = null;
  drawTableRow(layout, ["", texts.total, "", "", "", "", formatMoney(order.totalCents)], { bold: true });

  layout.y -= 6;
  layout.paragraph(`${texts.totalInFigures}${formatMoney(order.totalCents)}`, { bold: true });

  layout.y -= 10;
  layout.ensureSpace(60);
  layout.paragraph(texts.termsTitle, { bold: true, size: 11 });
  texts.terms.forEach((term, index) => {
    layout.paragraph(term, { indent: 16, label: `${index + 1}.` });
  });

  const boxes = [
    { title: texts.stampA, company: SERVICE_COMPANY[language] },
    { title: texts.stampB, company: order.exhibitorCompany },
  ];
  drawStampBoxes(layout, boxes, texts, { height: 120, spaceAbove: 16, signatureAt: 34 });
  layout.footers(`${order.orderNo} · ${texts.version} v${order.contractVersion}`, texts.page, MARGIN - 10);

  const title = `${texts.title} ${order.orderNo} v${order.contractVersion}`;
  return saveWithInfo(doc, { title, author: SERVICE_COMPANY[language], language, date: new Date(order.createdAt) });
}
