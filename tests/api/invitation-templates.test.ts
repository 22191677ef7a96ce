import { describe, expect, it } from "vitest";
import type { InvitationTemplateView, TemplateAdminView } from "../../app/contracts/promotion/api-types";
import { postForm } from "../support/promotion";
import { backendsOf, postgresSkipReason } from "../support/test-api";
import { uploadAs } from "../support/uploads";
import { demoServer } from "../support/demo-cast";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

describe.each(backendsOf(import.meta.url))("the organizer's invitation templates (/smeb/invitation/templates/*) on %s", (backend) => {
  const demo = demoServer(backend, ["admin", "std01"]);

  const all = async () => (await demo.api.call<TemplateAdminView[]>("/smeb/invitation/templates/all", { ticket: demo.admin })).data;
  const offered = async (lang = "en") => (await demo.api.call<InvitationTemplateView[]>("/smeb/invitation/templates", { ticket: demo.std01, lang })).data;
  const form = (over: Record<string, string> = {}) => ({
    nameZh: "春季促销",
    nameEn: "Spring promotion",
    language: "bilingual",
    exhibitSlots: "4",
    sort: "9",
    active: "on",
    ...over,
  });

  it("lists every template of the exhibition with how many invitations use it", async () => {
    const templates = await all();
    expect(templates.slice(0, 3).map((t) => [t.nameEn, t.language, t.exhibitSlots, t.active])).toEqual([
      ["Classic Chinese", "zh", 3, true],
      ["International English", "en", 3, true],
      ["Bilingual", "bilingual", 2, true],
    ]);
    for (const t of templates) expect(t.invitations).toBeGreaterThanOrEqual(0);
  });

  it("adds a template with a background picture, offers it to exhibitors, and takes it out of the offer", async () => {
    const background = await uploadAs(demo.api, demo.admin, "poster", "spring.png");
    const added = await postForm<TemplateAdminView[]>(demo.api, "/smeb/invitation/templates/save", demo.admin, form({ backgroundUrl: background }));
    expect(added.code, added.message).toBe(200);
    expect(added.message).toBe("The template has been saved");
    const spring = added.data.find((t) => t.nameEn === "Spring promotion")!;
    expect(spring).toMatchObject({ nameZh: "春季促销", language: "bilingual", exhibitSlots: 4, backgroundUrl: background, active: true, invitations: 0 });
    expect((await offered()).map((t) => t.name)).toContain("Spring promotion");
    expect((await offered("zh-CN")).map((t) => t.name)).toContain("春季促销");

    // Unticked checkbox: not sent at all, as a browser does.
    const { active: _, ...withoutActive } = form({ id: String(spring.id), backgroundUrl: background });
    const changed = await postForm<TemplateAdminView[]>(demo.api, "/smeb/invitation/templates/update", demo.admin, withoutActive);
    expect(changed.code, changed.message).toBe(200);
    expect(changed.data.find((t) => t.id === spring.id)).toMatchObject({ active: false, backgroundUrl: background });
    expect((await offered()).map((t) => t.name)).not.toContain("Spring promotion");
  });

  it("refuses bad input field by field, in the caller's language, and saves nothing", async () => {
    const before = (await all()).length;
    const bad = await postForm<unknown>(
      demo.api,
      "/smeb/invitation/templates/save",
      demo.admin,
      form({ nameZh: "", exhibitSlots: "7", language: "fr" }),
      "zh-CN",
    );
    expect(bad.code).toBe(400);
    expect(bad.message).toContain("模板名称（中文）");
    expect(bad.data.fields?.nameZh).toEqual(["validation.required|promotion.templates.fields.nameZh"]);
    expect(bad.data.fields?.exhibitSlots).toBeDefined();
    expect(bad.data.fields?.language).toBeDefined();
    // A picture that is not the organizer's own upload to the poster folder.
    const exhibitorsPicture = await uploadAs(demo.api, demo.std01, "exhibits-img");
    const foreign = await postForm<unknown>(demo.api, "/smeb/invitation/templates/save", demo.admin, form({ backgroundUrl: exhibitorsPicture }));
    expect(foreign.code).toBe(400);
    expect(foreign.message).toBe("Please upload the background picture with this account");
    expect(foreign.data.fields?.backgroundUrl).toEqual(["promotion.templates.errors.backgroundInvalid"]);
    expect((await all()).length).toBe(before);
    const unknown = await postForm<unknown>(demo.api, "/smeb/invitation/templates/update", demo.admin, form({ id: "999999" }));
    expect(unknown.code).toBe(404);
  });

  it("is the organizer's only: an exhibitor gets 403", async () => {
    const answer = await demo.api.call<unknown>("/smeb/invitation/templates/all", { ticket: demo.std01 });
    expect(answer.code).toBe(403);
    const saved = await postForm<unknown>(demo.api, "/smeb/invitation/templates/save", demo.std01, form());
    expect(saved.code).toBe(403);
  });
});
