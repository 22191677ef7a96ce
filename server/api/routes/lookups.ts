import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { CHINA_COUNTRY_ID } from "../../lookups/reference-data";
import type { ApiDeps } from "../context";
import { handle, parseInput } from "../envelope";
import { requireSession } from "../require-session";

export type LookupItem = { id: number | string; name: string; nameEn: string };
export type HallItem = { id: number; code: string; name: string; nameEn: string };

/** "" (an unselected form field) counts as absent. */
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const regionCode = z.preprocess(
  blankToUndefined,
  z.string({ message: "errors.badRequest" }).trim().regex(/^\d{6}$/, { message: "errors.badRequest" }),
);
const countryId = z.preprocess(
  blankToUndefined,
  z.coerce.number({ message: "errors.badRequest" }).int({ message: "errors.badRequest" }).positive({ message: "errors.badRequest" }),
);

const optionalParent = z.object({ parentId: regionCode.optional() });
const requiredParent = z.object({ parentId: regionCode });
const provinceQuery = z.object({ countryId: countryId.optional() });

/** Query string for GET, query string plus body for POST. */
function input(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
  return { ...(req.query as Record<string, unknown>), ...(body as Record<string, unknown>) };
}

/** The address pickers and the hall list; every item is `{id, name, nameEn}` (name in Chinese). */
export function lookupRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps;

  const route = (path: string, handler: (req: Request, res: Response) => Promise<unknown>) => {
    const h = handle(async (req, res) => {
      await requireSession(deps, req, res);
      return handler(req, res);
    });
    router.get(path, h);
    router.post(path, h);
  };

  const regions = async (where: { level?: number; parent?: string }): Promise<LookupItem[]> => {
    let query = db.selectFrom("regions").select(["code", "name_zh", "name_en"]);
    if (where.level !== undefined) query = query.where("level", "=", where.level);
    if (where.parent !== undefined) query = query.where("parent_code", "=", where.parent);
    const rows = await query.orderBy("code").execute();
    return rows.map((r) => ({ id: r.code, name: r.name_zh, nameEn: r.name_en }));
  };

  route("/address/country/list", async () => {
    const rows = await db
      .selectFrom("countries")
      .select(["id", "name_zh", "name_en"])
      .orderBy("sort")
      .orderBy("id")
      .execute();
    return rows.map((r): LookupItem => ({ id: r.id, name: r.name_zh, nameEn: r.name_en }));
  });

  route("/address/province/list", async (req) => {
    const { countryId } = parseInput(provinceQuery, input(req));
    if (countryId !== undefined && countryId !== CHINA_COUNTRY_ID) return [];
    return regions({ level: 1 });
  });

  route("/address/city/list", async (req) => {
    const { parentId } = parseInput(optionalParent, input(req));
    return regions({ level: 2, parent: parentId });
  });

  route("/address/area/list", async (req) => {
    const { parentId } = parseInput(optionalParent, input(req));
    return regions({ level: 3, parent: parentId });
  });

  route("/address/getByParentId", async (req) => {
    const { parentId } = parseInput(requiredParent, input(req));
    return regions({ parent: parentId });
  });

  route("/hall/list", (req, res) => hallList(deps, req, res));

  return router;
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
