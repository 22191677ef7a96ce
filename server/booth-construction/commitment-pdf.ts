import { PDFDocument } from "pdf-lib";
import { MARGIN, PdfLayout, drawStampBoxes, embedContractFonts, saveWithInfo, contractDate } from "../pdf/layout";

/**
 * The entry safety commitment (spec /boothConstruction entrySafetyCommitment) as the server fills
 * it in from the exhibitor's details: printed, signed by the person responsible on site, stamped
 * by the exhibitor and the booth builder, and uploaded again as scans. Same font and page as the
 * service contracts (server/pdf/layout.ts), so Chinese names print in either language.
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
    exhibition: "展会名称",
    exhibitor: "参展单位",
    booth: "展位号",
    responsible: "现场安全负责人",
    builder: "搭建单位",
    mobile: "联系手机",
    date: "填写日期",
    intro: "为确保展会布展、展期及撤展期间的人员与财产安全，本参展单位及委托的搭建单位郑重承诺遵守以下规定：",
    clauses: [
      {
        heading: "消防安全",
        text: "展位搭建材料须为不燃材料或经阻燃处理的难燃材料（不低于 GB 8624 B1 级）；展位内按要求配备有效灭火器；不得遮挡或占用消火栓、灭火器、疏散通道及安全出口。",
      },
      {
        heading: "电气安全",
        text: "所有电气安装与接驳须由持有有效特种作业操作证（电工）的电工进行；电线、电缆、配电箱及灯具须符合国家标准并安装漏电保护装置；禁止私拉乱接电源，每日闭馆前切断展位电源。",
      },
      {
        heading: "结构安全",
        text: "展位结构须牢固稳定，具备足够的承载与抗倾覆能力，搭建高度不超过主办方规定；双层或大跨度结构须提前提交结构计算书并经审核；不得在展馆墙体、柱子、地面及吊点上打孔、钉钉或悬挂物品。",
      },
      { heading: "高空作业", text: "在 2 米及以上高处作业的人员须佩戴安全帽并系好安全带；脚手架、梯子须稳固并设防护栏，作业下方须有专人监护，严禁抛掷物料。" },
      { heading: "严禁明火", text: "展馆内严禁电焊、气割、喷漆、使用易燃溶剂等动火作业，严禁吸烟；不得将易燃易爆物品及压缩气瓶带入展馆。" },
      { heading: "撤展清场", text: "须在规定的撤展时间内完成拆除，清运全部搭建材料和垃圾，恢复场地原状；逾期未清理的，由本单位承担清运费用。" },
      { heading: "遵守场馆规定", text: "遵守场馆及主办方的各项管理规定，施工人员凭证进出并佩戴证件；服从现场安全检查，对发现的安全隐患立即整改。" },
      {
        heading: "安全责任",
        text: "参展单位与搭建单位对本展位在布展、展期及撤展期间的安全共同负责；因违反上述规定造成人身伤害、财产损失或场馆设施损坏的，由本单位承担全部责任；主办方有权责令停工整改。",
      },
    ],
    closing: "本承诺书自签字盖章之日起生效，至撤展结束、场地恢复原状时止。",
    stampExhibitor: "参展单位（盖章）",
    stampBuilder: "搭建单位（盖章）",
    signature: "负责人签字：",
    signDate: "日期：",
    page: (n: number, of: number) => `第 ${n} 页 / 共 ${of} 页`,
  },
  en: {
    title: "Entry Safety Commitment for Booth Construction",
    headingEnd: ": ",
    exhibition: "Exhibition",
    exhibitor: "Exhibitor",
    booth: "Booth",
    responsible: "Person responsible on site",
    builder: "Booth builder",
    mobile: "Mobile",
    date: "Date",
    intro:
      "To keep people and property safe during build-up, the show and dismantling, the exhibitor and the booth builder it has appointed solemnly commit to the following:",
    clauses: [
      {
        heading: "Fire safety",
        text: "Booth materials are non-combustible or treated to be flame-retardant (at least class B1 under GB 8624); the booth has working fire extinguishers as required; hydrants, extinguishers, escape routes and emergency exits are never blocked or used for anything else.",
      },
      {
        heading: "Electrical work",
        text: "All electrical installation and connection is done by electricians holding a valid special operations certificate (electrician); cables, distribution boxes and lamps meet national standards and have residual-current protection; no unauthorised connections are made, and the booth's power is switched off before the halls close each day.",
      },
      {
        heading: "Structural safety",
        text: "The booth structure is firm and stable, carries its loads, cannot tip over and stays within the organizer's height limit; two-storey or wide-span structures need structural calculations approved in advance; nothing is drilled, nailed or hung on the venue's walls, columns, floors or rigging points.",
      },
      {
        heading: "Working at height",
        text: "Anyone working 2 m or more above the floor wears a helmet and a fastened safety harness; scaffolds and ladders are stable with guard rails, someone keeps watch below, and nothing is thrown down.",
      },
      {
        heading: "No open flames",
        text: "No welding, flame cutting, spray painting, flammable solvents or other hot work, and no smoking, in the halls; no flammable or explosive goods or compressed gas cylinders are brought in.",
      },
      {
        heading: "Clearing the site",
        text: "The booth is taken down within the dismantling period, all materials and waste are removed and the site is left as it was found; the cost of clearing anything left behind is ours.",
      },
      {
        heading: "Venue rules",
        text: "We follow the venue's and the organizer's rules; workers enter with and wear their passes; we accept on-site safety inspections and put right any hazard found at once.",
      },
      {
        heading: "Liability",
        text: "The exhibitor and the booth builder are jointly responsible for the booth's safety during build-up, the show and dismantling; we bear full liability for injury, loss or damage to the venue caused by breaking these rules, and the organizer may stop the work until it is put right.",
      },
    ],
    closing: "This commitment takes effect when signed and stamped and lasts until dismantling is over and the site is restored.",
    stampExhibitor: "Exhibitor (stamp)",
    stampBuilder: "Booth builder (stamp)",
    signature: "Signature of person responsible:",
    signDate: "Date:",
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} as const;

/** The clauses and title as printed: one source for the PDF, its tests and any page that quotes them. */
export const COMMITMENT_CLAUSES: Record<CommitmentLanguage, readonly Clause[]> = { zh: TEXTS.zh.clauses, en: TEXTS.en.clauses };
export const COMMITMENT_TITLE: Record<CommitmentLanguage, string> = { zh: TEXTS.zh.title, en: TEXTS.en.title };

// Where this sheet's page differs from the contracts' (server/pdf/layout.ts): a lower footer, more space between lines.
const FOOTER_SPACE = 30;
const LINE_GAP = 4.5;

/**
 * The filled commitment as a PDF (A4; one page unless the names are very long). The output depends
 * only on the input: its dates come from filledAt.
 */
export async function renderCommitmentPdf(input: CommitmentPdfInput, language: CommitmentLanguage): Promise<Uint8Array> {
  const texts = TEXTS[language];
  const doc = await PDFDocument.create({ updateMetadata: false });
  const flow = new PdfLayout(doc, await embedContractFonts(doc, "PCSCR"), { footerSpace: FOOTER_SPACE, lineGap: LINE_GAP });
  flow.title(texts.title, 17);

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

  // The exhibitor's and the builder's stamp, each with the on-site responsible person's signature.
  const boxes = [
    { title: texts.stampExhibitor, company: input.exhibitorCompany },
    { title: texts.stampBuilder, company: input.builderCompany },
  ];
  drawStampBoxes(flow, boxes, texts, { height: 112, spaceAbove: 18, signatureAt: 36 });
  flow.footers(`${texts.booth} ${input.boothNo}`, texts.page, MARGIN - 14);

  return saveWithInfo(doc, { title: `${texts.title} ${input.boothNo}`, author: input.exhibitorCompany, language, date: new Date(input.filledAt) });
}
