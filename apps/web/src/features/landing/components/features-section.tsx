import { COIN } from '@btcp/shared/product';
import { Cpu, Leaf, type LucideIcon, ShieldCheck, Users } from 'lucide-react';
import { LandingSection } from './landing-section.tsx';
import { SectionHeading } from './section-heading.tsx';

const features: { title: string; description: string; Icon: LucideIcon }[] = [
  {
    title: 'No KYC Required',
    description: 'Sign up with an email address and a password. No identity documents, no selfies.',
    Icon: ShieldCheck,
  },
  {
    title: 'Low Energy Consumption',
    description:
      'Mining runs in a browser tab with a light algorithm, not on power-hungry hardware.',
    Icon: Leaf,
  },
  {
    title: 'Community Rewards',
    description: `Invite friends and earn bonus ${COIN}, and take part in the community forum.`,
    Icon: Users,
  },
  {
    title: 'Advanced Mining Rigs',
    description: 'Node support for PCs and virtual servers is planned, for those who want more.',
    Icon: Cpu,
  },
];

export function FeaturesSection() {
  return (
    <LandingSection titleId="features-title" className="py-20 sm:py-24">
      <SectionHeading
        id="features-title"
        title={`Why Choose ${COIN}`}
        description="Mining made simple: start from any device, keep your privacy, and grow your balance with friends."
      />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ title, description, Icon }) => (
          <li
            key={title}
            className="rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
