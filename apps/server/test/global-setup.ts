import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * With TEST_DB=postgres, every run gets its own fresh database on the TEST_DATABASE_URL server,
 * so migrations are proven from scratch and runs never see each other's rows.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB !== 'postgres') return;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `imagelab_test_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide('testDatabaseUrl', url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}
