import { Router, type Request, type Response } from "express";
import { boothQuerySchema, standardBuildSchema } from "../../../app/contracts/booth-construction/schema";
import { carpetOptions, findStandardBuild, saveStandardBuild } from "../../booth-construction/standard-build";
import type { ApiDeps } from "../context";
import { handle, parseInput } from "../envelope";
import { badgeCallerOf } from "./badge-caller";

/**
 * The standard booth build (spec point 7: "Booth build: find, create, update, carpet time"), for
 * standard booths only. Everything is the session user's booth: another's booth id answers like an
 * unknown one (404), a raw space booth is refused by the page's rule (403). The form posts list
 * fields (equipment not needed, walls) as repeated keys; the urlencoded parser makes them arrays.
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function boothBuildRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const callerOf = (req: Request, res: Response) => badgeCallerOf(deps, req, res);

  router.get(
    "/smeb/boothBuild/find",
    handle(async (req, res) => findStandardBuild(db, await callerOf(req, res), parseInput(boothQuerySchema, req.query).boothId)),
  );
  router.post(
    "/smeb/boothBuild/create",
    handle(async (req, res) => saveStandardBuild(deps, await callerOf(req, res), parseInput(standardBuildSchema, bodyOf(req)), "create")),
  );
  router.post(
    "/smeb/boothBuild/update",
    handle(async (req, res) => saveStandardBuild(deps, await callerOf(req, res), parseInput(standardBuildSchema, bodyOf(req)), "update")),
  );
  router.get(
    "/smeb/boothBuild/carpetTime",
    handle(async (req, res) => carpetOptions(db, await callerOf(req, res), parseInput(boothQuerySchema, req.query).boothId)),
  );

  return router;
}
