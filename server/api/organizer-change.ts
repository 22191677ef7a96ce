import type { Router } from "express";
import type { AnswerOf, AnyEndpoint, ParsedInputOf } from "../../app/contracts/api/endpoint";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { Caller } from "../auth/caller";
import { organizerFor } from "./caller";
import type { ApiDeps } from "./context";
import { requestLanguage } from "./envelope";
import { mount, withMessage } from "./mount";

/** One of the organizer's changes on a settings or desk page. */
export type OrganizerChange<E extends AnyEndpoint> = {
  /** The write in the organizer's own exhibition; what it returns is the answer. */
  run: (organizer: Caller, input: ParsedInputOf<E>) => Promise<AnswerOf<E>>;
  /** The text key of the success message, said in the caller's language. */
  message: string;
  /** When the change is logged: the log line's event, and the row it changed where that is one row. */
  event?: string;
  changedId?: (input: ParsedInputOf<E>, answer: AnswerOf<E>) => number;
};

/**
 * Mounts an organizer's change: the caller must be the organizer (others 403 before anything is
 * written), then the write, its log line, and the answer with its message.
 */
export function mountOrganizerChange<E extends AnyEndpoint>(router: Router, deps: ApiDeps, endpoint: E, change: OrganizerChange<E>) {
  mount(router, endpoint, (async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const answer = await change.run(organizer, input);
    if (change.event)
      deps.logger.info(
        { event: change.event, userId: organizer.userId, exhibitionId: organizer.exhibitionId, id: change.changedId?.(input, answer) },
        "organizer setting changed",
      );
    return withMessage(answer, translate(requestLanguage(req), change.message));
    // A change answers JSON, never a file: the mount's answer type cannot see that through the generic E.
  }) as Parameters<typeof mount<E>>[2]);
}
