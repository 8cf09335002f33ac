/**
 * npm run relay:keys [-- --stage prod] [--json]
 *
 * Prints the sheet keys the relay secret must hold (one per `x-relay.sheet`
 * of the form schemas), the forms whose rows each receives, and a skeleton of
 * the secret to fill with the relay's addresses. Offline: it reads the
 * schemas only. With --json, the skeleton alone (to redirect into a file).
 */
import { parseArgs } from 'node:util';
import { stageOf } from '../infra/aws/naming';
import { defaultSheetRelayUrlsSecretName } from '../infra/aws/site-stack';
import { formFolders } from './lib/paths';
import { readSheetKeys, relaySecretSkeleton } from './lib/relay-keys';

const usage = 'Usage: npm run relay:keys [-- --stage <name>] [--json]';
const { values } = parseArgs({
  options: {
    stage: { type: 'string', default: 'dev' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`${usage}\n\nPrints the sheet keys the relay secret must hold, the forms each serves, and the secret's skeleton (--json: the skeleton alone).`);
  process.exit(0);
}
const secret = defaultSheetRelayUrlsSecretName(stageOf(values.stage));
const keys = await readSheetKeys(formFolders().schemas);
const skeleton = relaySecretSkeleton(keys);
if (values.json) {
  console.log(skeleton);
  process.exit(0);
}

const width = Math.max(...keys.map(({ sheet }) => sheet.length));
console.log(`The relay secret ${secret} holds one relay address per sheet key: ${keys.length} keys.
An order whose sheet has no address waits, and sets off the UndeliveredOrders alarm.

${'sheet key'.padEnd(width)}  rows of`);
for (const { sheet, forms } of keys) console.log(`${sheet.padEnd(width)}  ${forms.map(({ id, title }) => `${title} (${id})`).join(', ')}`);
console.log(`
The secret to fill: each value is the relay's address of that sheet, without ?tabId
(the delivery worker adds it). Every entry must be an address, or be left out: one
placeholder left in stops the deliveries of every sheet.

${skeleton}

Filled and saved as relay-urls.json (npm run relay:keys -- --json > relay-urls.json):
  aws secretsmanager create-secret --name ${secret} --secret-string file://relay-urls.json
  aws secretsmanager put-secret-value --secret-id ${secret} --secret-string file://relay-urls.json   (later changes)
npm run deploy:check -- --stage ${values.stage} reads it back and names the keys still without an address.`);
