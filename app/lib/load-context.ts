/** What the Node server hands every loader and action (server/app.ts getLoadContext). */
export type PortalLoadContext = {
  requestId: string;
  /** This response's Content-Security-Policy nonce (server/security.ts). */
  cspNonce: string;
  clientIp: string;
  apiBaseUrl: string;
  sessionSecrets: string[];
  secureCookies: boolean;
  captchaMode: "auto" | "always" | "never";
  filingNumber: string;
  /** Full paths of the page routes in this build (from the Remix route manifest). */
  routePatterns: string[];
  userGuideUrl: string;
  buildVersion: string;
  /** URL of each language's text chunk in this build, for a modulepreload hint (server/app.ts). */
  localeChunks?: Partial<Record<"zh" | "en", string>>;
};

declare module "@remix-run/node" {
  interface AppLoadContext extends PortalLoadContext {}
}
