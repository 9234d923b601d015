/**
 * The import's upload form (issue 33 §1), parsed by the server and checked in the browser: one
 * file. What the file holds is the dry run's business (check.server.ts); an empty or unreadable
 * file gets its own report there.
 */
import { z } from "zod";

/** The largest upload (request-guard.server.ts `UPLOAD_LIMITS`, decision 0049): 32 MiB. */
export const IMPORT_UPLOAD_LIMIT = 32 * 1024 * 1024;

export const uploadSchema = z.object({
  file: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File, "staffRange:import.upload.required")
    // a form sent without a file chosen carries an empty part without a name
    .refine((f) => f.name !== "" || f.size > 0, "staffRange:import.upload.required")
    .refine((f) => f.size <= IMPORT_UPLOAD_LIMIT, "staffRange:import.upload.tooLarge"),
});
