import { paths, SITE_NAME } from '@btcp/shared/paths';
import { CODE_REPOSITORY_URL, SOCIAL_LINKS, SUPPORT_EMAIL } from '@btcp/shared/product';
import { Send } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { GitHubIcon, XIcon } from './brand-icons.tsx';
import { CoinMark } from './coin-mark.tsx';

type FooterLink = { label: string } & ({ to: string } | { href: string });

const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Platform',
    links: [
      { label: 'Whitepaper', to: paths.whitepaper.getHref() },
      { label: 'Dashboard', to: paths.dashboard.getHref() },
      { label: 'Wallet', to: paths.wallet.getHref() },
      { label: 'Proof of balances', to: paths.proof.getHref() },
      { label: 'Terms of Service', to: paths.termsOfService.getHref() },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'Blog', to: paths.blog.getHref() },
      { label: 'Community', to: paths.community.getHref() },
      { label: 'Leaderboard', to: paths.leaderboard.getHref() },
      { label: 'Telegram', href: SOCIAL_LINKS.telegram },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: paths.whitepaper.getHref() },
      { label: 'Support', href: `mailto:${SUPPORT_EMAIL}` },
      { label: 'Source code', href: CODE_REPOSITORY_URL },
    ],
  },
];

const socials: { label: string; href: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { label: `${SITE_NAME} on X`, href: SOCIAL_LINKS.x, Icon: XIcon },
  { label: `${SITE_NAME} on Telegram`, href: SOCIAL_LINKS.telegram, Icon: Send },
  { label: `${SITE_NAME} on GitHub`, href: SOCIAL_LINKS.github, Icon: GitHubIcon },
];

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground hover:underline underline-offset-4';

function FooterItem({ link }: { link: FooterLink }) {
  if ('to' in link) {
    return (
      <Link to={link.to} className={linkClass}>
        {link.label}
      </Link>
    );
  }
  // mailto: stays in this tab; web addresses open a new one without handing it our window.
  const external = link.href.startsWith('http');
  return (
    <a
      href={link.href}
      className={linkClass}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {link.label}
    </a>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4">
          <div className="col-span-2 lg:col-span-1">
            <Link
              to={paths.home.getHref()}
              className="inline-flex items-center gap-2 rounded-md text-lg font-bold"
            >
              <CoinMark className="size-7" />
              {SITE_NAME}
            </Link>
            <p className="mt-3 max-w-xs text-sm text-muted-foreground">
              KYC-free mining in your browser. No identity checks, no downloads.
            </p>
          </div>
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold">{column.title}</h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <FooterItem link={link} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>

        <div className="mt-12 flex flex-col-reverse items-center justify-between gap-4 border-t border-border pt-8 sm:flex-row">
          <p className="text-sm text-muted-foreground">
            © {year} {SITE_NAME}. All rights reserved.
          </p>
          <ul className="flex gap-1">
            {socials.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  title={label}
                  className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
