import type { Request, Response, Router } from "express";
import type { AnswerOf, AnyEndpoint, FileAnswer, ParsedInputOf } from "../../app/contracts/api/endpoint";
import { handle, parseInput, sendOk } from "./envelope";

/**
 * What a mounted handler gets. `input` is parsed from the declaration's schema when it is first
 * read, so a handler reads it after its session check: a signed-out caller gets 401, not 400.
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

/**
 * Mounts a declared endpoint (app/contracts/<domain>/endpoints.server.ts) on the router: its method and
 * path, its input parsed with its schema from the query (GET) or the body (POST), and a handler
 * whose answer must have the declared type. Errors become envelopes as with `handle`.
 */
export function mount<E extends AnyEndpoint>(router: Router, endpoint: E, handler: (call: EndpointCall<E>) => Promise<HandlerResult<E>> | HandlerResult<E>) {
  const method = endpoint.method === "GET" ? "get" : "post";
  router[method](
    endpoint.path,
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
      return Promise.resolve(handler(call)).then((result) => {
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
