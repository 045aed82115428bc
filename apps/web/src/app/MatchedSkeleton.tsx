import type { DecodedAccessClaims } from '@smart-zone/types/access-claims';
import type { Permission } from '@smart-zone/types/roles';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Params, useMatches } from 'react-router-dom';
import { TextPageSkeleton } from '../components/Skeleton';
import type { ApiClient } from '../lib/api-client';

/** What a route's first data request is made from, on the first visit (router.tsx, prefetchPage). */
export interface PrefetchContext {
  queryClient: QueryClient;
  api: ApiClient;
  params: Params;
  search: URLSearchParams;
  /** The stored accessToken's claims when it is a verified user's: whose data a protected page may ask for. */
  claims: DecodedAccessClaims | null;
}

/**
 * What a lazy page's route carries (router.tsx): its grey shapes, shown while
 * it cannot show itself yet, and the data it will ask for first.
 */
export interface PageHandle {
  skeleton?: ReactNode;
  prefetch?: (context: PrefetchContext) => void;
  /** A protected page's permission (roles.ts): the guard shows the page only to a role that has it. */
  permission?: Permission;
}

/**
 * The skeleton of the page the address leads to: what the guard shows while
 * it checks who is signed in, and while its own code loads, so the protected
 * page takes over the same room.
 */
export function MatchedSkeleton() {
  const handle = useMatches().at(-1)?.handle as PageHandle | undefined;
  return handle?.skeleton ?? <TextPageSkeleton label="Loading the page..." />;
}
