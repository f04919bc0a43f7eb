/**
 * `npm run admin -- grant <email>`: makes a registered person a platform admin (recorded as an
 * AdminRoleGranted event). `npm run admin -- list` prints the admins.
 */
import { createDomainProjection, DOMAIN_PROJECTION, runProjector } from '@evalmarket/projector';
import { grantAdminRole } from '../identity/admin-role.js';
import { findUserIdByEmail } from '../identity/profiles.js';
import { DOMAIN_EVENT_HANDLERS } from '../runtime/domains.js';
import { openConfiguredDatabase } from '../runtime/open-database.js';

const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- list';
const [command, argument] = process.argv.slice(2);

if (command !== 'grant' && command !== 'list') {
  console.error(USAGE);
  process.exit(2);
}
if (command === 'grant' && !argument) {
  console.error(USAGE);
  process.exit(2);
}

const { sql, store, where } = await openConfiguredDatabase();
// The read models this command reads and writes are brought up to date first (safe beside a
// running server: projectors take turns on the checkpoint row).
const domain = await runProjector({
  sql,
  projection: DOMAIN_PROJECTION,
  apply: createDomainProjection(DOMAIN_EVENT_HANDLERS),
  source: { kind: 'store', store },
});
try {
  await domain.waitFor(await store.headPosition(), 120_000);
  if (command === 'list') {
    const { rows } = await sql.query<{ email: string }>(
      'SELECT email FROM users WHERE is_admin ORDER BY email',
    );
    console.log(rows.length ? rows.map((row) => row.email).join('\n') : `No platform admins in ${where}.`);
  } else {
    const email = argument!.trim().toLowerCase();
    const userId = await findUserIdByEmail(sql, email);
    if (!userId) {
      console.error(
        `No account for ${email} in ${where}. Sign in once with that address, then run this again ` +
          '(or list it in ADMIN_EMAILS to make it an admin at sign-in).',
      );
      process.exitCode = 1;
    } else {
      const granted = await grantAdminRole({ sql, store, domain }, userId, 'cli', { actor: 'cli:admin' });
      console.log(granted ? `${email} is now a platform admin.` : `${email} already is a platform admin.`);
    }
  }
} finally {
  await domain.stop();
  await sql.close();
}
