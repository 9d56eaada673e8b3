import { useEffect } from 'react';

/** Sets the tab title for the page that calls it (titles live in `@btcp/shared/paths`). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
