import { z } from 'zod';

/**
 * The one zod every shared schema is built with. In a browser it runs without its JIT: the JIT
 * probes `new Function`, which our CSP (script-src 'self', no 'unsafe-eval') refuses and reports
 * as a violation on every page that parses a form. Servers keep the faster JIT.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
