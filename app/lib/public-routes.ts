/** Spec point 2: routes reachable without signing in (no login check). */
export const PUBLIC_PATHS = [
  "/login",
  "/contractor",
  "/401",
  "/404",
  "/wxBrowser",
  "/index/schedule",
  "/index/promote",
  "/index/premise",
  "/index/service",
  "/index/hotel",
  "/index/poster",
  "/index/bannerDownload",
  "/index/posterCn",
  "/index/posterEn",
  "/invoiceArea/saveQrCode",
  "/exhibitorInfo/promotionalVideo",
] as const;

/** Pages every signed-in user may open whatever their menu says (personal pages and the home fallback). */
export const PERSONAL_PATHS = ["/index", "/changePassword", "/feedback", "/skin", "/contact", "/booth", "/upload/signature", "/upload/complete"] as const;

/**
 * An entrusted contractor acts for the exhibitor in booking only: of the personal pages it keeps
 * the contact dialog and the upload endpoints (the installation drawing); /index sends it to
 * the booking page.
 */
export const CONTRACTOR_PERSONAL_PATHS = ["/index", "/contact", "/upload/signature", "/upload/complete"] as const;

export function isContractorPersonalPath(path: string) {
  return (CONTRACTOR_PERSONAL_PATHS as readonly string[]).includes(normalize(path));
}

/** The in-app browser page is skipped for the invoice QR-code save route (spec point 2). */
export const WX_EXEMPT_PATHS = ["/wxBrowser", "/invoiceArea/saveQrCode"] as const;

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

export function isPublicPath(path: string) {
  return (PUBLIC_PATHS as readonly string[]).includes(normalize(path));
}

export function isPersonalPath(path: string) {
  return (PERSONAL_PATHS as readonly string[]).includes(normalize(path));
}

/** The messaging app's in-app browser announces itself as MicroMessenger. */
export function isMessagingAppBrowser(userAgent: string | null) {
  return /MicroMessenger/i.test(userAgent ?? "");
}
