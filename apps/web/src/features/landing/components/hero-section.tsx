import { paths } from '@btcp/shared/paths';
import {
  COIN,
  EARLY_PHASE_HOURLY_RATE,
  LAUNCH_YEAR,
  MINING_START,
  REFERRAL_BONUS,
} from '@btcp/shared/product';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { CoinCanvas } from './coin-canvas.tsx';
import { LandingSection } from './landing-section.tsx';

const stats = [
  { value: String(EARLY_PHASE_HOURLY_RATE), label: `${COIN}/Hour` },
  { value: String(LAUNCH_YEAR), label: 'Launch Year' },
  { value: String(REFERRAL_BONUS), label: `Referral ${COIN}` },
];

export function HeroSection() {
  return (
    <LandingSection
      titleId="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-background via-accent/40 to-background"
      containerClassName="grid items-center gap-12 pt-12 pb-16 md:pt-16 lg:grid-cols-[1.2fr_1fr] lg:pt-20 lg:pb-24"
    >
      <div className="text-center lg:text-left">
        <Badge className="border-primary/30 bg-accent text-accent-foreground">
          <CalendarClock aria-hidden="true" className="size-3.5" />
          Mining starts in {MINING_START}
        </Badge>
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          Welcome to <span className="text-primary">{COIN}</span> Mining
        </h1>
        <p className="mx-auto mt-6 max-w-xl text-lg text-muted-foreground lg:mx-0">
          KYC-free mining that runs in your browser. No identity checks, no downloads and no special
          hardware: sign up with an email address and start earning {COIN}.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
          <Link to={paths.register.getHref()} className={buttonVariants({ size: 'lg' })}>
            Start Mining Now
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
          <Link
            to={paths.whitepaper.getHref()}
            className={buttonVariants({ variant: 'outline', size: 'lg' })}
          >
            Read Whitepaper
          </Link>
        </div>
        <ul className="mx-auto mt-12 grid max-w-lg grid-cols-3 gap-4 lg:mx-0">
          {stats.map((stat) => (
            <li
              key={stat.label}
              className="rounded-lg border border-border bg-card/70 px-2 py-4 text-center"
            >
              <span className="block text-2xl font-bold text-primary sm:text-3xl">
                {stat.value}
              </span>{' '}
              <span className="mt-1 block text-xs text-muted-foreground sm:text-sm">
                {stat.label}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex justify-center">
        <div className="rounded-full border border-primary/20 bg-[radial-gradient(circle,var(--accent)_0%,transparent_72%)] p-5 shadow-[0_0_60px_-28px_var(--primary)]">
          <CoinCanvas />
        </div>
      </div>
    </LandingSection>
  );
}
