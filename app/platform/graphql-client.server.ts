/**
 * A small GraphQL client, as spec section 7 describes the app's: POST (or GET for a query) with
 * `query`, `variables` and `operationName` and an auth header; an answer with errors throws the
 * first error's message, a failed call without them its status code (spec section 8).
 */

export interface GraphqlOperation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface GraphqlEndpoint {
  url: string;
  /** Sent as `Authorization: Bearer …`; none without it (only where stand-ins run). */
  token: string | null;
  /** GET puts the operation into the address (queries only); POST by default. */
  method?: "GET" | "POST";
  timeoutMs?: number;
}

/** What a call's answer said was wrong: the first error's message, or the status code as text. */
export class GraphqlClientError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "GraphqlClientError";
  }
}

function firstErrorMessage(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const message = (errors[0] as { message?: unknown } | null)?.message;
  return typeof message === "string" && message !== "" ? message : "GraphQL error";
}

/** Runs one operation and answers its `data`; throws `GraphqlClientError` as spec section 8 says. */
export async function graphqlCall<T>(endpoint: GraphqlEndpoint, operation: GraphqlOperation): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/graphql-response+json, application/json" };
  if (endpoint.token) headers.Authorization = `Bearer ${endpoint.token}`;
  let url = endpoint.url;
  const init: RequestInit = { headers, signal: AbortSignal.timeout(endpoint.timeoutMs ?? 10_000) };
  if (endpoint.method === "GET") {
    const address = new URL(endpoint.url);
    address.searchParams.set("query", operation.query);
    if (operation.variables) address.searchParams.set("variables", JSON.stringify(operation.variables));
    if (operation.operationName) address.searchParams.set("operationName", operation.operationName);
    url = address.toString();
  } else {
    init.method = "POST";
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(operation);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new GraphqlClientError(error instanceof Error ? error.message : String(error), null);
  }
  const body: unknown = await response.json().catch(() => null);
  const message = firstErrorMessage(body);
  if (message !== null) throw new GraphqlClientError(message, response.status);
  if (!response.ok) throw new GraphqlClientError(String(response.status), response.status);
  const data = (body as { data?: unknown } | null)?.data;
  if (data === undefined || data === null) throw new GraphqlClientError(String(response.status), response.status);
  return data as T;
}
