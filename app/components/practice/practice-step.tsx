import type { ReactNode } from "react";
import { LIGHT_STEPS } from "~/content/light-steps";

/**
 * One LIGHT step as a section of the page that walks them (/today, /sample-card): its letter, name and one-line
 * description (app/content/light-steps.ts), what the step holds, and with `next` a link on to the following step
 * (an in-page link: it works without JavaScript). `heading`: h3 where the steps sit under a heading of their own.
 */
export function PracticeStep({
  index,
  children,
  next,
  heading: Heading = "h2",
}: {
  index: number;
  children: ReactNode;
  next?: boolean;
  heading?: "h2" | "h3";
}) {
  const step = LIGHT_STEPS[index];
  const following = LIGHT_STEPS[index + 1];
  if (!step) return null;
  return (
    <section
      id={step.id}
      aria-labelledby={`${step.id}-title`}
      className="scroll-mt-20 space-y-4 rounded-3xl bg-surface p-5 ring-1 ring-line"
    >
      <Heading id={`${step.id}-title`} className="flex items-center gap-3 font-serif text-2xl font-bold">
        <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-accent-soft text-base">
          {step.letter}
        </span>
        {step.name}
      </Heading>
      <p className="text-ink-muted">{step.text}</p>
      {children}
      {next && following ? (
        <a
          href={`#${following.id}`}
          className="btn border-2 border-line bg-surface px-4 text-sm text-ink hover:bg-surface-muted inline-flex"
        >
          Next: {following.name}
        </a>
      ) : null}
    </section>
  );
}

/** The five steps as in-page links, in order. */
export function PracticeStepsNav() {
  return (
    <nav aria-label="The five steps" className="flex flex-wrap gap-2 text-sm">
      {LIGHT_STEPS.map((step) => (
        <a key={step.id} href={`#${step.id}`} className="rounded-full px-3 py-2 font-semibold ring-1 ring-line">
          {step.letter} · {step.name}
        </a>
      ))}
    </nav>
  );
}

/** Speech needs the browser's voice, and so JavaScript: without it the step says so and goes on. */
export function NeedsScript({ children }: { children: ReactNode }) {
  return <p className="hidden text-sm text-ink-muted [@media(scripting:none)]:block">{children}</p>;
}
