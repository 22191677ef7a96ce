import { describe, expect, it } from "vitest";
import { applyTabOperation, MAX_TABS, readTabs, withVisited } from "../../app/lib/ui-state.server";
import { isMessagingAppBrowser } from "../../app/lib/messaging-browser";

const withCookie = (cookie: string) => new Request("http://x/", { headers: { cookie } });

describe("tabs strip state", () => {
  it("adds each visited page once and keeps the newest", () => {
    let tabs: string[] = [];
    for (const p of ["/index", "/changePassword", "/index"]) tabs = withVisited(tabs, p);
    expect(tabs).toEqual(["/index", "/changePassword"]);
    for (let i = 0; i < MAX_TABS + 3; i++) tabs = withVisited(tabs, `/p${i}`);
    expect(tabs).toHaveLength(MAX_TABS);
    expect(tabs.at(-1)).toBe(`/p${MAX_TABS + 2}`);
  });

  it("closes one, the others, or all", () => {
    const tabs = ["/a", "/b", "/c"];
    expect(applyTabOperation(tabs, "close", "/b")).toEqual(["/a", "/c"]);
    expect(applyTabOperation(tabs, "closeOthers", "/b")).toEqual(["/b"]);
    expect(applyTabOperation(tabs, "closeAll", "/b")).toEqual([]);
  });

  it("ignores a tampered cookie instead of failing", () => {
    expect(readTabs(withCookie("tabs=not-json"))).toEqual([]);
    expect(readTabs(withCookie(`tabs=${encodeURIComponent(JSON.stringify(["/ok", "//evil.example", "//evil", "javascript:alert(1)", 5]))}`))).toEqual(["/ok"]);
    // A visited "//host" path (the not-found page) never becomes a tab linking to another site.
    expect(withVisited([], "//evil")).toEqual([]);
  });
});

describe("the in-app browser", () => {
  it("recognizes the messaging app's browser", () => {
    expect(isMessagingAppBrowser("Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.47")).toBe(true);
    expect(isMessagingAppBrowser("Mozilla/5.0 Chrome/120")).toBe(false);
  });
});
