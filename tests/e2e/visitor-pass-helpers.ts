import crypto from "node:crypto";
import type { APIRequestContext, BrowserContext, Page, TestInfo } from "@playwright/test";
import type { Lead, LeadList, VisitorPass } from "../../app/contracts/leads/api-types";
import { leadCodeOf, type LeadRating } from "../../app/contracts/leads/values";
import type { VisitorRegistered } from "../../app/contracts/promotion/visitors/api-types";
import { apiTicket, newestCode, outboxMark, uniqueEmail, uniqueMobile } from "./exhibitor-helpers";
import { clientIpFor, expect } from "./fixtures";

/** Visitors' passes for the lead tests (tests/e2e/leads-*.spec.ts): each test registers its own visitor. */
type Envelope<T> = { code: number; message: string; data: T };

/**
 * A visitor registered through the public API, and the URL their pass's QR encodes. A test with more
 * than one visitor names each other one (`salt`): mobile, e-mail and address are the test's and the salt's.
 */
export async function newVisitor(request: APIRequestContext, testInfo: TestInfo, baseURL: string, options: { leadConsent?: boolean; salt?: string } = {}) {
  const salt = `visitor${options.salt ?? ""}`;
  const headers = { "x-forwarded-for": clientIpFor(testInfo, salt), "accept-language": "en" };
  const mobile = uniqueMobile(testInfo, salt);
  const mark = outboxMark(mobile);
  const sent = (await (await request.post("/api/visit/sendCode", { form: { mobile }, headers })).json()) as Envelope<unknown>;
  expect(sent.code, sent.message).toBe(200);
  const name = `Scan ${crypto.randomBytes(4).toString("hex")}`;
  const form = {
    name,
    company: "E2E Buyers Ltd",
    mobile,
    smsCode: await newestCode(mobile, mark),
    email: uniqueEmail(testInfo, salt),
    countryId: "37",
    provinceCode: "440000",
    consent: "on",
    ...(options.leadConsent ? { leadConsent: "on" } : {}),
  };
  const registered = (await (await request.post("/api/visit/register", { form, headers })).json()) as Envelope<VisitorRegistered>;
  expect(registered.code, registered.message).toBe(200);
  const passCode = registered.data.passPath.split("/").at(-1)!;
  const pass = (await (await request.get("/api/visit/pass", { params: { code: passCode }, headers })).json()) as Envelope<VisitorPass>;
  expect(pass.code, pass.message).toBe(200);
  // The pass's QR: the lead URL behind the public address, or the path alone while there is none.
  const leadUrl = new URL(pass.data.leadUrl, baseURL).href;
  return { name, mobile, email: form.email, leadUrl, code: leadCodeOf(leadUrl), passPath: registered.data.passPath };
}

/** The signed-in company's leads on this visitor, read from the API with the browser's session. */
export async function leadsOn(context: BrowserContext, request: APIRequestContext, visitorName: string): Promise<Lead[]> {
  const ticket = await apiTicket(context);
  const found: Lead[] = [];
  for (let page = 1; ; page++) {
    const answer = (await (await request.get("/api/smeb/leads/list", { params: { page, pageSize: 50 }, headers: { ticket } })).json()) as Envelope<LeadList>;
    expect(answer.code, answer.message).toBe(200);
    found.push(...answer.data.rows.filter((lead) => lead.visitor.name === visitorName));
    if (page * 50 >= answer.data.total) return found;
  }
}

/**
 * The capture form of the pass's page (/lead/<code>) as it posts, sent with the browser's session. That
 * page ships no script, so its form posts as plain HTML, which the JS-on project counts as an unenhanced
 * post (fixtures.ts): its own spec (leads-capture.spec.ts) fills it; elsewhere it only makes the lead.
 */
export async function captureLead(
  page: Page,
  visitor: { code: string; name: string },
  fields: { rating: LeadRating; notes: string; tagIds?: string },
): Promise<Lead> {
  const response = await page.request.post(`/lead/${encodeURIComponent(visitor.code)}`, { form: fields, maxRedirects: 0 });
  expect(response.status(), "the capture form's post").toBe(302);
  const leads = await leadsOn(page.context(), page.request, visitor.name);
  expect(leads).toHaveLength(1);
  return leads[0]!;
}
