/** What the health panel on /admin shows (client-safe: the panel reads the type; health.server.ts fills it). */
export type HealthView = {
  crons: {
    label: string;
    ranAt: string | null;
    ranAtIso: string | null;
    outcome: "ok" | "failed" | null;
    count: number | null;
    error: string | null;
  }[];
  emails: { queued: number; sent: number; retrying: number; failed: number };
  purchases: { lastDay: number; lastWeek: number };
  webhook: { receivedAt: string; receivedAtIso: string; eventType: string } | null;
  serving: { contentVersion: string; buildVersion: string };
};
