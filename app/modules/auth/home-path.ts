/**
 * Where a sign-in lands when nothing asked for another page: /today, the buyer's practice and the installed app's
 * start. Whether it is home for an account is access's answer (app/modules/access/home.ts): without access, the
 * dashboard. A file of its own, so the signed-in navigation that reads it carries no schema code.
 */
export const HOME_PATH = "/today";
