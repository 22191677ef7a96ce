import type * as z from "zod";

/**
 * One endpoint of the exhibition API, declared once and used by both sides (docs/decisions/029):
 * the server mounts it (server/api/mount.ts: method, path, input parsed with `input`) and the web
 * app calls it (app/lib/api.server.ts: `api.call(endpoint, input)`), so a renamed path or field, or
 * an answer of another shape, is a type error on both sides instead of a failure at run time.
 */
type HttpMethod = "GET" | "POST";

/** How the input travels: the query string, a form-encoded body, a JSON body or a multipart body. */
export type InputChannel = "query" | "form" | "json" | "multipart";

/** A value a form or query field can carry (a list is the field repeated, as a browser sends ticked boxes). */
export type WireValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type Endpoint<Input extends z.ZodType | undefined = z.ZodType | undefined, Answer = unknown, Channel extends InputChannel = InputChannel> = {
  readonly method: HttpMethod;
  readonly path: string;
  /** The schema the server parses the input with; undefined when the endpoint takes none. */
  readonly input: Input;
  readonly channel: Channel;
  /** A file download (the answer is the file, not the {code, message, data} envelope). */
  readonly file: boolean;
  /**
   * Answers a signed-out caller (sign-in, password links, captchas, the visitor and showcase pages):
   * declared with `publicEndpoint`. Every other endpoint asks for the session before it reads its
   * input (server/api/mount.ts): signed out is 401, whatever was sent.
   */
  readonly public: boolean;
  /** Type only: the `data` of a success. Never set. */
  readonly answer?: Answer;
};

/** A downloaded file's answer: the bytes with their own headers, passed through. */
export type FileAnswer = { readonly kind: "file" };

export type AnyEndpoint = Endpoint<z.ZodType | undefined, unknown, InputChannel>;

export type AnswerOf<E> = E extends Endpoint<z.ZodType | undefined, infer A, InputChannel> ? A : never;

/** What the server's handler receives: the parsed input. */
export type ParsedInputOf<E> = E extends Endpoint<infer I, unknown, InputChannel> ? (I extends z.ZodType ? z.output<I> : undefined) : never;

/** Form and query fields are checked by name (each a wire value); a union of shapes allows any of them. */
type FieldsOf<O> = O extends object ? { readonly [K in keyof O]?: WireValue } : Record<string, WireValue>;

/** What the web app passes: named fields (query, form), the schema's input (JSON), or the multipart body. */
export type CallInputOf<E> =
  E extends Endpoint<infer I, unknown, infer C>
    ? I extends z.ZodType
      ? C extends "json"
        ? z.input<I>
        : C extends "multipart"
          ? FormData
          : FieldsOf<z.output<I>>
      : C extends "multipart"
        ? FormData
        : undefined
    : never;

function declare<Method extends HttpMethod, Channel extends InputChannel>(method: Method, channel: Channel, isPublic: boolean) {
  return <Input extends z.ZodType | undefined = undefined>(path: string, input?: Input) => ({
    /** An endpoint answering `{code, message, data: Answer}`. */
    answers: <Answer>(): Endpoint<Input, Answer, Channel> => ({ method, path, input: input as Input, channel, file: false, public: isPublic }),
    /** An endpoint answering a file (xlsx, PDF, PNG) with its own headers. */
    file: (): Endpoint<Input, FileAnswer, Channel> => ({ method, path, input: input as Input, channel, file: true, public: isPublic }),
  });
}

function declarers(isPublic: boolean) {
  return {
    get: declare("GET", "query", isPublic),
    post: declare("POST", "form", isPublic),
    postJson: declare("POST", "json", isPublic),
    /** A multipart body (files): the server reads the parts and parses the fields with `input`. */
    upload: declare("POST", "multipart", isPublic),
  };
}

/**
 * The declarations: `endpoint.get("/smeb/user/skin").answers<SkinResponse>()`,
 * `endpoint.post("/smeb/user/skin", skinSchema).answers<SkinResponse>()`. Each needs a session.
 */
export const endpoint = declarers(false);

/** The same for the few endpoints a signed-out caller may call (docs/product.md § Public pages): `publicEndpoint.post("/login/login", …)`. */
export const publicEndpoint = declarers(true);
