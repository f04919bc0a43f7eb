import { useEffect, type ReactNode } from 'react';

export const PRODUCT_NAME = 'Evalmarket';

/** A tab's title: the page first, so several open tabs can be told apart. */
export function pageTitle(page: string | undefined): string {
  return page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the document title while the page is shown. */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}

export function PageTitle({ title, children }: { title: string | undefined; children: ReactNode }) {
  usePageTitle(title);
  return children;
}
