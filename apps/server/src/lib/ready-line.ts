import type { Config } from '../config';

/** The start-up line (issue 18): where the shop answers and how it runs, the one line to look for. */
export function readyLine(config: Pick<Config, 'appUrl' | 'mode'>): string {
  const { database, demo, payments } = config.mode;
  const parts = [
    database === 'embedded' ? 'embedded database' : 'PostgreSQL',
    demo ? 'demo data' : 'no demo data',
    `payments: ${payments}`,
  ];
  return `Sonora ready at ${config.appUrl} (${parts.join(', ')})`;
}
