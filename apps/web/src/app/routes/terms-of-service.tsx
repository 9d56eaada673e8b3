import { pageTitles } from '@btcp/shared/paths';
import { TERMS_LAST_UPDATED } from '@btcp/shared/product';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DocumentPage } from '#web/components/document-page.tsx';
import { PrivacyPolicy } from '#web/features/legal/components/privacy-policy.tsx';
import { TermsSections, termsSections } from '#web/features/legal/components/terms-sections.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

const sections = [...termsSections, { id: 'privacy', title: 'Privacy Policy' }];

export function Component() {
  useDocumentTitle(pageTitles.termsOfService);
  const { hash } = useLocation();

  // Route table: the page opens at the top, unless the link points into it (/privacy does).
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ behavior: 'instant', block: 'start' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [hash]);

  return (
    <DocumentPage
      title="Terms of Service"
      subtitle={<p>Last updated: {TERMS_LAST_UPDATED}</p>}
      sections={sections}
    >
      <TermsSections />
      <PrivacyPolicy />
    </DocumentPage>
  );
}
