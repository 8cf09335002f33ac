import { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { createS3Client } from '../lib/aws-clients';
import { ConfigError, type ApiConfig } from '../lib/config';
import { tracer } from '../lib/tracer';
import { createSiteBucket } from './site-bucket';
import { createSiteFolder, type SiteFolder } from './site-folder';

/** Where the publisher puts the sites it renders: the site's bucket and the CDN's routing store in AWS, a folder locally. */
export function siteFolderFor(config: ApiConfig): SiteFolder {
  if (config.siteBucket && config.siteRoutingStore) {
    return createSiteBucket({
      s3: createS3Client(config),
      bucket: config.siteBucket,
      kvs: tracer.captureAWSv3Client(new CloudFrontKeyValueStoreClient({ region: config.region })),
      kvsArn: config.siteRoutingStore,
    });
  }
  if (config.siteDir) return createSiteFolder(config.siteDir);
  throw new ConfigError(['SITE_BUCKET and SITE_ROUTING_STORE (in AWS), or SITE_DIR (locally), must say where published sites go']);
}
