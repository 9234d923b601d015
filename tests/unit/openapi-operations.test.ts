/**
 * What every operation of the JSON API gives its OpenAPI document (docs/decisions/0034, "Description
 * lints clean"): a unique camelCase `operationId` (a generated client names its method after it),
 * a summary and a description, and a tag the document lists with a description. The linters
 * themselves run on the served document in tests/integration/api/openapi-lint.test.ts.
 */
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/api/openapi.server";
import { OPERATIONS } from "~/api/operations.server";
import { API_TAGS } from "~/api/tags.server";

const document = openApiDocument(OPERATIONS, "test");
const documented = Object.values(document.paths ?? {}).flatMap((item) =>
  (["get", "put", "post", "delete", "patch"] as const).flatMap((method) => (item[method] ? [item[method]] : [])),
);

describe("the operations in the OpenAPI document", () => {
  it("are all there, each once", () => {
    expect(documented).toHaveLength(OPERATIONS.length);
  });

  it("each have an operationId of their own, in camelCase", () => {
    const ids = OPERATIONS.map((op) => op.operationId);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(documented.map((op) => op.operationId).sort()).toEqual([...ids].sort());
  });

  it("each have a summary and a description of at least a sentence", () => {
    for (const op of OPERATIONS) {
      expect(op.summary.trim(), op.operationId).not.toBe("");
      expect(op.description, op.operationId).toMatch(/^\S.{19,}[.!?]$/s);
      expect(op.description, `${op.operationId}: a description says more than the summary`).not.toBe(op.summary);
    }
  });

  it("use only tags the document lists, each with a description, and list no tag twice", () => {
    const listed = (document.tags ?? []).map((tag) => tag.name);
    expect(new Set(listed).size).toBe(listed.length);
    for (const tag of document.tags ?? []) expect(tag.description?.trim(), tag.name).toBeTruthy();
    const used = new Set(documented.flatMap((op) => op.tags ?? []));
    for (const tag of used) expect(listed, `tag ${tag}`).toContain(tag);
    // a listed tag no operation uses is a group that does not exist
    expect([...used].sort()).toEqual(Object.keys(API_TAGS).sort());
  });

  it("are served by the shop itself, under a licence, with a contact", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(document.info.license?.name).toBeTruthy();
    expect(document.info.contact?.email).toMatch(/@/);
    expect(document.info.description).toBeTruthy();
  });
});
