import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlueCarList, BlueCarReviewList } from "../../app/contracts/vehicles/blue-cars/types";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { testCalendar } from "../support/test-clock";
import { uploadAs } from "../support/uploads";

/**
 * Issue 50: a plate two exhibitors registered is a conflict the organizer resolves. The review page
 * (/HT/blueCarReview, rendered without script) names, in each car's row, the other exhibitor's
 * registration of the plate and its state.
 */
const SCANS = ["licenseFrontUrl", "licenseBackUrl", "licenseSecondUrl", "licenseFourPagesUrl", "vehiclePhotoUrl"] as const;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
});
afterAll(() => api?.close());

describe("the blue-plate car review page", () => {
  it("shows the organizer the other exhibitor's registration of the same plate", async () => {
    const plate = "赣A66666";
    for (const [username, owner] of [
      ["std01", "孙八"],
      ["raw01", "周九"],
    ] as const) {
      const ticket = await api.login(username, "Expo#2026");
      const scan = await uploadAs(api, ticket, "driving-license", "scan.png");
      const form = {
        ownerName: owner,
        plate,
        neededFrom: testCalendar.rawMoveIn.from,
        neededTo: testCalendar.endsOn,
        ...Object.fromEntries(SCANS.map((s) => [s, scan])),
      };
      const saved = await api.call<BlueCarList>("/smeb/blueCar/save", { ticket, form, lang: "en" });
      expect(saved.code, saved.message).toBe(200);
    }
    const cars = await api.db
      .selectFrom("blue_cars as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .select(["c.id", "u.username"])
      .where("c.plate", "=", plate)
      .execute();
    const idOf = (username: string) => cars.find((c) => c.username === username)!.id;

    const organizer = portalClient(api.baseUrl);
    organizer.jar.set("lng", "en");
    await organizer.signIn("admin", "Admin#2026");
    const page = await organizer.request("/HT/blueCarReview?status=submitted", { headers: { "accept-language": "en" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const rowOf = (id: number) =>
      html.slice(html.indexOf(`data-testid="blue-car-review-${id}"`), html.indexOf("</tr>", html.indexOf(`data-testid="blue-car-review-${id}"`)));
    const text = (fragment: string) => fragment.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const names = (await api.call<BlueCarReviewList>("/smeb/blueCar/review/list", { ticket: await api.login("admin", "Admin#2026"), lang: "en" })).data.items;
    const nameOf = (id: number) => names.find((c) => c.id === id)!.exhibitorName;
    const conflictIn = (id: number) => text(rowOf(id)).split("The same plate is also registered by:")[1] ?? "";
    expect(conflictIn(idOf("std01"))).toContain(`${nameOf(idOf("raw01"))} · Under review`);
    expect(conflictIn(idOf("raw01"))).toContain(`${nameOf(idOf("std01"))} · Under review`);
    expect(nameOf(idOf("std01"))).not.toBe(nameOf(idOf("raw01")));
  });
});
