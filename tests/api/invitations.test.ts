import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExhibitView, InvitationList, InvitationTemplateView, InvitationView } from "../../app/contracts/promotion/api-types";
import { newExhibitor } from "../support/new-exhibitor";
import { type Form, postForm } from "../support/promotion";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { uploadAs } from "../support/uploads";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

describe.each(backendsOf(import.meta.url))("invitations (/smeb/invitation) on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026")]);
    await api.db.deleteFrom("invitations").execute();
    await api.db.deleteFrom("exhibits").execute();
  });
  afterAll(() => api?.close());

  const post = <T>(path: string, ticket: string, form: Form, lang = "en") => postForm<T>(api, path, ticket, form, lang);

  async function exhibit(ticket: string, name: string) {
    const added = await post<ExhibitView>("/smeb/invitation/exhibits/add", ticket, { nameZh: name, imageUrls: await uploadAs(api, ticket, "exhibits-img") });
    expect(added.code, added.message).toBe(200);
    return String(added.data.id);
  }
  const templates = async (ticket: string, lang = "en") => (await api.call<InvitationTemplateView[]>("/smeb/invitation/templates", { ticket, lang })).data;

  it("offers the exhibition's three templates in the caller's language", async () => {
    const en = await templates(std01);
    expect(en.map((t) => [t.name, t.language, t.exhibitSlots])).toEqual([
      ["Classic Chinese", "zh", 3],
      ["International English", "en", 3],
      ["Bilingual", "bilingual", 2],
    ]);
    expect((await templates(std01, "zh-CN"))[0]!.name).toBe("经典中文");
  });

  it("makes, changes with the version seen, lists and deletes an invitation of the caller's own exhibits", async () => {
    // A new exhibitor of its own: its list holds only what this test makes.
    const me = (await newExhibitor(api)).ticket;
    const [classic] = await templates(me);
    const e1 = await exhibit(me, "机器人");
    const e2 = await exhibit(me, "传感器");
    const made = await post<InvitationView>("/smeb/invitation/save", me, {
      name: "春季邀请",
      companyName: "星河智能",
      templateId: String(classic!.id),
      exhibitIds: [e2, e1],
    });
    expect(made.code, made.message).toBe(200);
    expect(made.data).toMatchObject({ name: "春季邀请", companyName: "星河智能", template: { id: classic!.id, exhibitSlots: 3 }, version: 1 });
    expect(made.data.exhibits.map((e) => String(e.id))).toEqual([e2, e1]);

    const changed = await post<InvitationView>("/smeb/invitation/update", me, {
      id: String(made.data.id),
      version: "1",
      name: "夏季邀请",
      companyName: "星河智能",
      templateId: String(classic!.id),
      exhibitIds: e1,
    });
    expect(changed.code, changed.message).toBe(200);
    expect(changed.data).toMatchObject({ name: "夏季邀请", version: 2 });
    expect(
      (
        await post("/smeb/invitation/update", me, {
          id: String(made.data.id),
          version: "1",
          name: "旧",
          companyName: "x",
          templateId: String(classic!.id),
          exhibitIds: e1,
        })
      ).code,
    ).toBe(409);

    // An exhibit deleted since is left out of the invitation.
    expect((await post("/smeb/invitation/exhibits/delete", me, { id: e1 })).code).toBe(200);
    const listed = (await api.call<InvitationList>("/smeb/invitation/list", { ticket: me })).data.items;
    expect(listed.map((i) => [i.name, i.exhibits.length])).toEqual([["夏季邀请", 0]]);

    expect((await post("/smeb/invitation/delete", me, { id: String(made.data.id) })).code).toBe(200);
    expect((await api.call<InvitationList>("/smeb/invitation/list", { ticket: me })).data.items).toEqual([]);
  });

  it("refuses more exhibits than the template shows, another's exhibit, an unknown template and a long name; saves nothing", async () => {
    // A new exhibitor of its own: its list is empty before, so "saves nothing" is an empty list after.
    const me = (await newExhibitor(api)).ticket;
    const all = await templates(me);
    const bilingual = all.find((t) => t.language === "bilingual")!;
    const mine = [await exhibit(me, "一"), await exhibit(me, "二"), await exhibit(me, "三")];
    const theirs = await exhibit(raw01, "B的展品");
    const base = { name: "邀请", companyName: "星河智能", templateId: String(bilingual.id) };
    const cases: [Form, string, RegExp][] = [
      [{ ...base, exhibitIds: mine }, "exhibitIds", /at most 2/],
      [{ ...base, exhibitIds: [mine[0]!, theirs] }, "exhibitIds", /does not exist/],
      [{ ...base, exhibitIds: [mine[0]!, mine[0]!] }, "exhibitIds", /chosen once/],
      [{ ...base, templateId: "99999999", exhibitIds: mine[0]! }, "templateId", /template/],
      [{ ...base, name: "名".repeat(51), exhibitIds: mine[0]! }, "name", /50/],
      [{ ...base, exhibitIds: [] }, "exhibitIds", /required/i],
    ];
    for (const [form, fieldName, message] of cases) {
      const refused = await post("/smeb/invitation/save", me, form);
      expect(refused.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(refused.data?.fields?.[fieldName], `${fieldName}: ${refused.message}`).toBeDefined();
      expect(refused.message).toMatch(message);
    }
    const zh = await post("/smeb/invitation/save", me, { ...base, exhibitIds: mine }, "zh-CN");
    expect(zh.message).toBe("该模板最多展示2个展品");
    expect((await api.call<InvitationList>("/smeb/invitation/list", { ticket: me })).data.items).toEqual([]);
  });

  it("never shows or changes another exhibitor's invitation", async () => {
    const me = (await newExhibitor(api)).ticket;
    const [classic] = await templates(me);
    const e = await exhibit(me, "A展品");
    const made = await post<InvitationView>("/smeb/invitation/save", me, {
      name: "A-邀请函",
      companyName: "A公司",
      templateId: String(classic!.id),
      exhibitIds: e,
    });
    expect(made.code).toBe(200);
    const id = String(made.data.id);
    const bExhibit = await exhibit(raw01, "B展品");
    expect(
      (await post("/smeb/invitation/update", raw01, { id, version: "1", name: "B", companyName: "B", templateId: String(classic!.id), exhibitIds: bExhibit }))
        .code,
    ).toBe(404);
    expect((await post("/smeb/invitation/delete", raw01, { id })).code).toBe(404);
    expect(JSON.stringify((await api.call("/smeb/invitation/list", { ticket: raw01 })).data)).not.toContain("A-邀请函");
    expect((await api.call<InvitationList>("/smeb/invitation/list", { ticket: me })).data.items.map((i) => i.name)).toContain("A-邀请函");
  });
});
