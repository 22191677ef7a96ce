/** The in-app browser page is skipped for the invoice QR-code save route (spec point 2). */
export const WX_EXEMPT_PATHS = ["/wxBrowser", "/invoiceArea/saveQrCode"] as const;

/** The messaging app's in-app browser announces itself as MicroMessenger. */
export function isMessagingAppBrowser(userAgent: string | null) {
  return /MicroMessenger/i.test(userAgent ?? "");
}
