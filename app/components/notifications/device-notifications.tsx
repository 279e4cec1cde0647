import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { useHydrated } from "~/hooks/use-hydrated";
import { PUSH_ACTION, type PushDeviceState, usePushDevice } from "~/hooks/use-push-device";
import { PUSH_FORGET_DEVICE_INTENT, PUSH_TEST_INTENT } from "~/modules/push/push.schema";
import { AddToHomeScreenSteps } from "./add-to-home-screen";

export type NotificationDevice = { id: string; label: string; since: string; endpoint: string };

/**
 * "Notifications on this device" on /settings (docs/decisions/046-web-push.md): the morning's card on this phone or
 * computer. Offered only after the buyer's first completed morning, and asked for only from a tap. An iPhone in a
 * browser tab is shown how to add the app to its Home Screen, where notifications work; a browser without Web Push
 * or without JavaScript is told so and pointed to the daily email. The devices already on are listed with a plain
 * form each (turn off, send a test), which work without JavaScript.
 */
export function DeviceNotifications({
  publicKey,
  completedAMorning,
  devices,
}: {
  /** The site's VAPID public key; null where notifications are not set up. */
  publicKey: string | null;
  completedAMorning: boolean;
  devices: NotificationDevice[];
}) {
  return (
    <section aria-labelledby="device-notifications-title" className="rounded-3xl bg-surface p-6 ring-1 ring-line">
      <h2 id="device-notifications-title" className="text-xl font-semibold">
        Notifications on this device
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        The morning's card, by its title, on your lock screen. A tap opens Today. Nothing you write is ever in one.
      </p>
      {completedAMorning ? (
        <ThisDevice publicKey={publicKey} devices={devices} />
      ) : (
        <p className="mt-4 text-sm" data-testid="notifications-after-first-morning">
          After your first morning's practice (say today's card aloud on{" "}
          <a href="/today" className="font-semibold underline">
            Today
          </a>
          ), you can have it reach this device each morning.
        </p>
      )}
      {devices.length > 0 ? <DeviceList devices={devices} /> : null}
    </section>
  );
}

function ThisDevice({ publicKey, devices }: { publicKey: string | null; devices: NotificationDevice[] }) {
  const hydrated = useHydrated();
  const device = usePushDevice(
    publicKey,
    devices.map((entry) => entry.endpoint),
  );
  // Without JavaScript the page never looks at the device: it says so, in the space the answer takes with it.
  const state: PushDeviceState | "no-script" = hydrated ? device.state : "no-script";
  return (
    <div className="mt-4 min-h-[3rem] space-y-3 text-sm" data-push-state={state}>
      {state === "no-script" ? (
        <p>Turning on notifications needs JavaScript, which is off here. The daily email above reaches you without it.</p>
      ) : null}
      {state === "checking" ? <p className="text-ink-muted">Checking this device…</p> : null}
      {state === "install-first" ? (
        <AddToHomeScreenSteps
          headingId="push-install-title"
          heading="On iPhone, notifications come to the app on your Home Screen"
          after="Then open Settings there and turn notifications on. Until then, the daily email brings you the card."
        />
      ) : null}
      {state === "unsupported" ? (
        <p>
          {publicKey ? "This browser cannot receive notifications." : "Notifications are not set up on this site yet."} The daily email
          above brings you the card each morning.
        </p>
      ) : null}
      {state === "blocked" ? (
        <p>
          Notifications are blocked for this site. Allow them in your browser's settings for this site, then come back here; or use the
          daily email above.
        </p>
      ) : null}
      {state === "off" ? (
        <button type="button" className="btn-primary" disabled={device.busy} onClick={() => void device.turnOn()}>
          {device.busy ? "Turning on..." : "Turn On Notifications"}
        </button>
      ) : null}
      {state === "on" ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold" data-testid="push-on">
            On for this device.
          </p>
          <button type="button" className="btn-secondary" disabled={device.busy} onClick={() => void device.turnOff()}>
            Turn Off Here
          </button>
        </div>
      ) : null}
      {device.problem ? (
        <p role="alert" className="rounded-xl bg-accent-soft p-3">
          {device.problem}
        </p>
      ) : null}
    </div>
  );
}

/** The devices the account receives notifications on, each with its own form; the test goes to all of them. */
function DeviceList({ devices }: { devices: NotificationDevice[] }) {
  return (
    <div className="mt-5 border-t border-line pt-4">
      <h3 className="text-sm font-semibold">Your devices with notifications</h3>
      <ul className="mt-2 space-y-2 text-sm">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {device.label} <span className="text-ink-muted">· since {device.since}</span>
            </span>
            <Form method="post" action={PUSH_ACTION}>
              <input type="hidden" name="id" value={device.id} />
              <SubmitButton
                name="intent"
                value={PUSH_FORGET_DEVICE_INTENT}
                pendingText="Turning off..."
                className="btn-secondary min-h-[44px]"
              >
                <span>
                  Turn Off<span className="sr-only"> on {device.label}</span>
                </span>
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" action={PUSH_ACTION} className="mt-4">
        <SubmitButton name="intent" value={PUSH_TEST_INTENT} pendingText="Sending..." className="btn-primary">
          Send Me a Test Notification
        </SubmitButton>
      </Form>
    </div>
  );
}
