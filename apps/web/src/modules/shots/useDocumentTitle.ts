import { useEffect } from 'react';

const APP_NAME = 'Mandato';

/** The tab's title while the screen shows ('Disparos - Mandato'); the previous one comes back after. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} - ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
