import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { contractFontkit, loadContractFontBytes, wrapText } from "../orders/contract-font";
import { contractDate } from "../orders/contract-pdf";

/**
 * The entry safety commitment (spec /boothConstruction entrySafetyCommitment) as the server fills
 * it in from the exhibitor's details: printed, signed by the person responsible on site, stamped
 * by the exhibitor and the booth builder, and uploaded again as scans. Same font and page as the
 * service contracts (contract-font.ts), so Chinese names print in either language.
 */
export type CommitmentPdfInput = {
  exhibitionName: string;
  exhibitorCompany: string;
  boothNo: string;
  responsiblePerson: string;
  builderCompany: string;
  /** Unmasked: the paper is the exhibitor's own, and the site office calls this number. */
  mobile: string;
  /** ISO time the details were saved: the date filled in and the PDF's creation date. */
  filledAt: string;
};

export type CommitmentLanguage = "zh" | "en";

type Clause = { heading: string; text: string };

const TEXTS = {
  zh: {
    title: "展会入场施工安全承诺书",
    headingEnd: "：",
    exhibition: "展会名称", exhibitor: "参展单位", booth: "展位号", responsible: "现场安全负责人",
    builder: "搭建单位", mobile: "联系手机", date: "填写日期",
    intro: "为确保展会布展、展期及撤展期间的人员与财产安全，本参展单位及委托的搭建单位郑重承诺遵守以下规定：",
    clauses: [
      { heading: "消防安全", text: "展位搭建材料须为不燃材料或经阻燃处理的难燃材料（不低于 GB 8624 B1 级）；展位内按要求配备有效灭火器；不得遮挡或占用消火栓、灭火器、疏散通道及安全出口。" },
      { heading: "电气安全", text: "所有电气安装与接驳须由持有有效特种作业操作证（电工）的电工进行；电线、电缆、配电箱及灯具须符合国家标准并安装漏电保护装置；禁止私拉乱接电源，每日闭馆前切断展位电源。" },
      { heading: "结构安全", text: "展位结构须牢固稳定，具备足够的承载与抗倾覆能力，搭建高度不超过主办方规定；双层或大跨度结构须提前提交结构计算书并经审核；不得在展馆墙体、柱子、地面及吊点上打孔、钉钉或悬挂物品。" },
      { heading: "高空作业", text: "在 2 米及以上高处作业的人员须佩戴安全帽并系好安全带；脚手架、梯子须稳固并设防护栏，作业下方须有专人监护，严禁抛掷物料。" },
      { heading: "严禁明火", text: "展馆内严禁电焊、气割、喷漆、使用易燃溶剂等动火作业，严禁吸烟；不得将易燃易爆物品及压缩气瓶带入展馆。" },
      { heading: "撤展清场", text: "须在规定的撤展时间内完成拆除，清运全部搭建材料和垃圾，恢复场地原状；逾期未清理的，由本单位承担清运费用。" },
      { heading: "遵守场馆规定", text: "遵守场馆及主办方的各项管理规定，施工人员凭证进出并佩戴证件；服从现场安全检查，对发现的安全隐患立即整改。" },
      { heading: "安全责任", text: "参展单位与搭建单位对本展位在布展、展期及撤展期间的安全共同负责；因违反上述规定造成人身伤害、财产损失或场馆设施损坏的，由本单位承担全部责任；主办方有权责令停工整改。" },
    ],
    closing: "本承诺书自签字盖章之日起生效，至撤展结束、场地恢复原状时止。",
    stampExhibitor: "参展单位（盖章）", stampBuilder: "搭建单位（盖章）", signature: "负责人签字：", signDate: "日期：",
    page: (n: number, of: number) => `第 ${n} 页 / 共 ${of} 页`,
  },
  en: {
    title: "Entry Safety Commitment for Booth Construction",
    headingEnd: ": ",
    exhibition: "Exhibition", exhibitor: "Exhibitor", booth: "Booth", responsible: "Person responsible on site",
    builder: "Booth builder", mobile: "Mobile", date: "Date",
    intro: "To keep people and property safe during build-up, the show and dismantling, the exhibitor and the booth builder it has appointed solemnly commit to the following:",
    clauses: [
      { heading: "Fire safety", text: "Booth materials are non-combustible or treated to be flame-retardant (at least class B1 under GB 8624); the booth has working fire extinguishers as required; hydrants, extinguishers, escape routes and emergency exits are never blocked or used for anything else." },
      { heading: "Electrical work", text: "All electrical installation and connection is done by electricians holding a valid special operations certificate (electrician); cables, distribution boxes and lamps meet national standards and have residual-current protection; no unauthorised connections are made, and the booth's power is switched off before the halls close each day." },
      { heading: "Structural safety", text: "The booth structure is firm and stable, carries its loads, cannot tip over and stays within the organizer's height limit; two-storey or wide-span structures need structural calculations approved in advance; nothing is drilled, nailed or hung on the venue's walls, columns, floors or rigging points." },
      { heading: "Working at height", text: "Anyone working 2 m or more above the floor wears a helmet and a fastened safety harness; scaffolds and ladders are stable with guard rails, someone keeps watch below, and nothing is thrown down." },
      { heading: "No open flames", text: "No welding, flame cutting, spray painting, flammable solvents or other hot work, and no smoking, in the halls; no flammable or explosive goods or compressed gas cylinders are brought in." },
      { heading: "Clearing the site", text: "The booth is taken down within the dismantling period, all materials and waste are removed and the site is left as it was found; the cost of clearing anything left behind is ours." },
      { heading: "Venue rules", text: "We follow the venue's and the organizer's rules; workers enter with and wear their passes; we accept on-site safety inspections and put right any hazard found at once." },
      { heading: "Liability", text: "The exhibitor and the booth builder are jointly responsible for the booth's safety during build-up, the show and dismantling; we bear full liability for injury, loss or damage to the venue caused by breaking these rules, and the organizer may stop the work until it is put right." },
    ],
    closing: "This commitment takes effect when signed and stamped and lasts until dismantling is over and the site is restored.",
    stampExhibitor: "Exhibitor (stamp)", stampBuilder: "Booth builder (stamp)", signature: "Signature of person responsible:", signDate: "Date:",
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} as const;

/** The clauses and title as printed: one source for the PDF, its tests and any page that quotes them. */
export const COMMITMENT_CLAUSES: Record<CommitmentLanguage, readonly Clause[]> = { zh: TEXTS.zh.clauses, en: TEXTS.en.clauses };
export const COMMITMENT_TITLE: Record<CommitmentLanguage, string> = { zh: TEXTS.zh.title, en: TEXTS.en.title };

// A4 in points, as the contracts.
const PAGE_SIZE: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const FOOTER_SPACE = 30;
const CONTENT_WIDTH = PAGE_SIZE[0] - 2 * MARGIN;
const BODY_SIZE = 9.5;
const LINE_GAP = 4.5;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.45, 0.45, 0.45);

/** Text flows down the page and continues on a new one when a line does not fit. */
class Flow {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;

  constructor(readonly doc: PDFDocument, readonly font: PDFFont, readonly bold: PDFFont) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.y = PAGE_SIZE[1] - MARGIN;
  }

  ensureSpace(height: number) {
    if (this.y - height < MARGIN + FOOTER_SPACE) this.newPage();
  }

  text(text: string, x: number, y: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    this.page.drawText(text, { x, y, size: options.size ?? BODY_SIZE, font: options.bold ? this.bold : this.font, color: options.color ?? INK });
  }

  /**
   * A wrapped paragraph; a hanging label sits left of its first line, in the indent, and a bold
   * lead (a clause's heading) starts the first line as its own run of text.
   */
  paragraph(text: string, options: { indent?: number; size?: number; bold?: boolean; label?: string; lead?: string } = {}) {
    const size = options.size ?? BODY_SIZE;
    const indent = options.indent ?? 0;
    const lead = options.lead ?? "";
    // Wrapped in the regular font, the bold lead is a little wider: every line gives up that much.
    const leadExtra = lead ? this.bold.widthOfTextAtSize(lead, size) - this.font.widthOfTextAtSize(lead, size) : 0;
    wrapText(lead + text, options.bold ? this.bold : this.font, size, CONTENT_WIDTH - indent - Math.max(0, leadExtra)).forEach((line, index) => {
      this.ensureSpace(size + LINE_GAP);
      this.y -= size + LINE_GAP;
      const x = MARGIN + indent;
      if (index > 0) return this.text(line, x, this.y, { size, bold: options.bold });
      if (options.label) this.text(options.label, MARGIN, this.y, { size, bold: Boolean(lead) });
      if (lead) this.text(lead.trimEnd(), x, this.y, { size, bold: true });
      this.text(line.slice(lead.length), x + (lead ? this.bold.widthOfTextAtSize(lead, size) : 0), this.y, { size, bold: options.bold });
    });
  }
}

/** Two stamp boxes side by side: the exhibitor's and the builder's, each with a signature and a date line. */
function drawStampBoxes(flow: Flow, texts: (typeof TEXTS)[CommitmentLanguage], input: CommitmentPdfInput) {
  const gap = 16;
  const boxWidth = (CONTENT_WIDTH - gap) / 2;
  const boxes = [
    { title: texts.stampExhibitor, company: input.exhibitorCompany },
    { title: texts.stampBuilder, company: input.builderCompany },
  ].map((box) => ({ ...box, lines: wrapText(box.company, flow.font, BODY_SIZE, boxWidth - 16) }));
  // A long company name makes both boxes taller rather than being cut.
  const extraLines = Math.max(0, ...boxes.map((box) => box.lines.length - 2));
  const boxHeight = 112 + extraLines * (BODY_SIZE + LINE_GAP);
  flow.ensureSpace(boxHeight + 18);
  flow.y -= 18;
  const top = flow.y;
  boxes.forEach((box, index) => {
    const x = MARGIN + index * (boxWidth + gap);
    flow.page.drawRectangle({ x, y: top - boxHeight, width: boxWidth, height: boxHeight, borderColor: GREY, borderWidth: 0.8 });
    let y = top - 8 - BODY_SIZE;
    flow.text(box.title, x + 8, y, { bold: true });
    for (const line of box.lines) {
      y -= BODY_SIZE + LINE_GAP;
      flow.text(line, x + 8, y);
    }
    flow.text(texts.signature, x + 8, top - boxHeight + 36, { color: GREY });
    flow.text(texts.signDate, x + 8, top - boxHeight + 14, { color: GREY });
  });
  flow.y = top - boxHeight;
}

/**
 * The filled commitment as a PDF (A4; one page unless the names are very long). The output depends
 * only on the input: its dates come from filledAt.
 */
export async function renderCommitmentPdf(input: CommitmentPdfInput, language: CommitmentLanguage): Promise<Uint8Array> {
  const texts = TEXTS[language];
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(contractFontkit);
  const [regularBytes, boldBytes] = await Promise.all([loadContractFontBytes("regular"), loadContractFontBytes("bold")]);
  // Subsets with fixed names, as the contracts: tens of kB, and the same bytes for the same input.
  const font = await doc.embedFont(regularBytes, { subset: true, customName: "PCSCRA+NotoSansSC-Regular" });
  const bold = await doc.embedFont(boldBytes, { subset: true, customName: "PCSCRB+NotoSansSC-Bold" });

  const flow = new Flow(doc, font, bold);
  const titleSize = 17;
  flow.y -= titleSize;
  flow.text(texts.title, MARGIN + Math.max(0, (CONTENT_WIDTH - bold.widthOfTextAtSize(texts.title, titleSize)) / 2), flow.y, { size: titleSize, bold: true });
  flow.y -= 14;

  const colon = language === "zh" ? "：" : ":";
  const labelWidth = language === "zh" ? 100 : 150;
  const facts: [string, string][] = [
    [texts.exhibition, input.exhibitionName],
    [texts.exhibitor, input.exhibitorCompany],
    [texts.booth, input.boothNo],
    [texts.responsible, input.responsiblePerson],
    [texts.builder, input.builderCompany],
    [texts.mobile, input.mobile],
    [texts.date, contractDate(input.filledAt)],
  ];
  for (const [label, value] of facts) flow.paragraph(value, { indent: labelWidth, label: label + colon });

  flow.y -= 10;
  flow.paragraph(texts.intro);
  flow.y -= 4;
  texts.clauses.forEach((clause, index) => {
    flow.y -= 2;
    flow.paragraph(clause.text, { indent: 18, label: `${index + 1}.`, lead: `${clause.heading}${texts.headingEnd}` });
  });
  flow.y -= 8;
  flow.paragraph(texts.closing);

  drawStampBoxes(flow, texts, input);

  // Footers last, when the page count is known.
  flow.pages.forEach((page, index) => {
    flow.page = page;
    const footerY = MARGIN - 14;
    flow.text(`${texts.booth} ${input.boothNo}`, MARGIN, footerY, { size: 8, color: GREY });
    const pageLabel = texts.page(index + 1, flow.pages.length);
    flow.text(pageLabel, MARGIN + CONTENT_WIDTH - font.widthOfTextAtSize(pageLabel, 8), footerY, { size: 8, color: GREY });
  });

  const filled = new Date(input.filledAt);
  doc.setTitle(`${texts.title} ${input.boothNo}`);
  doc.setAuthor(input.exhibitorCompany);
  doc.setLanguage(language === "zh" ? "zh-CN" : "en");
  doc.setProducer("Exhibitor Portal");
  doc.setCreationDate(filled);
  doc.setModificationDate(filled);
  return doc.save();
}
