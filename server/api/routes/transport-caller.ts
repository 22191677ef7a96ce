import type { Request, Response, Router } from "express";
import type { AnswerOf, AnyEndpoint, ParsedInputOf } from "../../../app/contracts/api/endpoint";
import type { Language } from "../../../app/contracts/i18n/config";
import type { Caller } from "../../auth/caller";
import { appClock } from "../../clock";
import { assertOrganizer } from "../require-session";
import { mount } from "../mount";
import { carrierViewerOf, type Viewer } from "../../transport/common";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage } from "../envelope";
import { callerFor } from "../caller";

/**
 * Who calls a transport route (issue 17). The session first (401), then the language: the area is
 * hidden in English (docs/product.md § Sign-in and sessions) and the API refuses English too (403), then the role: exhibitor
 * routes are not a carrier's (refused with the session, server/transport/carrier-scope.ts), carrier
 * routes are a carrier account's or the organizer's (read only).
 */
function requireChinese(req: Request) {
  if (requestLanguage(req) !== "zh") throw new ApiError(ApiCode.forbidden, "transport.errors.chineseOnly");
}

export async function transportExhibitorOf(deps: ApiDeps, req: Request, res: Response): Promise<Extract<Viewer, { kind: "exhibitor" }>> {
  const caller = await callerFor(deps, req, res);
  requireChinese(req);
  return { kind: "exhibitor", caller };
}

export async function transportCarrierOf(deps: ApiDeps, req: Request, res: Response) {
  const caller = await callerFor(deps, req, res);
  requireChinese(req);
  return carrierViewerOf(deps.db, caller, requestLanguage(req));
}

/** The organizer's transport routes (truck approval, the customs agent's review): roleId 1, in Chinese. */
export async function transportOrganizerOf(deps: ApiDeps, req: Request, res: Response) {
  const caller = await callerFor(deps, req, res);
  requireChinese(req);
  assertOrganizer(caller.roleId);
  return caller;
}

/** What a transport handler gets beside its caller: the parsed input, the request's language and the application clock's now. */
type TransportCall<E extends AnyEndpoint> = { input: ParsedInputOf<E>; language: Language; now: Date };

const CALLERS = {
  exhibitor: async (deps: ApiDeps, req: Request, res: Response) => (await transportExhibitorOf(deps, req, res)).caller,
  organizer: transportOrganizerOf,
};

/**
 * Mounts a transport endpoint answered by one domain function: the exhibitor's (carriers refused) or
 * the organizer's, in Chinese, checked before the input is read (see the callers above).
 */
export function mountTransport<E extends AnyEndpoint>(
  router: Router,
  deps: ApiDeps,
  who: keyof typeof CALLERS,
  endpoint: E,
  answer: (caller: Caller, call: TransportCall<E>) => Promise<AnswerOf<E>>,
) {
  mount(router, endpoint, (async ({ req, res, input }) => {
    const caller = await CALLERS[who](deps, req, res);
    return answer(caller, { input, language: requestLanguage(req), now: appClock.now() });
    // A JSON answer, never a file: the mount's answer type cannot see that through the generic E.
  }) as Parameters<typeof mount<E>>[2]);
}
