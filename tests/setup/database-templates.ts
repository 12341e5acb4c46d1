// Runs once before the whole Vitest run. Every API test file opens fresh databases; building each from
// nothing (PGlite's initdb, every migration on PostgreSQL) cost seconds apiece. One migrated template of
// each kind is made here and each test database is copied from it, with the same migrations still
// checked on open.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteSnapshot, openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated PGlite database. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), or '' without a server. */
    postgresTemplate: string;
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `storefront_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Opening migrates it; closing leaves no connection, which a template must not have while copied.
  const opened = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await opened.close();
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'storefront-test-templates-'));
  const pgliteTemplateFile = join(folder, 'pglite.tar');
  const snapshot = await migratedPgliteSnapshot();
  writeFileSync(pgliteTemplateFile, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteTemplateFile', pgliteTemplateFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = adminUrl ? await makePostgresTemplate(adminUrl) : '';
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) {
      await adminQuery(adminUrl, `drop database if exists "${postgresTemplate}" with (force)`);
    }
  };
}
