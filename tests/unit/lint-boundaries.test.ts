import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/paths';

/**
 * The import boundaries hold by themselves: the project's lint refuses a
 * wrong import in each folder, and lets the right ones through. Each case is
 * a file as it would be written at that path.
 */

const eslint = new ESLint({ cwd: repoRoot });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['a handler importing the web', 'lambdas/admin-content/wrong.ts', "import { siteUrl } from '../../web/app/config/site';\nexport const url = siteUrl;\n"],
    ['a handler importing the infrastructure', 'lambdas/lib/wrong.ts', "import { localTableNames } from '../../infra/local/dynamodb';\nexport const names = localTableNames;\n"],
    ['shared code importing the web', 'shared/content/wrong.ts', "import { siteUrl } from '../../web/app/config/site';\nexport const url = siteUrl;\n"],
    ['shared code importing a handler', 'shared/content/wrong.ts', "import { loadConfig } from '../../lambdas/lib/config';\nexport const config = loadConfig;\n"],
    ['shared code importing the infrastructure', 'shared/wrong.ts', "import { adminEmail } from '../infra/local/cognito';\nexport const email = adminEmail;\n"],
    ['the web importing a handler', 'web/app/routes/wrong.tsx', "import { loadConfig } from '../../../lambdas/lib/config';\nexport const config = loadConfig;\n"],
    ['the infrastructure importing the web', 'infra/aws/wrong.ts', "import { siteUrl } from '../../web/app/config/site';\nexport const url = siteUrl;\n"],
    ['a feature importing another feature', 'web/app/features/home/Wrong.tsx', "import { CatalogueCard } from '../catalogue/CatalogueCard';\nexport const Card = CatalogueCard;\n"],
    ['an admin feature importing another’s page', 'web/admin/features/content/Wrong.tsx', "import MediaPage from '../media/MediaPage';\nexport const Page = MediaPage;\n"],
  ])('refuses %s', async (_case, filePath, code) => {
    expect(await refusals(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['a handler importing shared code and its own lib', 'lambdas/admin-content/right.ts', "import { languages } from '../../shared/languages';\nimport { loadConfig } from '../lib/config';\nexport const both = [languages, loadConfig];\n"],
    ['the web importing shared code', 'web/app/routes/right.tsx', "import { tractors } from '../../../shared/catalogue/tractors';\nexport const list = tractors;\n"],
    ['a feature importing its own files and the components', 'web/app/features/home/Right.tsx', "import { Modal } from '../../components/Modal';\nimport { ContactSection } from './ContactSection';\nexport const both = [Modal, ContactSection];\n"],
    ['an admin feature using another’s API hooks', 'web/admin/features/content/Right.tsx', "import { useMediaPages } from '../media/media-api';\nexport const hook = useMediaPages;\n"],
    ['the infrastructure importing a handler’s tables', 'infra/aws/right.ts', "import { tableDefinitions } from '../../lambdas/lib/tables';\nexport const tables = tableDefinitions;\n"],
  ])('lets through %s', async (_case, filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([]);
  });
});
