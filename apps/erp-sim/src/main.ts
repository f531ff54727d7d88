import { z } from 'zod';
import { DEFAULT_ERP_TOKEN, DEFAULT_SHOP_URL, startErpSim } from './erp-sim';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  HOST: z.string().default('127.0.0.1'),
  ERP_TOKEN: z.string().min(1).default(DEFAULT_ERP_TOKEN),
  SHOP_URL: z.url().default(DEFAULT_SHOP_URL),
});

/** The ERP simulator on its own (`npm run dev` starts it beside the shop). */
async function main() {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  const sim = await startErpSim({
    port: env.PORT,
    host: env.HOST,
    token: env.ERP_TOKEN,
    shopUrl: env.SHOP_URL,
  });
  console.log(`ERP simulator ready at ${sim.url} (callbacks to ${env.SHOP_URL})`);

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await sim.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
