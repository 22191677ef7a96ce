import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { z } from "zod";
// Schemas written in the API routes get portal texts for their issues too.
import "../../app/contracts/common/zod-messages";
import { languageFromAcceptLanguage, type Language } from "../../app/contracts/i18n/config";
import { translateMessage } from "../../app/contracts/i18n/translate.server";
import { maskPersonalFields, masksForStaff } from "../team/personal-data";

/** Response codes of the exhibition API (docs/product.md § The exhibition API, § Messages and errors). 200 is the only success. */
export const ApiCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  serverError: 500,
  unavailable: 503,
} as const;

type Envelope<T = unknown> = { code: number; message: string; data: T };

/** Thrown inside handlers; rendered as an envelope in the request's language. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    public readonly messageKey: string,
    public readonly values: Record<string, unknown> = {},
    public readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = "ApiError";
  }
}

/**
 * A record that does not exist, or that the caller may not see (the same answer, so ids reveal nothing);
 * a domain names what was not found with its own message key.
 */
export const notFound = (messageKey = "errors.notFound", values: Record<string, unknown> = {}) => new ApiError(ApiCode.notFound, messageKey, values);

/**
 * A refusal the form shows at one field: the message, and the same key in `data.fields[field]`
 * (a 400 unless `code` says otherwise: 404 for a file or record that is not the caller's, 409 for a
 * value taken meanwhile).
 */
export const fieldError = (key: string, field: string, values: Record<string, unknown> = {}, code: number = ApiCode.badRequest) =>
  new ApiError(code, key, values, { fields: { [field]: [key] } });

export function requestLanguage(req: Request): Language {
  return languageFromAcceptLanguage(req.get("accept-language"));
}

export function sendOk<T>(res: Response, data: T, message = "success") {
  // A staff role without personal data gets contacts and ID numbers masked, whatever the domain answered.
  const body: Envelope<T> = { code: ApiCode.ok, message, data: masksForStaff(res) ? maskPersonalFields(data) : data };
  res.status(200).json(body);
}

/** HTTP status follows the envelope code where it is an HTTP status, so proxies and logs agree. */
function sendError(req: Request, res: Response, error: ApiError) {
  const language = requestLanguage(req);
  const body: Envelope = {
    code: error.code,
    message: translateMessage(language, error.messageKey, error.values),
    data: error.data,
  };
  res.status(error.code >= 400 && error.code < 600 ? error.code : 200).json(body);
}

type Handler = (req: Request, res: Response) => Promise<unknown> | unknown;

/** Wraps a handler: its return value becomes `data`, thrown ApiErrors become envelopes. */
export function handle(handler: Handler): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .then((data) => {
        if (!res.headersSent) sendOk(res, data ?? null);
      })
      .catch(next);
  };
}

/** Parses input with a zod schema; the first issue's message key becomes the error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const fields: Record<string, string[]> = {};
  for (const i of result.error.issues) {
    const key = i.path.join(".") || "_";
    (fields[key] ??= []).push(i.message);
  }
  throw new ApiError(ApiCode.badRequest, issue?.message ?? "errors.badRequest", {}, { fields });
}

export function apiErrorHandler(logger: { error: (obj: unknown, msg?: string) => void }) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof ApiError) return sendError(req, res, error);
    const status = (error as { status?: number; type?: string })?.status;
    if (status === 413) return sendError(req, res, new ApiError(413, "errors.badRequest"));
    if (status === 400) return sendError(req, res, new ApiError(ApiCode.badRequest, "errors.badRequest"));
    logger.error({ err: error, path: req.path }, "api handler failed");
    sendError(req, res, new ApiError(ApiCode.serverError, "errors.system"));
  };
}
