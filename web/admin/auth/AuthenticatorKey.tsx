import encodeQR from 'qr';
import { useLocalize } from '../../shared/i18n/language';
import { adminText } from '../texts';

const text = adminText.authenticator;

/**
 * What an authenticator app needs to set up this account: a QR code of its
 * `otpauth://` address, and the same secret key to type when the phone
 * cannot scan (grouped by four, as the apps show it). Loaded only when a
 * staff member sets one up.
 */
export default function AuthenticatorKey({ setupUri, secretKey }: { setupUri: string; secretKey: string }) {
  const localize = useLocalize();
  const cells = encodeQR(setupUri, 'raw', { border: 4 });
  // One path of 1×1 squares, dark modules only: crisp at any size.
  const dark = cells.flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <div className="mb-4">
      <p className="mb-3">{localize(text.scan)}</p>
      <svg
        role="img"
        aria-label={localize(text.qrCode)}
        viewBox={`0 0 ${cells.length} ${cells.length}`}
        shapeRendering="crispEdges"
        className="mx-auto mb-3 size-56 bg-white"
      >
        <path d={dark} fill="#000" />
      </svg>
      <p className="mb-1">{localize(text.typeKey)}</p>
      <code dir="ltr" className="mb-3 block select-all rounded-lg bg-surface-muted p-2 text-center text-lg tracking-wider">
        {secretKey.match(/.{1,4}/g)?.join(' ')}
      </code>
      <p>{localize(text.thenCode)}</p>
    </div>
  );
}
