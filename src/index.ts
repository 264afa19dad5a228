// The library surface: what an embedder (and a test) imports. Add names; never rename them.
export type * from './agent/types';
export type * from './tools/tool';
export { mountApp } from './app/mount-app';
