import { downloadHeaders, servedImageTypes } from '../../photos';

/**
 * Source of the CloudFront Function (cloudfront-js-2.0) on the viewer
 * responses of /photos/*: a photo whose stored type is not one of the image
 * types is sent as a download, never shown (infra/photos.ts; the local proxy
 * does the same).
 */
export function photoTypesFunctionCode(): string {
  const headers = Object.fromEntries(Object.entries(downloadHeaders).map(([name, value]) => [name, { value }]));
  return `var imageTypes = ${JSON.stringify(servedImageTypes)};
var download = ${JSON.stringify(headers)};
function handler(event) {
  var response = event.response;
  var type = response.headers['content-type'];
  var bare = type ? type.value.split(';')[0].trim().toLowerCase() : '';
  if (response.statusCode < 300 && imageTypes.indexOf(bare) === -1) {
    for (var name in download) response.headers[name] = download[name];
  }
  return response;
}
`;
}
