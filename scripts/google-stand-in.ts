// Starts the Google stand-in (server/test/google-stand-in.ts) on a fixed port, for the Playwright journeys.
import { startGoogleStandIn } from '../server/test/google-stand-in';

const port = Number(process.env.GOOGLE_STAND_IN_PORT ?? 4180);
const standIn = await startGoogleStandIn({
  port,
  clientId: process.env.GOOGLE_CLIENT_ID ?? 'e2e-client.apps.googleusercontent.com',
  clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? 'e2e-secret',
});
console.log(`Google stand-in listening at ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
