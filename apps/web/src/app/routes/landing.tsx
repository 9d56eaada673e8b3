import { pageTitles } from '@btcp/shared/paths';
import { Navigate } from 'react-router';
import { FeaturesSection } from '#web/features/landing/components/features-section.tsx';
import { HeroSection } from '#web/features/landing/components/hero-section.tsx';
import { ReferralSection } from '#web/features/landing/components/referral-section.tsx';
import { RoadmapSection } from '#web/features/landing/components/roadmap-section.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { datedWordsQueryOptions } from '#web/lib/dated-words.ts';
import type { PublicPageHandle } from '#web/lib/public-page.ts';
import { useDashboardHref } from '#web/lib/session.ts';

/** The operator's dated words (D30) come with the page: the badge, the figures, the roadmap. */
export const handle: PublicPageHandle = {
  prefetch: (queryClient) => queryClient.fetchQuery(datedWordsQueryOptions()),
};

export function Component() {
  useDocumentTitle(pageTitles.home);
  // Route table: a signed-in user or admin landing on / belongs on their dashboard. Visitors are not
  // kept waiting for the session check; the page renders at once and moves if a session turns up.
  const dashboardHref = useDashboardHref();
  if (dashboardHref) return <Navigate to={dashboardHref} replace />;
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <RoadmapSection />
      <ReferralSection />
    </>
  );
}
