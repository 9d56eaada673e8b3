import {
  type PushDevice,
  type PushPreferences,
  type PushState,
  type PushSubscriptionInput,
  pushApi,
} from '@btcp/shared/push';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const pushStateQueryKey = ['push', 'state'] as const;

/** Push settings (decision 063): the admin's switch, the VAPID key, the kinds and the devices. */
export const pushStateQueryOptions = () =>
  queryOptions({
    queryKey: pushStateQueryKey,
    queryFn: ({ signal }) => apiRequest<PushState>(pushApi.state, { signal }),
  });

export const usePushState = () => useQuery(pushStateQueryOptions());

function updateState(queryClient: QueryClient, change: (state: PushState) => PushState) {
  queryClient.setQueryData<PushState>(pushStateQueryKey, (state) => state && change(state));
}

/** Saves the switches, shown at once and put back if the server refuses them. */
export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) =>
      apiRequest<PushPreferences>(pushApi.preferences, { method: 'PUT', body: preferences }),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: pushStateQueryKey });
      const before = queryClient.getQueryData<PushState>(pushStateQueryKey)?.preferences;
      updateState(queryClient, (state) => ({ ...state, preferences }));
      return { before };
    },
    onError: (_error, _preferences, context) => {
      const before = context?.before;
      if (before) updateState(queryClient, (state) => ({ ...state, preferences: before }));
    },
    onSuccess: (preferences) => updateState(queryClient, (state) => ({ ...state, preferences })),
  });
}

/** Sends this browser's subscription; the server answers with the device it listed. */
export const addPushDevice = (subscription: PushSubscriptionInput) =>
  apiRequest<PushDevice>(pushApi.subscriptions, { method: 'POST', body: subscription });

export const removePushDevice = (id: string) =>
  apiRequest<void>(pushApi.subscription(id), { method: 'DELETE' });

/** The devices list after `device` was added (or replaced, when its endpoint was listed). */
export function listDevice(queryClient: QueryClient, device: PushDevice) {
  updateState(queryClient, (state) => ({
    ...state,
    devices: [device, ...state.devices.filter((listed) => listed.id !== device.id)],
  }));
}

export function unlistDevice(queryClient: QueryClient, id: string) {
  updateState(queryClient, (state) => ({
    ...state,
    devices: state.devices.filter((device) => device.id !== id),
  }));
}
