import type { DatabaseHandle } from '../client.ts';
import { SETTINGS_CHANNEL } from './channels.ts';
import { subscribe } from './subscription.ts';

export interface SettingsCache<T> {
  /** The settings now: read once, then kept until a change is notified. */
  get(): Promise<T>;
  /**
   * Resolves once every process has dropped the settings changed before the call: a route that
   * changes them awaits it, so the next start anywhere takes the new rate.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Each process reads the settings once (with `load`) and keeps them (decision 014). A trigger on
 * system_settings notifies every process of any change, whoever made it; while the notifications
 * may be missed, nothing is kept.
 */
export async function createSettingsCache<T>(
  database: DatabaseHandle,
  load: () => Promise<T>,
): Promise<SettingsCache<T>> {
  let kept: Promise<T> | null = null;
  const forget = () => {
    kept = null;
  };
  const subscription = await subscribe(database, SETTINGS_CHANNEL, forget, forget, {
    everywhere: true,
  });
  return {
    get() {
      if (!subscription.live) return load();
      if (kept) return kept;
      const reading = load();
      kept = reading;
      reading.catch(() => {
        if (kept === reading) kept = null;
      });
      return reading;
    },
    settle: () => subscription.settle(),
    close: () => subscription.close(),
  };
}
