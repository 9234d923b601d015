/**
 * One operation of the JSON API (docs/decisions/0034): its method and path, whether it needs a
 * customer's token, the zod schemas of its body, query and answer (which the router checks and the
 * OpenAPI document describes), and what it does, through the same domain functions as the pages.
 */
import type { AnyZodObject, z, ZodTypeAny } from "zod";
import type { Env } from "~/platform/context";
import type { SignedInCustomer } from "~/platform/session.server";
import type { ApiTag } from "./tags.server";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** What an operation gets besides its input. `customerId` is set exactly when `auth` is true. */
export interface ApiContext {
  request: Request;
  env: Env;
  ctx: ExecutionContext;
  params: Record<string, string>;
  customerId: number;
  /** The signed-in customer (names and e-mail for mails and payments); null exactly when `auth` is false. */
  customer: SignedInCustomer | null;
  /** The hash of the token the call came with (for signing out). */
  tokenHash: string;
  /** The build the worker serves (the OpenAPI document's version). */
  buildVersion: string;
}

export interface Operation<
  B extends ZodTypeAny = ZodTypeAny,
  Q extends ZodTypeAny = ZodTypeAny,
  R extends ZodTypeAny = ZodTypeAny,
> {
  method: Method;
  /** With `{name}` for a path parameter, as in the OpenAPI document. */
  path: string;
  summary: string;
  /**
   * The operation's name in the OpenAPI document, for generated clients: camelCase, unique, and
   * stable (a client's method is named after it, so renaming one breaks its clients).
   */
  operationId: string;
  /** What it does and its notable refusals, in German: a sentence or two. */
  description: string;
  /** Its group in the document; tags.server.ts lists each with its description. */
  tag: ApiTag;
  auth: boolean;
  body?: B;
  query?: Q;
  /** Request headers it reads, for the OpenAPI document (its `run` checks them: a missing one may mean 428). */
  headers?: AnyZodObject;
  response: R;
  /** 200 unless given; 204 answers no body. */
  status?: 200 | 201 | 204;
  /**
   * The refusals of its own (its `run` throws them as `ApiFailure`), with their description for the
   * OpenAPI document; the router's refusals (400, 401, 404, 413, 415, 429) and D1 failing (503)
   * are documented for all.
   */
  errors?: Partial<Record<401 | 403 | 404 | 409 | 410 | 422 | 428 | 503, string>>;
  run(input: { body: z.output<B>; query: z.output<Q> }, api: ApiContext): Promise<z.input<R>>;
}

/** Keeps an operation's schemas and its `run` in step (the types of `run` follow the schemas). */
export function operation<B extends ZodTypeAny, Q extends ZodTypeAny, R extends ZodTypeAny>(
  op: Operation<B, Q, R>,
): Operation<B, Q, R> {
  return op;
}

/**
 * A refusal the API answers as `{ message, parameters }`: the message is a locale key (translated
 * by the router), the parameters say what it is about (fields, values).
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 428 | 429 | 500 | 503,
    readonly key: string,
    readonly parameters: string[] = [],
    /** The text's interpolation values, e.g. a product's name. */
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}
