import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import { newExhibitor } from "../support/new-exhibitor";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { workbookWith } from "./badges-excel-files";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

// docs/product.md § Quotas and limits per account: the live badge duplicate check, 60 in 10 minutes.
const LIVE_CHECKS_MAX = 60;
// docs/product.md § Quotas and limits per account: matches with other exhibitors' badge holders, 10 an hour.
const FOREIGN_MATCHES_MAX = 10;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const idCard = (n: number) => {
  const first17 = `44030419850101${String(n).padStart(3, "0")}`;
  return `${first17}${idCardCheckChar(first17)}`;
};
const person = (n: number) => ({
  holderName: `探测${n}`,
  idType: "idCard",
  idNumber: idCard(n),
  mobile: `1370000${String(n).padStart(4, "0")}`,
  email: `probe${n}@example.com`,
  company: "探测公司",
  position: "职员",
});

/**
 * Issue 36, finding 2: badge uniqueness is exhibition-wide, but one exhibitor must not be able to
 * find out who another has registered: the live check names only the caller's own badges, and
 * matches with other exhibitors' holders are counted and throttled per account.
 */
describe.each(backendsOf(import.meta.url))("badge holder checks are not an oracle on %s", (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(backend);
  });
  afterAll(() => api?.close());

  /** An exhibitor with a 9 m² standard booth of its own (12 badges of quota). */
  const exhibitor = async () => (await newExhibitor(api)).ticket;
  const save = (ticket: string, form: Record<string, string>) => api.call("/smeb/pass/ticket/save", { form, ticket, lang: "en" });
  const checkMobile = (ticket: string, mobile: string) => api.call("/smeb/pass/ticket/validateMobile", { query: { mobile }, ticket, lang: "en" });

  it(`throttles the live check after ${LIVE_CHECKS_MAX} in ten minutes, and never names another exhibitor's holder`, async () => {
    const holder = await exhibitor();
    expect((await save(holder, person(1))).code).toBe(200);
    const prober = await exhibitor();
    expect((await checkMobile(holder, person(1).mobile)).message).toBe("The Mobile already exists");
    for (let i = 0; i < LIVE_CHECKS_MAX; i++) {
      const answer = await checkMobile(prober, person(1).mobile);
      expect(answer.code, `check ${i}`).toBe(200);
    }
    const throttled = await checkMobile(prober, person(1).mobile);
    expect(throttled).toMatchObject({ status: 429, message: "Too many checks in a short time; please try again in 10 minutes" });
    const inChinese = await api.call("/smeb/pass/ticket/validateEmail", { query: { email: "x@example.com" }, ticket: prober, lang: "zh" });
    expect(inChinese.message).toBe("检查过于频繁，请在 10 分钟后重试");
  });

  it(`refuses saves after ${FOREIGN_MATCHES_MAX} matches with other exhibitors' holders in an hour; the caller's own duplicates do not count`, async () => {
    const holder = await exhibitor();
    expect((await save(holder, person(20))).code).toBe(200);
    const prober = await exhibitor();
    for (let i = 0; i < FOREIGN_MATCHES_MAX; i++) {
      const probe = await save(prober, { ...person(30 + i), mobile: person(20).mobile });
      expect(probe, `probe ${i}`).toMatchObject({ status: 409, message: "The Mobile already exists" });
    }
    // Even a save that would match nothing: the account has learnt enough for an hour.
    const blocked = await save(prober, person(50));
    expect(blocked).toMatchObject({
      status: 429,
      message: "Too many of the details entered match people who already have a badge; please try again in 60 minutes",
    });

    const careful = await exhibitor();
    expect((await save(careful, person(60))).code).toBe(200);
    for (let i = 0; i < FOREIGN_MATCHES_MAX + 2; i++) expect((await save(careful, { ...person(61 + i), email: person(60).email })).status).toBe(409);
    expect((await save(careful, person(80))).code).toBe(200);
  });

  async function importRows(ticket: string, people: ReturnType<typeof person>[]) {
    const bytes = await workbookWith(people.map((p) => [p.holderName, "Mainland ID card", p.idNumber, p.mobile, p.email, p.company, p.position]));
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], "badges.xlsx", { type: XLSX }));
    const response = await fetch(`${api.baseUrl}/api/smeb/pass/ticket/upload`, { method: "POST", headers: { ticket, "accept-language": "en" }, body: form });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: { rows?: unknown[] } | null }) };
  }

  it("counts an import's rows that match other exhibitors' holders, and refuses a sheet with more than the account may learn of, naming none", async () => {
    const holder = await exhibitor();
    const registered = Array.from({ length: FOREIGN_MATCHES_MAX + 1 }, (_, i) => person(100 + i));
    for (const p of registered) expect((await save(holder, p)).code).toBe(200);

    const few = await exhibitor();
    const named = await importRows(
      few,
      registered.slice(0, 3).map((p, i) => ({ ...person(200 + i), idNumber: p.idNumber })),
    );
    expect(named.status).toBe(400);
    expect(named.data?.rows).toHaveLength(3);

    const many = await exhibitor();
    const refused = await importRows(
      many,
      registered.map((p, i) => ({ ...person(300 + i), mobile: p.mobile })),
    );
    expect(refused).toMatchObject({
      status: 429,
      message: "Too many of the details entered match people who already have a badge; please try again in 60 minutes",
      data: null,
    });
    expect((await save(many, person(400))).status).toBe(429);
  });
});
