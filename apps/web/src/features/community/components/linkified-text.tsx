import { cn } from '#web/lib/cn.ts';
import { linkify, toParagraphs } from '../lib/linkify.ts';

function Linkified({ text }: { text: string }) {
  return linkify(text).map((part, index) =>
    part.kind === 'link' ? (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-primary underline [overflow-wrap:anywhere] underline-offset-2 hover:no-underline"
      >
        {part.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <span key={index}>{part.text}</span>
    ),
  );
}

/** D14: plain text as paragraphs with its http(s) links made clickable; never read as HTML. */
export function LinkifiedParagraphs({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('grid gap-3 leading-relaxed', className)}>
      {toParagraphs(text).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order
        <p key={index}>
          <Linkified text={paragraph} />
        </p>
      ))}
    </div>
  );
}
