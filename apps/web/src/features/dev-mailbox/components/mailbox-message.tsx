import { Link } from 'react-router';
import type { MailboxMessage } from '../api/get-mailbox.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** A link inside this app opens in place; anything else is an ordinary link. */
function appPath(link: string): string | null {
  try {
    const url = new URL(link, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

export function MailboxMessageCard({ message }: { message: MailboxMessage }) {
  const titleId = `mail-${message.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-lg border border-border bg-card p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="font-semibold">
          {message.subject}
        </h2>
        <time dateTime={message.createdAt} className="text-sm text-muted-foreground">
          {timeFormat.format(new Date(message.createdAt))}
        </time>
      </header>
      <p className="mt-1 text-sm text-muted-foreground">
        To: <span className="text-foreground">{message.to}</span>
      </p>
      <pre className="mt-3 overflow-x-auto rounded-md bg-muted p-3 font-sans text-sm whitespace-pre-wrap">
        {message.text}
      </pre>
      {message.links.length > 0 ? (
        <ul aria-label="Links" className="mt-3 grid gap-1 text-sm">
          {message.links.map((link) => {
            const path = appPath(link);
            const className = 'text-primary underline underline-offset-4';
            return (
              <li key={link}>
                {path ? (
                  <Link to={path} className={className}>
                    {link}
                  </Link>
                ) : (
                  <a href={link} className={className}>
                    {link}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </article>
  );
}
