/** Whether a DynamoDB write was refused by its condition (the item already exists, or has changed since it was read). */
export function isConditionFailure(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}
