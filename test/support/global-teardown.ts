// Jest's globalTeardown of the projects that need a database: see embedded-cluster.ts.
export { teardown as default } from './embedded-cluster';
