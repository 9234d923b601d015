/**
 * A local stand-in of Resend's e-mail API (POST /emails), following its documented request: Bearer
 * API key, JSON body {from, to[], subject, text}, and the Idempotency-Key header, with which a
 * repeated request within 24 hours sends nothing again. It counts every request it receives, so a
 * test sees whether the shop asked twice.
 */
import { Response } from "miniflare";

export const MAIL_API_KEY = "re_standin_0123456789abcdefghijkl";
export const MAIL_FROM = "Frischkorb <service@frischkorb.test>";

export interface ReceivedMail {
  idempotencyKey: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Extra headers of the mail (Resend's `headers` object), e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export class ResendStandIn {
  /** Every request that reached the API, whether it sent a mail or not. */
  readonly requests: ReceivedMail[] = [];
  /** Mails really sent (the API's idempotency applied). */
  readonly delivered: ReceivedMail[] = [];
  private readonly seenKeys = new Set<string>();
  private failures: { count: number; status: number } = { count: 0, status: 500 };
  /** Milliseconds each answer takes (to make overlapping runs really overlap). */
  delayMs = 0;

  failNext(count: number, status = 500) {
    this.failures = { count, status };
  }

  async handle(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== "/emails" || request.method !== "POST")
      return Response.json({ message: "Not found" }, { status: 404 });
    const body = (await request.json()) as Omit<ReceivedMail, "idempotencyKey">;
    const mail = { ...body, idempotencyKey: request.headers.get("Idempotency-Key") };
    this.requests.push(mail);
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (request.headers.get("Authorization") !== `Bearer ${MAIL_API_KEY}`)
      return Response.json({ message: "API key is invalid" }, { status: 401 });
    if (this.failures.count > 0) {
      this.failures.count -= 1;
      return Response.json({ message: "Stand-in trouble" }, { status: this.failures.status });
    }
    if (!mail.to?.[0]?.includes("@")) return Response.json({ message: "Invalid `to` field" }, { status: 422 });
    if (!mail.idempotencyKey || !this.seenKeys.has(mail.idempotencyKey)) {
      if (mail.idempotencyKey) this.seenKeys.add(mail.idempotencyKey);
      this.delivered.push(mail);
    }
    return Response.json({ id: `email-${this.requests.length}` });
  }
}
