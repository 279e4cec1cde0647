/**
 * A local stand-in for Upstash's REST API in front of a real Redis, for tests in Node.
 *
 * Speaks what @upstash/redis sends: POST `/` with one command as a JSON array → `{ result }`; POST `/pipeline`
 * and `/multi-exec` with an array of commands → an array of `{ result }` / `{ error }`. `Authorization:
 * Bearer <token>` is required (401 otherwise); a failing single command answers 400 `{ error }`. With the
 * `Upstash-Encoding: base64` header (the client's default) every string in a result is base64-encoded, except
 * the status reply "OK", as Upstash does and as @upstash/redis decodes.
 *
 * Scripts: @upstash/ratelimit's Lua scripts start with `#!lua flags=allow-key-locking`, a flag Debian's Redis
 * 7.0 rejects ("Unexpected flag in script shebang"). The shim drops that first line before EVAL / SCRIPT LOAD
 * and remembers which SHA-1 the client knows the script by (the unmodified text's), so EVALSHA with that hash
 * finds the stripped script, as it would find the original on Upstash.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, MultiErrorReply } from "redis";

export type UpstashRestServer = {
  /** Base URL for UPSTASH_REDIS_REST_URL, e.g. http://127.0.0.1:51234 */
  url: string;
  token: string;
  close(): Promise<void>;
};

type Scalar = string | number;
type Reply = unknown;

const UNSUPPORTED_FLAG_LINE = /^#!lua[^\n]*\ballow-key-locking\b[^\n]*\n/;

export async function startUpstashRestServer(options: { redisUrl: string; token: string }): Promise<UpstashRestServer> {
  const redis = createClient({ url: options.redisUrl });
  redis.on("error", () => {
    // Connection errors surface as rejected commands; no unhandled "error" events.
  });
  await redis.connect();

  /** SHA-1 of a script as the client sent it → SHA-1 of the script Redis actually holds. */
  const scriptAliases = new Map<string, string>();

  const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

  /** Rewrites a command for Debian's Redis; `mapResult` turns Redis's reply back into what Upstash would send. */
  function prepare(command: Scalar[]): { args: string[]; mapResult?: (reply: Reply) => Reply } {
    const args = command.map(String);
    const name = (args[0] ?? "").toUpperCase();
    if ((name === "EVAL" || name === "EVAL_RO") && args[1] !== undefined) {
      const original = args[1];
      const stripped = original.replace(UNSUPPORTED_FLAG_LINE, "");
      if (stripped !== original) scriptAliases.set(sha1(original), sha1(stripped));
      args[1] = stripped;
    } else if ((name === "EVALSHA" || name === "EVALSHA_RO") && args[1] !== undefined) {
      args[1] = scriptAliases.get(args[1].toLowerCase()) ?? args[1];
    } else if (name === "SCRIPT" && args[1]?.toUpperCase() === "LOAD" && args[2] !== undefined) {
      const original = args[2];
      const stripped = original.replace(UNSUPPORTED_FLAG_LINE, "");
      if (stripped !== original) {
        scriptAliases.set(sha1(original), sha1(stripped));
        args[2] = stripped;
        return { args, mapResult: () => sha1(original) };
      }
    } else if (name === "SCRIPT" && args[1]?.toUpperCase() === "EXISTS") {
      for (let i = 2; i < args.length; i++) args[i] = scriptAliases.get(args[i]!.toLowerCase()) ?? args[i]!;
    }
    return { args };
  }

  async function run(command: Scalar[]): Promise<Reply> {
    const { args, mapResult } = prepare(command);
    const reply = await redis.sendCommand(args);
    return mapResult ? mapResult(reply) : reply;
  }

  async function runTransaction(commands: Scalar[][]): Promise<Array<{ result: Reply } | { error: string }>> {
    const prepared = commands.map(prepare);
    const multi = redis.multi();
    for (const { args } of prepared) multi.addCommand(args);
    let replies: Reply[];
    try {
      replies = (await multi.exec()) as Reply[];
    } catch (error) {
      if (!(error instanceof MultiErrorReply)) throw error;
      replies = error.replies as Reply[];
    }
    return replies.map((reply, i) => {
      if (reply instanceof Error) return { error: reply.message };
      const mapResult = prepared[i]?.mapResult;
      return { result: mapResult ? mapResult(reply) : reply };
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      send(401, { error: "Unauthorized" });
      return;
    }
    if (request.method !== "POST") {
      send(405, { error: "Only POST with a JSON body is supported by this test server" });
      return;
    }
    const base64 = String(request.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const encode = (reply: Reply) => (base64 ? encodeBase64(reply) : plain(reply));

    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      send(400, { error: "ERR failed to parse command" });
      return;
    }

    const path = new URL(request.url ?? "/", "http://localhost").pathname.replace(/\/$/, "");
    try {
      if (path === "") {
        if (!isCommand(body)) {
          send(400, { error: "ERR failed to parse command" });
          return;
        }
        try {
          send(200, { result: encode(await run(body)) });
        } catch (error) {
          send(400, { error: errorMessage(error) });
        }
      } else if (path === "/pipeline" || path === "/multi-exec") {
        if (!Array.isArray(body) || body.length === 0 || !body.every(isCommand)) {
          send(400, { error: "ERR failed to parse pipeline request" });
          return;
        }
        if (path === "/pipeline") {
          const results: Array<{ result: Reply } | { error: string }> = [];
          for (const command of body) {
            try {
              results.push({ result: encode(await run(command)) });
            } catch (error) {
              results.push({ error: errorMessage(error) });
            }
          }
          send(200, results);
        } else {
          try {
            const results = await runTransaction(body);
            send(
              200,
              results.map((item) => ("result" in item ? { result: encode(item.result) } : item)),
            );
          } catch (error) {
            send(400, { error: errorMessage(error) });
          }
        }
      } else {
        send(404, { error: `ERR unsupported path ${path} in this test server` });
      }
    } catch (error) {
      send(500, { error: errorMessage(error) });
    }
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token: options.token,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.close();
    },
  };
}

function isCommand(value: unknown): value is Scalar[] {
  return Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === "string" || typeof part === "number");
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Upstash's base64 response encoding: strings (bulk replies) base64, "OK" as is, numbers and null unchanged. */
function encodeBase64(reply: Reply): Reply {
  if (typeof reply === "string") return reply === "OK" ? reply : Buffer.from(reply, "utf8").toString("base64");
  if (Buffer.isBuffer(reply)) return reply.toString("base64");
  if (Array.isArray(reply)) return reply.map(encodeBase64);
  return reply ?? null;
}

function plain(reply: Reply): Reply {
  if (Buffer.isBuffer(reply)) return reply.toString("utf8");
  if (Array.isArray(reply)) return reply.map(plain);
  return reply ?? null;
}
