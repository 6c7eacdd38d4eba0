// A bulk thread's first file (threads.ts): worker threads do not inherit the TypeScript loader the API runs
// under, so each registers it before loading thread.ts.
/* eslint-disable @typescript-eslint/no-require-imports, no-undef -- plain JavaScript, run before any loader */
require('tsx/cjs');
require('./thread.ts');
