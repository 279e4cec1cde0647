import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [
  { title: "A bare Remix page" },
  { name: "description", content: "One heading and one paragraph, hydrated by Remix." },
];

export default function Index() {
  return (
    <main>
      <h1>A bare Remix page</h1>
      <p>One heading and one paragraph, the baseline the landing's main thread is compared with.</p>
    </main>
  );
}
