import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PushDevice, SavePushDeviceRequest } from '../../../../shared/admin-api';
import type { QuietHours } from '../../../../shared/push-notifications';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { AdminApiError } from '../../api/client';
import { ErrorMessage, Loading, StatusMessage } from '../../components/feedback';
import { PageHeading } from '../../components/PageHeading';
import { buttonClass, cardClass, inputClass, labelClass } from '../../components/styles';
import { adminText } from '../../texts';
import { currentSubscription, PermissionRefusedError, pushSupport, subscribeThisDevice } from './device-push';
import { usePushDevices, useRemovePushDevice, useSavePushDevice } from './push-api';

const text = adminText.phoneNotifications;
const subscriptionKey = ['push-subscription-of-this-device'] as const;
const defaultQuietHours: QuietHours = { from: '21:00', to: '07:00' };

/**
 * "Notifications on this device": each staff member turns the notification
 * of new orders on or off for the phone or computer in hand, in the admin's
 * language, with quiet hours if they want them
 * (docs/decisions/0022-the-dealers-inbox.md).
 */
export default function NotificationsPage() {
  const localize = useLocalize();
  const support = pushSupport();
  return (
    <>
      <PageHeading title={localize(text.title)} />
      <div className={`${cardClass} grid max-w-2xl gap-4`}>
        <p>{localize(text.intro)}</p>
        {support === 'unsupported' ? <ErrorMessage>{localize(text.unsupported)}</ErrorMessage> : <DeviceSetting />}
      </div>
    </>
  );
}

function DeviceSetting() {
  const localize = useLocalize();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const devices = usePushDevices();
  const subscription = useQuery({ queryKey: subscriptionKey, queryFn: currentSubscription });
  const save = useSavePushDevice();
  const remove = useRemovePushDevice();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const thisDevice = devices.data?.devices.find((device) => device.endpoint === subscription.data?.endpoint);
  const saveThisDevice = async (settings: { quietHours?: QuietHours }) => {
    const json = subscription.data?.toJSON();
    if (!json) return;
    await save.mutateAsync({ subscription: json as PushDeviceSubscription, language, ...settings });
  };

  // The notifications speak the admin's language: a staff member who changes it changes theirs (once per change).
  const followedLanguage = useRef<string>(undefined);
  useEffect(() => {
    if (!thisDevice || thisDevice.language === language || followedLanguage.current === language) return;
    followedLanguage.current = language;
    saveThisDevice({ quietHours: thisDevice.quietHours }).catch(() => undefined);
  });

  if (devices.isPending || subscription.isPending) return <Loading />;
  if (devices.isError) return <ErrorMessage>{devices.error.message}</ErrorMessage>;

  const turn = async (on: boolean) => {
    setBusy(true);
    setFailure(undefined);
    try {
      if (on) {
        const json = await subscribeThisDevice(devices.data.publicKey);
        await save.mutateAsync({ subscription: json as PushDeviceSubscription, language });
      } else {
        await subscription.data?.unsubscribe();
        if (thisDevice) await remove.mutateAsync(thisDevice.deviceId);
      }
    } catch (error) {
      setFailure(
        error instanceof PermissionRefusedError
          ? localize(text.denied)
          : error instanceof AdminApiError
            ? error.message
            : localize(text.subscribeFailed),
      );
    } finally {
      await queryClient.invalidateQueries({ queryKey: subscriptionKey });
      setBusy(false);
    }
  };

  return (
    <>
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input type="checkbox" className="size-5" checked={thisDevice !== undefined} disabled={busy} onChange={(event) => void turn(event.target.checked)} />
        {localize(text.turnOn)}
      </label>
      <StatusMessage>{busy ? null : localize(thisDevice ? text.on : text.off)}</StatusMessage>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      {pushSupport() === 'denied' && !thisDevice && <ErrorMessage>{localize(text.denied)}</ErrorMessage>}
      {thisDevice && <QuietHoursForm device={thisDevice} save={saveThisDevice} />}
    </>
  );
}

/** The browser's subscription as the API takes it (the API checks it). */
type PushDeviceSubscription = SavePushDeviceRequest['subscription'];

function QuietHoursForm({ device, save }: { device: PushDevice; save: (settings: { quietHours?: QuietHours }) => Promise<void> }) {
  const localize = useLocalize();
  const id = useId();
  const [quiet, setQuiet] = useState(device.quietHours !== undefined);
  const [hours, setHours] = useState<QuietHours>(device.quietHours ?? defaultQuietHours);
  const [outcome, setOutcome] = useState<'saved' | string>();
  const sameTimes = quiet && hours.from === hours.to;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    if (sameTimes) return;
    save(quiet ? { quietHours: hours } : {}).then(
      () => setOutcome('saved'),
      (error: unknown) => setOutcome(error instanceof Error ? error.message : localize(adminText.anError)),
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 border-t border-line pt-4">
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input type="checkbox" className="size-5" checked={quiet} onChange={(event) => setQuiet(event.target.checked)} />
        {localize(text.quietHours)}
      </label>
      <p className="text-sm text-ink-muted">{localize(text.quietHoursHelp)}</p>
      {quiet && (
        <div className="flex flex-wrap gap-4">
          {(['from', 'to'] as const).map((end) => (
            <div key={end}>
              <label htmlFor={`${id}-${end}`} className={labelClass}>
                {localize(end === 'from' ? text.quietFrom : text.quietTo)}
              </label>
              <input
                id={`${id}-${end}`}
                type="time"
                dir="ltr"
                required
                className={inputClass}
                value={hours[end]}
                aria-invalid={sameTimes || undefined}
                onChange={(event) => setHours((current) => ({ ...current, [end]: event.target.value }))}
              />
            </div>
          ))}
        </div>
      )}
      {sameTimes && <ErrorMessage>{localize(text.sameTimes)}</ErrorMessage>}
      <div>
        <button type="submit" className={buttonClass}>
          {localize(text.save)}
        </button>
      </div>
      <StatusMessage>{outcome === 'saved' ? localize(text.saved) : null}</StatusMessage>
      {outcome && outcome !== 'saved' && <ErrorMessage>{outcome}</ErrorMessage>}
    </form>
  );
}
