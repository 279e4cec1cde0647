/**
 * Who is looking at a page, as the chrome every page shares needs it (root loader). No address or name: the root's
 * data is in every page's HTML, public pages included, so it carries nothing personal.
 */
export type Viewer = { isAdmin: boolean; hasAccess: boolean };
