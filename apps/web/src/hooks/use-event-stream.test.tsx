import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubEventSource } from '../test/stub-event-source.ts';
import { useEventStream } from './use-event-stream.ts';

describe('useEventStream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('spreads each wait from half to one and a half times its step', () => {
    const Source = stubEventSource();
    renderHook(() => useEventStream({ onEvent: vi.fn() }));
    const waits: number[] = [];
    for (const random of [0, 0.999]) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const count = Source.instances.length;
      Source.latest().open();
      Source.latest().fail();
      let waited = 0;
      while (Source.instances.length === count) {
        act(() => vi.advanceTimersByTime(100));
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1500]);
  });

  it('comes back when the server asks, after it ends the stream with a reconnect event', () => {
    const Source = stubEventSource();
    const onDrop = vi.fn();
    const onReconnect = vi.fn();
    renderHook(() => useEventStream({ onEvent: vi.fn(), onDrop, onReconnect }));
    Source.latest().open();
    Source.latest().dispatch('reconnect', '7300');
    expect(Source.latest().closed).toBe(true);
    expect(onDrop).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(7299));
    expect(Source.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(Source.instances).toHaveLength(2);
    Source.latest().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('refetches when the server says, after another server process took the stream over', () => {
    const Source = stubEventSource();
    const onDrop = vi.fn();
    const onReconnect = vi.fn();
    renderHook(() => useEventStream({ onEvent: vi.fn(), onDrop, onReconnect }));
    Source.latest().open();
    Source.latest().dispatch('resync', '4200');
    // The stream stays as it is: nothing dropped, nothing reopened.
    expect(Source.latest().closed).toBe(false);
    act(() => vi.advanceTimersByTime(4199));
    expect(onReconnect).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(onDrop).not.toHaveBeenCalled();
    expect(Source.instances).toHaveLength(1);
  });

  it('reconnects after 1 s, 2 s, 5 s, then every 10 s, and starts over after an open', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const Source = stubEventSource();
    const onReconnect = vi.fn();
    renderHook(() => useEventStream({ onEvent: vi.fn(), onReconnect }));
    expect(Source.instances).toHaveLength(1);
    expect(Source.latest().url).toBe('/api/events');

    const waitsBetweenReconnects: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const count = Source.instances.length;
      Source.latest().fail();
      expect(Source.instances[count - 1]?.closed).toBe(true);
      let waited = 0;
      while (Source.instances.length === count) {
        act(() => vi.advanceTimersByTime(500));
        waited += 500;
      }
      waitsBetweenReconnects.push(waited);
    }
    expect(waitsBetweenReconnects).toEqual([1000, 2000, 5000, 10_000, 10_000]);

    Source.latest().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    Source.latest().fail();
    act(() => vi.advanceTimersByTime(999));
    expect(Source.instances).toHaveLength(6);
    act(() => vi.advanceTimersByTime(1));
    expect(Source.instances).toHaveLength(7);
  });

  it('passes parsed events on and ignores what it cannot read', () => {
    const Source = stubEventSource();
    const onEvent = vi.fn();
    renderHook(() => useEventStream({ onEvent }));
    Source.latest().open();
    Source.latest().send({ type: 'mining', active: true, sessionId: 's1' });
    act(() => Source.latest().onmessage?.(new MessageEvent('message', { data: 'not json' })));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ type: 'mining', active: true, sessionId: 's1' });
  });

  it('closes the stream and stops retrying on unmount', () => {
    const Source = stubEventSource();
    const { unmount } = renderHook(() => useEventStream({ onEvent: vi.fn() }));
    Source.latest().fail();
    unmount();
    act(() => vi.advanceTimersByTime(20_000));
    expect(Source.instances).toHaveLength(1);
  });
});
