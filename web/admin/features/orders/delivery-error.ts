import type { DeliveryKind } from '../../../../shared/submissions';
import type { Localized } from '../../../../shared/languages';
import { adminText } from '../../texts';

const said = adminText.order.deliveryErrors;

/**
 * A delivery's last error as a sentence staff can act on, from the text the
 * worker kept (lambdas/deliveries: the relay's answer, a timeout, a setting
 * missing); the text itself stays available, folded, for whoever fixes it.
 */
export function deliveryErrorInWords(kind: DeliveryKind, error: string): Localized {
  if (/not configured|no longer configured|could not be read from|^The secret /i.test(error)) return said.notConfigured;
  if (/no longer exists/i.test(error)) return said.formGone;
  if (/could not be read back/i.test(error)) return said.notReadBack;
  if (/did not answer within/i.test(error)) return said.timeout;
  if (/unreachable/i.test(error)) return said.unreachable;
  const status = Number(/answered (\d{3})/.exec(error)?.[1]);
  if (status === 429) return said.tooMany;
  if (status === 402) return said.planUsedUp;
  if (status === 401 || status === 403) return said.accessRefused;
  if (status === 404 || status === 405) return said.addressWrong;
  if (status >= 500) return said.serviceDown(status);
  if (status >= 400) return said.rowRefused;
  return kind === 'email' ? said.mailFailed : said.sheetFailed;
}
