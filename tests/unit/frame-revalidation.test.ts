import { describe, expect, it } from "vitest";
import { FRAME_UNCHANGED, frameNeedsReload, rememberOpenTabs } from "../../app/lib/frame-revalidation";

describe("the frame's loader after a post (decision 072)", () => {
  const at = (path: string) => new URL(path, "http://portal.test");
  it("is not asked again after a post to the same page whose answer says the frame is unchanged", () => {
    expect(
      frameNeedsReload({ formMethod: "POST", currentUrl: at("/feedback"), nextUrl: at("/feedback"), actionResult: { success: true, ...FRAME_UNCHANGED } }),
    ).toBe(false);
    expect(frameNeedsReload({ formMethod: "post", currentUrl: at("/feedback?x=1"), nextUrl: at("/feedback"), actionResult: FRAME_UNCHANGED })).toBe(false);
  });
  it("is asked again after any other post, and on a navigation while no tab is open", () => {
    expect(frameNeedsReload({ formMethod: "POST", currentUrl: at("/skin"), nextUrl: at("/skin"), actionResult: { success: true } })).toBe(true);
    expect(frameNeedsReload({ formMethod: "POST", currentUrl: at("/skin"), nextUrl: at("/skin"), actionResult: { frameUnchanged: "yes" } })).toBe(true);
    expect(frameNeedsReload({ formMethod: "POST", currentUrl: at("/feedback"), nextUrl: at("/index"), actionResult: FRAME_UNCHANGED })).toBe(true);
    expect(frameNeedsReload({ currentUrl: at("/feedback"), nextUrl: at("/feedback") })).toBe(true);
    expect(frameNeedsReload({ formMethod: "GET", currentUrl: at("/feedback"), nextUrl: at("/feedback"), actionResult: FRAME_UNCHANGED })).toBe(true);
  });

  it("is asked on a navigation to a page that is not an open tab, and not on one to an open tab", () => {
    const tabs = new Set(["/index", "/feedback", "/exhibitorInfo/exhibitorInvite"]);
    expect(frameNeedsReload({ currentUrl: at("/index"), nextUrl: at("/feedback") }, tabs)).toBe(false);
    expect(frameNeedsReload({ currentUrl: at("/index"), nextUrl: at("/exhibitorInfo/exhibitorInvite/") }, tabs)).toBe(false);
    // Another page of the list (a query) or a search form (GET) on an open tab: the tabs stay as they are.
    expect(frameNeedsReload({ currentUrl: at("/feedback"), nextUrl: at("/feedback?page=2") }, tabs)).toBe(false);
    expect(frameNeedsReload({ formMethod: "GET", currentUrl: at("/feedback"), nextUrl: at("/feedback?q=x") }, tabs)).toBe(false);
    // A new page is a new tab; a page under an open one is another page.
    expect(frameNeedsReload({ currentUrl: at("/index"), nextUrl: at("/skin") }, tabs)).toBe(true);
    expect(frameNeedsReload({ currentUrl: at("/index"), nextUrl: at("/exhibitorInfo/exhibitorInvite/12") }, tabs)).toBe(true);
    expect(frameNeedsReload({ currentUrl: at("/index"), nextUrl: at("/exhibitorInfo") }, tabs)).toBe(true);
    // A post to an open tab still asks, unless its answer says the frame is unchanged.
    expect(frameNeedsReload({ formMethod: "POST", currentUrl: at("/feedback"), nextUrl: at("/feedback"), actionResult: { success: true } }, tabs)).toBe(true);
  });

  it("takes the open tabs from the frame the browser shows", () => {
    rememberOpenTabs(["/skin"]);
    expect(frameNeedsReload({ currentUrl: at("/index"), nextUrl: at("/skin") })).toBe(false);
    expect(frameNeedsReload({ currentUrl: at("/skin"), nextUrl: at("/index") })).toBe(true);
    rememberOpenTabs([]);
    expect(frameNeedsReload({ currentUrl: at("/index"), nextUrl: at("/skin") })).toBe(true);
  });
});
