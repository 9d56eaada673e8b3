import { datedWordsMessages } from '@btcp/shared/dated-words';
import { paths } from '@btcp/shared/paths';
import { COIN } from '@btcp/shared/product';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { useDatedWords } from '#web/lib/dated-words.ts';
import { CoinCanvas } from './coin-canvas.tsx';
import { LandingSection } from './landing-section.tsx';

/** As many columns as the operator gives figures (one to three), so none sits alone on a row. */
const statColumns = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3'];

/**
 * The badge and the figures are the operator's dated words (D30), in the page the server sends;
 * a visitor who comes from another page sees them a moment later.
 */
export function HeroSection() {
  const words = useDatedWords().data;
  const stats = words?.stats ?? [];
  return (
    <LandingSection
      titleId="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-background via-accent/40 to-background"
      containerClassName="grid items-center gap-12 pt-12 pb-16 md:pt-16 lg:grid-cols-[1.2fr_1fr] lg:pt-20 lg:pb-24"
    >
      <div className="text-center lg:text-left">
        {/* Holds its place while the words load, so the headline does not move. */}
        <Badge
          className={`border-primary/30 bg-accent text-accent-foreground ${words ? '' : 'invisible'}`}
        >
          <CalendarClock aria-hidden="true" className="size-3.5" />
          {datedWordsMessages.miningStartsIn(words?.miningStart ?? '')}
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
        <ul
          className={`mx-auto mt-12 grid max-w-lg gap-4 lg:mx-0 ${statColumns[stats.length] ?? 'grid-cols-3'}`}
        >
          {stats.map((stat) => (
            <li
              key={`${stat.value} ${stat.label}`}
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
