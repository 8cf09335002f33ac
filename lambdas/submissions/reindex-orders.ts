import { paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FormSchema } from '../../shared/forms/form-schema';
import { submissionLists } from '../../shared/submission-lists';
import { mapConcurrently } from '../lib/concurrency';
import { indexOf } from '../lib/tables';
import { indexOrder, type OrderSearchIndex } from './search-index';
import { toSubmission } from './submissions-store';

const byList = indexOf('submissions', 'byList');

/**
 * Writes the search entries of every stored order again (each list read
 * through its byList partition, a page at a time): for orders stored before
 * the search existed, or a search table that was lost. Answers how many
 * orders it indexed. Safe to run again: an entry written twice is the same.
 */
export async function reindexOrders(
  client: DynamoDBDocumentClient,
  submissionsTable: string,
  searchIndex: Pick<OrderSearchIndex, 'add'>,
  schemaOf: (formId: string) => Promise<FormSchema | undefined>,
): Promise<number> {
  let indexed = 0;
  for (const list of submissionLists) {
    const pages = paginateQuery(
      { client },
      {
        TableName: submissionsTable,
        IndexName: byList.name,
        KeyConditionExpression: '#list = :list',
        ExpressionAttributeNames: { '#list': byList.partitionKey.name },
        ExpressionAttributeValues: { ':list': list },
      },
    );
    for await (const { Items = [] } of pages) {
      await mapConcurrently(Items.map(toSubmission), 10, async (submission) => indexOrder(searchIndex, submission, await schemaOf(submission.formId)));
      indexed += Items.length;
    }
  }
  return indexed;
}
