import type { ReactNode } from 'react';
import { useMatches } from 'react-router-dom';
import { TextPageSkeleton } from '../components/Skeleton';

/** What a lazy page's route carries (router.tsx): its grey shapes, shown while it cannot show itself yet. */
export interface PageHandle {
  skeleton: ReactNode;
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
