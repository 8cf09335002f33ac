import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushDevicesResponse, SavePushDeviceRequest } from '../../../../shared/admin-api';
import { useAdminRequest } from '../../api/client';

const devicesKey = ['push-subscriptions'] as const;

/** The server's public key and the staff member's devices with notifications on. */
export function usePushDevices() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => request<PushDevicesResponse>('/push-subscriptions', { signal }),
  });
}

/** Turns notifications on for this device, or changes its language or quiet hours. */
export function useSavePushDevice() {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: SavePushDeviceRequest) => request<PushDevice>('/push-subscriptions', { method: 'PUT', body: device }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** Turns notifications off for one of the staff member's devices. */
export function useRemovePushDevice() {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => request<void>(`/push-subscriptions/${encodeURIComponent(deviceId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
