import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProfileView } from "../../app/contracts/exhibitor/api-types";
import { NEW_EXHIBITOR_PASSWORD, newExhibitorWithoutBooth } from "../support/new-exhibitor";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Issue 51: the exhibitor profile form started empty although the account already holds the company
 * names, the contact, mobile and e-mail (the exhibitor import fills them). A new profile now starts
 * from them, field by field, only where the draft has no value; a value saved is never replaced.
 */
describe.each(backendsOf(import.meta.url))("the exhibitor profile starts from the account on %s", (backend) => {
  let api: TestApi;
  const account = {
    business_name: "预填测试科技有限公司",
    business_name_en: "Prefill Test Technology Co., Ltd.",
    contact_name: "王五",
    contact_phone: "13912345678",
    contact_email: "wangwu@prefill.example.com",
  };

  beforeAll(async () => {
    api = await startTestApi(backend, {}, { remixBuild: await loadRemixBuild() });
  });
  afterAll(async () => {
    await api?.close();
  });

  /** A new exhibitor account holding `account`'s values (as the exhibitor import fills them), without a profile. */
  async function newAccount() {
    const exhibitor = await newExhibitorWithoutBooth(api);
    await api.db.updateTable("users").set(account).where("id", "=", exhibitor.userId).execute();
    return exhibitor;
  }
  type Account = Awaited<ReturnType<typeof newAccount>>;

  const profile = async (me: Account) => {
    const answer = await api.call<ProfileView>("/smeb/exhibitor/info/findByUserId", { ticket: me.ticket });
    expect(answer.code).toBe(200);
    return answer.data;
  };
  const page = async (me: Account, step: string) => {
    const browser = portalClient(api.baseUrl);
    await browser.signIn(me.username, NEW_EXHIBITOR_PASSWORD);
    const response = await browser.request(`/exhibitorInfo/exhibitorData?step=${step}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const inputValue = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0].match(/value="([^"]*)"/)?.[1] ?? "";

  it("a new profile's answer names the account's values, and its form shows them in the company and contact steps", async () => {
    const me = await newAccount();
    const fresh = await profile(me);
    expect(fresh.draft).toEqual({});
    expect(fresh.fromAccount).toEqual({
      companyNameZh: account.business_name,
      companyNameEn: account.business_name_en,
      contact1Name: account.contact_name,
      contact1Mobile: account.contact_phone,
      contact1Email: account.contact_email,
    });
    const company = await page(me, "company");
    expect(inputValue(company, "companyNameZh")).toBe(account.business_name);
    expect(inputValue(company, "companyNameEn")).toBe(account.business_name_en);
    const contacts = await page(me, "contacts");
    expect(inputValue(contacts, "contact1Name")).toBe(account.contact_name);
    expect(inputValue(contacts, "contact1Mobile")).toBe(account.contact_phone);
    expect(inputValue(contacts, "contact1Email")).toBe(account.contact_email);
    // Nothing is stored by reading.
    expect(await api.db.selectFrom("exhibitor_profiles").select("user_id").where("user_id", "=", me.userId).execute()).toEqual([]);
  });

  it("never replaces a value the draft holds: what was saved shows, the account fills only the rest", async () => {
    const me = await newAccount();
    const saved = await api.call<ProfileView>("/smeb/exhibitor/info/saveDraft", {
      ticket: me.ticket,
      json: { step: "company", companyNameZh: account.business_name, companyNameEn: "Our English Name Ltd." },
    });
    expect(saved.code).toBe(200);
    const after = await profile(me);
    expect(after.draft).toMatchObject({ companyNameEn: "Our English Name Ltd." });
    expect(after.fromAccount.companyNameEn).toBeUndefined();
    expect(after.fromAccount.companyNameZh).toBeUndefined();
    expect(after.fromAccount.contact1Mobile).toBe(account.contact_phone);
    const company = await page(me, "company");
    expect(inputValue(company, "companyNameEn")).toBe("Our English Name Ltd.");
    // The account's own name is unchanged by the profile.
    expect((await api.db.selectFrom("users").select("business_name_en").where("id", "=", me.userId).executeTakeFirstOrThrow()).business_name_en).toBe(
      account.business_name_en,
    );
  });
});
