// `npm run create-admin -- --email admin@example.com`: creates an admin account from the command
// line (D8), for servers with no browser at hand. Prompts for the password without echoing it; with
// no terminal, reads it from the first line of standard input.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { CreateAdminBodySchema } from '@btcp/shared';
import { createAdminAccount } from '#server/modules/admin/index.ts';
import { loadConfig } from '../config.ts';
import { withServerDatabase } from './database.ts';

function ask(question: string, hidden: boolean): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({
      input: process.stdin,
      output: process.stdout,
      terminal: process.stdin.isTTY,
    });
    if (hidden && process.stdin.isTTY) {
      // Echo nothing of what is typed after the question.
      const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
        if (s.startsWith(question)) write.call(rl, question);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden && process.stdin.isTTY) process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readPasswordFromStdin(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = values.email ?? (process.stdin.isTTY ? await ask('Admin email: ', false) : '');
  let password: string;
  let confirmPassword: string;
  if (process.stdin.isTTY) {
    password = await ask('Password (at least 8 characters): ', true);
    confirmPassword = await ask('Confirm password: ', true);
  } else {
    password = await readPasswordFromStdin();
    confirmPassword = password;
  }
  const parsed = CreateAdminBodySchema.safeParse({ email, password, confirmPassword });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
    process.exit(2);
  }
  const config = loadConfig();
  await withServerDatabase(config, async (database) => {
    const admin = await createAdminAccount(database.db, parsed.data.email, parsed.data.password, {
      onlyIfNone: false,
    });
    console.log(`Admin ${admin?.email} created. Sign in at /admin-login.`);
  });
}

await main();
