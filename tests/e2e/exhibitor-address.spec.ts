import { accountFor, expect, test } from "./fixtures";
import { PAGE, field, intentButton, openStep, press } from "./exhibitor-helpers";

/**
 * Issue 51: each address choice (country, province, city) took a server round trip (~1.4 s on 3G).
 * With JavaScript the page fetches every region once and each choice fills the next list in the
 * browser, with no request; without it, 'Update the choices' posts the form and the page comes back
 * with the next lists. Either way the page's first HTML holds the lists of what is chosen.
 */
test("the address choices change without a round trip with JS, and reload by a plain post without", async ({ app, page }, testInfo) => {
  await app.signIn(accountFor("profile-address", testInfo));
  await openStep(app, "company");
  const country = field(page, "company", "countryId");
  const province = field(page, "company", "provinceCode");
  const city = field(page, "company", "cityCode");
  const district = field(page, "company", "districtCode");
  const option = (select: typeof country, value: string) => select.locator(`option[value="${value}"]`);

  if (app.jsEnabled) {
    await expect(page.getByTestId("address-choices")).toHaveAttribute("data-regions", "ready");
    // Nothing left to ask the server for.
    await expect(intentButton(page, "company", "address")).toHaveCount(0);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));
    await country.selectOption("37");
    await expect(option(province, "440000")).toHaveCount(1);
    await province.selectOption("110000");
    await expect(option(city, "110100")).toHaveCount(1);
    await city.selectOption("110100");
    await expect(option(district, "110105")).toHaveCount(1);
    // Another province: its own cities, the city and district emptied.
    await province.selectOption("440000");
    await expect(city).toHaveValue("");
    await expect(district).toHaveValue("");
    await expect(option(city, "110100")).toHaveCount(0);
    await city.selectOption("440300");
    await expect(option(district, "440305")).toHaveCount(1);
    await district.selectOption("440305");
    expect(requests).toEqual([]);
  } else {
    await expect(option(province, "440000")).toHaveCount(0);
    await country.selectOption("37");
    await press(app, "company", "address");
    await expect(country).toHaveValue("37");
    await province.selectOption("440000");
    await press(app, "company", "address");
    await city.selectOption("440300");
    await press(app, "company", "address");
    await expect(city).toHaveValue("440300");
    await district.selectOption("440305");
  }

  await press(app, "company", "save");
  await openStep(app, "company");
  await expect(country).toHaveValue("37");
  await expect(province).toHaveValue("440000");
  await expect(city).toHaveValue("440300");
  await expect(district).toHaveValue("440305");
  // The first HTML already has the chosen province's cities and the chosen city's districts.
  const html = await (await page.request.get(`${PAGE}?step=company`)).text();
  expect(html).toMatch(/<option value="440100"[^>]*>/);
  expect(html).toMatch(/<option value="440303"[^>]*>/);
});
