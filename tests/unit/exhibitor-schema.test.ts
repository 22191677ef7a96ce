import { describe, expect, it } from "vitest";
import { requiredAddressParts } from "../../app/contracts/exhibitor/address-schema";
import {
  MAX_EXHIBIT_CLASSES,
  MAX_INDUSTRIES,
  STEP_FIELDS,
  firstIncompleteStep,
  groupDataSchema,
  profileDraftSchema,
  reviewDecisionSchema,
  stepSchema,
  type ProfileStep,
  type StepContext,
} from "../../app/contracts/exhibitor/schema";

/** The exhibitor profile's step rules (docs/product.md § Uploads) and the draft's leniency (docs/product.md § Exhibitor data). */

const zh: StepContext = { language: "zh", districtsExist: false };
const en: StepContext = { language: "en", districtsExist: false };

function errors(step: ProfileStep, input: Record<string, unknown>, ctx: StepContext = zh) {
  const result = stepSchema(step, ctx).safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}
const req = (field: string) => `validation.required|exhibitor.fields.${field}`;
const bad = (field: string) => `validation.correct|exhibitor.fields.${field}`;

const completeCompany = {
  companyNameZh: "深圳星河智能科技有限公司",
  companyNameEn: "Shenzhen Galaxy Smart Technology Co., Ltd.",
  listingStatus: "unlisted",
  companyPhone: "0755-86001234",
  countryId: "37",
  provinceCode: "440000",
  cityCode: "440300",
  districtCode: "440305",
  address: "南山区科技园科苑路 1 号",
  website: "www.galaxy-smart.example.com",
};
const completeContacts = {
  contact1Type: "inside",
  contact1Name: "张三",
  contact1Mobile: "13812345678",
  contact1Email: "zhangsan@galaxy-smart.example.com",
  contact2Type: "overseas",
  contact2Name: "Li Si",
  contact2Mobile: "+852 9123 4567",
  contact2Email: "lisi@galaxy-smart.example.com",
};
const completePresentation = {
  logoUrl: "/files/abc123",
  introZh: "简介",
  introEn: "Intro",
  brandsZh: "星河",
  brandsEn: "Galaxy",
  mainProductsZh: "机器人",
  mainProductsEn: "Robots",
};
const completeExhibits = { exhibitClassIds: ["1", "2"], industryIds: ["3"], themeId: "1", pavilionId: "2" };
const completeEvents = { liveEventThemes: ["productLaunch"], attendance: "arrived" };

describe("company step", () => {
  it("requires names, listing, phone, country and address with the field's label", () => {
    expect(errors("company", {})).toMatchObject({
      companyNameZh: req("companyNameZh"),
      companyNameEn: req("companyNameEn"),
      listingStatus: req("listingStatus"),
      companyPhone: req("companyPhone"),
      address: req("address"),
    });
    // The address rules are a refinement of the whole step: they speak once the fields themselves pass.
    const { countryId: _country, ...noCountry } = completeCompany;
    expect(errors("company", noCountry)).toEqual({ countryId: req("countryId") });
    expect(errors("company", completeCompany, { language: "zh", districtsExist: true })).toEqual({});
  });

  it("needs a well-formed stock code when listed", () => {
    expect(errors("company", { ...completeCompany, listingStatus: "listed" })).toEqual({ stockCode: req("stockCode") });
    expect(errors("company", { ...completeCompany, listingStatus: "listed", stockCode: "00 700!" })).toEqual({ stockCode: bad("stockCode") });
    expect(errors("company", { ...completeCompany, listingStatus: "listed", stockCode: "0700.HK" })).toEqual({});
    // Unlisted: a stale stock code is not an error.
    expect(errors("company", { ...completeCompany, stockCode: "whatever" })).toEqual({});
  });

  it("checks the company phone and website formats", () => {
    expect(errors("company", { ...completeCompany, companyPhone: "call me" })).toEqual({ companyPhone: bad("companyPhone") });
    expect(errors("company", { ...completeCompany, companyPhone: "+86 755 8600 1234 ext. 8" })).toEqual({});
    expect(errors("company", { ...completeCompany, website: "not a site" })).toEqual({ website: bad("website") });
  });

  it("splits contract companies by '/' and refuses an empty part", () => {
    expect(errors("company", { ...completeCompany, contractCompanyNames: "甲公司/乙公司" })).toEqual({});
    expect(errors("company", { ...completeCompany, contractCompanyNames: "甲公司//乙公司" })).toEqual({ contractCompanyNames: bad("contractCompanyNames") });
    expect(errors("company", { ...completeCompany, contractCompanyNames: "甲公司/ " })).toEqual({ contractCompanyNames: bad("contractCompanyNames") });
  });

  it("applies the address rules of docs/product.md § Validation: China (37) in zh needs a province, then a city unless a special region", () => {
    const china = { ...completeCompany, provinceCode: "", cityCode: "", districtCode: "" };
    expect(errors("company", china, zh)).toEqual({ provinceCode: req("provinceCode"), cityCode: req("cityCode") });
    // In English the province is not required, but once chosen its city is.
    expect(errors("company", china, en)).toEqual({});
    expect(errors("company", { ...china, provinceCode: "440000" }, en)).toEqual({ cityCode: req("cityCode") });
    for (const special of ["710000", "810000", "820000"]) {
      expect(errors("company", { ...china, provinceCode: special }, zh)).toEqual({});
    }
    // The district only when the chosen city has districts.
    const withCity = { ...china, provinceCode: "440000", cityCode: "441900" };
    expect(errors("company", withCity, { language: "zh", districtsExist: false })).toEqual({});
    expect(errors("company", withCity, { language: "zh", districtsExist: true })).toEqual({ districtCode: req("districtCode") });
    // Another country needs nothing beyond itself.
    expect(errors("company", { ...china, countryId: "233" }, zh)).toEqual({});
    expect(errors("company", { ...china, countryId: "" }, zh)).toEqual({ countryId: req("countryId") });
  });

  it("shows the cross-field errors together with the field errors (one round trip, not several)", () => {
    const found = errors("company", { countryId: "37", listingStatus: "listed" });
    expect(found).toMatchObject({
      companyNameZh: req("companyNameZh"),
      stockCode: req("stockCode"),
      provinceCode: req("provinceCode"),
      cityCode: req("cityCode"),
    });
    expect(errors("contacts", { contact1Type: "inside", contact1Mobile: "12345" })).toMatchObject({
      contact1Name: req("contact1Name"),
      contact1Mobile: bad("contact1Mobile"),
    });
  });

  it("requiredAddressParts agrees", () => {
    expect(requiredAddressParts({ language: "zh", countryId: 37, districtsExist: true })).toEqual({
      country: true,
      province: true,
      city: true,
      district: true,
    });
    expect(requiredAddressParts({ language: "zh", countryId: 37, provinceCode: "810000", districtsExist: true })).toEqual({
      country: true,
      province: true,
      city: false,
      district: false,
    });
    expect(requiredAddressParts({ language: "en", countryId: 37, districtsExist: true })).toEqual({
      country: true,
      province: false,
      city: false,
      district: false,
    });
    expect(requiredAddressParts({ language: "zh", countryId: 1, districtsExist: true })).toEqual({
      country: true,
      province: false,
      city: false,
      district: false,
    });
  });
});

describe("contacts step", () => {
  it("requires both contacts and accepts a complete pair", () => {
    expect(errors("contacts", completeContacts)).toEqual({});
    expect(errors("contacts", {})).toMatchObject({
      contact1Type: req("contact1Type"),
      contact1Name: req("contact1Name"),
      contact1Mobile: req("contact1Mobile"),
      contact1Email: req("contact1Email"),
      contact2Type: req("contact2Type"),
      contact2Name: req("contact2Name"),
      contact2Mobile: req("contact2Mobile"),
      contact2Email: req("contact2Email"),
    });
  });

  it("takes mainland mobiles 13x to 19x for a contact inside China", () => {
    for (const ok of ["13012345678", "15912345678", "19912345678"]) expect(errors("contacts", { ...completeContacts, contact1Mobile: ok })).toEqual({});
    for (const wrong of ["12012345678", "1381234567", "138123456789", "+8613812345678", "138 1234 5678"]) {
      expect(errors("contacts", { ...completeContacts, contact1Mobile: wrong })).toEqual({ contact1Mobile: bad("contact1Mobile") });
    }
  });

  it("takes international numbers for an overseas contact", () => {
    expect(errors("contacts", { ...completeContacts, contact2Mobile: "+1 415-555-0100" })).toEqual({});
    expect(errors("contacts", { ...completeContacts, contact2Mobile: "phone" })).toEqual({ contact2Mobile: bad("contact2Mobile") });
    // The same overseas number is wrong for a contact inside China.
    expect(errors("contacts", { ...completeContacts, contact2Type: "inside" })).toEqual({ contact2Mobile: bad("contact2Mobile") });
  });

  it("checks e-mail format and 6-digit codes", () => {
    expect(errors("contacts", { ...completeContacts, contact1Email: "zhangsan@" })).toEqual({ contact1Email: "validation.email" });
    expect(errors("contacts", { ...completeContacts, contact1MobileCode: "12345" })).toEqual({ contact1MobileCode: bad("contact1MobileCode") });
    expect(errors("contacts", { ...completeContacts, contact1MobileCode: "123456", contact1EmailCode: "654321" })).toEqual({});
  });
});

describe("presentation step", () => {
  it("requires the logo and texts, and a stored file URL", () => {
    expect(errors("presentation", completePresentation)).toEqual({});
    expect(errors("presentation", {})).toMatchObject({ logoUrl: req("logoUrl"), introZh: req("introZh"), introEn: req("introEn"), brandsZh: req("brandsZh") });
    expect(errors("presentation", { ...completePresentation, logoUrl: "https://evil.example/logo.png" })).toEqual({ logoUrl: bad("logoUrl") });
  });

  it("needs a cover when there is a video", () => {
    expect(errors("presentation", { ...completePresentation, videoUrl: "/files/video1" })).toEqual({ videoCoverUrl: req("videoCoverUrl") });
    expect(errors("presentation", { ...completePresentation, videoUrl: "/files/video1", videoCoverUrl: "/files/cover1" })).toEqual({});
  });

  it("limits lengths and known advantages", () => {
    expect(errors("presentation", { ...completePresentation, introZh: "字".repeat(1001) })).toEqual({
      introZh: "validation.tooLong|exhibitor.fields.introZh|1000",
    });
    expect(errors("presentation", { ...completePresentation, advantages: ["highTech", "magic"] })).toEqual({ "advantages.1": bad("advantages") });
  });
});

describe("exhibits and events steps", () => {
  it("requires 1 to MAX classes and industries, a theme and a pavilion", () => {
    expect(errors("exhibits", completeExhibits)).toEqual({});
    const empty = { exhibitClassIds: [], industryIds: [], themeId: "", pavilionId: "" };
    expect(errors("exhibits", empty)).toEqual({
      exhibitClassIds: req("exhibitClassIds"),
      industryIds: req("industryIds"),
      themeId: req("themeId"),
      pavilionId: req("pavilionId"),
    });
    const tooMany = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
    expect(errors("exhibits", { ...completeExhibits, exhibitClassIds: tooMany(MAX_EXHIBIT_CLASSES) })).toEqual({});
    expect(errors("exhibits", { ...completeExhibits, exhibitClassIds: tooMany(MAX_EXHIBIT_CLASSES + 1) })).toEqual({
      exhibitClassIds: "validation.tooMany|exhibitor.fields.exhibitClassIds",
    });
    expect(errors("exhibits", { ...completeExhibits, industryIds: tooMany(MAX_INDUSTRIES + 1) })).toEqual({
      industryIds: "validation.tooMany|exhibitor.fields.industryIds",
    });
    expect(errors("exhibits", { ...completeExhibits, exhibitClassIds: "7" })).toEqual({});
    expect(errors("exhibits", { ...completeExhibits, themeId: "x" })).toEqual({ themeId: bad("themeId") });
  });

  it("an absent theme and pavilion count as missing", () => {
    expect(errors("exhibits", { exhibitClassIds: ["1"], industryIds: ["1"] })).toEqual({ themeId: req("themeId"), pavilionId: req("pavilionId") });
  });

  it("events: attendance is required, themes come from the list", () => {
    expect(errors("events", completeEvents)).toEqual({});
    expect(errors("events", {})).toEqual({ attendance: req("attendance") });
    expect(errors("events", { ...completeEvents, liveEventThemes: ["karaoke"] })).toEqual({ "liveEventThemes.0": bad("liveEventThemes") });
  });
});

describe("draft", () => {
  it("keeps anything within lengths, drops unknown fields, trims lists", () => {
    const draft = profileDraftSchema.parse({
      companyNameZh: "x",
      companyPhone: "not a phone",
      contact1Mobile: "12",
      secret: "drop me",
      exhibitClassIds: ["1", " ", "2 "],
      introEn: "a\r\nb",
    });
    expect(draft).toEqual({ companyNameZh: "x", companyPhone: "not a phone", contact1Mobile: "12", exhibitClassIds: ["1", "2"], introEn: "a\nb" });
    expect(profileDraftSchema.parse({ introEn: "x".repeat(5000) }).introEn).toHaveLength(3000);
    expect(profileDraftSchema.parse({ exhibitClassIds: Array.from({ length: 30 }, (_, i) => String(i)) }).exhibitClassIds).toHaveLength(20);
    // Contacts codes are never part of a draft.
    expect(STEP_FIELDS.contacts).not.toContain("contact1MobileCode");
  });

  it("firstIncompleteStep walks the steps in order", () => {
    const full = { ...completeCompany, districtCode: "", ...completeContacts, ...completePresentation, ...completeExhibits, ...completeEvents };
    expect(firstIncompleteStep(full, zh)).toBeNull();
    expect(firstIncompleteStep({ ...full, contact2Email: "" }, zh)).toBe("contacts");
    expect(firstIncompleteStep({ ...full, attendance: "" }, zh)).toBe("events");
    expect(firstIncompleteStep({}, zh)).toBe("company");
  });
});

describe("group data and review decision", () => {
  it("group: a member needs the group's Chinese name", () => {
    expect(groupDataSchema.safeParse({ isGroupMember: "no" }).success).toBe(true);
    const result = groupDataSchema.safeParse({ isGroupMember: "yes" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["groupNameZh"], message: "validation.required|exhibitor.group.groupNameZh" });
  });

  it("review: returning needs a comment, approving does not", () => {
    expect(reviewDecisionSchema.safeParse({ userId: "2", decision: "approve" }).success).toBe(true);
    expect(reviewDecisionSchema.safeParse({ userId: "2", decision: "return", comment: " " }).error?.issues[0]?.message).toBe(
      "validation.required|exhibitor.review.comment",
    );
    expect(reviewDecisionSchema.safeParse({ userId: "2", decision: "maybe" }).error?.issues[0]?.message).toBe("validation.required|exhibitor.review.decision");
  });
});
