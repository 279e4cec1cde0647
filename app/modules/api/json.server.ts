import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { logProblem } from "~/modules/observability/log.server";

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

/** Parses a JSON body with a zod schema; bad JSON or invalid fields are a 400 with the first message. */
async function parseJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
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

/**
 * A JSON API route's action, with the boilerplate every one of them shares: another method is a 405 with `Allow`
 * (Remix sends every non-GET request to the action), `caller` is checked before the body is read (so a stranger gets
 * 401 or 403, never a 400 about a body they may not send), `body` parses the JSON with a zod schema (400 with the
 * first message), and, with `failure`, work that fails is logged and answered 503 with that message. A Response
 * thrown on the way (a 429, a 404) is answered as it is.
 */
export function jsonAction<Input = undefined, Caller = undefined>(
  options: {
    method?: "POST" | "DELETE";
    caller?: (args: ActionFunctionArgs) => Promise<Caller>;
    body?: z.ZodType<Input>;
    failure?: string;
  },
  handle: (args: ActionFunctionArgs & { input: Input; caller: Caller }) => Promise<Response>,
): (args: ActionFunctionArgs) => Promise<Response> {
  const method = options.method ?? "POST";
  return async (args) => {
    if (args.request.method.toUpperCase() !== method) return methodNotAllowed([method]);
    const caller = (options.caller ? await options.caller(args) : undefined) as Caller;
    const input = (options.body ? await parseJsonBody(args.request, options.body) : undefined) as Input;
    if (!options.failure) return handle({ ...args, input, caller });
    try {
      return await handle({ ...args, input, caller });
    } catch (error) {
      if (error instanceof Response) throw error;
      logProblem("warn", `${method} ${new URL(args.request.url).pathname} failed`, error);
      return apiError(503, options.failure);
    }
  };
}
