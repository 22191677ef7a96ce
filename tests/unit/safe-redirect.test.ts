import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/safe-redirect";

const ORIGIN = "https://portal.example";
/** Where a browser lands with `Location: <path>` on this site (WHATWG URL, as browsers parse it). */
const landing = (path: string) => new URL(path, ORIGIN);

describe("safeRedirect", () => {
  it("keeps a path on this site, its query and fragment", () => {
    expect(safeRedirect("/changePassword?x=1")).toBe("/changePassword?x=1");
    expect(safeRedirect("/bookingService/myOrder#top")).toBe("/bookingService/myOrder#top");
    expect(safeRedirect("/index/schedule?q=a%20b")).toBe("/index/schedule?q=a%20b");
    // Non-ASCII is percent-encoded, so the Location header stays valid.
    expect(safeRedirect("/index?名=展商")).toBe("/index?%E5%90%8D=%E5%B1%95%E5%95%86");
  });

  it.each([
    ["//evil.example", "another host"],
    ["/\\evil.example", "a backslash, read as a slash"],
    ["/\t/evil.example", "a tab, dropped by browsers"],
    ["/\n/evil.example", "a line break, dropped by browsers"],
    ["/\r\nSet-Cookie: x=1", "a header injection"],
    ["/index\u0000", "a NUL, which breaks the header"],
    ["/ /evil.example", "a space"],
    ["/\u00a0/evil.example", "a no-break space"],
    ["/\u0085/evil.example", "a C1 control"],
    ["/%2F%2Fevil.example", "encoded slashes"],
    ["/%5Cevil.example", "an encoded backslash"],
    ["/%0d%0aSet-Cookie:x", "an encoded line break"],
    ["/%E0%A4%A", "a broken escape"],
    ["https://evil.example", "a scheme"],
    ["javascript:alert(1)", "a script URL"],
    [" /index", "a leading space"],
    ["/login?redirectTo=/x", "the sign-in page (a loop)"],
    ["/logout", "the sign-out page"],
    ["/.//evil.example", "dot segments that collapse into //"],
  ])("refuses %j (%s)", (path) => {
    expect(safeRedirect(path)).toBe("/index");
  });

  it("refuses a path too long", () => {
    expect(safeRedirect(`/${"a".repeat(3000)}`)).toBe("/index");
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 5, {}, ["/index"]]) expect(safeRedirect(value, "/x")).toBe("/x");
  });

  it("lets the language switch return to the sign-in page, still on this site", () => {
    expect(safeRedirect("/login?redirectTo=%2Findex", "/login", { allowSignIn: true })).toBe("/login?redirectTo=%2Findex");
    expect(safeRedirect("/login\r\n", "/login", { allowSignIn: true })).toBe("/login");
  });

  const tricky = fc.constantFrom(
    "/",
    "//",
    "/\\",
    "\\",
    "/%2f",
    "/%5c",
    "%2f",
    "http:",
    "https://",
    "javascript:",
    "\t",
    "\n",
    "\r",
    " ",
    "\u0000",
    "\u00a0",
    "\u2028",
    "\u3000",
    "\ufeff",
    "@",
    ":",
    "?",
    "#",
    ".",
    "..",
    "evil.example",
    "\ud800",
    "\u202e",
  );
  const generated = fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.array(fc.oneof(tricky, fc.string({ maxLength: 6 })), { maxLength: 8 }).map((parts) => parts.join("")),
    fc.array(fc.oneof(tricky, fc.string({ maxLength: 6 })), { maxLength: 8 }).map((parts) => `/${parts.join("")}`),
  );

  it("never leads off the site, whatever it is given (property)", () => {
    fc.assert(
      fc.property(generated, (input) => {
        const result = safeRedirect(input);
        expect(result.startsWith("/")).toBe(true);
        // A valid header value: printable ASCII only.
        expect(result).toMatch(/^[\x21-\x7e]*$/);
        expect(landing(result).origin).toBe(ORIGIN);
        // Read again, it is the same path: nothing left for a browser to reinterpret.
        expect(safeRedirect(result, "/fallback")).toBe(result === "/index" ? "/index" : result);
      }),
      { numRuns: 3000 },
    );
  });
});
