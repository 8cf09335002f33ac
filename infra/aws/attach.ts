import { tableDefinitions, type TableName } from '../../lambdas/lib/tables';

/**
 * What a deploy of a stage takes as it is instead of making it anew: the
 * tables, photos bucket and staff pool an earlier deploy kept (after
 * `npm run destroy`), or a table restored from its point-in-time backup
 * (docs/operations.md, "Restoring and reattaching"). Context `attach`, JSON:
 *
 *     -c attach='{"tables":{"submissions":"AgriDealer-prod-DatabaseSubmissions…"},
 *                 "uploadsBucket":"agridealer-prod-uploadsbucket…","userPoolId":"eu-west-3_AbC…"}'
 *
 * Each is optional. The stack refers to an attached resource by its name and
 * never deletes it; a table's stream, a pool's groups and users, a bucket's
 * photos and versions stay as they were.
 */
export interface Attached {
  tables: Partial<Record<TableName, string>>;
  uploadsBucket?: string;
  userPoolId?: string;
}

export function attachedFromContext(value: unknown): Attached {
  if (value === undefined || value === '') return { tables: {} };
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(`Context attach must be JSON like {"tables":{"submissions":"<table name>"}}, got ${JSON.stringify(value)}`);
    }
  }
  const problems: string[] = [];
  const object = (input: unknown) => (input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : undefined);
  const attach = object(parsed);
  if (!attach) throw new Error('Context attach must be a JSON object');
  for (const key of Object.keys(attach)) if (!['tables', 'uploadsBucket', 'userPoolId'].includes(key)) problems.push(`unknown key "${key}"`);
  const name = (input: unknown, what: string, pattern: RegExp): string | undefined => {
    if (input === undefined) return undefined;
    if (typeof input === 'string' && pattern.test(input)) return input;
    problems.push(`${what} must be a name like the ones \`npm run destroy\` lists, got ${JSON.stringify(input)}`);
    return undefined;
  };
  const tables: Attached['tables'] = {};
  for (const [table, tableName] of Object.entries(object(attach.tables) ?? {})) {
    if (!(table in tableDefinitions)) problems.push(`no table "${table}": ${Object.keys(tableDefinitions).join(', ')}`);
    else tables[table as TableName] = name(tableName, `tables.${table}`, /^[A-Za-z0-9_.-]{3,255}$/);
  }
  if (attach.tables !== undefined && !object(attach.tables)) problems.push('tables must be an object of table → name');
  const attached: Attached = {
    tables,
    uploadsBucket: name(attach.uploadsBucket, 'uploadsBucket', /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/),
    userPoolId: name(attach.userPoolId, 'userPoolId', /^[\w-]+_[0-9A-Za-z]+$/),
  };
  if (problems.length > 0) throw new Error(`Context attach: ${problems.join('; ')}`);
  return attached;
}
