import { describe, expect, it } from "vitest";
import type { ButtonAuth } from "../../app/contracts/permission/api-types";
import { buttonState, hasButton } from "../../app/contracts/permission/buttons";
import { demoButtonAuths } from "../../server/seed/menus";

const now = Date.parse("2026-06-01T08:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

/** The seeded auths in the API's shape (as /smeb/permission/getInfo returns them). */
const auths: ButtonAuth[] = demoButtonAuths(new Date(now)).map((b) => ({
  id: b.id,
  url: b.url,
  name: b.name,
  nameEn: b.name_en,
  pid: b.menu_id,
  buttonEffectStartTime: b.effect_start?.toISOString() ?? null,
  buttonEffectEndTime: b.effect_end?.toISOString() ?? null,
  closedMessage: b.closed_message,
  closedMessageEn: b.closed_message_en,
  closesWith: null,
}));

const exhibitor = (url: string, extra: Partial<Parameters<typeof buttonState>[1]> = {}) =>
  buttonState(auths, { roleId: 2, menuId: 2, url, now, language: "zh", ...extra });

describe("buttonState with the seeded windows", () => {
  it("shows the open button (schedule:export) to an exhibitor", () => {
    expect(exhibitor("schedule:export")).toEqual({ visible: true, closedMessage: null });
    expect(hasButton(auths, { roleId: 2, menuId: 2, url: "schedule:export", now, language: "en" })).toBe(true);
  });

  it("hides a not-yet-open button (schedule:confirm) without a message, and shows it from its start", () => {
    expect(exhibitor("schedule:confirm")).toEqual({ visible: false, closedMessage: null });
    expect(exhibitor("schedule:confirm", { now: now + 10 * DAY })).toEqual({ visible: true, closedMessage: null });
    expect(exhibitor("schedule:confirm", { now: now + 1000 * DAY })).toEqual({ visible: true, closedMessage: null });
  });

  it("hides a closed button (schedule:apply) and gives the configured message by language", () => {
    expect(exhibitor("schedule:apply")).toEqual({ visible: false, closedMessage: "申请通道已关闭，如需帮助请联系主办方" });
    expect(exhibitor("schedule:apply", { language: "en" })).toEqual({
      visible: false,
      closedMessage: "Applications are closed; please contact the organizer for help",
    });
    expect(exhibitor("schedule:apply", { now: now - 2 * DAY })).toEqual({ visible: true, closedMessage: null });
    expect(exhibitor("schedule:apply", { now: now - 10 * DAY })).toEqual({ visible: true, closedMessage: null });
  });

  it("hides the open button after its end, with no message when none is configured", () => {
    expect(exhibitor("schedule:export", { now: now + 61 * DAY })).toEqual({ visible: false, closedMessage: null });
    expect(exhibitor("schedule:export", { now: now - 31 * DAY })).toEqual({ visible: false, closedMessage: null });
  });

  it("falls back to the Chinese message in English", () => {
    const onlyZh = auths.map((a) => (a.url === "schedule:apply" ? { ...a, closedMessageEn: null } : a));
    expect(buttonState(onlyZh, { roleId: 2, menuId: 2, url: "schedule:apply", now, language: "en" }).closedMessage).toBe(
      "申请通道已关闭，如需帮助请联系主办方",
    );
  });

  it("requires the url to be granted under the current menu id", () => {
    expect(exhibitor("schedule:export", { menuId: 70 })).toEqual({ visible: false, closedMessage: null });
    expect(exhibitor("schedule:delete")).toEqual({ visible: false, closedMessage: null });
    expect(buttonState([], { roleId: 3, menuId: 2, url: "schedule:export", now, language: "zh" }).visible).toBe(false);
  });

  it("always shows every button to roleId 1, whatever the window or grant", () => {
    for (const url of ["schedule:export", "schedule:confirm", "schedule:apply", "anything:else"]) {
      expect(buttonState(auths, { roleId: 1, menuId: 2, url, now, language: "zh" })).toEqual({ visible: true, closedMessage: null });
      expect(buttonState([], { roleId: 1, menuId: 99, url, now, language: "en" }).visible).toBe(true);
    }
  });

  it("treats a button without start and end as always open", () => {
    const always: ButtonAuth = { ...auths[0]!, buttonEffectStartTime: null, buttonEffectEndTime: null };
    expect(buttonState([always], { roleId: 2, menuId: 2, url: always.url, now: 0, language: "zh" }).visible).toBe(true);
  });
});
