import { paths } from '@btcp/shared/paths';
import { COIN, REFERRAL_BONUS, REFERRAL_QUALIFYING_MINUTES } from '@btcp/shared/product';
import { Check, Copy, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryCard } from '#web/components/query-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { absoluteUrl } from '#web/lib/absolute-url.ts';
import { toast } from '#web/lib/toast.ts';
import { useReferralStats } from '../api/get-referral-stats.ts';

/** The copy button confirms for 2 s. */
const COPIED_FOR_MS = 2000;

/** D25: what a friend must do before the bonus is paid, with the admin's qualifying time. */
function friendQualifies(qualifyingMinutes: number): string {
  return qualifyingMinutes > 0
    ? `signs up with it, verifies their email and mines ${qualifyingMinutes} minutes`
    : 'signs up with it and verifies their email';
}

export function referralLink(referralCode: string): string {
  return absoluteUrl(paths.register.getHref(referralCode));
}

/** D9: a banned account earns no referral bonus, so the card promises none. */
export function ReferralLinkCard({ banned = false }: { banned?: boolean }) {
  const stats = useReferralStats();
  return (
    <QueryCard
      title="Your referral link"
      description={
        banned
          ? 'Your account is banned, so referrals earn you no bonus. Friends can still sign up with your link.'
          : `Share it: you receive ${REFERRAL_BONUS} ${COIN} for every friend who ${friendQualifies(stats.data?.qualifyingMinutes ?? REFERRAL_QUALIFYING_MINUTES)}.`
      }
      query={stats}
      loadingClassName="flex gap-2"
      skeletons={['h-10 flex-1', 'h-10 w-24']}
      failure="Could not load your referral link."
    >
      {({ referralCode }) => <ReferralLinkActions link={referralLink(referralCode)} />}
    </QueryCard>
  );
}

function ReferralLinkActions({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success('Copied to clipboard');
    } catch {
      toast.error('Failed to copy');
    }
  };

  // Without share support the link is copied; a user who cancels the sheet is left alone.
  const share = async () => {
    if (typeof navigator.share !== 'function') {
      await copy();
      return;
    }
    try {
      await navigator.share({ title: `Mine ${COIN} with me`, url: link });
      toast.success('Shared successfully');
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error('Failed to share');
    }
  };

  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
      <Input
        readOnly
        value={link}
        aria-label="Referral link"
        onFocus={(event) => event.currentTarget.select()}
        className="font-mono text-sm"
      />
      <Button variant="outline" onClick={copy}>
        {copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {copied ? 'Copied!' : 'Copy'}
      </Button>
      <Button onClick={share}>
        <Share2 aria-hidden="true" className="size-4" />
        Share
      </Button>
    </div>
  );
}
