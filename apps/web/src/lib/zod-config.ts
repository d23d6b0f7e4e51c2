import { config } from 'zod';

// Zod compiles its parsers with `new Function` when it may. The Content-Security-Policy forbids
// eval, and even Zod's probe for it is reported as a violation, so it parses without compiling.
config({ jitless: true });
