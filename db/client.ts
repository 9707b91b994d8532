import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

export type Db = ReturnType<typeof build>;

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

// drizzle() walks the whole schema to build its relational config (extractTablesRelationalConfig):
// about a quarter of a small page's CPU when done per request (docs/decisions/030). The client holds
// no request state, so one per D1 binding per isolate is shared; keyed by the binding object, so two
// databases (tests, previews) never share a client and no env value outlives its binding.
const clients = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) clients.set(d1, (db = build(d1)));
  return db;
}
