import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { productItem } from '../../lambdas/lib/products-store';
import { seedProducts } from '../seed/products';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Database } from './constructs/database';
import { ProductsSeed } from './constructs/products-seed';
import { Site } from './constructs/site';
import { Uploads } from './constructs/uploads';
import { defaultWebBuildDir } from './paths';

export const defaultSheetRelayUrlsSecretName = 'agri-dealer/sheet-relay-urls';

export interface SiteStackProps extends StackProps {
  /** Folder with the web build; defaults to build/web/client. */
  webBuildDir?: string;
}

/**
 * The whole site in one stack: tables (the products seeded on creation), the
 * photos bucket, API, staff sign-in, and the CloudFront distribution serving
 * the static build, /api/* and /uploads/*.
 *
 * Context `sheetRelayUrlsSecretName` names the Secrets Manager secret (a JSON
 * object, sheet key → relay URL) that becomes SHEET_RELAY_URLS.
 */
export class SiteStack extends Stack {
  readonly database: Database;
  readonly productsSeed: ProductsSeed;
  readonly uploads: Uploads;
  readonly api: Api;
  readonly auth: Auth;
  readonly site: Site;

  constructor(scope: Construct, id: string, props: SiteStackProps = {}) {
    super(scope, id, props);
    const secretName: unknown = this.node.tryGetContext('sheetRelayUrlsSecretName');

    this.database = new Database(this, 'Database');
    this.productsSeed = new ProductsSeed(this, 'ProductsSeed', {
      table: this.database.tables.products,
      items: seedProducts.map(productItem),
    });
    this.uploads = new Uploads(this, 'Uploads');
    this.api = new Api(this, 'Api', {
      tables: this.database.tables,
      uploadsBucket: this.uploads.bucket,
      sheetRelayUrlsSecretName: typeof secretName === 'string' && secretName ? secretName : defaultSheetRelayUrlsSecretName,
    });
    this.auth = new Auth(this, 'Auth');
    this.site = new Site(this, 'Site', {
      httpApi: this.api.httpApi,
      uploadsBucket: this.uploads.bucket,
      webBuildDir: props.webBuildDir ?? defaultWebBuildDir,
    });
    // The distribution depends on the API, so the functions learn its address once it exists.
    this.api.addEnvironment('UPLOADS_PUBLIC_URL', `https://${this.site.distribution.distributionDomainName}/`);
  }
}
