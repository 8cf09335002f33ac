import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Database } from './constructs/database';
import { Site } from './constructs/site';
import { defaultWebBuildDir } from './paths';

export const defaultSheetRelayUrlsSecretName = 'agri-dealer/sheet-relay-urls';

export interface SiteStackProps extends StackProps {
  /** Folder with the web build; defaults to build/web/client. */
  webBuildDir?: string;
}

/**
 * The whole site in one stack: tables, API, staff sign-in, and the
 * CloudFront distribution serving the static build and /api/*.
 *
 * Context `sheetRelayUrlsSecretName` names the Secrets Manager secret (a JSON
 * object, sheet key → relay URL) that becomes SHEET_RELAY_URLS.
 */
export class SiteStack extends Stack {
  readonly database: Database;
  readonly api: Api;
  readonly auth: Auth;
  readonly site: Site;

  constructor(scope: Construct, id: string, props: SiteStackProps = {}) {
    super(scope, id, props);
    const secretName: unknown = this.node.tryGetContext('sheetRelayUrlsSecretName');

    this.database = new Database(this, 'Database');
    this.api = new Api(this, 'Api', {
      tables: this.database.tables,
      sheetRelayUrlsSecretName: typeof secretName === 'string' && secretName ? secretName : defaultSheetRelayUrlsSecretName,
    });
    this.auth = new Auth(this, 'Auth');
    this.site = new Site(this, 'Site', {
      httpApi: this.api.httpApi,
      webBuildDir: props.webBuildDir ?? defaultWebBuildDir,
    });
  }
}
