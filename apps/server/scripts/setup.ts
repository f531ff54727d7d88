/**
 * Sets a new shop up on an empty database (issue 18): the shop's data, VAT rates, EUR, shipping
 * methods, the MAIN warehouse and the first super admin, who gets a one-time link to set the password.
 *
 *   npm run setup                                   # asks what is missing (in a terminal)
 *   npm run setup -- --shop-name "Dischi Verdi" --admin-email owner@example.com …
 *   SETUP_SHOP_NAME="Dischi Verdi" SETUP_ADMIN_EMAIL=… npm run setup
 *
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop the shop first). Prices are
 * in euros, VAT excluded. Exit code 0 once set up, 1 when refused or when values are missing or invalid.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { installValidationMessages, SETUP_FIELDS, type SetupInput, SetupInputSchema } from '@shop/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { AppError } from '../src/lib/errors';
import { runningServerPid } from '../src/lib/pid-file';
import { isSetupNeeded, setupShop } from '../src/modules/setup/setup.service';

type Field = (typeof SETUP_FIELDS)[number];

/** How each field is asked, and its flag and environment variable. */
const FIELDS: Record<Field, { flag: string; env: string; prompt: string; fallback?: string }> = {
  name: { flag: 'shop-name', env: 'SETUP_SHOP_NAME', prompt: "Shop's name (company name)" },
  address: { flag: 'address', env: 'SETUP_ADDRESS', prompt: "Shop's address" },
  country: { flag: 'country', env: 'SETUP_COUNTRY', prompt: 'Country (ISO code)', fallback: 'IT' },
  vat_id: { flag: 'vat-id', env: 'SETUP_VAT_ID', prompt: 'VAT number' },
  email: { flag: 'email', env: 'SETUP_EMAIL', prompt: "Shop's e-mail" },
  phone: { flag: 'phone', env: 'SETUP_PHONE', prompt: "Shop's phone" },
  admin_email: { flag: 'admin-email', env: 'SETUP_ADMIN_EMAIL', prompt: "First administrator's e-mail" },
  national_shipping_price: {
    flag: 'national-shipping',
    env: 'SETUP_NATIONAL_SHIPPING',
    prompt: 'National shipping price, € VAT excluded',
    fallback: '6.90',
  },
  international_shipping_price: {
    flag: 'international-shipping',
    env: 'SETUP_INTERNATIONAL_SHIPPING',
    prompt: 'International shipping price, € VAT excluded',
    fallback: '19.90',
  },
};
const PRICES: Field[] = ['national_shipping_price', 'international_shipping_price'];

class Refusal extends Error {}

/** '6.90' or '6,90' euros → 690 cents; anything else is passed on for the schema to refuse. */
function toInput(values: Partial<Record<Field, string>>): Record<string, unknown> {
  const input: Record<string, unknown> = { ...values };
  for (const field of PRICES) {
    const text = values[field];
    if (text === undefined) continue;
    const euros = Number(text.replace(',', '.'));
    input[field] = text.trim() !== '' && Number.isFinite(euros) ? Math.round(euros * 100) : text;
  }
  return input;
}

function problemsOf(values: Partial<Record<Field, string>>) {
  const parsed = SetupInputSchema.safeParse(toInput(values));
  if (parsed.success) return { data: parsed.data, problems: new Map<Field, string>() };
  const problems = new Map<Field, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (!problems.has(field)) problems.set(field, issue.message);
  }
  return { data: undefined, problems };
}

/** Flags first, then the environment; in a terminal, asks what is missing or invalid until it is right. */
async function collectInput(): Promise<SetupInput> {
  const { values: flags } = parseArgs({
    options: Object.fromEntries(Object.values(FIELDS).map((f) => [f.flag, { type: 'string' as const }])),
    allowPositionals: false,
  });
  const values: Partial<Record<Field, string>> = {};
  for (const field of SETUP_FIELDS) {
    const given = (flags[FIELDS[field].flag] as string | undefined) ?? process.env[FIELDS[field].env];
    if (given !== undefined && given !== '') values[field] = given;
  }

  if (process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    // Lines are buffered by the iterator: answers pasted or typed ahead are not lost between questions.
    const lines = rl[Symbol.asyncIterator]();
    const ask = async (question: string) => {
      process.stdout.write(question);
      const { value, done } = await lines.next();
      if (done) throw new Refusal('The shop was not set up: the input ended.');
      return String(value);
    };
    try {
      let asked = SETUP_FIELDS.filter((field) => values[field] === undefined);
      while (asked.length > 0) {
        for (const field of asked) {
          const { prompt, fallback } = FIELDS[field];
          const answer = (await ask(`${prompt}${fallback ? ` [${fallback}]` : ''}: `)).trim();
          values[field] = answer || fallback || '';
        }
        const { problems } = problemsOf(values);
        asked = SETUP_FIELDS.filter((field) => problems.has(field));
        for (const field of asked) console.log(`  ${FIELDS[field].prompt}: ${problems.get(field)}`);
      }
    } finally {
      rl.close();
    }
  } else {
    for (const field of SETUP_FIELDS) {
      if (values[field] === undefined && FIELDS[field].fallback) values[field] = FIELDS[field].fallback;
    }
  }

  const { data, problems } = problemsOf(values);
  if (data) return data;
  const lines = [...problems].map(([field, message]) => {
    const { flag, env } = FIELDS[field];
    return `  --${flag} (or ${env}): ${values[field] === undefined ? 'missing' : message}`;
  });
  throw new Refusal(`The shop was not set up. Missing or invalid:\n${lines.join('\n')}`);
}

/** The database main.ts would open; the embedded one only while no server has it open. */
async function openShopDatabase(config: ReturnType<typeof loadConfig>): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: 'pg', url: config.databaseUrl });
  const pgdata = path.join(config.dataDir, 'pgdata');
  const stopFirst = `The shop is running on ${config.dataDir}: stop the shop first, then run npm run setup again.`;
  if (runningServerPid(config.dataDir) !== null) throw new Refusal(stopFirst);
  try {
    return await openDatabase({ kind: 'pglite', dataDir: pgdata });
  } catch (error) {
    throw new Refusal(`${stopFirst}\n(${(error as Error).message})`);
  }
}

async function main() {
  installValidationMessages();
  const config = loadConfig();
  const database = await openShopDatabase(config);
  try {
    await database.migrate();
    if (!(await isSetupNeeded(database))) throw new Refusal('The shop is already set up.');
    const input = await collectInput();
    const app = await buildApp({ config, database, logger: false });
    try {
      const result = await setupShop({ ...app.deps, log: app.log, actor: null }, input);
      const mailed = config.smtpUrl
        ? `it was also mailed to ${result.admin_email}`
        : `it was also written as a mail to ${path.join(config.dataDir, 'mail')} (no SMTP_URL set)`;
      console.log(
        [
          `The shop "${input.name}" is set up.`,
          `The first administrator, ${result.admin_email}, sets the password at this link (valid 7 days, once):`,
          '',
          `  ${result.set_password_link}`,
          '',
          `${mailed[0]!.toUpperCase()}${mailed.slice(1)}. Then sign in to ${config.appUrl}/backoffice.`,
        ].join('\n'),
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof Refusal) {
    console.error(error.message);
  } else if (error instanceof AppError) {
    const fields = Object.entries(error.errors ?? {}).map(
      ([field, list]) => `\n  ${field}: ${list.join(' ')}`,
    );
    console.error(`The shop was not set up: ${error.message}${fields.join('')}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
