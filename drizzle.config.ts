import { defineConfig } from 'drizzle-kit';

// drizzle-kit writes SQL into migrations/; wrangler applies them (migrations_dir in wrangler.toml).
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './migrations',
});
