/**
 * The OpenAPI document the worker serves lints clean (docs/decisions/0034, "Description lints
 * clean"): `redocly lint` with the recommended rules (redocly.yaml) and `spectral lint` with its
 * OpenAPI rules (.spectral.yaml) report no error and no warning. Both run as installed
 * (node_modules/.bin) on the document as GET /rest/V1/openapi.json answers it, written under .tmp/;
 * a document with known faults first shows that their rules run at all.
 */
import { execFile } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type TestShop } from "../worker";

const root = path.resolve(import.meta.dirname, "../../..");
const dir = path.join(root, ".tmp", "openapi-lint");
const documentFile = path.join(dir, "openapi.json");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** One problem a linter reports, as the failure message prints it. */
interface Problem {
  severity: "error" | "warning" | "other";
  rule: string;
  message: string;
  where: string;
}

/** Runs a linter; a linter that finds problems exits with 1, which is its answer, not a failure. */
async function lint(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  try {
    return await promisify(execFile)(command, args, {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      // No update check and no usage report (redocly.yaml also says `telemetry: off`).
      env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", REDOCLY_TELEMETRY: "off", NO_COLOR: "1" },
    });
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (failed.code === 1 && failed.stdout !== undefined) return { stdout: failed.stdout, stderr: failed.stderr ?? "" };
    throw error;
  }
}

/** `redocly lint --format=json`: `{ totals, problems: [{ ruleId, severity, message, location }] }`. */
async function redocly(file = documentFile): Promise<Problem[]> {
  const { stdout, stderr } = await lint(bin("redocly"), [
    "lint",
    file,
    "--config",
    path.join(root, "redocly.yaml"),
    "--format=json",
  ]);
  let report: {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
  };
  try {
    report = JSON.parse(stdout);
  } catch {
    throw new Error(`redocly answered no JSON report:\n${stdout}\n${stderr}`);
  }
  const problems = report.problems.map((p) => ({
    severity:
      p.severity === "error" ? ("error" as const) : p.severity === "warn" ? ("warning" as const) : ("other" as const),
    rule: p.ruleId,
    message: p.message,
    where: p.location[0]?.pointer ?? "",
  }));
  // the totals and the list must agree, or the report was read wrongly
  expect(problems.filter((p) => p.severity === "error").length).toBe(report.totals.errors);
  expect(problems.filter((p) => p.severity === "warning").length).toBe(report.totals.warnings);
  return problems;
}

/** `spectral lint -f json`: `[{ code, message, path, severity }]`, severity 0 error, 1 warning, 2 info, 3 hint. */
async function spectral(file = documentFile): Promise<Problem[]> {
  const output = `${file}.spectral.json`;
  const { stdout, stderr } = await lint(bin("spectral"), [
    "lint",
    file,
    "--ruleset",
    path.join(root, ".spectral.yaml"),
    "--format=json",
    `--output=${output}`,
    // every result fails the run, so an exit code 0 alone already means "nothing found"
    "--fail-severity=hint",
  ]);
  let results: { code: string; message: string; path: (string | number)[]; severity: number }[];
  try {
    results = JSON.parse(await readFile(output, "utf8"));
  } catch {
    throw new Error(`spectral wrote no JSON report:\n${stdout}\n${stderr}`);
  }
  return results.map((r) => ({
    severity: r.severity === 0 ? "error" : r.severity === 1 ? "warning" : "other",
    rule: r.code,
    message: r.message,
    where: r.path.join("."),
  }));
}

const listed = (problems: Problem[]) =>
  problems.map((p) => `${p.severity} ${p.rule} at ${p.where || "(document)"}: ${p.message}`).join("\n");

let shop: TestShop;

beforeAll(async () => {
  shop = await startShop({ seed: false });
  const answer = await shop.fetch("/rest/V1/openapi.json");
  expect(answer.status).toBe(200);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(documentFile, await answer.text());
});

afterAll(() => shop?.dispose());

describe("the OpenAPI document lints clean", () => {
  // Two empty reports could also mean rules that never ran (a config not read, an empty ruleset):
  // a document without servers and without a licence must be reported by both.
  it("the linters run with their rules: a document lacking servers is reported", async () => {
    const bad = path.join(dir, "bad.json");
    await writeFile(
      bad,
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "Ohne Server", version: "1" },
        paths: { "/a": { get: { responses: { 200: { description: "Erfolg" } } } } },
      }),
    );
    const [byRedocly, bySpectral] = await Promise.all([redocly(bad), spectral(bad)]);
    expect(byRedocly.map((p) => p.rule)).toEqual(expect.arrayContaining(["no-empty-servers", "info-license"]));
    expect(bySpectral.map((p) => p.rule)).toEqual(expect.arrayContaining(["oas3-api-servers", "info-contact"]));
  });

  it("redocly lint (recommended): 0 errors, 0 warnings", async () => {
    const problems = await redocly();
    expect(problems, listed(problems)).toEqual([]);
  });

  it("spectral lint (spectral:oas): 0 errors, 0 warnings", async () => {
    const problems = await spectral();
    expect(problems, listed(problems)).toEqual([]);
  });
});
