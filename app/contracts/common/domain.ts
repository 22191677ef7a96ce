import type { TextTree } from "../i18n/text-registry";
import type { UploadFolderRule } from "../uploads/kinds";

/**
 * What one domain folder of app/contracts contributes to the portal (docs/decisions/063): declared in
 * its own `domain.ts` and read through the one list, app/contracts/domains.ts, by the files that used
 * to be edited for every new domain (the server's texts, the upload folders, the product's pages).
 * Browser-safe: the upload component reads the folders' rules, so nothing large belongs here.
 */
export type ContractDomain = {
  /** The folder's name: app/contracts/<folder> (tests/unit/domain-registry.test.ts checks it). */
  folder: string;
  /**
   * The domain's text groups in both languages for the server (app/contracts/i18n/locales): a
   * function over its `texts.server.ts`, which is empty in the browser, where each page registers the
   * groups it shows with `texts.ts` (docs/decisions/022). Called only on the server.
   */
  serverTexts?: () => { zh: Record<string, TextTree>; en: Record<string, TextTree> };
  /** Its upload folders and what each accepts (docs/product.md § Uploads). */
  uploadFolders?: Record<string, UploadFolderRule>;
  /**
   * Its pages by area, as the product names them ("/dataArea": ["index", "files"]): a path of this list
   * outside the user's menu is a 401 rather than a 404 (app/contracts/permission/spec-pages.ts).
   */
  pages?: Record<string, readonly string[]>;
  /** Path prefixes of its links that answer a file, not a page ("/dataArea/download/"): the page crawls skip them (tests/e2e/crawl.ts). */
  fileLinks?: readonly string[];
};

/** A domain's declaration, its literal names kept (the upload folders become the UploadFolder type). */
export function defineDomain<const D extends ContractDomain>(domain: D): D {
  return domain;
}
