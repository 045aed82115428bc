import { useEffect } from 'react';

/** Page titles read "{title}-Smart-Zone". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title}-Smart-Zone`;
  }, [title]);
}
