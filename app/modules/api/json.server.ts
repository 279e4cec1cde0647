import type { z } from "zod";

/** JSON errors of the API: `{ error, fieldErrors? }` with a 4xx. */
export function apiError(status: number, error: string, fieldErrors?: Record<string, string[]>): Response {
  return Response.json(fieldErrors ? { error, fieldErrors } : { error }, { status });
}

export function methodNotAllowed(allowed: string[]): Response {
  return Response.json(
    { error: `Method not allowed. Use ${allowed.join(" or ")}.` },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}

/**
 * Remix sends every non-GET request to a route's action, so an action that takes only POST says so
 * first: PUT, PATCH and DELETE get a 405 with `Allow` instead of running the POST logic.
 */
export function requireMethod(request: Request, allowed: "POST"): void {
  if (request.method.toUpperCase() !== allowed) throw methodNotAllowed([allowed]);
}

/** Parses a JSON body with a zod schema; bad JSON or invalid fields are a 400 with the first message. */
export async function parseJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw apiError(400, "Request body must be valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".") || "form";
      fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
    }
    throw apiError(400, parsed.error.issues[0]?.message ?? "Invalid input", fieldErrors);
  }
  return parsed.data;
}
