import { z } from 'zod';

// Zod compiles parsers with `new Function` and probes for it as soon as the first object schema is
// built; under the server's CSP (no 'unsafe-eval', issue 17 point 1) even the caught probe is a
// violation. main.tsx imports this first, so the setting precedes every schema.
z.config({ jitless: true });
