import { DeleteTableCommand, ListTablesCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { FormSchema } from '../../shared/forms/form-schema';
import { isLanguage } from '../../shared/languages';
import type { Submission } from '../../shared/submissions';
import { createDocumentClient } from '../../lambdas/lib/aws-clients';
import { isConditionFailure } from '../../lambdas/lib/submissions-store';
import { fingerprint, indexAttributes, newSubmission } from '../../lambdas/submissions/record';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';

/**
 * Data folders of earlier versions kept submissions in the tables `orders`
 * and `messages`, after the relay had taken their rows. On start they are
 * copied into `submissions` as already delivered (docs/decisions/0008), then
 * dropped. A copy that is already there is left as it is.
 */

const legacyTables = ['orders', 'messages'];

export async function migrateLegacyTables(
  client: DynamoDBClient,
  submissionsTable: string,
  formSchemasDir: string,
): Promise<number> {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  const documents = createDocumentClient(client);
  const schemas = new Map<string, Promise<FormSchema | undefined>>();
  const schemaOf = (formId: string) => {
    if (!schemas.has(formId)) schemas.set(formId, loadBundledFormSchema(formSchemasDir, formId));
    return schemas.get(formId)!;
  };

  let copied = 0;
  for (const table of legacyTables.filter((name) => TableNames.includes(name))) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documents.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) {
        const schema = typeof item.formId === 'string' ? await schemaOf(item.formId) : undefined;
        const submission = schema && fromLegacyItem(item, schema);
        if (!submission) continue;
        try {
          await documents.send(
            new PutCommand({
              TableName: submissionsTable,
              Item: { ...submission, ...indexAttributes(submission, schema) },
              ConditionExpression: 'attribute_not_exists(orderId)',
            }),
          );
          copied++;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }
      start = page.LastEvaluatedKey;
    } while (start);
    await client.send(new DeleteTableCommand({ TableName: table }));
  }
  return copied;
}

/** A legacy item as a submission whose sheet row was delivered when it was stored. */
function fromLegacyItem(item: Record<string, unknown>, schema: FormSchema): Submission | undefined {
  const { submissionId, formId, createdAt, language, data, row } = item;
  if (typeof submissionId !== 'string' || typeof formId !== 'string' || typeof createdAt !== 'string') return undefined;
  if (!data || typeof data !== 'object') return undefined;
  const submission = newSubmission({
    formId,
    schema,
    orderId: submissionId.toLowerCase(),
    language: isLanguage(language) ? language : 'ar',
    data: data as Submission['data'],
    fingerprint: fingerprint(data as Submission['data']),
    createdAt,
    deliveries: [],
  });
  const sent = { state: 'sent' as const, attempts: 1, lastAttemptAt: createdAt, sentAt: createdAt };
  return {
    ...submission,
    ...(Array.isArray(row) ? { row: row.map(String) } : {}),
    deliveries: { sheet: sent },
  };
}
