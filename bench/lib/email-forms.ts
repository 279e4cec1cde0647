/**
 * Response times of the two public forms that send email: the access gate's 'Check Access' (POST /cards, for an
 * email that has access, so a sign-in link is really sent) and 'Forgot password' (POST /forgot-password, for an
 * account that exists). Each sample uses a fresh email, so the per-email rate limits never answer instead.
 * Used by bench/bench.ts; needs only fetch, so it can time any running server (development mode).
 */
const PASSWORD = "Benchmark words 2026";

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timedFormPost(origin: string, path: string, fields: Record<string, string>): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - start;
  if (response.status !== 302) throw new Error(`POST ${path} answered ${response.status}`);
  return elapsed;
}

async function postJson(origin: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
}

export async function timeEmailForms(origin: string, count = 15) {
  const stamp = Date.now();
  const gate: number[] = [];
  const reset: number[] = [];
  for (let i = 0; i < count; i++) {
    const buyer = `bench-gate-${stamp}-${i}@example.com`;
    await postJson(origin, "/api/mock-payment", { email: buyer });
    gate.push(await timedFormPost(origin, "/cards", { intent: "check-access", email: buyer }));

    const member = `bench-reset-${stamp}-${i}@example.com`;
    await postJson(origin, "/api/auth/register", { email: member, password: PASSWORD, confirmPassword: PASSWORD });
    reset.push(await timedFormPost(origin, "/forgot-password", { email: member }));
  }
  return { count, gate: median(gate), reset: median(reset) };
}

// `npx tsx bench/lib/email-forms.ts http://127.0.0.1:8787` times a server that is already running.
if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? "http://127.0.0.1:8787";
  const result = await timeEmailForms(origin);
  console.log(`Email forms against ${origin}, median of ${result.count} each:`);
  console.log(`  POST /cards (access gate, Check Access)   ${result.gate.toFixed(1)} ms`);
  console.log(`  POST /forgot-password                     ${result.reset.toFixed(1)} ms`);
}
