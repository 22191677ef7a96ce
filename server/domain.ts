import type { Router } from "express";
import type { ApiDeps } from "./api/context";
import type { MenuTable } from "./db/schema/auth";
import type { DB } from "./db/schema";

/** One row of the `menus` table (isMenu 2 = a page that is not shown in the side menu). */
export type SeedMenu = MenuTable;

/**
 * Who is granted a menu row (docs/product.md § Roles): exhibitors (the default), the organizer alone
 * (roleId 1 sees every menu, so it is granted to no role), the carrier alone, or both exhibitors and carriers.
 */
type MenuGrant = "exhibitor" | "organizer" | "carrier" | "exhibitor and carrier";

/** A menu row with its grant. */
export type DomainMenu = SeedMenu & { grant: MenuGrant };

/** The mark of a menu item the header shows as new (docs/product.md § Header and menus). */
export const NEW = { remark: "new feature" } as const;

/** A row of the portal's menu tree: a page in the side menu, granted to exhibitors unless `grant` says otherwise. */
export function menu(
  id: number,
  pid: number,
  sort: number,
  route: string,
  name: string,
  name_en: string,
  icon: string,
  extra: Partial<Pick<SeedMenu, "is_menu" | "hidden" | "remark" | "url">> & { grant?: MenuGrant } = {},
): DomainMenu {
  const { grant = "exhibitor", ...row } = extra;
  return { id, pid, route, name, name_en, icon, is_menu: 1, hidden: false, remark: null, url: null, sort, ...row, grant };
}

/**
 * Columns by table: those that may name a stored file, by its id or its /files/<id> URL, in JSON too
 * (server/uploads/file-references.ts), or those that never do. The database type checks the names.
 */
type ColumnsByTable = { readonly [T in keyof DB]?: readonly (keyof DB[T] & string)[] };

/** The columns as [table, column] pairs, as the file sweep reads them. */
export const columnPairs = (columns: ColumnsByTable | undefined): (readonly [table: string, column: string])[] =>
  Object.entries(columns ?? {}).flatMap(([table, names]) => (names ?? []).map((name) => [table, name] as const));

/**
 * What one domain folder of server/ contributes (docs/decisions/063): declared in its own `domain.ts`
 * and read through the one list, server/domains.ts, by the API's mount, the portal's menu tree and the
 * sweep of unreferenced files, instead of each of them being edited for every new domain.
 */
export type ServerDomain = {
  /** The folder's name: server/<folder> (tests/unit/domain-registry.test.ts checks it). */
  folder: string;
  /** Its API routes (server/api/routes/<domain>*.ts), mounted under /api in any order: no two declare one path. */
  routes?: readonly ((deps: ApiDeps) => Router)[];
  /** Its rows of the portal's menu tree (docs/product.md § Header and menus), with their grants. */
  menus?: readonly DomainMenu[];
  /** Its columns that may refer to a stored file: a file no listed column names is swept after a day. */
  fileColumns?: ColumnsByTable;
  /** Its columns named like files, or holding JSON, that never refer to a stored file. */
  notFileColumns?: ColumnsByTable;
};

export function defineServerDomain<const D extends ServerDomain>(domain: D): D {
  return domain;
}
