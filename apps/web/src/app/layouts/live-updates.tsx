import type { RealtimeEvent } from '@btcp/shared/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  miningStatusQueryKey,
  setSessionPaid,
} from '#web/features/mining/api/get-mining-status.ts';
import { miningStreakQueryKey } from '#web/features/mining/api/get-mining-streak.ts';
import { miningSessionStore } from '#web/features/mining/lib/mining-session-store.ts';
import {
  notificationsQueryKey,
  setUnreadCount,
  unreadCountQueryKey,
} from '#web/features/notifications/api/notifications.ts';
import { referralStatsQueryKey } from '#web/features/referrals/api/get-referral-stats.ts';
import {
  prependTransaction,
  transactionsQueryKey,
} from '#web/features/wallet/api/get-transactions.ts';
import { setWalletBalance, walletQueryKey } from '#web/features/wallet/api/get-wallet.ts';
import { useEventStream } from '#web/hooks/use-event-stream.ts';
import { sessionQueryKey } from '#web/lib/session.ts';

/**
 * Keeps the signed-in pages current from the event stream: balance, new transactions, mining
 * state, unread notifications. This is the one place that knows which feature's cache each event
 * touches, so it reads the query keys those features export; composing features is the app layer's job, so it lives
 * here (the stream itself, feature-free, is hooks/use-event-stream.ts).
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();

  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      switch (event.type) {
        case 'ledger':
          setWalletBalance(queryClient, event.balance);
          prependTransaction(queryClient, event.transaction);
          if (event.transaction.type === 'REFERRAL') {
            void queryClient.invalidateQueries({ queryKey: referralStatsQueryKey });
          }
          if (event.transaction.type === 'STREAK_BONUS') {
            void queryClient.invalidateQueries({ queryKey: miningStreakQueryKey });
          }
          if (event.mining) {
            miningSessionStore.rewarded({ ...event.mining, transaction: event.transaction });
            setSessionPaid(queryClient, event.mining);
          }
          break;
        case 'mining':
          void queryClient.invalidateQueries({ queryKey: miningStatusQueryKey });
          // A session that ended was paid its rest, which may have made today a mining day; not
          // on every reward, which would ask each miner's dashboard once a minute.
          void queryClient.invalidateQueries({ queryKey: miningStreakQueryKey });
          break;
        case 'notifications':
          setUnreadCount(queryClient, event.unread);
          // An open notifications page shows the new notice (or another tab's reads).
          void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
          break;
      }
    },
    [queryClient],
  );

  const onReconnect = useCallback(() => {
    for (const queryKey of [
      walletQueryKey,
      transactionsQueryKey,
      miningStatusQueryKey,
      miningStreakQueryKey,
      referralStatsQueryKey,
      unreadCountQueryKey,
      notificationsQueryKey,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient]);

  // A stream the server ended may mean this session ended elsewhere: the session answer is asked
  // for again, and a signed-out answer takes the page to its signed-out state at once.
  const onDrop = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);

  useEventStream({ onEvent, onReconnect, onDrop });
  return null;
}
