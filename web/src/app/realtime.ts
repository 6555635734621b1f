import { useEffect } from 'react';
import type { Schemas } from '@pagewright/sdk';
import { useStore } from '../lib/store/index.ts';

type RealtimeEvent = { type: 'ready' } | { type: 'subscription'; subscription: Schemas['Subscription'] } | { type: string };

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** The server closes with this code when the token is not a live session: retrying cannot help. */
const UNAUTHORIZED = 4401;

/**
 * The signed-in user's realtime channel (/api/realtime): authenticate with the first message, then
 * apply pushed events. A payment webhook's subscription change lands in the store at once.
 */
export function useRealtime() {
  const token = useStore((s) => (s.status === 'in' ? s.token : null));

  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/api/realtime`);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', token }));
      socket.onmessage = (message) => {
        let event: RealtimeEvent;
        try {
          event = JSON.parse(String(message.data)) as RealtimeEvent;
        } catch {
          return;
        }
        if (event.type === 'ready') attempt = 0;
        // An admin suspended this account: its session is gone, and asking for the user again answers
        // 401, which signs this tab out at once rather than at its next call.
        if (event.type === 'accountSuspended') void useStore.getState().refreshUser();
        if (event.type === 'subscription' && 'subscription' in event) {
          const store = useStore.getState();
          store.setSubscription(event.subscription);
          // The plan may have changed with it, and with the plan the site limit.
          void store.refreshUser();
        }
      };
      socket.onclose = (close) => {
        if (stopped || close.code === UNAUTHORIZED) return;
        timer = setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token]);
}
