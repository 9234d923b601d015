/**
 * A local stand-in of the card provider's API (docs/decisions/0019): `POST /v1/application` takes an
 * application and answers its id; `GET /v1/application?id=…` answers where it stands. The test
 * decides what the provider says next (`report`), and it counts every request, so a test sees
 * whether the shop handed an application over twice.
 */
import { Response } from "miniflare";

export const CARD_API_URL = "https://cards.frischkorb.test";
export const CARD_API_KEY = "card_standin_0123456789abcdefghijkl";

export interface ProviderApplication {
  id: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  state: string;
  cardNumber?: string;
}

export class CardProviderStandIn {
  readonly applications = new Map<string, ProviderApplication>();
  readonly requests: { method: string; path: string; query: string; idempotencyKey: string | null }[] = [];
  /** The next `count` requests fail with `status`. */
  private failures = { count: 0, status: 503 };
  /** The next `count` requests are carried out, but their answers are lost (the shop sees a 503). */
  private lostAnswers = 0;
  private gate: Promise<void> | null = null;
  /** Requests waiting at the gate of `hold()`. */
  waiting = 0;

  failNext(count: number, status = 503) {
    this.failures = { count, status };
  }

  loseNextAnswers(count: number) {
    this.lostAnswers = count;
  }

  /** Holds every request from now until the returned function is called (a test synchronises on `waiting`). */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.gate = null;
      release();
    };
  }

  /** What the provider answers about the application from now on. */
  report(id: string, state: string, cardNumber?: string) {
    const application = this.applications.get(id);
    if (!application) throw new Error(`the provider has no application ${id}`);
    Object.assign(application, { state, cardNumber });
  }

  async handle(request: Request): Promise<Response> {
    if (this.gate) {
      this.waiting++;
      await this.gate;
      this.waiting--;
    }
    const answer = await this.answer(request);
    if (this.lostAnswers > 0) {
      this.lostAnswers -= 1;
      return Response.json({ message: "Gateway timeout" }, { status: 503 });
    }
    return answer;
  }

  private async answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    this.requests.push({
      method: request.method,
      path: url.pathname,
      query: url.search,
      idempotencyKey: request.headers.get("Idempotency-Key"),
    });
    if (request.headers.get("Authorization") !== `Bearer ${CARD_API_KEY}`)
      return Response.json({ message: "unauthorised" }, { status: 401 });
    if (this.failures.count > 0) {
      this.failures.count -= 1;
      return Response.json({ message: "Stand-in trouble" }, { status: this.failures.status });
    }
    if (url.pathname !== "/v1/application") return Response.json({ message: "Not found" }, { status: 404 });
    if (request.method === "POST") {
      const idempotencyKey = request.headers.get("Idempotency-Key");
      const known = [...this.applications.values()].find((a) => idempotencyKey && a.idempotencyKey === idempotencyKey);
      if (known) return Response.json({ id: known.id, state: known.state });
      const id = `prov-${this.applications.size + 1}`;
      const body = (await request.json()) as Record<string, unknown>;
      this.applications.set(id, { id, body, idempotencyKey, state: "requested" });
      return Response.json({ id, state: "requested" }, { status: 201 });
    }
    const application = this.applications.get(url.searchParams.get("id") ?? "");
    if (!application) return Response.json({ message: "Not found" }, { status: 404 });
    return Response.json({
      id: application.id,
      state: application.state,
      ...(application.cardNumber ? { card: { number: application.cardNumber, type: "rfid" } } : {}),
    });
  }
}
