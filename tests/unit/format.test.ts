import { describe, expect, it } from "vitest";
import {
  emailForRole,
  formatCny,
  formatDate,
  formatMoney,
  maskEmail,
  maskPhone,
  phoneForRole,
  relativeTime,
  truncateUsername,
} from "../../app/contracts/common/format";

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const now = new Date(2026, 5, 15, 12, 0, 0).getTime(); // local noon

describe("relativeTime", () => {
  it("says just now under 30 s (and for future times)", () => {
    expect(relativeTime(now, now, "en")).toBe("just now");
    expect(relativeTime(now - 29 * S, now, "en")).toBe("just now");
    expect(relativeTime(now - 29 * S, now, "zh")).toBe("刚刚");
    expect(relativeTime(now + 5 * M, now, "en")).toBe("just now");
  });

  it("counts minutes under 1 hour", () => {
    expect(relativeTime(now - 30 * S, now, "en")).toBe("1 minute ago");
    expect(relativeTime(now - 5 * M, now, "en")).toBe("5 minutes ago");
    expect(relativeTime(now - 59 * M, now, "zh")).toBe("59分钟前");
  });

  it("counts hours under 1 day", () => {
    expect(relativeTime(now - H, now, "en")).toBe("1 hour ago");
    expect(relativeTime(now - 23 * H - 59 * M, now, "en")).toBe("23 hours ago");
    expect(relativeTime(now - 3 * H, now, "zh")).toBe("3小时前");
  });

  it("says 1 day ago under 2 days, then the date", () => {
    expect(relativeTime(now - D, now, "en")).toBe("1 day ago");
    expect(relativeTime(now - 2 * D + S, now, "zh")).toBe("1天前");
    expect(relativeTime(now - 2 * D, now, "en")).toBe("2026-06-13");
    expect(relativeTime(new Date(2025, 0, 5, 9).getTime(), now, "zh")).toBe("2025-01-05");
    expect(formatDate(new Date(2026, 11, 8, 0, 0).getTime())).toBe("2026-12-08");
  });
});

describe("money", () => {
  it("formats cents as yuan with separators and 2 decimals", () => {
    expect(formatMoney(123450)).toBe("1,234.50");
    expect(formatMoney(0)).toBe("0.00");
    expect(formatMoney(5)).toBe("0.05");
    expect(formatMoney(100)).toBe("1.00");
    expect(formatMoney(123456789)).toBe("1,234,567.89");
    expect(formatMoney(-123450)).toBe("-1,234.50");
    expect(formatMoney(Number.NaN)).toBe("");
  });

  it("prefixes CNY amounts with ¥", () => {
    expect(formatCny(123450)).toBe("¥1,234.50");
    expect(formatCny(-99)).toBe("-¥0.99");
    expect(formatCny(Number.POSITIVE_INFINITY)).toBe("");
  });
});

describe("truncateUsername", () => {
  it("keeps names up to 17 characters and cuts longer ones to 14 plus an ellipsis", () => {
    expect(truncateUsername("std01")).toBe("std01");
    expect(truncateUsername("a".repeat(17))).toBe("a".repeat(17));
    expect(truncateUsername("abcdefghijklmnopqr")).toBe("abcdefghijklmn...");
    expect(truncateUsername("深圳星河智能科技有限公司展览部市场推广组")).toBe("深圳星河智能科技有限公司展览...");
  });
});

describe("masking", () => {
  it("masks phone numbers keeping the first 4 and the last digit", () => {
    expect(maskPhone("13812345678")).toBe("1381******8");
    expect(maskPhone("075512345678")).toBe("0755*******8");
    expect(maskPhone("12345")).toBe("12345");
    expect(maskPhone(null)).toBe("");
  });

  it("masks the local part of e-mail addresses except its first 1–2 characters", () => {
    expect(maskEmail("zhangsan@example.com")).toBe("zh******@example.com");
    expect(maskEmail("anna@x.cn")).toBe("a***@x.cn");
    expect(maskEmail("li@x.cn")).toBe("l*@x.cn");
    expect(maskEmail("a@x.cn")).toBe("*@x.cn");
    expect(maskEmail("")).toBe("");
  });

  it("shows roleId 1 everything unmasked", () => {
    expect(phoneForRole("13812345678", 1)).toBe("13812345678");
    expect(phoneForRole("13812345678", 2)).toBe("1381******8");
    expect(emailForRole("zhangsan@example.com", 1)).toBe("zhangsan@example.com");
    expect(emailForRole("zhangsan@example.com", 3)).toBe("zh******@example.com");
  });
});
