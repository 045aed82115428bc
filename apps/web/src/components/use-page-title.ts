import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { useEffect } from 'react';

/** Page titles read "{title}-Smart-Zone". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = SPEC_TEXTS.pageTitle(title);
  }, [title]);
}
