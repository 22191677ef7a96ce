import { describe, expect, it } from "vitest";
import { FRAME_UNCHANGED, frameNeedsReload } from "../../app/lib/frame-revalidation";

describe("the frame's loader after a post (decision 072)", () => {
  const at = (path: string) => new URL(path, "http://portal.test");
  it("is not asked again after a post to the same page whose answer says the frame is unchanged", () => {
    expect(
      frameNeedsReload({ formMethod: "POST", currentUrl: at("/feedback"), nextUrl: at("/feedback"), actionResult: { success: true, ...FRAME_UNCHANGED } }),
    ).toBe(false);
    expect(frameNeedsReload({ formMethod: "post", currentUrl: at("/feedback?x=1"), nextUrl: at("/feedback"), actionResult: FRAME_UNCHANGED })).toBe(false);
  });
  it("is asked again after any other post, and on every navigation", () => {
    expect(frameNeedsReload({ formMethod: "POST", currentUrl: at("/skin"), nextUrl: at("/skin"), actionResult: { success: true } })).toBe(true);
    expect(frameNeedsReload({ formMethod: "POST", currentUrl: at("/skin"), nextUrl: at("/skin"), actionResult: { frameUnchanged: "yes" } })).toBe(true);
    expect(frameNeedsReload({ formMethod: "POST", currentUrl: at("/feedback"), nextUrl: at("/index"), actionResult: FRAME_UNCHANGED })).toBe(true);
    expect(frameNeedsReload({ currentUrl: at("/feedback"), nextUrl: at("/feedback") })).toBe(true);
    expect(frameNeedsReload({ formMethod: "GET", currentUrl: at("/feedback"), nextUrl: at("/feedback"), actionResult: FRAME_UNCHANGED })).toBe(true);
  });
});
