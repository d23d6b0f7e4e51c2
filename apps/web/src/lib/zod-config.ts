// Zod compiles its parsers with `new Function` when it may. The Content-Security-Policy forbids
// eval, and even Zod's probe for it is reported as a violation, so it parses without compiling.
// Zod reads its settings from this global when it loads (zod/v4/core/core.js), so setting it here,
// before anything imports Zod, keeps Zod itself out of the sign-in page's script.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
