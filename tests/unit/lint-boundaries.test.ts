import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths';

/**
 * The import boundaries hold by themselves: the project's lint refuses a
 * wrong import in each folder, judged on the file the import resolves to,
 * and lets the right ones through; it also refuses an import loop. Each case
 * is a file as it would be written at that path, importing files that exist.
 * Linting resolves every import, which takes seconds on a loaded machine:
 * the cases share one ESLint and have time enough.
 */

const eslint = new ESLint({ cwd: repoRoot });
const lintTimeoutMs = 60_000;

async function refusals(filePath: string, code: string, rule = 'import-x/no-restricted-paths'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    // The five a review found getting through the earlier, string-based rules:
    ['a public feature reaching another through ../../features/', 'web/app/features/home/Wrong.tsx', "import { CatalogueCard } from '../../features/catalogue/CatalogueCard';\nexport const Card = CatalogueCard;\n"],
    ['a file one folder deeper reaching another feature', 'web/app/features/catalogue/cards/Wrong.tsx', "import { ContactSection } from '../../home/ContactSection';\nexport const Section = ContactSection;\n"],
    ['a public feature importing an admin feature', 'web/app/features/home/Wrong.tsx', "import MediaPage from '../../../admin/features/media/MediaPage';\nexport const Page = MediaPage;\n"],
    ['a dynamic import() of the infrastructure from lambdas/', 'lambdas/lib/wrong.ts', "export const names = () => import('../../infra/local/dynamodb');\n"],
    ['a .tsx in shared/ importing the web', 'shared/content/Wrong.tsx', "import { useLanguage } from '../../web/shared/i18n/language';\nexport const hook = useLanguage;\n"],
    // And the folders' arrows:
    ['a handler importing the web', 'lambdas/functions/admin-content/wrong.ts', "import { siteUrl } from '../../../web/app/config/site';\nexport const url = siteUrl;\n"],
    ['shared code importing a handler’s plumbing', 'shared/content/wrong.ts', "import { loadConfig } from '../../lambdas/lib/config';\nexport const config = loadConfig;\n"],
    ['shared code importing the infrastructure', 'shared/wrong.ts', "import { repoRoot } from '../infra/paths';\nexport const root = repoRoot;\n"],
    ['the web importing server code', 'web/app/routes/wrong.tsx', "import { loadConfig } from '../../../lambdas/lib/config';\nexport const config = loadConfig;\n"],
    ['the infrastructure importing the web', 'infra/aws/wrong.ts', "import { siteUrl } from '../../web/app/config/site';\nexport const url = siteUrl;\n"],
    ['the admin importing the public site', 'web/admin/components/Wrong.tsx', "import { SiteHeader } from '../../app/components/SiteHeader';\nexport const Header = SiteHeader;\n"],
    ['the web layer both share importing the public site', 'web/shared/components/Wrong.tsx', "import { SiteFooter } from '../../app/components/SiteFooter';\nexport const Footer = SiteFooter;\n"],
    ['an admin feature importing another’s page', 'web/admin/features/content/Wrong.tsx', "import MediaPage from '../media/MediaPage';\nexport const Page = MediaPage;\n"],
    ['the admin’s shared components importing a feature', 'web/admin/components/Wrong.tsx', "import OrdersPage from '../features/orders/OrdersPage';\nexport const Page = OrdersPage;\n"],
    ['a function importing another', 'lambdas/functions/admin-me/wrong.ts', "import { handler } from '../admin-orders/handler';\nexport const other = handler;\n"],
    ['a domain importing a function', 'lambdas/submissions/wrong.ts', "import { handler } from '../functions/submit-form/handler';\nexport const submit = handler;\n"],
    ['lambdas/lib importing a domain', 'lambdas/lib/wrong.ts', "import { createSubmissionsStore } from '../submissions/submissions-store';\nexport const store = createSubmissionsStore;\n"],
  ])('refuses %s', { timeout: lintTimeoutMs }, async (_case, filePath, code) => {
    expect(await refusals(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['a function importing its domain, lib and shared code', 'lambdas/functions/admin-content/right.ts', "import { languages } from '../../../shared/languages';\nimport { loadConfig } from '../../lib/config';\nimport { createContentStore } from '../../content/content-store';\nexport const all = [languages, loadConfig, createContentStore];\n"],
    ['the public site importing the web layer both share and shared code', 'web/app/routes/right.tsx', "import { Modal } from '../../shared/components/Modal';\nimport { tractors } from '../../../shared/catalogue/tractors';\nexport const both = [Modal, tractors];\n"],
    ['a feature importing its own files and the components', 'web/app/features/home/Right.tsx', "import { SiteLayout } from '../../components/SiteLayout';\nimport { ContactSection } from './ContactSection';\nexport const both = [SiteLayout, ContactSection];\n"],
    ['an admin feature using the admin’s shared API hooks', 'web/admin/features/content/Right.tsx', "import { useMediaPages } from '../../api/media-api';\nexport const hook = useMediaPages;\n"],
    ['the infrastructure importing a handler’s tables', 'infra/aws/right.ts', "import { tableDefinitions } from '../../lambdas/lib/tables';\nexport const tables = tableDefinitions;\n"],
  ])('lets through %s', { timeout: lintTimeoutMs }, async (_case, filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([]);
  });
});

describe('import loops', () => {
  it('refuses a module importing one that imports it back', { timeout: lintTimeoutMs }, async () => {
    // lambdas/lib/http.ts imports messages.ts: messages.ts importing http.ts closes a loop.
    const messages = await readFile(path.join(repoRoot, 'lambdas/lib/messages.ts'), 'utf8');
    const looped = `import { json } from './http';\nexport const answer = json;\n${messages}`;
    expect(await refusals('lambdas/lib/messages.ts', looped, 'import-x/no-cycle')).toHaveLength(1);
  });

  it('finds none in the tree as it is', { timeout: lintTimeoutMs }, async () => {
    const messages = await readFile(path.join(repoRoot, 'lambdas/lib/messages.ts'), 'utf8');
    expect(await refusals('lambdas/lib/messages.ts', messages, 'import-x/no-cycle')).toEqual([]);
  });
});
