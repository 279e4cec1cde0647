/**
 * Once per run, after the web server is up: signs the seeded admin in and saves the session for the admin tests
 * (the `loginAsAdmin` fixture). Every admin sign-in counts against that one email's limit of 5 a minute; signing
 * in per test made 4 a run, plus the 2 of the test whose subject is the admin's sign-in, and a run fast enough to
 * fit them in one minute got a 429.
 */
import { type FullConfig, request } from "@playwright/test";
import { ADMIN, adminSessionFile, postSignIn } from "./sessions";

export default async function globalSetup(config: FullConfig) {
  const project = config.projects[0]!;
  const baseURL = project.use.baseURL!;
  const context = await request.newContext({ baseURL });
  try {
    await postSignIn(context, ADMIN, baseURL);
    const state = await context.storageState({ path: adminSessionFile(project.outputDir) });
    if (!state.cookies.some((cookie) => cookie.name === "lc_session")) throw new Error("The admin's sign-in set no lc_session cookie");
  } finally {
    await context.dispose();
  }
}
