import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import type { AnswerOf, AnyEndpoint, FileAnswer, ParsedInputOf } from "../../app/contracts/api/endpoint";
import type { ApiDeps } from "./context";
import { handle, parseInput, sendOk } from "./envelope";
import { requireSession } from "./require-session";
import { refuseUnstorableText } from "./text-input";
import { recordApiChange, recordsBefore } from "../team/history-api";

/**
 * What a mounted handler gets. `input` is parsed from the declaration's schema when it is first
 * read; for an endpoint that is not public the session was checked before (see mount).
 */
export type EndpointCall<E extends AnyEndpoint> = {
  req: Request;
  res: Response;
  readonly input: ParsedInputOf<E>;
};

/** An answer with its own success message (the envelope's `message`, in the caller's language). */
class WithMessage<A> {
  constructor(
    readonly data: A,
    readonly message: string,
  ) {}
}
export const withMessage = <A>(data: A, message: string) => new WithMessage(data, message);

/** A JSON answer (the envelope's data) must be the declared answer; a file endpoint sends its own. */
// biome-ignore lint/suspicious/noConfusingVoidType: a file handler writes the response itself and returns nothing (its body is `async () => { ... }`, i.e. Promise<void>); `undefined` would reject those handlers
type HandlerResult<E extends AnyEndpoint> = AnswerOf<E> extends FileAnswer ? void : AnswerOf<E> | WithMessage<AnswerOf<E>>;

/** createApiRouter's first step: what the session check below needs, for this request (one API per server, several per test process). */
export function keepApiDeps(deps: ApiDeps): RequestHandler {
  return (_req, res, next) => {
    res.locals.apiDeps = deps;
    next();
  };
}

/** 401 (or the contractor's and carrier's 403) before anything the caller sent is read (issue 50 item 14). */
const signedInFirst: RequestHandler = (req, res, next) => {
  requireSession(res.locals.apiDeps as ApiDeps, req, res).then(() => next(), next);
};

/** The body (form or JSON, up to 1 MB) and the unstorable-text check: read only once the caller may call. */
const readBody: RequestHandler[] = [express.urlencoded({ extended: false, limit: "1mb" }), express.json({ limit: "1mb" }), refuseUnstorableText()];

/**
 * Mounts a declared endpoint (app/contracts/<domain>/endpoints.server.ts) on the router: its method and
 * path; unless it is public, the caller's session, checked before anything else (a signed-out caller
 * gets 401 whatever it sent, not a validation error); its input parsed with its schema from the query
 * (GET) or the body (POST); and a handler whose answer must have the declared type. Errors become
 * envelopes as with `handle`.
 */
export function mount<E extends AnyEndpoint>(router: Router, endpoint: E, handler: (call: EndpointCall<E>) => Promise<HandlerResult<E>> | HandlerResult<E>) {
  const method = endpoint.method === "GET" ? "get" : "post";
  router[method](
    endpoint.path,
    ...(endpoint.public ? [] : [signedInFirst]),
    ...readBody,
    handle((req, res) => {
      let parsed: { value: ParsedInputOf<E> } | null = null;
      const call: EndpointCall<E> = {
        req,
        res,
        get input() {
          parsed ??= { value: parseEndpointInput(endpoint, endpoint.channel === "query" ? req.query : bodyOf(req)) };
          return parsed.value;
        },
      };
      // A change through the API goes into the history (server/team/history-api.ts): the records it
      // names as they were before, and once it went through, as they are after, before it is answered.
      const recorded = endpoint.method === "POST" && !endpoint.public;
      const before = recorded ? recordsBefore(req, res, bodyOf(req)) : Promise.resolve(null);
      return before
        .then(() => handler(call))
        .then(async (result) => {
          if (recorded) await recordApiChange(req, res, parsed?.value ?? bodyOf(req), result instanceof WithMessage ? result.data : result, await before);
          if (!(result instanceof WithMessage)) return result;
          sendOk(res, result.data, result.message);
        });
    }),
  );
}

/** The declared schema applied to fields read elsewhere (a multipart body's fields). */
export function parseEndpointInput<E extends AnyEndpoint>(endpoint: E, fields: unknown): ParsedInputOf<E> {
  return (endpoint.input ? parseInput(endpoint.input, fields) : undefined) as ParsedInputOf<E>;
}

/** A form or JSON body as an object (an absent or non-object body is no fields). */
export function bodyOf(req: Request): Record<string, unknown> {
  return req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {};
}
