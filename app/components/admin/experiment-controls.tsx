import { Form } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { SubmitButton } from "~/components/forms";
import { type ExperimentName, VARIANTS, type Variant } from "~/modules/experiments/experiments";
import { EXPERIMENT_TITLES } from "~/modules/experiments/plain-words";
import type { ExperimentResult } from "~/modules/experiments/results";

/**
 * The buttons under a test's results on /admin: its split, pause or resume, and End with a winner, which asks first
 * (the confirmation box). An ended test can only be restarted. Plain forms, so all of it works without JavaScript.
 */
export function ExperimentControls({ experiment, confirmWinner }: { experiment: ExperimentResult; confirmWinner: Variant | null }) {
  const { settings } = experiment;
  return (
    <>
      {settings.status === "ended" ? (
        // An ended test has one thing left to do: run it again.
        <div className="mt-4">
          <ExperimentButtonForm experiment={experiment.name} intent="experiment-resume" pendingText="Restarting...">
            Restart
          </ExperimentButtonForm>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="experiment" value={experiment.name} />
            <label className="text-sm font-semibold text-ink">
              Share of B (%)
              <input
                type="number"
                name="splitB"
                min={0}
                max={100}
                step={1}
                defaultValue={settings.splitB}
                className="mt-1 block w-24 rounded-xl border border-sage-300 px-3 py-2 text-base"
              />
            </label>
            <SubmitButton name="intent" value="experiment-split" className="btn-secondary" pendingText="Saving...">
              Save split
            </SubmitButton>
          </Form>
          {settings.status === "running" ? (
            <ExperimentButtonForm experiment={experiment.name} intent="experiment-pause" pendingText="Pausing...">
              Pause
            </ExperimentButtonForm>
          ) : (
            <ExperimentButtonForm experiment={experiment.name} intent="experiment-resume" pendingText="Resuming...">
              Resume
            </ExperimentButtonForm>
          )}
          {confirmWinner ? null : (
            // Each End button only asks: the server answers with the confirmation below (no script needed).
            <Form method="post" action={`/admin#end-${experiment.name}`} className="flex flex-wrap gap-2">
              <input type="hidden" name="experiment" value={experiment.name} />
              <input type="hidden" name="intent" value="experiment-end" />
              {VARIANTS.map((variant) => (
                <SubmitButton key={variant} name="winner" value={variant} className="btn-secondary" pendingText="Opening...">
                  End: {variant} wins
                </SubmitButton>
              ))}
            </Form>
          )}
        </div>
      )}
      {confirmWinner && settings.status !== "ended" ? <EndConfirmationBox experiment={experiment.name} winner={confirmWinner} /> : null}
    </>
  );
}

function ExperimentButtonForm(props: { experiment: ExperimentName; intent: string; pendingText: string; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="experiment" value={props.experiment} />
      <SubmitButton name="intent" value={props.intent} className="btn-secondary" pendingText={props.pendingText}>
        {props.children}
      </SubmitButton>
    </Form>
  );
}

/** The second step of ending a test: says what ending does, and ends it only on "Yes". Cancel loads the page afresh. */
function EndConfirmationBox({ experiment, winner }: { experiment: ExperimentName; winner: Variant }) {
  const box = useRef<HTMLFieldSetElement>(null);
  const headingId = `end-${experiment}-title`;
  // With JavaScript the answer arrives without a page load: bring the question into view and focus, as a load would.
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <fieldset
      id={`end-${experiment}`}
      ref={box}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mt-4 scroll-mt-24 rounded-2xl bg-gold-100 p-4 ring-1 ring-gold-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-lavender-700"
      data-testid="end-confirmation"
    >
      <h4 id={headingId} className="font-semibold">
        End “{EXPERIMENT_TITLES[experiment]}” with {winner} as the winner?
      </h4>
      <p className="mt-1 text-sm text-ink">
        Everyone will see variant {winner} from now on, and nothing more is counted. You can restart the test later, but visitors are
        assigned again.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="experiment" value={experiment} />
          <input type="hidden" name="intent" value="experiment-end" />
          <input type="hidden" name="winner" value={winner} />
          <SubmitButton
            name="confirmed"
            value="yes"
            className="btn border-2 border-red-700 bg-white text-red-800 hover:bg-red-50"
            pendingText="Ending..."
          >
            Yes, end the test and show {winner} to everyone
          </SubmitButton>
        </Form>
        {/* A GET form, not a link: a link to this page with another #fragment would only scroll, never reload. */}
        <Form method="get" action={`/admin#experiment-${experiment}`}>
          <button type="submit" className="btn-secondary">
            Cancel
          </button>
        </Form>
      </div>
    </fieldset>
  );
}
