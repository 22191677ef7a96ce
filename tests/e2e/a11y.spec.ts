import AxeBuilder from "@axe-core/playwright";
import { expect, test, type App } from "./fixtures";
import { JS_ON_ONLY } from "./js-on-only";

// Axe runs its script in the page: the JS-on project is enough.

async function seriousViolations(app: App, name: string) {
  const results = await new AxeBuilder({ page: app.page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  if (serious.length) {
    const report = serious
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `  ${n.target.join(" ")}\n    ${n.failureSummary?.replace(/\n/g, "\n    ")}`).join("\n")}`,
      )
      .join("\n\n");
    console.log(`axe on ${name}:\n${report}`);
    await test.info().attach(`axe-${name}`, { body: report, contentType: "text/plain" });
  }
  return serious.map((v) => `${v.id} (${v.nodes.length})`);
}

test("no serious or critical axe violations on /login, /index and /changePassword", { tag: JS_ON_ONLY }, async ({ app, page }) => {
  await app.goto("/login");
  const login = await seriousViolations(app, "login");

  await app.signIn("std01");
  await app.goto("/index");
  await expect(page.getByTestId("business-name")).toBeVisible();
  const home = await seriousViolations(app, "index");

  await app.goto("/changePassword");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  const password = await seriousViolations(app, "changePassword");

  expect({ login, home, password }).toEqual({ login: [], home: [], password: [] });
});
