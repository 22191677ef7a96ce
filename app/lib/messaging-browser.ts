/** The messaging app's in-app browser announces itself as MicroMessenger. */
export function isMessagingAppBrowser(userAgent: string | null) {
  return /MicroMessenger/i.test(userAgent ?? "");
}
