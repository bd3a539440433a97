import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import AgentSpacePage from '../../features/agent-space/agent-space-page';
import {
  forgetAgentQueries,
  persistAgentQueries,
  restoreAgentQueries,
} from '../../features/agent-space/query-persistence';
import { useLogout } from '../../features/auth/api/logout';
import { LoneWorkerPanel } from '../../features/lone-worker/lone-worker-panel';
import { SosButton } from '../../features/lone-worker/sos-button';
import { registerAppServiceWorker } from '../../lib/service-worker';
import { useSession } from '../../lib/session';
import { overviewRequested } from '../guards';
import { useRealtimeSync } from '../layouts/use-realtime-sync';
import { queryClient } from '../query-client';

/**
 * The agent's phone space: its own layout (no back-office menu), the same data layer and real-time
 * stream as the dashboard, the last data kept on the phone, and the service worker that lets it
 * open without network.
 */
function AgentSpace() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const logout = useLogout();
  useRealtimeSync(user?.id);
  // Before the first render: a page opened offline shows the last data at once.
  useState(() => userId && restoreAgentQueries(queryClient, userId));
  useEffect(() => (userId ? persistAgentQueries(queryClient, userId) : undefined), [userId]);
  useEffect(() => {
    void registerAppServiceWorker();
  }, []);
  return (
    <AgentSpacePage
      fullVersionState={overviewRequested}
      onSignOut={() => {
        forgetAgentQueries(userId);
        logout.mutate();
      }}
      safety={({ shiftInProgress }) => (
        <>
          <SosButton />
          <LoneWorkerPanel shiftInProgress={shiftInProgress} />
        </>
      )}
    />
  );
}

export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <AgentSpace />
    </QueryClientProvider>
  );
}
