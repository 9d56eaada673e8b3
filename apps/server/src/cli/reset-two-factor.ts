// `npm run reset-two-factor -- --email someone@example.com [--admin]`: turns two-factor off for an
// account whose owner lost both the authenticator and the recovery codes, after the operator has
// made sure, outside the app, that it is them. Audited and mailed to the account like any change.
import { parseArgs } from 'node:util';
import { resetTwoFactorByEmail } from '#server/modules/two-factor/index.ts';
import { loadConfig } from '../config.ts';
import { withServerDatabase } from './database.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, admin: { type: 'boolean', default: false } },
});
if (!values.email) {
  console.error('Usage: npm run reset-two-factor -- --email someone@example.com [--admin]');
  process.exit(2);
}
const email = values.email;
const config = loadConfig();
await withServerDatabase(config, async (database) => {
  const kind = values.admin ? 'admin' : 'user';
  const reset = await resetTwoFactorByEmail(database.db, kind, email, new Date());
  const who = `${values.admin ? 'admin' : 'member'} ${email}`;
  console.log(reset ? `Two-factor is off for ${who}.` : `No two-factor to turn off for ${who}.`);
  process.exitCode = reset ? 0 : 1;
});
