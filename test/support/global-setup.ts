// Jest's globalSetup of the projects that need a database: see embedded-cluster.ts.
export { setup as default } from './embedded-cluster';
