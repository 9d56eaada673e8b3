import { paths } from '@btcp/shared/paths';
import { COIN, REFERRAL_BONUS, REFERRAL_QUALIFYING_MINUTES } from '@btcp/shared/product';
import { Gift, Hourglass, Infinity as InfinityIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { LandingSection } from './landing-section.tsx';

const points: { title: string; description: string; Icon: LucideIcon }[] = [
  {
    title: `${REFERRAL_BONUS} ${COIN} per referral`,
    description: `For every friend who signs up with your link, verifies their email and mines ${REFERRAL_QUALIFYING_MINUTES} minutes.`,
    Icon: Gift,
  },
  {
    title: 'Unlimited referrals',
    description: 'There is no cap: every successful referral earns the same bonus.',
    Icon: InfinityIcon,
  },
  {
    title: 'Paid when they qualify',
    description: `The bonus lands in your wallet once your friend has mined ${REFERRAL_QUALIFYING_MINUTES} minutes in total; your dashboard shows who is on the way.`,
    Icon: Hourglass,
  },
];

export function ReferralSection() {
  return (
    <LandingSection titleId="referral-title" className="py-20 sm:py-24">
      <div className="rounded-2xl border border-primary/30 bg-linear-to-br from-accent via-card to-card p-8 shadow-sm sm:p-12">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="referral-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Invite friends, earn {REFERRAL_BONUS} {COIN} each
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              Every account comes with a personal referral link. Share it, and each friend who
              joins, verifies their email and mines {REFERRAL_QUALIFYING_MINUTES} minutes adds{' '}
              {REFERRAL_BONUS} {COIN} to your wallet.
            </p>
            <Link
              to={paths.register.getHref()}
              className={buttonVariants({ size: 'lg', className: 'mt-8 w-full sm:w-auto' })}
            >
              Register &amp; Start Referring
            </Link>
          </div>
          <ul className="space-y-6">
            {points.map(({ title, description, Icon }) => (
              <li key={title} className="flex gap-4">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </LandingSection>
  );
}
