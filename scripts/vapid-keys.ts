/**
 * `npm run vapid:keys`: prints a new VAPID key pair for Web Push and how to set it in production
 * (docs/decisions/046-web-push.md). Replacing the pair ends every device's subscription: each must subscribe again.
 */
import { generateVapidKeys } from "./lib/vapid-keys";

const keys = await generateVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${keys.VAPID_PUBLIC_KEY}
VAPID_PRIVATE_KEY=${keys.VAPID_PRIVATE_KEY}

In production:
  echo "${keys.VAPID_PUBLIC_KEY}" | npx wrangler secret put VAPID_PUBLIC_KEY
  npx wrangler secret put VAPID_PRIVATE_KEY   (paste the private key when asked)`);
