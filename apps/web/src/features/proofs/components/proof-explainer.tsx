import { paths } from '@btcp/shared/paths';
import { Link } from 'react-router';

const points: { title: string; text: string }[] = [
  {
    title: 'Your balance stays yours to see',
    text: 'Each account’s place in the tree is hidden behind a secret key that only its owner receives, so nobody can find or recognise a balance in what is published.',
  },
  {
    title: 'The total and the count are public',
    text: 'Anyone can see how many coins are owed in all, and to how many accounts.',
  },
  {
    title: 'Nothing can be dropped or shrunk',
    text: 'Every step up the tree adds the sums below it and hashes them in, so leaving out or cutting any balance changes the published total or its fingerprint.',
  },
  {
    title: 'What a proof shows you',
    text: 'Your proof holds the sums beside your path up the tree: totals of groups of other accounts, never a name or an account. That is the known cost of a plain sum tree.',
  },
  {
    title: 'Signed and chained',
    text: 'Each record is signed with our published key and names the record before it, so a record changed after the fact breaks the chain. Your browser remembers the records it has verified and warns you if one disappears.',
  },
];

/** What the proof means, in plain words (D27). */
export function ProofExplainer() {
  return (
    <section aria-labelledby="proof-meaning" className="grid gap-4">
      <h2 id="proof-meaning" className="text-2xl font-bold tracking-tight">
        What it means
      </h2>
      <p className="text-muted-foreground">
        Every day at 00:00 UTC we add up every balance on the platform and publish the total, the
        number of accounts and a fingerprint of them all (the root of a Merkle sum tree), signed and
        chained to the day before. Each member gets a proof that their balance is one of the amounts
        inside that total, and their own browser checks it: you do not have to trust us.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {points.map((point) => (
          <li
            key={point.title}
            className="rounded-lg border border-border bg-card p-4 sm:last:odd:col-span-2"
          >
            <h3 className="font-semibold">{point.title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{point.text}</p>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">
        Check yours on your{' '}
        <Link
          to={paths.wallet.getHref()}
          className="font-medium text-primary underline underline-offset-4"
        >
          wallet
        </Link>
        , or download it there and check it anywhere with <code>npm run verify-proof</code> from the
        source code, or with the short program in its README.
      </p>
    </section>
  );
}
