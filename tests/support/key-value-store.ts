import {
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  ListKeysCommand,
  UpdateKeysCommand,
  type CloudFrontKeyValueStoreClient,
} from '@aws-sdk/client-cloudfront-keyvaluestore';

/**
 * A CloudFront key value store in memory, answering the SDK client's
 * commands as the service does for what the publisher uses: updates are
 * all-or-nothing and refused unless they name the store's current version
 * (ETag); a missing key is ResourceNotFoundException; listings are paged.
 * AWS has no local stand-in of it; `entries` is what the edge would read.
 */
export function keyValueStore() {
  const entries = new Map<string, string>();
  let version = 0;
  const failure = (name: string, message: string) => Object.assign(new Error(message), { name });
  const client = {
    async send(command: unknown) {
      if (command instanceof DescribeKeyValueStoreCommand) return { ETag: `v${version}`, ItemCount: entries.size };
      if (command instanceof GetKeyCommand) {
        const value = entries.get(command.input.Key!);
        if (value === undefined) throw failure('ResourceNotFoundException', `Key ${command.input.Key} not found`);
        return { Key: command.input.Key, Value: value };
      }
      if (command instanceof UpdateKeysCommand) {
        if (command.input.IfMatch !== `v${version}`) throw failure('ConflictException', 'The store changed since its ETag was read');
        if ((command.input.Puts?.length ?? 0) + (command.input.Deletes?.length ?? 0) > 50) throw failure('ValidationException', 'Too many keys in one update');
        for (const { Key } of command.input.Deletes ?? []) entries.delete(Key!);
        for (const { Key, Value } of command.input.Puts ?? []) entries.set(Key!, Value!);
        return { ETag: `v${++version}`, ItemCount: entries.size };
      }
      if (command instanceof ListKeysCommand) {
        const keys = [...entries.keys()].sort();
        const start = Number(command.input.NextToken ?? 0);
        const page = keys.slice(start, start + 50);
        return { Items: page.map((key) => ({ Key: key, Value: entries.get(key) })), ...(start + 50 < keys.length && { NextToken: String(start + 50) }) };
      }
      throw new Error(`The in-memory key value store does not answer ${(command as object).constructor.name}`);
    },
  };
  return { entries, client: client as unknown as CloudFrontKeyValueStoreClient };
}
