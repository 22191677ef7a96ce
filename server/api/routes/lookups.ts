import { Router, type Request, type Response } from "express";
import { lookupEndpoints } from "../../../app/contracts/lookups/endpoints.server";
import type { HallItem, LookupItem, RegionNode } from "../../../app/contracts/lookups/schema";
import { CHINA_COUNTRY_ID } from "../../lookups/reference-data";
import type { ApiDeps } from "../context";
import { mount, parseEndpointInput } from "../mount";
import { requireSession } from "../require-session";

/** Every path answers GET and POST alike, its input read from the query string and the body together. */
function input(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
  return { ...(req.query as Record<string, unknown>), ...(body as Record<string, unknown>) };
}

/** The address pickers and the hall list; every item is `{id, name, nameEn}` (name in Chinese). */
export function lookupRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps;

  const regions = async (where: { level?: number; parent?: string }): Promise<LookupItem[]> => {
    let query = db.selectFrom("regions").select(["code", "name_zh", "name_en"]);
    if (where.level !== undefined) query = query.where("level", "=", where.level);
    if (where.parent !== undefined) query = query.where("parent_code", "=", where.parent);
    const rows = await query.orderBy("code").execute();
    return rows.map((r) => ({ id: r.code, name: r.name_zh, nameEn: r.name_en }));
  };

  for (const endpoint of [lookupEndpoints.countries, lookupEndpoints.countriesByPost]) {
    mount(router, endpoint, async ({ req, res }) => {
      await requireSession(deps, req, res);
      const rows = await db.selectFrom("countries").select(["id", "name_zh", "name_en"]).orderBy("sort").orderBy("id").execute();
      return rows.map((r): LookupItem => ({ id: r.id, name: r.name_zh, nameEn: r.name_en }));
    });
  }

  for (const endpoint of [lookupEndpoints.provinces, lookupEndpoints.provincesByPost]) {
    mount(router, endpoint, async ({ req, res }) => {
      await requireSession(deps, req, res);
      const { countryId } = parseEndpointInput(endpoint, input(req));
      if (countryId !== undefined && countryId !== CHINA_COUNTRY_ID) return [];
      return regions({ level: 1 });
    });
  }

  for (const endpoint of [lookupEndpoints.cities, lookupEndpoints.citiesByPost]) {
    mount(router, endpoint, async ({ req, res }) => {
      await requireSession(deps, req, res);
      const { parentId } = parseEndpointInput(endpoint, input(req));
      return regions({ level: 2, parent: parentId });
    });
  }

  for (const endpoint of [lookupEndpoints.districts, lookupEndpoints.districtsByPost]) {
    mount(router, endpoint, async ({ req, res }) => {
      await requireSession(deps, req, res);
      const { parentId } = parseEndpointInput(endpoint, input(req));
      return regions({ level: 3, parent: parentId });
    });
  }

  for (const endpoint of [lookupEndpoints.children, lookupEndpoints.childrenByPost]) {
    mount(router, endpoint, async ({ req, res }) => {
      await requireSession(deps, req, res);
      const { parentId } = parseEndpointInput(endpoint, input(req));
      return regions({ parent: parentId });
    });
  }

  // Reference data loaded at seed and never changed by the portal: read again at most every few minutes.
  let tree: { at: number; regions: Promise<RegionNode[]> } | null = null;
  mount(router, lookupEndpoints.regions, async () => {
    if (!tree || Date.now() - tree.at > REGION_TREE_TTL_MS) {
      const regions = regionTree(deps).catch((error: unknown) => {
        tree = null;
        throw error;
      });
      tree = { at: Date.now(), regions };
    }
    return tree.regions;
  });

  for (const endpoint of [lookupEndpoints.halls, lookupEndpoints.hallsByPost]) {
    mount(router, endpoint, async ({ req, res }) => {
      await requireSession(deps, req, res);
      return hallList(deps, req, res);
    });
  }

  return router;
}

const REGION_TREE_TTL_MS = 10 * 60 * 1000;

/** Every region as a tree by parent code (provinces, then cities, then districts; each level by code). */
async function regionTree(deps: ApiDeps): Promise<RegionNode[]> {
  const rows = await deps.db.selectFrom("regions").select(["code", "parent_code", "name_zh", "name_en"]).orderBy("level").orderBy("code").execute();
  const byCode = new Map<string, RegionNode>();
  const roots: RegionNode[] = [];
  for (const row of rows) {
    const node: RegionNode = { id: row.code, name: row.name_zh, nameEn: row.name_en };
    byCode.set(row.code, node);
    const parent = row.parent_code === null ? null : byCode.get(row.parent_code);
    if (!parent) roots.push(node);
    else (parent.children ??= []).push(node);
  }
  return roots;
}

async function hallList(deps: ApiDeps, req: Request, res: Response): Promise<HallItem[]> {
  const { user } = await requireSession(deps, req, res);
  const rows = await deps.db
    .selectFrom("halls")
    .select(["id", "code", "name_zh", "name_en"])
    .where("exhibition_id", "=", user.exhibitionId)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name_zh, nameEn: r.name_en }));
}
