import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { COMMITMENT_CLAUSES, COMMITMENT_TITLE, renderCommitmentPdf, type CommitmentPdfInput } from "../../server/booth-construction/commitment-pdf";
import { pageText } from "../support/pdf-text";

const input: CommitmentPdfInput = {
  exhibitionName: "第二十八届中国国际高新技术成果交易会",
  // 喆 and 燊 are outside GB2312: the font must cover more than the common set.
  exhibitorCompany: "深圳喆燊科技有限公司",
  boothNo: "2B10",
  responsiblePerson: "王建国",
  builderCompany: "鑫源展览工程有限公司",
  mobile: "13912345678",
  // 20:30 in Beijing on 1 December is still 1 December there, though 12:30 UTC.
  filledAt: "2026-12-01T12:30:00.000Z",
};

describe("renderCommitmentPdf", () => {
  for (const language of ["zh", "en"] as const) {
    it(`fills in the commitment in ${language}: the details, the clauses and the stamp boxes`, async () => {
      const bytes = await renderCommitmentPdf(input, language);
      const doc = await PDFDocument.load(bytes);
      expect(doc.getTitle()).toBe(`${COMMITMENT_TITLE[language]} 2B10`);
      // One sheet to print, sign and stamp.
      expect(doc.getPageCount()).toBe(1);
      const text = doc.getPages().map(pageText).join("\n");
      expect(text).not.toContain("\uFFFD");
      for (const expected of [
        COMMITMENT_TITLE[language],
        input.exhibitionName,
        input.exhibitorCompany,
        "2B10",
        "王建国",
        "鑫源展览工程有限公司",
        "13912345678",
        "2026-12-01",
      ]) {
        expect(text, expected).toContain(expected);
      }
      expect(COMMITMENT_CLAUSES[language]).toHaveLength(8);
      for (const clause of COMMITMENT_CLAUSES[language]) expect(text).toContain(clause.heading);
      // A clause read across its line breaks (Chinese wraps between characters, English at spaces).
      const flowing = language === "zh" ? text.replace(/\n/g, "") : text.replace(/\n/g, " ");
      expect(flowing).toContain(
        language === "zh"
          ? "须由持有有效特种作业操作证（电工）的电工进行"
          : "is done by electricians holding a valid special operations certificate (electrician)",
      );
      expect(text).toContain(language === "zh" ? "参展单位（盖章）" : "Booth builder (stamp)");
    });
  }

  it("is the same bytes for the same input, and tens of kB (the font is subset)", async () => {
    const [a, b] = await Promise.all([renderCommitmentPdf(input, "zh"), renderCommitmentPdf(input, "zh")]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(a.byteLength).toBeLessThan(300_000);
  });

  it("keeps very long names whole, wrapping them onto more lines", async () => {
    const long = {
      ...input,
      exhibitorCompany: `${"深圳".repeat(40)}有限公司`,
      builderCompany: "Very Long Exhibition Engineering and Booth Construction Company ".repeat(2).trim(),
    };
    const text = (await PDFDocument.load(await renderCommitmentPdf(long, "en"))).getPages().map(pageText).join("");
    expect(text.replace(/\n/g, "")).toContain(`${"深圳".repeat(40)}有限公司`);
  });
});
