import type { ReactNode } from 'react';

export interface DocumentSection {
  id: string;
  title: string;
}

interface DocumentPageProps {
  title: string;
  /** A line under the title: a summary, or the date the text last changed. */
  subtitle: ReactNode;
  sections: readonly DocumentSection[];
  children: ReactNode;
}

/** Long-form pages (whitepaper, terms): title, a contents list that stays in view on wide screens, text. */
export function DocumentPage({ title, subtitle, sections, children }: DocumentPageProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 lg:px-8 lg:pt-16">
      <header className="border-b border-border pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <div className="mt-4 max-w-3xl text-lg text-muted-foreground">{subtitle}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-semibold">Contents</p>
          <ol className="mt-3 space-y-2 border-l border-border text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l border-transparent py-0.5 pl-4 text-muted-foreground transition-colors hover:border-primary hover:text-foreground"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="prose-page max-w-3xl [&>*:first-child]:mt-0 [&>section:first-child>h2]:mt-0">
          {children}
        </article>
      </div>
    </div>
  );
}
