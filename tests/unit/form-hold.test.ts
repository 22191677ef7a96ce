import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { accountCookie, heldValues, holdPostedForm, rememberForm, takeHeldForm } from "../../app/lib/form-hold.server";

const context = { sessionSecrets: ["unit-secret-0123456789"], secureCookies: false, requestId: "t" } as unknown as AppLoadContext;
const PAGE = "http://portal.test/exhibitorInfo/exhibitorData?step=company";

/** The name=value part of each Set-Cookie, as a browser would send them back. */
function cookieHeader(setCookies: string[]) {
  return setCookies
    .filter((c) => !/Max-Age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signedIn(username: string) {
  return cookieHeader([await accountCookie(context).serialize(username)]);
}

function post(body: URLSearchParams, cookie: string, url = PAGE) {
  return new Request(url, { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });
}

describe("form hold across sign-in", () => {
  it("keeps typed fields for the same account and page, once, never secrets", async () => {
    const body = new URLSearchParams([
      ["step", "company"],
      ["companyNameZh", "深圳星河智能科技有限公司"],
      ["stockCode", "300001"],
      ["advantages", "highTech"],
      ["advantages", "unicorn"],
      ["password", "secret"],
      ["contact1MobileCode", "123456"],
    ]);
    const setCookies = await holdPostedForm(post(body, await signedIn("std01")), context);
    expect(setCookies.length).toBeGreaterThan(0);
    for (const c of setCookies) expect(c).toMatch(/HttpOnly/i);
    expect(setCookies[0]).toMatch(/Path=\/exhibitorInfo\/exhibitorData/);
    // The cookie does not show the text.
    expect(setCookies.join("")).not.toContain(encodeURIComponent("星河"));

    const back = new Request(PAGE, { headers: { cookie: cookieHeader(setCookies) } });
    const taken = await takeHeldForm(back, context, "STD01");
    expect(taken.fields).not.toBeNull();
    const values = heldValues(taken.fields!);
    expect(values).toMatchObject({ step: "company", companyNameZh: "深圳星河智能科技有限公司", stockCode: "300001", advantages: ["highTech", "unicorn"] });
    expect(values).not.toHaveProperty("password");
    expect(values).not.toHaveProperty("contact1MobileCode");
    // Taking clears the cookies.
    expect(taken.headers.every((c) => /Max-Age=0/i.test(c))).toBe(true);
  });

  it("gives nothing to another account, another page, or a tampered cookie", async () => {
    const setCookies = await holdPostedForm(post(new URLSearchParams({ companyNameZh: "甲公司" }), await signedIn("std01")), context);
    const cookie = cookieHeader(setCookies);
    expect((await takeHeldForm(new Request(PAGE, { headers: { cookie } }), context, "raw01")).fields).toBeNull();
    expect((await takeHeldForm(new Request("http://portal.test/feedback", { headers: { cookie } }), context, "std01")).fields).toBeNull();
    const tampered = cookie.replace(/hold0=(.)/, (_, c: string) => `hold0=${c === "A" ? "B" : "A"}`);
    expect((await takeHeldForm(new Request(PAGE, { headers: { cookie: tampered } }), context, "std01")).fields).toBeNull();
    const otherSecret = { ...context, sessionSecrets: ["another-secret-0123456789"] } as AppLoadContext;
    expect((await takeHeldForm(new Request(PAGE, { headers: { cookie } }), otherSecret, "std01")).fields).toBeNull();
  });

  it("keeps nothing without a signed account cookie, for a GET, or when too large", async () => {
    expect(await holdPostedForm(post(new URLSearchParams({ a: "b" }), ""), context)).toEqual([]);
    expect(await holdPostedForm(post(new URLSearchParams({ a: "b" }), "acct=std01"), context)).toEqual([]);
    expect(await holdPostedForm(new Request(PAGE, { headers: { cookie: await signedIn("std01") } }), context)).toEqual([]);
    // Random text does not compress: far beyond four cookies.
    const noise = Array.from({ length: 12000 }, () => String.fromCharCode(0x4e00 + Math.floor(Math.random() * 20000))).join("");
    expect(await holdPostedForm(post(new URLSearchParams({ introZh: noise }), await signedIn("std01")), context)).toEqual([]);
  });

  it("keeps a form the action already read (the 401 came from a later API call)", async () => {
    const request = post(new URLSearchParams({ introZh: "已读取的表单" }), await signedIn("std01"));
    const formData = await request.formData();
    rememberForm(request, formData);
    const setCookies = await holdPostedForm(request, context);
    const taken = await takeHeldForm(new Request(PAGE, { headers: { cookie: cookieHeader(setCookies) } }), context, "std01");
    expect(heldValues(taken.fields!)).toEqual({ introZh: "已读取的表单" });
  });

  it("holds a long introduction in both languages", async () => {
    const body = new URLSearchParams({
      introZh: "我们是一家专注于人工智能与机器人技术的高新技术企业。".repeat(35),
      introEn: "We build service robots and AI vision systems for factories. ".repeat(45),
    });
    const setCookies = await holdPostedForm(post(body, await signedIn("std01")), context);
    expect(setCookies.length).toBeGreaterThan(0);
    const taken = await takeHeldForm(new Request(PAGE, { headers: { cookie: cookieHeader(setCookies) } }), context, "std01");
    expect(heldValues(taken.fields!).introZh).toBe(body.get("introZh"));
  });
});
