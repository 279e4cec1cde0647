/** Who is looking at a page, as the site chrome needs it (root loader): never more than the page may show. */
export type Viewer = { email: string; isAdmin: boolean; hasAccess: boolean };
