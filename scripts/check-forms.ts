/**
 * npm run forms:check — checks every form-schemas/<formId>.json (and
 * definitions.json) before the build: vocabulary, translations, relay columns,
 * storage, $refs, JSON Schema validity and examples. Prints one line per
 * problem, "<file> <JSON pointer>: <message>", and exits 1 when there is any.
 *
 * The folder defaults to form-schemas/; pass another as the first argument or
 * in FORM_SCHEMAS_DIR.
 */
import path from 'node:path';
import { checkForms, readSchemaFiles } from './lib/check-forms';
import { formFolders } from './lib/paths';

const dir = process.argv[2] ? path.resolve(process.argv[2]) : formFolders().schemas;
const relative = path.relative(process.cwd(), dir);
/** The folder as the lines show it: relative when it is under the current folder. */
const shown = relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative;
const files = await readSchemaFiles(dir);
const problems = files.length > 0 ? checkForms(files) : [{ file: '', path: '#', message: 'no schema files here' }];

for (const { file, path: pointer, message } of problems) {
  console.error(`${path.join(shown, file)} ${pointer}: ${message}`);
}
if (problems.length > 0) {
  console.error(`forms:check: ${problems.length} problem(s) in ${shown}/`);
  process.exitCode = 1;
} else {
  const forms = files.filter((file) => file.file !== 'definitions.json').length;
  console.log(`forms:check: ${forms} form(s) in ${shown}/, no problems`);
}
