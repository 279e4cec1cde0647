/**
 * Where the shop's policies live and how links to them read: the footer, the checkout and the emails need only this,
 * not the policies' words (app/content/legal.ts), which would add their whole text to every page's script.
 */
export const LEGAL_LINKS = [
  { path: "/terms", linkLabel: "Terms" },
  { path: "/privacy", linkLabel: "Privacy" },
  { path: "/refund-policy", linkLabel: "Refund policy" },
] as const;

export type LegalPath = (typeof LEGAL_LINKS)[number]["path"];
