import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { cn } from '#web/lib/cn.ts';
import { currentOrigin } from '#web/lib/render-environment.ts';

/** A link leaves the site when it is http(s) to another origin; those open in a new tab, safely. */
function isExternal(href: string): boolean {
  try {
    const origin = currentOrigin();
    const url = new URL(href, `${origin}/`);
    return /^https?:$/.test(url.protocol) && url.origin !== origin;
  } catch {
    return false;
  }
}

function MarkdownLink({ href, children, className, ...props }: ComponentProps<'a'>) {
  const external = href ? isExternal(href) : false;
  return (
    <a
      href={href}
      className={cn(
        'font-medium text-primary underline underline-offset-4 hover:decoration-2',
        className,
      )}
      {...props}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

const heading2 = 'mt-10 mb-4 text-2xl font-bold tracking-tight sm:text-3xl';

/**
 * The react-markdown elements with the site's typography. `node` (the syntax tree) is dropped
 * before the rest reach the DOM. The page title is the one h1, so a Markdown `#` becomes an h2.
 */
const components: Components = {
  h1: ({ node: _node, ...props }) => <h2 className={heading2} {...props} />,
  h2: ({ node: _node, ...props }) => <h2 className={heading2} {...props} />,
  h3: ({ node: _node, ...props }) => (
    <h3 className="mt-8 mb-3 text-xl font-semibold tracking-tight" {...props} />
  ),
  h4: ({ node: _node, ...props }) => <h4 className="mt-6 mb-2 text-lg font-semibold" {...props} />,
  h5: ({ node: _node, ...props }) => <h5 className="mt-6 mb-2 font-semibold" {...props} />,
  h6: ({ node: _node, ...props }) => (
    <h6 className="mt-6 mb-2 font-semibold text-muted-foreground" {...props} />
  ),
  p: ({ node: _node, ...props }) => <p className="my-5" {...props} />,
  a: ({ node: _node, ...props }) => <MarkdownLink {...props} />,
  ul: ({ node: _node, className, ...props }) => (
    <ul
      className={cn(
        'my-5 list-disc pl-6 marker:text-muted-foreground [&_ol]:my-2 [&_ul]:my-2',
        // GFM task lists carry their own checkbox instead of a bullet.
        className?.includes('contains-task-list') && 'list-none pl-1',
      )}
      {...props}
    />
  ),
  ol: ({ node: _node, ...props }) => (
    <ol
      className="my-5 list-decimal pl-6 marker:text-muted-foreground [&_ol]:my-2 [&_ul]:my-2"
      {...props}
    />
  ),
  li: ({ node: _node, ...props }) => (
    <li className="my-1.5 pl-1 [&>input]:mr-2 [&>input]:align-middle" {...props} />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote
      className="my-6 border-l-4 border-primary/60 pl-4 text-muted-foreground italic [&>p]:my-2"
      {...props}
    />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      className={cn('rounded bg-muted px-1.5 py-0.5 font-mono text-[0.875em]', className)}
      {...props}
    />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre
      className="my-6 overflow-x-auto rounded-lg border border-border bg-muted p-4 text-sm leading-relaxed [&>code]:bg-transparent [&>code]:p-0 [&>code]:break-normal"
      {...props}
    />
  ),
  hr: ({ node: _node, ...props }) => <hr className="my-10 border-border" {...props} />,
  img: ({ node: _node, alt, ...props }) => (
    <img
      alt={alt ?? ''}
      loading="lazy"
      decoding="async"
      className="my-6 h-auto max-w-full rounded-lg"
      {...props}
    />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-6 overflow-x-auto">
      <table className="w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th
      className="border-b border-border px-3 py-2 text-left font-semibold first:pl-0"
      {...props}
    />
  ),
  td: ({ node: _node, ...props }) => (
    <td className="border-b border-border px-3 py-2 align-top first:pl-0" {...props} />
  ),
  strong: ({ node: _node, ...props }) => <strong className="font-semibold" {...props} />,
};

const remarkPlugins = [remarkGfm, remarkBreaks];

/**
 * D18: a post's Markdown without raw HTML. react-markdown turns any HTML in the text into plain
 * text (there is no rehype-raw here) and drops unsafe URLs such as `javascript:`; remark-breaks
 * keeps a single line break a line break, so text written without Markdown reads as written.
 */
export function MarkdownContent({ content }: { content: string }) {
  return (
    <div className="text-base leading-7 sm:text-lg sm:leading-8 [&>*:first-child]:mt-0">
      <Markdown remarkPlugins={remarkPlugins} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
