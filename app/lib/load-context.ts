import type { PageRoute } from "../contracts/permission/page-rules";
import type { FlashToast } from "./toast.server";

/** What the Node server hands every loader and action (server/app.ts getLoadContext). */
type PortalLoadContext = {
  requestId: string;
  /** This response's Content-Security-Policy nonce (server/security.ts). */
  cspNonce: string;
  clientIp: string;
  apiBaseUrl: string;
  /** Our own API in this process (server/api/in-process.ts); absent when API_BASE_URL names another backend. */
  apiFetch?: typeof fetch;
  sessionSecrets: string[];
  secureCookies: boolean;
  captchaMode: "auto" | "always" | "never";
  /** The build's routes with their full paths and handles (server/app.ts pageRoutesOf; app/contracts/permission/page-rules.ts). */
  pages: PageRoute[];
  buildVersion: string;
  /** URL of each language's text chunk in this build, for a modulepreload hint (server/app.ts). */
  localeChunks?: Partial<Record<"zh" | "en", string>>;
  /** Size in bytes of each script of this build by URL (/build/…), so a page asks for its largest modules first (server/app.ts). */
  scriptBytes?: Record<string, number>;
  /** A Remix data request (JavaScript on: `?_data=`), not a document request. */
  dataRequest?: boolean;
  /** Set by an action for the page it answers with (toast.server.ts showToast); one context per request. */
  toast?: FlashToast;
};

declare module "@remix-run/node" {
  interface AppLoadContext extends PortalLoadContext {}
}
